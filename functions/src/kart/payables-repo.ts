/**
 * Payables of vouchered quotations (docs/dmc.md "Paying suppliers"): the only DynamoDB code of them. Raising and
 * reversing are items of the kart's own transaction (conditional on the kart's version, so ten parallel vouchers
 * raise once); a supplier payment is an entry written once under its idempotency key with the payable's new paid
 * amount, conditional on the payable's version (a parallel payment reads again and may be refused as too much).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SupplierPaymentTerms, SupplierRef } from '@tp/domain/dmc';
import {
  batchGet,
  db,
  queryFilteredPage,
  tableName,
  transactOrCancellations,
  type Page,
  type TransactItem,
} from '#lib/db';
import type { SiteId } from '#lib/keys';
import { kartKeys } from './keys.ts';

const REC = 'rec';

export interface PayableRecord {
  id: string;
  kartId: string;
  quotationId: string;
  lineId: string;
  supplier: SupplierRef;
  service: string;
  serviceDate: string;
  dueDate: string;
  currency: string;
  amount: number;
  reversed: number;
  paid: number;
  raisedAt: string;
  reversedAt: string | null;
  version: number;
}

export interface SupplierPaymentRecord {
  payableId: string;
  amount: number;
  reference: string;
  paidAt: string;
  paidBy: string;
}

/** A supplier as its statement's partition names it. */
export const supplierKey = (s: Pick<SupplierRef, 'kind' | 'id'>): string => `${s.kind}:${s.id}`;

const dayOf = (iso: string) => iso.slice(0, 10);

function payableItem(siteId: SiteId, p: PayableRecord, stillOwed: boolean): Record<string, unknown> {
  return {
    ...kartKeys.payable(siteId, p.id),
    ...(stillOwed ? kartKeys.openPayablesIndex(siteId, p.dueDate, p.id) : {}),
    ...kartKeys.supplierIndex(siteId, supplierKey(p.supplier), dayOf(p.raisedAt), 'P', p.id),
    kind: 'payable',
    version: p.version,
    [REC]: p,
  };
}

const owes = (p: PayableRecord) => Math.round((p.amount - p.reversed - p.paid) * 100) !== 0;

/** The raise of one payable, once: a second raise of the same line fails its condition. */
export const raisePayableItem = (siteId: SiteId, p: PayableRecord): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: payableItem(siteId, p, owes(p)),
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** The voucher's raise on its month's books: the payables it raised (one item, whatever their number). */
export const booksRaiseItem = (siteId: SiteId, kartId: string, at: string, payableIds: string[]): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...kartKeys.booksRaise(siteId, at, kartId), kind: 'booksRaise', kartId, payableIds, at },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** A payable written back after a change, conditional on the version it was read at. */
const payablePut = (siteId: SiteId, p: PayableRecord, expectVersion: number): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: payableItem(siteId, p, owes(p)),
    ConditionExpression: '#v = :v',
    ExpressionAttributeNames: { '#v': 'version' },
    ExpressionAttributeValues: { ':v': expectVersion },
  },
});

/** An entry (payment, reversal) of a payable, written once under its key, on the supplier's statement. */
function entryItem(
  siteId: SiteId,
  p: PayableRecord,
  keyParts: string[],
  entry: Record<string, unknown>,
  at: string,
): TransactItem {
  const key = kartKeys.payableEntry(siteId, p.id, ...keyParts);
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...key,
        ...kartKeys.supplierIndex(siteId, supplierKey(p.supplier), dayOf(at), 'E', p.id, ...keyParts),
        ...kartKeys.booksEntryIndex(siteId, at, p.id, ...keyParts),
        kind: 'payableEntry',
        [REC]: { payableId: p.id, quotationId: p.quotationId, currency: p.currency, ...entry, at },
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * The reversal of a payable a cancel makes: a reversing entry of the whole amount (never a delete) and the
 * payable marked reversed; what was already paid stays on it, owed back by the supplier.
 */
export function reversePayableItems(siteId: SiteId, p: PayableRecord, at: string): TransactItem[] {
  const after: PayableRecord = { ...p, reversed: p.amount, reversedAt: at, version: p.version + 1 };
  return [
    payablePut(siteId, after, p.version),
    entryItem(siteId, p, ['reversal'], { kind: 'reversal', amount: -p.amount }, at),
  ];
}

export async function getPayable(siteId: SiteId, id: string): Promise<PayableRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: kartKeys.payable(siteId, id), ConsistentRead: true }),
  );
  return Item ? (Item[REC] as PayableRecord) : null;
}

export async function payablesByIds(siteId: SiteId, ids: string[]): Promise<PayableRecord[]> {
  if (!ids.length) return [];
  const items = await batchGet(
    ids.map((id) => kartKeys.payable(siteId, id)),
    { consistent: true },
  );
  return items.map((i) => i[REC] as PayableRecord);
}

const onlyPayables = {
  conditions: ['#kind = :payable'],
  names: { '#kind': 'kind' },
  values: { ':payable': 'payable' },
};

/** Payables still owed, by due date (oldest first), a cursor page at a time. */
export function openPayablesPage(
  siteId: SiteId,
  opts: { cursor?: string | undefined; limit: number },
): Promise<Page<PayableRecord>> {
  return queryFilteredPage(
    'gsi1',
    kartKeys.openPayablesPk(siteId),
    onlyPayables,
    { ...opts, readAhead: opts.limit * 4, oldestFirst: true },
    (i) => i[REC] as PayableRecord,
  );
}

