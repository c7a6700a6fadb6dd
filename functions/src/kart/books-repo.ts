/**
 * The books' reads and the site's ledger names (docs/dmc.md "The books"): the only DynamoDB code of them. Every
 * read is a Query of one month's books partition (`SITE#s#BOOKS#<YYYY-MM>`) on the index its documents are on,
 * a page at a time: receipts (gsi2), cancelled karts with their refunds (gsi2), payable payments and reversals
 * (gsi1), and the voucher raises naming their payables (the table). No scan, and nothing of another site.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LedgerKey } from '@tp/domain/accounting';
import { TABLE } from '@tp/contracts/platform';
import { auditPut, type AuditActor, type AuditChange } from '#lib/audit';
import { db, keyAttributes, tableName, transactOrFalse, type IndexName } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { sitePk } from '#lib/keys';
import { kartKeys } from './keys.ts';
import { kartOf } from './repo.ts';
import type { KartRecord } from './model.ts';
import type { PayableRecord } from './payables-repo.ts';
import type { ReceiptRecord } from './receipts-repo.ts';

const REC = 'rec';
const PAGE = 200;

/** One month's items of a kind (their sort key's prefix), a page at a time. */
async function* monthPages(index: IndexName, pk: string, prefix: string): AsyncGenerator<Record<string, unknown>[]> {
  const [pkAttr, skAttr] = keyAttributes(index);
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        ...(index === 'table' ? {} : { IndexName: TABLE.indexes[index].name }),
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': pkAttr, '#sk': skAttr },
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
        ExclusiveStartKey: start,
        Limit: PAGE,
      }),
    );
    if (page.Items?.length) yield page.Items;
    start = page.LastEvaluatedKey;
  } while (start);
}

export async function* receiptsOfMonth(siteId: SiteId, month: string): AsyncGenerator<ReceiptRecord[]> {
  for await (const items of monthPages('gsi2', kartKeys.booksPk(siteId, month), 'receipt#'))
    yield items.map((i) => i[REC] as ReceiptRecord);
}

/** Karts cancelled in the month with refunds to book. */
export async function* cancelledKartsOfMonth(siteId: SiteId, month: string): AsyncGenerator<KartRecord[]> {
  for await (const items of monthPages('gsi2', kartKeys.booksPk(siteId, month), 'cancel#')) yield items.map(kartOf);
}

export interface PayableEntryRecord {
  payableId: string;
  quotationId: string;
  currency: string;
  kind: 'payment' | 'reversal';
  amount: number;
  reference?: string;
  at: string;
}

/** Payable payments and reversals of the month, each with its key (unique: the entry's sort key). */
export async function* payableEntriesOfMonth(
  siteId: SiteId,
  month: string,
): AsyncGenerator<(PayableEntryRecord & { key: string })[]> {
  for await (const items of monthPages('gsi1', kartKeys.booksPk(siteId, month), 'entry#'))
    yield items.map((i) => ({ ...(i[REC] as PayableEntryRecord), key: String(i.sk) }));
}

export interface RaiseRecord {
  kartId: string;
  payableIds: string[];
  at: string;
}

export async function* raisesOfMonth(siteId: SiteId, month: string): AsyncGenerator<RaiseRecord[]> {
  for await (const items of monthPages('table', kartKeys.booksPk(siteId, month), 'raise#'))
    yield items.map((i) => ({ kartId: String(i.kartId), payableIds: i.payableIds as string[], at: String(i.at) }));
}

// ---------------------------------------------------------------------------------------------------
// Ledger names

export interface LedgersRecord {
  names: Record<LedgerKey, string>;
  partyLedgers: boolean;
  /** The books' company name in Tally (its SVCURRENTCOMPANY; blank: the company open in Tally). */
  tallyCompany: string;
  version: number;
  updatedAt: string;
}

export async function getLedgers(siteId: SiteId): Promise<LedgersRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: kartKeys.ledgers(siteId), ConsistentRead: true }),
  );
  return Item ? (Item[REC] as LedgersRecord) : null;
}

