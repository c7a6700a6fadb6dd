import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UserType } from '@tp/contracts/endpoint';
import { AUTH } from '@tp/contracts/platform';
import { db, tableName } from './db.ts';
import { keys } from './keys.ts';
import { newToken, sha256 } from './crypto.ts';

export interface SessionRecord {
  siteId: string;
  userId: string;
  userType: UserType;
  createdAt: string;
  /** Epoch seconds; DynamoDB TTL removes the item some time after. */
  expiresAt: number;
}

/** Creates a session and returns the raw token (only the hash is stored). */
export async function createSession(
  s: Omit<SessionRecord, 'createdAt' | 'expiresAt'>,
  now = new Date(),
): Promise<{ token: string; record: SessionRecord }> {
  const token = newToken();
  const hash = sha256(token);
  const record: SessionRecord = {
    ...s,
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + AUTH.sessionTtlSeconds,
  };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.session(s.siteId, hash), ...keys.sessionsOfUserIndex(s.siteId, s.userId, hash), type: 'Session', ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { token, record };
}

/** The live session for a token, or null when unknown or expired (TTL deletion is lazy). */
export async function findSession(siteId: string, token: string, now = new Date()): Promise<SessionRecord | null> {
  if (!token || token.length > 200) return null;
  const hash = sha256(token);
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.session(siteId, hash) }));
  if (!Item) return null;
  const rec = Item as unknown as SessionRecord;
  const nowS = Math.floor(now.getTime() / 1000);
  if (rec.expiresAt <= nowS) return null;
  // Sliding expiry: renew when less than half the lifetime is left (one write per half-life, not per request).
  if (rec.expiresAt - nowS < AUTH.sessionTtlSeconds / 2) {
    const expiresAt = nowS + AUTH.sessionTtlSeconds;
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.session(siteId, hash),
        UpdateExpression: 'SET expiresAt = :e',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':e': expiresAt },
      }),
    ).catch(() => undefined);
    rec.expiresAt = expiresAt;
  }
  return rec;
}

export async function deleteSession(siteId: string, token: string): Promise<void> {
  if (!token) return;
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.session(siteId, sha256(token)) }));
}
