/**
 * Transfers as stored (docs/dmc.md "Operations" → "API"): the only DynamoDB code for them. The kart
 * side writes a voucher's transfers with `transferPutItems` in the kart's own transaction and reads a kart's
 * with `transfersOfKart`; the job sheet and the driver page read them by date (gsi1) and by driver and date
 * (gsi2). Every item is written whole with every index attribute, so no write can leave an index stale.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Transfer } from '@tp/domain/dmc';
import { TABLE } from '@tp/contracts/platform';
import { batchGet, db, queryAll, tableName, type TransactItem } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { newId } from '#lib/crypto';
import { opsKeys } from './operations/keys.ts';

/** What the repository needs of an operation's scope. */
export interface SiteScope {
  site: { siteId: SiteId };
}

/** A transfer with the write stamp it was read with (for a conditional write of the next state). */
export interface StoredTransfer {
  transfer: Transfer;
  stamp: string;
}

const REC = 'rec';
const STAMP = 'stamp';

/** Index attributes: cancelled and undated transfers are on no sheet, so they stay out of both indexes. */
function indexAttrs(siteId: SiteId, t: Transfer): Record<string, string> {
  if (t.status === 'cancelled' || !t.date) return {};
  return {
    ...opsKeys.jobSheetIndex(siteId, t.date, t.time, t.id),
    ...(t.driverId ? opsKeys.driverJobsIndex(siteId, t.driverId, t.date, t.time, t.id) : {}),
  };
}

/**
 * The Put of one transfer with its indexes and a fresh stamp. `expect`: the stamp it was read with (the write
 * fails when someone changed it since), `null` for a transfer that must not exist yet, absent: unconditional.
 */
export function transferPut(
  siteId: SiteId,
  t: Transfer,
  expect?: string | null,
  /** The new write stamp; random unless given (the data-volume generator derives it from its seed). */
  stamp: string = newId(),
): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...opsKeys.transfer(siteId, t.id),
        ...indexAttrs(siteId, t),
        kind: 'transfer',
        kartId: t.kartId,
        [STAMP]: stamp,
        [REC]: t,
      },
      ...(expect === null
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : expect !== undefined
          ? {
              ConditionExpression: '#stamp = :stamp',
              ExpressionAttributeNames: { '#stamp': STAMP },
              ExpressionAttributeValues: { ':stamp': expect },
            }
          : {}),
    },
  };
}

/**
 * Full put items of transfers (new, changed or cancelled by `syncKartTransfers`), for the kart's transaction.
 * `read`: the kart's transfers as the change read them (`storedTransfersOfKart`). Each write is then conditional
 * on what was read: a transfer read is written only while its stamp is unchanged (staff may have assigned a driver
 * or changed its status on the job sheet meanwhile: the kart's version check does not see that), a transfer not
 * read only if it still does not exist. A lost race fails the whole transaction, so the save is tried again on
 * fresh data and staff's change is kept. Absent: unconditional (seeds and tests writing fresh transfers).
 */
export function transferPutItems(
  scope: SiteScope,
  transfers: readonly Transfer[],
  read?: readonly StoredTransfer[],
): TransactItem[] {
  const stamps = read && new Map(read.map((s) => [s.transfer.id, s.stamp]));
  return transfers.map((t) => transferPut(scope.site.siteId, t, stamps ? (stamps.get(t.id) ?? null) : undefined));
}

const stored = (item: Record<string, unknown>): StoredTransfer => ({
  transfer: item[REC] as Transfer,
  stamp: String(item[STAMP]),
});

/** Every transfer of a kart with its stamp, cancelled ones included (what `syncKartTransfers` compares against). */
export async function storedTransfersOfKart(scope: SiteScope, kartId: string): Promise<StoredTransfer[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': opsKeys.transfersPk(scope.site.siteId),
      ':prefix': opsKeys.kartPrefix(kartId),
    },
    ConsistentRead: true,
  });
  // The prefix of kart `ab` also matches kart `ab-c`'s ids: keep this kart's only.
  return items.map(stored).filter((s) => s.transfer.kartId === kartId);
}

/** Every transfer of a kart, cancelled ones included. */
export const transfersOfKart = async (scope: SiteScope, kartId: string): Promise<Transfer[]> =>
  (await storedTransfersOfKart(scope, kartId)).map((s) => s.transfer);

export async function getTransfer(siteId: SiteId, id: string): Promise<StoredTransfer | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: opsKeys.transfer(siteId, id), ConsistentRead: true }),
  );
  return Item ? stored(Item) : null;
}

export async function getTransfers(siteId: SiteId, ids: readonly string[]): Promise<StoredTransfer[]> {
  if (!ids.length) return [];
  const items = await batchGet(
    ids.map((id) => opsKeys.transfer(siteId, id)),
    { consistent: true },
  );
  return items.map(stored);
}

async function queryDays(index: 'gsi1' | 'gsi2', pk: string, from: string, to: string): Promise<Transfer[]> {
  const { lo, hi } = opsKeys.dayBounds(from, to);
  const attr = TABLE.indexes[index];
  const items = await queryAll({
    IndexName: attr.name,
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lo AND :hi',
    ExpressionAttributeNames: { '#pk': attr.partitionKey, '#sk': attr.sortKey },
    ExpressionAttributeValues: { ':pk': pk, ':lo': lo, ':hi': hi },
  });
  return items.map((i) => stored(i).transfer);
}

/** The site's dated, uncancelled transfers of `from` … `to` (inclusive days), by date and time. */
export const transfersBetween = (siteId: SiteId, from: string, to: string): Promise<Transfer[]> =>
  queryDays('gsi1', opsKeys.jobSheetPk(siteId), from, to);

/** One driver's dated, uncancelled transfers of `from` … `to`, by date and time. */
export const driverTransfersBetween = (siteId: SiteId, driverId: string, from: string, to: string) =>
  queryDays('gsi2', opsKeys.driverJobsPk(siteId, driverId), from, to);
