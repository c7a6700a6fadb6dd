/**
 * What quotations owe their suppliers (docs/dmc.md "Paying suppliers"). Vouchering raises one payable per supplied
 * service at its cost (hotel rooms → the hotel, an activity → its operator) and cancelling a vouchered quotation
 * reverses them with a reversing entry; both are items of the kart's own transaction, so parallel vouchers and
 * cancels raise and reverse once. Staff pay a payable in parts under an idempotency key; more than owed is refused.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/dmc-payables';
import {
  PAYABLES_MSG,
  type TPayable,
  type TSupplierProfile,
  type TSupplierStatement,
} from '@tp/contracts/endpoints/dmc-payables';
import {
  ageingBucket,
  collectedAfter,
  DEFAULT_SUPPLIER_TERMS,
  payableDueDate,
  payableOutstanding,
  payablesOfVoucher,
  supplierPaymentProblem,
  transferOwed,
  type TransferForPayable,
} from '@tp/domain/dmc';
import { answers, reply } from '#lib/answers';
import type { Page, TransactItem } from '#lib/db';
import { fail } from '#lib/errors';
import { siteToday } from '#lib/time';
import { getDmcRecords } from '../dmc/index.ts';
import type { KartRecord, KartStaffScope } from './model.ts';
import * as repo from './payables-repo.ts';
import type { PayableRecord } from './payables-repo.ts';
import { getKart } from './repo.ts';

/** The kart with the payables it holds and their writes, for the kart's own transaction. */
export interface PayableChange {
  kart: KartRecord;
  items: TransactItem[];
}

/**
 * The payables a change raises or reverses: vouchering raises one per supplied line; cancelling a vouchered
 * quotation reverses what it raised. Nothing for any other change (an edit after the voucher keeps them).
 */
export async function payableWrites(
  scope: KartStaffScope,
  before: KartRecord | null,
  after: KartRecord,
): Promise<PayableChange> {
  const siteId = scope.site.siteId;
  const at = scope.now.toISOString();
  const vouchering = after.isVouchered && !after.isCancelled && !before?.isVouchered;
  if (vouchering) {
    const today = siteToday(scope.site, scope.now);
    const owed = payablesOfVoucher(after);
    // Each supplier's own terms (its profile), else the platform's.
    const profiles = await repo.profilesOf(siteId, [...new Set(owed.map((p) => repo.supplierKey(p.supplier)))]);
    const termsOf = (p: (typeof owed)[number]) =>
      profiles.find((x) => x.supplier === repo.supplierKey(p.supplier))?.terms ?? DEFAULT_SUPPLIER_TERMS;
    const raised = owed.map((p): PayableRecord => ({
      id: `${after.id}.${p.lineId}`,
      kartId: after.id,
      quotationId: after.quotationId,
      lineId: p.lineId,
      supplier: p.supplier,
      service: p.service,
      serviceDate: p.serviceDate,
      dueDate: payableDueDate(termsOf(p), p.serviceDate, today),
      currency: after.currencySymbol,
      amount: p.amount,
      reversed: 0,
      paid: 0,
      raisedAt: at,
      reversedAt: null,
      version: 1,
    }));
    return {
      kart: { ...after, payables: raised.map((p) => ({ id: p.id, amount: p.amount })) },
      items: [
        ...raised.map((p) => repo.raisePayableItem(siteId, p)),
        ...(raised.length
          ? [
              repo.booksRaiseItem(
                siteId,
                after.id,
                at,
                raised.map((p) => p.id),
              ),
            ]
          : []),
      ],
    };
  }
  const cancelling = after.isCancelled && !before?.isCancelled && !!before?.payables?.length;
  if (!cancelling) return { kart: after, items: [] };
  const held = await repo.payablesByIds(
    siteId,
    before.payables!.map((p) => p.id),
  );
  return {
    kart: after,
    items: held.filter((p) => !p.reversedAt).flatMap((p) => repo.reversePayableItems(siteId, p, at)),
  };
}

/**
 * The drivers' payables a job-sheet change raises (docs/dmc.md "Paying suppliers" → "Transfers"), for the change's
 * own transaction: one per transfer, the first time the transfer is closed with charges (`transferOwed`), at those
 * charges, to its driver, due by the driver's terms from the job's day. A transfer already owed raises nothing again.
 */
