import { BatchGetCommand, DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UserType } from '@tp/contracts/endpoint';
import { AUTH } from '@tp/contracts/platform';
import { db, tableName } from './db.ts';
import { keys, type SiteId } from './keys.ts';
import { newToken, sha256 } from './crypto.ts';

export interface SessionRecord {
  siteId: SiteId;
  userId: string;
  userType: UserType;
  createdAt: string;
  /** Epoch seconds; DynamoDB TTL removes the item some time after. */
  expiresAt: number;
}

/**
 * Tokens are `<userId>.<256 random bits>`: the user id lets a request fetch the session and the user
 * in one BatchGet round trip; the random part is what makes the token unguessable, and only the
 * SHA-256 of the whole token is stored.
 */
const userIdOf = (token: string): string | null => {
  const dot = token.lastIndexOf('.');
  const userId = dot > 0 ? token.slice(0, dot) : '';
  return /^[A-Za-z0-9_-]{1,64}$/.test(userId) ? userId : null;
};

/** Creates a session and returns the raw token (only the hash is stored). */
export async function createSession(
  s: Omit<SessionRecord, 'createdAt' | 'expiresAt'>,
  now = new Date(),
): Promise<{ token: string; record: SessionRecord }> {
  const token = `${s.userId}.${newToken()}`;
  const hash = sha256(token);
  const record: SessionRecord = {
    ...s,
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + AUTH.sessionTtlSeconds,
  };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.session(s.siteId, hash),
        ...keys.sessionsOfUserIndex(s.siteId, s.userId, hash),
        type: 'Session',
        ...record,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { token, record };
}

export interface SessionWithUser {
  session: SessionRecord;
  /** The user item, read in the same round trip. */
  user: Record<string, unknown>;
}

/** The live session for a token and its user, or null when unknown, expired or orphaned (TTL deletion is lazy). */
export async function findSession(siteId: SiteId, token: string, now = new Date()): Promise<SessionWithUser | null> {
  if (!token || token.length > 300) return null;
  const userId = userIdOf(token);
  if (!userId) return null;
  const hash = sha256(token);
  const sessionKey = keys.session(siteId, hash);
  const userKey = keys.user(siteId, userId);
  let items: Record<string, unknown>[] = [];
  let pending: Record<string, unknown>[] = [{ ...sessionKey }, { ...userKey }];
  // BatchGet may leave keys unprocessed under throttling; ask again for just those.
  for (let attempt = 0; pending.length && attempt < 3; attempt++) {
    const out = await db().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending } } }));
    items = items.concat(out.Responses?.[tableName()] ?? []);
    pending = (out.UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined) ?? [];
  }
  const sessionItem = items.find((i) => i.pk === sessionKey.pk && i.sk === sessionKey.sk);
  const user = items.find((i) => i.pk === userKey.pk && i.sk === userKey.sk);
  if (!sessionItem || !user) return null;
  const rec = sessionItem as unknown as SessionRecord;
  const nowS = Math.floor(now.getTime() / 1000);
  if (rec.expiresAt <= nowS || rec.userId !== userId) return null;
  // Sliding expiry: renew when less than half the lifetime is left (one write per half-life, not per request).
  if (rec.expiresAt - nowS < AUTH.sessionTtlSeconds / 2) {
    const expiresAt = nowS + AUTH.sessionTtlSeconds;
    await db()
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: sessionKey,
          UpdateExpression: 'SET expiresAt = :e',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':e': expiresAt },
        }),
      )
      .catch(() => undefined);
    rec.expiresAt = expiresAt;
  }
  return { session: rec, user };
}

export async function deleteSession(siteId: SiteId, token: string): Promise<void> {
  if (!token) return;
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.session(siteId, sha256(token)) }));
}