/** The ledger names written with their audit entry, conditional on the version read (0: none yet). */
export function putLedgers(
  siteId: SiteId,
  rec: LedgersRecord,
  expectVersion: number,
  change: Omit<AuditChange, 'entity' | 'id'>,
  actor: AuditActor,
  now: Date,
): Promise<boolean> {
  return transactOrFalse([
    {
      Put: {
        TableName: tableName(),
        Item: { ...kartKeys.ledgers(siteId), kind: 'ledgers', version: rec.version, [REC]: rec },
        ...(expectVersion === 0
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : {
              ConditionExpression: '#v = :v',
              ExpressionAttributeNames: { '#v': 'version' },
              ExpressionAttributeValues: { ':v': expectVersion },
            }),
      },
    },
    auditPut(siteId, { ...change, entity: 'ledgers', id: 'site' }, actor, now),
  ]);
}

// ---------------------------------------------------------------------------------------------------
// Backfill (scripts/backfill-books.ts): what was written before the books partitions existed

/** Every item of one partition of the table, a page at a time. */
async function* partitionPages(pk: string): AsyncGenerator<Record<string, unknown>[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': 'pk' },
        ExpressionAttributeValues: { ':pk': pk },
        ExclusiveStartKey: start,
        Limit: PAGE,
      }),
    );
    if (page.Items?.length) yield page.Items;
    start = page.LastEvaluatedKey;
  } while (start);
}

/** Sets an index's two attributes on an item that still exists and has none yet (a second run changes nothing). */
async function setIndex(key: { pk: unknown; sk: unknown }, attrs: Record<string, string>): Promise<boolean> {
  const [[pkName, pkValue], [skName, skValue]] = Object.entries(attrs) as [[string, string], [string, string]];
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: key.pk, sk: key.sk },
        UpdateExpression: 'SET #ip = :ip, #is = :is',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#ip)',
        ExpressionAttributeNames: { '#ip': pkName, '#is': skName },
        ExpressionAttributeValues: { ':ip': pkValue, ':is': skValue },
      }),
    );
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

export interface BooksBackfillReport {
  receipts: number;
  entries: number;
  payables: number;
  cancellations: number;
}

/**
 * Puts a site's receipts, payable payments and reversals, payables and cancelled karts written before the books
 * partitions existed on them (docs/dmc.md "The books"): each item's index attributes where it has none, and a raise
 * item for each payable that no raise names yet. Idempotent: a second run finds everything indexed.
 */
export async function backfillBooks(siteId: SiteId): Promise<BooksBackfillReport> {
  const report: BooksBackfillReport = { receipts: 0, entries: 0, payables: 0, cancellations: 0 };
  for await (const items of partitionPages(sitePk(siteId, 'KART', 'RECEIPT')))
    for (const i of items) {
      const r = i[REC] as ReceiptRecord | undefined;
      if (r && (await setIndex(i as never, kartKeys.booksReceiptIndex(siteId, r.receivedAt, r.id)))) report.receipts++;
    }
  for await (const items of partitionPages(sitePk(siteId, 'PAYABLEENTRY')))
    for (const i of items) {
      const e = i[REC] as PayableEntryRecord | undefined;
      const parts = String(i.sk).split('#');
      if (e && (await setIndex(i as never, kartKeys.booksEntryIndex(siteId, e.at, ...parts)))) report.entries++;
    }
  const raisedOf = new Map<string, Set<string>>();
  const raisedIn = async (month: string) => {
    let ids = raisedOf.get(month);
    if (!ids) {
      ids = new Set<string>();
      for await (const page of raisesOfMonth(siteId, month))
        for (const r of page) r.payableIds.forEach((id) => ids!.add(id));
      raisedOf.set(month, ids);
    }
    return ids;
  };
  for await (const items of partitionPages(sitePk(siteId, 'PAYABLE')))
    for (const i of items) {
      const p = i[REC] as PayableRecord | undefined;
      if (!p || (await raisedIn(p.raisedAt.slice(0, 7))).has(p.id)) continue;
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...kartKeys.booksRaise(siteId, p.raisedAt, p.id),
            kind: 'booksRaise',
            kartId: p.kartId,
            payableIds: [p.id],
            at: p.raisedAt,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      (await raisedIn(p.raisedAt.slice(0, 7))).add(p.id);
      report.payables++;
    }
  for await (const items of partitionPages(kartKeys.kartsPk(siteId)))
    for (const i of items) {
      if (i.kind !== 'kart' || !i.isCancelled) continue;
      const k = kartOf(i);
      if (!k.cancellation?.refunds.length) continue;
      if (await setIndex(i as never, kartKeys.booksCancelIndex(siteId, k.cancellation.at, k.id)))
        report.cancellations++;
    }
  return report;
}
