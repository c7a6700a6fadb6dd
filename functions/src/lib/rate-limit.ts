import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './db.ts';
import { keys } from './keys.ts';
import { sha256 } from './crypto.ts';

/**
 * Fixed-window counter: one atomic ADD per hit on an item that expires with its window. Returns true
 * while `subject` is within `limit` hits of the current window. The subject (an email, an IP) is
 * hashed so no personal data ends up in a key.
 */
export async function withinRateLimit(
  siteId: string,
  scope: string,
  subject: string,
  limit: number,
  windowSeconds: number,
  now: Date = new Date(),
): Promise<boolean> {
  const nowS = Math.floor(now.getTime() / 1000);
  const windowStart = nowS - (nowS % windowSeconds);
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.rateLimit(siteId, `${scope}-${sha256(subject)}`, String(windowStart)),
      UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :expires)',
      ExpressionAttributeValues: { ':one': 1, ':expires': windowStart + windowSeconds * 2 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.hits ?? 0) <= limit;
}

const windowKey = (siteId: string, scope: string, subject: string, windowSeconds: number, now: Date) => {
  const nowS = Math.floor(now.getTime() / 1000);
  const windowStart = nowS - (nowS % windowSeconds);
  return {
    key: keys.rateLimit(siteId, `${scope}-${sha256(subject)}`, String(windowStart)),
    expiresAt: windowStart + windowSeconds * 2,
  };
};

/**
 * Failure budgets (e.g. wrong passwords): `spent` reads the current window without counting, `record`
 * counts one failure. Only failures use the budget, so signing in often never locks anyone out.
 */
export const failureBudget = (scope: string, limit: () => number, windowSeconds: number) => ({
  async spent(siteId: string, subject: string, now: Date = new Date()): Promise<boolean> {
    const { key } = windowKey(siteId, scope, subject, windowSeconds, now);
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
    return Number(Item?.hits ?? 0) >= limit();
  },
  async record(siteId: string, subject: string, now: Date = new Date()): Promise<void> {
    const { key, expiresAt } = windowKey(siteId, scope, subject, windowSeconds, now);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :expires)',
        ExpressionAttributeValues: { ':one': 1, ':expires': expiresAt },
      }),
    );
  },
});
export type FailureBudget = ReturnType<typeof failureBudget>;