export async function transferPayableWrites(
  scope: Pick<KartStaffScope, 'site' | 'now'>,
  transfers: readonly TransferForPayable[],
  driverName: (driverId: string) => string,
): Promise<TransactItem[]> {
  const siteId = scope.site.siteId;
  const owed = transfers.flatMap((t) => {
    const o = transferOwed(t);
    return o ? [{ t, o, id: `${t.kartId}.${t.id}` }] : [];
  });
  if (!owed.length) return [];
  const already = new Set(
    (
      await repo.payablesByIds(
        siteId,
        owed.map((x) => x.id),
      )
    ).map((p) => p.id),
  );
  const fresh = owed.filter((x) => !already.has(x.id));
  if (!fresh.length) return [];
  const profiles = await repo.profilesOf(siteId, [...new Set(fresh.map((x) => `driver:${x.o.driverId}`))]);
  const at = scope.now.toISOString();
  const today = siteToday(scope.site, scope.now);
  const items: TransactItem[] = [];
  for (const { t, o, id } of fresh) {
    const kart = await getKart(siteId, t.kartId);
    const terms = profiles.find((p) => p.supplier === `driver:${o.driverId}`)?.terms ?? DEFAULT_SUPPLIER_TERMS;
    const p: PayableRecord = {
      id,
      kartId: t.kartId,
      quotationId: kart?.quotationId ?? t.kartId,
      lineId: o.lineId,
      supplier: { kind: 'driver', id: o.driverId, name: driverName(o.driverId) },
      service: o.service,
      serviceDate: o.serviceDate,
      dueDate: payableDueDate(terms, o.serviceDate, today),
      currency: kart?.currencySymbol ?? 'AED',
      amount: o.amount,
      reversed: 0,
      paid: 0,
      raisedAt: at,
      reversedAt: null,
      version: 1,
    };
    items.push(repo.raisePayableItem(siteId, p), repo.booksRaiseItem(siteId, p.id, at, [p.id]));
  }
  return items;
}

export function toPayable(p: PayableRecord, today: string): TPayable {
  return {
    ...p,
    outstanding: payableOutstanding(p),
    ageing: ageingBucket(p.dueDate, today),
  };
}

export async function listPayables(
  scope: KartStaffScope,
  input: ParsedRequestOf<typeof api.getPayables>,
): Promise<Page<TPayable>> {
  const siteId = scope.site.siteId;
  const paging = { cursor: input.cursor, limit: input.limit };
  const supplier = input.supplier?.trim();
  const page = supplier
    ? await repo.supplierPayablesPage(siteId, supplier, paging)
    : await repo.openPayablesPage(siteId, paging);
  const today = siteToday(scope.site, scope.now);
  return { records: page.records.map((p) => toPayable(p, today)), nextCursor: page.nextCursor };
}

/** Tries of a payment whose payable another payment changed meanwhile (read again, checked again). */
const PAYMENT_TRIES = 5;

export async function paySupplier(
  scope: KartStaffScope,
  input: ParsedRequestOf<typeof api.recordSupplierPayment>,
): Promise<TPayable> {
  const siteId = scope.site.siteId;
  const today = siteToday(scope.site, scope.now);
  for (let tries = 0; tries < PAYMENT_TRIES; tries++) {
    const [p, already] = await Promise.all([
      repo.getPayable(siteId, input.payableId),
      repo.paymentRecorded(siteId, input.payableId, input.idempotencyKey),
    ]);
    if (!p) throw fail.notFound(PAYABLES_MSG.payableNotFound);
    // A retried click (same key) answers the payable as it stands: the payment is recorded once.
    if (already) return toPayable(p, today);
    const problem = supplierPaymentProblem(input.amount, payableOutstanding(p));
    if (problem) throw fail.validation(problem, { amount: problem });
    const outcome = await repo.recordPayment(
      siteId,
      p,
      {
        payableId: p.id,
        amount: input.amount,
        reference: input.reference.trim(),
        paidAt: scope.now.toISOString(),
        paidBy: scope.principal.userId,
      },
      input.idempotencyKey,
    );
    if (outcome === 'changed') continue;
    return toPayable((await repo.getPayable(siteId, p.id)) ?? p, today);
  }
  throw fail.conflict(PAYABLES_MSG.changedMeanwhile);
}

// ---------------------------------------------------------------------------------------------------
// Supplier profiles (docs/dmc.md "Suppliers")

