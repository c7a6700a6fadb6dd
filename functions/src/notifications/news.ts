/**
 * In-app news (docs/notifications.md "In-app news"): what a customer was told about their activity cart or quotation
 * (confirmed, rejected, vouchered, cancelled, refunded), kept for NEWS_DAYS and shown as the app's banner until they
 * dismiss it. The notifications worker writes one item per event and user (keyed by the event's key: a redelivery
 * writes nothing new); a user's partition is bounded by that lifetime, read with one Query.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as api from '@tp/contracts/endpoints/notifications';
import { NOTIFICATION_KINDS, type TNews } from '@tp/contracts/endpoints/notifications';
import { answers } from '#lib/answers';
import { sha256 } from '#lib/crypto';
import { db, queryAll, tableName } from '#lib/db';
import type { SiteId } from '#lib/keys';
import type { NotifyMessage } from '#lib/notify';
import { notificationKeys } from './keys.ts';

/** How long a piece of news stays (the table's TTL removes it then). */
export const NEWS_DAYS = 14;
/** What the banner shows at most. */
const NEWS_SHOWN = 5;

/** The customer kinds are news; staff have their queues. */
export const isNews = (kind: NotifyMessage['kind']): boolean => NOTIFICATION_KINDS[kind].audience === 'customer';

/** Keeps one event for one user (once per event key). */
export async function keepNews(siteId: SiteId, userId: string, msg: NotifyMessage, now: Date): Promise<void> {
  const id = sha256(msg.idempotencyKey)
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, 43);
  const news: TNews = { id, kind: msg.kind, title: msg.title, body: msg.body, path: msg.path, at: now.toISOString() };
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...notificationKeys.newsItem(siteId, userId, id),
          type: 'News',
          news,
          expiresAt: Math.ceil(now.getTime() / 1000) + NEWS_DAYS * 86_400,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (err) {
    if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
  }
}

export async function myNews(siteId: SiteId, userId: string, now: Date): Promise<TNews[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': notificationKeys.news(siteId, userId) },
  });
  const live = Math.floor(now.getTime() / 1000);
  return items
    .filter((i) => Number(i.expiresAt) > live)
    .map((i) => i.news as TNews)
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, NEWS_SHOWN);
}

export async function dismiss(siteId: SiteId, userId: string, id: string): Promise<boolean> {
  const { Attributes } = await db().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: notificationKeys.newsItem(siteId, userId, id),
      ReturnValues: 'ALL_OLD',
    }),
  );
  return !!Attributes;
}

// The notifications Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetMyNews = answers(api.getMyNews, async (_input, scope) => ({
  news: await myNews(scope.site.siteId, scope.principal.userId, scope.now),
}));
export const answerDismissNews = answers(api.dismissNews, async (input, scope) => ({
  dismissed: await dismiss(scope.site.siteId, scope.principal.userId, input.id),
}));
