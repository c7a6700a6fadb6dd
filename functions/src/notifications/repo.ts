import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { NotificationKind } from '@tp/contracts/endpoints/notifications';
import { db, queryAll, tableName, writeOrFalse } from '#lib/db';
import { type SiteId } from '#lib/keys';
import { notificationKeys } from './keys.ts';

/** A browser's Web Push subscription for one user (item type 'PushSubscription'). */
export interface PushSubscriptionRecord {
  siteId: SiteId;
  userId: string;
  endpoint: string;
  /** The browser's public key and auth secret, needed to encrypt a push; never logged or sent back. */
  keys: { p256dh: string; auth: string };
  expirationTime: number | null;
  createdAt: string;
  updatedAt: string;
}

type NewSubscription = Omit<PushSubscriptionRecord, 'createdAt' | 'updatedAt'>;

/** Upsert by endpoint hash: subscribing the same browser again refreshes its keys instead of adding an item. */
export async function saveSubscription(s: NewSubscription, endpointHash: string, now: Date): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: notificationKeys.pushSubscription(s.siteId, s.userId, endpointHash),
      UpdateExpression:
        'SET #type = :type, siteId = :site, userId = :user, endpoint = :endpoint, #keys = :keys, expirationTime = :exp, updatedAt = :now, createdAt = if_not_exists(createdAt, :now)',
      ExpressionAttributeNames: { '#type': 'type', '#keys': 'keys' },
      ExpressionAttributeValues: {
        ':type': 'PushSubscription',
        ':site': s.siteId,
        ':user': s.userId,
        ':endpoint': s.endpoint,
        ':keys': s.keys,
        ':exp': s.expirationTime,
        ':now': now.toISOString(),
      },
    }),
  );
}

export async function getSubscription(
  siteId: SiteId,
  userId: string,
  endpointHash: string,
): Promise<PushSubscriptionRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: notificationKeys.pushSubscription(siteId, userId, endpointHash) }),
  );
  return (Item as PushSubscriptionRecord | undefined) ?? null;
}

/** Every browser of one user (a handful: one partition, one query). */
export async function subscriptionsOf(siteId: SiteId, userId: string): Promise<PushSubscriptionRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': notificationKeys.pushSubscriptions(siteId, userId) },
  });
  return items as unknown as PushSubscriptionRecord[];
}

/** Removes a subscription the push service says is gone (404/410); only if it still names that endpoint. */
export async function deleteSubscription(
  siteId: SiteId,
  userId: string,
  endpointHash: string,
  endpoint: string,
): Promise<boolean> {
  return writeOrFalse(
    new DeleteCommand({
      TableName: tableName(),
      Key: notificationKeys.pushSubscription(siteId, userId, endpointHash),
      ConditionExpression: 'endpoint = :endpoint',
      ExpressionAttributeValues: { ':endpoint': endpoint },
    }),
  );
}

export type StoredChoices = Partial<Record<NotificationKind, { mail: boolean; push: boolean }>>;

/** A user's stored choices (only the kinds they ever saved; the rest follow the kind's defaults). */
export async function getPreferences(siteId: SiteId, userId: string): Promise<StoredChoices> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: notificationKeys.preferences(siteId, userId) }),
  );
  return ((Item as { choices?: StoredChoices } | undefined)?.choices ?? {}) as StoredChoices;
}

/** Stores the user's whole set of choices (the service merges a save into what was stored). */
export async function putPreferences(siteId: SiteId, userId: string, choices: StoredChoices, now: Date) {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...notificationKeys.preferences(siteId, userId),
        type: 'NotificationPreferences',
        siteId,
        userId,
        choices,
        updatedAt: now.toISOString(),
      },
    }),
  );
}

/** Markers outlive the queue's retention (4 days by default), so any redelivery still finds them. */
const SENT_MARKER_TTL_SECONDS = 7 * 24 * 3600;

/** Claims one notification for one user before pushing; false when an earlier delivery already did. */
export const claimPushSent = (siteId: SiteId, keyHash: string, userId: string, now: Date): Promise<boolean> =>
  writeOrFalse(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...notificationKeys.pushSent(siteId, keyHash, userId),
        type: 'PushSent',
        sentAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + SENT_MARKER_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );

/** Gives a claim back after a failed push, so the retry pushes. */
export async function releasePushSent(siteId: SiteId, keyHash: string, userId: string): Promise<void> {
  await db().send(
    new DeleteCommand({ TableName: tableName(), Key: notificationKeys.pushSent(siteId, keyHash, userId) }),
  );
}
