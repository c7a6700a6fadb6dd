import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#lib/db';
import { type SiteId } from '#lib/keys';
import { notificationKeys } from './keys.ts';

/** A browser's Web Push subscription for one staff user (item type 'PushSubscription'). */
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
