/**
 * The books' reads and the site's ledger names (docs/dmc.md "The books"): the only DynamoDB code of them. Every
 * read is a Query of one month's books partition (`SITE#s#BOOKS#<YYYY-MM>`) on the index its documents are on,
 * a page at a time: receipts (gsi2), cancelled karts with their refunds (gsi2), payable payments and reversals
 * (gsi1), and the voucher raises naming their payables (the table). No scan, and nothing of another site.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { LedgerKey } from '@tp/domain/accounting';
import { TABLE } from '@tp/contracts/platform';
import { auditPut, type AuditActor, type AuditChange } from '#lib/audit';
import { db, tableName, transactOrFalse, type IndexName } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { kartKeys } from './keys.ts';
import { kartOf } from './repo.ts';
import type { KartRecord } from './model.ts';
import type { ReceiptRecord } from './receipts-repo.ts';

const REC = 'rec';
const PAGE = 200;

const ATTRS: Record<IndexName, [string, string]> = {
  table: ['pk', 'sk'],
  gsi1: ['gsi1pk', 'gsi1sk'],
  gsi2: ['gsi2pk', 'gsi2sk'],
};

/** One month's items of a kind (their sort key's prefix), a page at a time. */
async function* monthPages(index: IndexName, pk: string, prefix: string): AsyncGenerator<Record<string, unknown>[]> {
  const [pkAttr, skAttr] = ATTRS[index];
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