/** One supplier's payables (all, owed or not) by the day they were raised, a cursor page at a time. */
export function supplierPayablesPage(
  siteId: SiteId,
  supplier: string,
  opts: { cursor?: string | undefined; limit: number },
): Promise<Page<PayableRecord>> {
  return queryFilteredPage(
    'gsi2',
    kartKeys.supplierPk(siteId, supplier),
    onlyPayables,
    { ...opts, readAhead: opts.limit * 4, oldestFirst: true },
    (i) => i[REC] as PayableRecord,
  );
}

/** Whether a payment was recorded under this key already. */
export async function paymentRecorded(siteId: SiteId, payableId: string, idempotencyKey: string): Promise<boolean> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: kartKeys.payableEntry(siteId, payableId, 'payment', idempotencyKey),
      ConsistentRead: true,
      ProjectionExpression: 'pk',
    }),
  );
  return !!Item;
}

export type PaymentOutcome = 'paid' | 'duplicate' | 'changed';

/** A payment of a payable read at `p.version`: the entry once under its key, the payable's paid amount moved. */
export async function recordPayment(
  siteId: SiteId,
  p: PayableRecord,
  payment: SupplierPaymentRecord,
  idempotencyKey: string,
): Promise<PaymentOutcome> {
  const after: PayableRecord = {
    ...p,
    paid: Math.round((p.paid + payment.amount) * 100) / 100,
    version: p.version + 1,
  };
  const codes = await transactOrCancellations(
    [
      entryItem(siteId, p, ['payment', idempotencyKey], { kind: 'payment', ...payment }, payment.paidAt),
      payablePut(siteId, after, p.version),
    ],
    { conflicts: 'answer' },
  );
  if (codes === null) return 'paid';
  return codes[0] === 'ConditionalCheckFailed' ? 'duplicate' : 'changed';
}

/**
 * The demo seed's payables: each payable as raised, with its payments as entries and its paid amount summed (the
 * same items the API writes, without their conditions).
 */
export function seededPayableItems(
  siteId: SiteId,
  p: PayableRecord,
  payments: (SupplierPaymentRecord & { key: string })[],
): Record<string, unknown>[] {
  const paid = payments.reduce((sum, x) => Math.round((sum + x.amount) * 100) / 100, 0);
  const stored = { ...p, paid, version: 1 + payments.length };
  return [
    raisePayableItem(siteId, stored).Put!.Item!,
    // On the books of its month as a voucher's raise (keyed by the payable: the seed writes one at a time).
    { ...booksRaiseItem(siteId, p.id, p.raisedAt, [p.id]).Put!.Item!, kartId: p.kartId },
    ...payments.map(
      ({ key, ...pay }) =>
        entryItem(siteId, stored, ['payment', key], { kind: 'payment', ...pay }, pay.paidAt).Put!.Item!,
    ),
  ];
}

// ---------------------------------------------------------------------------------------------------
// Supplier profiles

export interface SupplierProfileRecord {
  supplier: string;
  contactName: string;
  email: string;
  phone: string;
  address: string;
  terms: SupplierPaymentTerms;
  currency: string;
  version: number;
  updatedAt: string;
}

export async function profilesOf(siteId: SiteId, suppliers: string[]): Promise<SupplierProfileRecord[]> {
  if (!suppliers.length) return [];
  const items = await batchGet(
    suppliers.map((s) => kartKeys.supplierProfile(siteId, s)),
    { consistent: true },
  );
  return items.map((i) => i[REC] as SupplierProfileRecord);
}

/** Writes a profile read at `expectVersion` (0: none yet); false when it changed meanwhile. */
export function putProfile(siteId: SiteId, p: SupplierProfileRecord, expectVersion: number): Promise<boolean> {
  return transactOrCancellations([
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...kartKeys.supplierProfile(siteId, p.supplier),
          kind: 'supplierProfile',
          version: p.version,
          [REC]: p,
        },
        ...(expectVersion === 0
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : {
              ConditionExpression: '#v = :v',
              ExpressionAttributeNames: { '#v': 'version' },
              ExpressionAttributeValues: { ':v': expectVersion },
            }),
      },
    },
  ]).then((codes) => codes === null);
}

/** A supplier's statement items of a period (payables by the day raised, entries by their day), oldest first. */
export async function statementItems(
  siteId: SiteId,
  supplier: string,
  from: string,
  to: string,
): Promise<({ kind: 'payable'; rec: PayableRecord } | { kind: 'payableEntry'; rec: StatementEntry })[]> {
  const out: ({ kind: 'payable'; rec: PayableRecord } | { kind: 'payableEntry'; rec: StatementEntry })[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryFilteredPage(
      'gsi2',
      kartKeys.supplierPk(siteId, supplier),
      { conditions: [], names: {}, values: {} },
      { cursor, limit: 500, readAhead: 500, oldestFirst: true, skRange: { from: `${from}#`, to: `${to}#\uffff` } },
      (i) => ({ kind: i.kind, rec: i[REC] }) as { kind: 'payable'; rec: PayableRecord },
    );
    out.push(...page.records);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

export interface StatementEntry {
  payableId: string;
  quotationId: string;
  currency: string;
  kind: 'payment' | 'reversal';
  amount: number;
  reference?: string;
  at: string;
}
