/**
 * Driver access tokens as stored (docs/dmc.md "Operations" → "API"): only the SHA-256 of a token, keyed by it, so
 * the driver page finds its driver with one GetItem and a leaked table opens no page. The driver's pointer item
 * names the live hash: a new token replaces it and deletes the old item in the same transaction (a revoked token
 * is then simply unknown), and two staff generating at once cannot leave two live links (the pointer's condition).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DriverTokenRecord } from '@tp/domain/dmc';
import { db, tableName, transactOrFalse, type TransactItem } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { opsKeys } from './keys.ts';

const REC = 'rec';
/** The table's TTL attribute (epoch seconds): DynamoDB removes expired tokens some time after their expiry. */
const ttl = (iso: string): number => Math.ceil(Date.parse(iso) / 1000);

async function getItem(key: { pk: string; sk: string }): Promise<Record<string, unknown> | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item ?? null;
}

/** The token record of a hash, or null (never issued, revoked, replaced, or removed after expiry). */
export async function tokenByHash(siteId: SiteId, hash: string): Promise<DriverTokenRecord | null> {
  const item = await getItem(opsKeys.driverToken(siteId, hash));
  return item ? (item[REC] as DriverTokenRecord) : null;
}

/** The driver's live token record (its hash and times), or null. */
export async function liveTokenOf(siteId: SiteId, driverId: string): Promise<DriverTokenRecord | null> {
  const item = await getItem(opsKeys.driverTokenPointer(siteId, driverId));
  return item ? (item[REC] as DriverTokenRecord) : null;
}

/** The pointer write guarded on what was read: `seen` the hash it held, null when there was none. */
function pointerGuard(seen: DriverTokenRecord | null) {
  return seen
    ? {
        ConditionExpression: '#rec.#hash = :seen',
        ExpressionAttributeNames: { '#rec': REC, '#hash': 'hash' },
        ExpressionAttributeValues: { ':seen': seen.hash },
      }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
}

const deleteToken = (siteId: SiteId, hash: string): TransactItem => ({
  Delete: { TableName: tableName(), Key: opsKeys.driverToken(siteId, hash) },
});

/**
 * Stores a new token (`record.hash`) as the driver's only live one, with `extra` items (the audit entry) in the
 * same transaction. False when the driver's link changed since `seen` was read (the caller may retry).
 */
export function replaceToken(
  siteId: SiteId,
  record: DriverTokenRecord,
  seen: DriverTokenRecord | null,
  extra: TransactItem[],
): Promise<boolean> {
  return transactOrFalse([
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...opsKeys.driverToken(siteId, record.hash),
          kind: 'driverToken',
          expiresAt: ttl(record.expiresAt),
          [REC]: record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...opsKeys.driverTokenPointer(siteId, record.driverId),
          expiresAt: ttl(record.expiresAt),
          [REC]: record,
        },
        ...pointerGuard(seen),
      },
    },
    ...(seen ? [deleteToken(siteId, seen.hash)] : []),
    ...extra,
  ]);
}

/** Revokes the driver's live token `seen` (deletes it and the pointer). False when it changed meanwhile. */
export function revokeToken(siteId: SiteId, seen: DriverTokenRecord, extra: TransactItem[]): Promise<boolean> {
  return transactOrFalse([
    deleteToken(siteId, seen.hash),
    {
      Delete: { TableName: tableName(), Key: opsKeys.driverTokenPointer(siteId, seen.driverId), ...pointerGuard(seen) },
    },
    ...extra,
  ]);
}
