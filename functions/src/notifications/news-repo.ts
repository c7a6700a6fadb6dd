/**
 * A customer's news as stored (news.ts): one item per event and user, keyed by the hash of the event's key (a
 * redelivery writes nothing new), removed by the table's TTL; the user's partition read with one Query.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TNews } from '@tp/contracts/endpoints/notifications';
import { db, queryAll, tableName, writeOrFalse } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { notificationKeys } from './keys.ts';

/** Stores a piece of news once; false when it was kept already. */
export function putNews(siteId: SiteId, userId: string, news: TNews, expiresAtSeconds: number): Promise<boolean> {
  return writeOrFalse(
    new PutCommand({
      TableName: tableName(),
      Item: { ...notificationKeys.newsItem(siteId, userId, news.id), type: 'News', news, expiresAt: expiresAtSeconds },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Every piece of news of a user still stored, with its expiry (epoch seconds). */
export async function newsOf(siteId: SiteId, userId: string): Promise<{ news: TNews; expiresAt: number }[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': notificationKeys.news(siteId, userId) },
  });
  return items.map((i) => ({ news: i.news as TNews, expiresAt: Number(i.expiresAt) }));
}

/** Removes one piece of news; false when there was none. */
export async function deleteNews(siteId: SiteId, userId: string, id: string): Promise<boolean> {
  const { Attributes } = await db().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: notificationKeys.newsItem(siteId, userId, id),
      ReturnValues: 'ALL_OLD',
    }),
  );
  return !!Attributes;
}