/** The master a supplier key names (`hotel:<id>`, `activity:<id>`, `driver:<id>`), on this site; 404 otherwise. */
async function supplierName(scope: KartStaffScope, supplier: string): Promise<string> {
  const [kind, id] = supplier.split(':') as ['hotel' | 'activity' | 'driver', string];
  const [record] = await getDmcRecords(scope.site.siteId, kind, [id]);
  if (!record) throw fail.notFound(PAYABLES_MSG.unknownSupplier);
  const r = record as { name?: string; driverName?: string };
  return r.name ?? r.driverName ?? id;
}

const profileView = (name: string, supplier: string, p: repo.SupplierProfileRecord | undefined): TSupplierProfile => ({
  supplier,
  name,
  contactName: p?.contactName ?? '',
  email: p?.email ?? '',
  phone: p?.phone ?? '',
  address: p?.address ?? '',
  terms: p?.terms ?? DEFAULT_SUPPLIER_TERMS,
  currency: p?.currency ?? 'AED',
  version: p?.version ?? 0,
});

export async function supplierProfile(scope: KartStaffScope, supplier: string): Promise<TSupplierProfile> {
  const [name, [profile]] = await Promise.all([
    supplierName(scope, supplier),
    repo.profilesOf(scope.site.siteId, [supplier]),
  ]);
  return profileView(name, supplier, profile);
}

export async function saveProfile(
  scope: KartStaffScope,
  input: ParsedRequestOf<typeof api.saveSupplierProfile>,
): Promise<TSupplierProfile> {
  const name = await supplierName(scope, input.supplier);
  const { version, ...fields } = input;
  const after: repo.SupplierProfileRecord = { ...fields, version: version + 1, updatedAt: scope.now.toISOString() };
  if (!(await repo.putProfile(scope.site.siteId, after, version))) throw fail.conflict(PAYABLES_MSG.profileChanged);
  return profileView(name, input.supplier, after);
}

/** Longest statement period: a year (the query reads the supplier's partition between the two days). */
const MAX_STATEMENT_DAYS = 366;

export async function supplierStatement(
  scope: KartStaffScope,
  input: ParsedRequestOf<typeof api.getSupplierStatement>,
): Promise<TSupplierStatement> {
  const days = (Date.parse(input.to) - Date.parse(input.from)) / 86_400_000;
  if (!(days >= 0 && days <= MAX_STATEMENT_DAYS))
    throw fail.validation(PAYABLES_MSG.badPeriod, { to: PAYABLES_MSG.badPeriod });
  const [profile, items] = await Promise.all([
    supplierProfile(scope, input.supplier),
    repo.statementItems(scope.site.siteId, input.supplier, input.from, input.to),
  ]);
  const lines = items.map((i): TSupplierStatement['lines'][number] =>
    i.kind === 'payable'
      ? {
          date: i.rec.raisedAt.slice(0, 10),
          kind: 'raised',
          quotationId: i.rec.quotationId,
          detail: `${i.rec.service} · ${i.rec.serviceDate}`,
          currency: i.rec.currency,
          amount: i.rec.amount,
        }
      : {
          date: i.rec.at.slice(0, 10),
          kind: i.rec.kind,
          quotationId: i.rec.quotationId,
          detail: i.rec.kind === 'payment' ? (i.rec.reference ?? '') : 'Quotation cancelled',
          currency: i.rec.currency,
          amount: i.rec.kind === 'payment' ? -i.rec.amount : i.rec.amount,
        },
  );
  const sum = (kind: (typeof lines)[number]['kind']) =>
    lines.filter((l) => l.kind === kind).reduce((t, l) => collectedAfter(t, Math.abs(l.amount)), 0);
  const raised = sum('raised');
  const paid = sum('payment');
  const reversed = sum('reversal');
  return {
    supplier: profile,
    from: input.from,
    to: input.to,
    lines,
    totals: { raised, paid, reversed, net: collectedAfter(raised, -collectedAfter(paid, reversed)) },
  };
}

// The kart Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetPayables = answers(api.getPayables, (input, scope) => listPayables(scope, input));
export const answerRecordSupplierPayment = answers(api.recordSupplierPayment, async (input, scope) =>
  reply(await paySupplier(scope, input), { message: PAYABLES_MSG.supplierPaid }),
);
export const answerGetSupplierProfile = answers(api.getSupplierProfile, (input, scope) =>
  supplierProfile(scope, input.supplier),
);
export const answerSaveSupplierProfile = answers(api.saveSupplierProfile, async (input, scope) =>
  reply(await saveProfile(scope, input), { message: PAYABLES_MSG.profileSaved }),
);
export const answerGetSupplierStatement = answers(api.getSupplierStatement, (input, scope) =>
  supplierStatement(scope, input),
);
