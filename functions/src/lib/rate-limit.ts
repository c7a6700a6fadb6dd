import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, writeOrFalse } from './db.ts';
import { keys, PLATFORM, type RateOwner, type SiteId } from './keys.ts';
import { sha256 } from './crypto.ts';

/** The fixed window `now` falls in. The subject (an email, an IP) is hashed so no personal data ends up in a key. */
function windowOf(siteId: RateOwner, scope: string, subject: string, windowSeconds: number, now: Date) {
  const nowS = Math.floor(now.getTime() / 1000);
  const windowStart = nowS - (nowS % windowSeconds);
  return {
    key: keys.rateLimit(siteId, `${scope}-${sha256(subject)}`, String(windowStart)),
    /** Seconds until the window ends and a fresh budget starts. */
    secondsLeft: windowStart + windowSeconds - nowS,
    // Kept a window longer than it counts, so a release never lands on an item TTL already removed.
    expiresAt: windowStart + windowSeconds * 2,
  };
}

/**
 * Fixed-window counter: one atomic ADD per hit on an item that expires with its window. Returns true
 * while `subject` is within `limit` hits of the current window.
 */
export async function withinRateLimit(
  siteId: SiteId,
  scope: string,
  subject: string,
  limit: number,
  windowSeconds: number,
  now: Date = new Date(),
): Promise<boolean> {
  const { key, expiresAt } = windowOf(siteId, scope, subject, windowSeconds, now);
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :expires)',
      ExpressionAttributeValues: { ':one': 1, ':expires': expiresAt },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.hits ?? 0) <= limit;
}

export type Claim = { ok: true; release: () => Promise<void> } | { ok: false; retryAfterSeconds: number };

/**
 * Attempt budgets that cannot be raced (wrong passwords). `claim` takes one unit with a conditional
 * counter BEFORE the guarded work runs, so parallel attempts beyond `limit` are refused without being
 * evaluated (reading the count first and adding after the check let every request in flight through).
 * An attempt that turns out fine gives its unit back with `release`: only failures use the budget, and a
 * user who signs in often is never locked out. A unit whose request died half-way stays spent.
 */
export const attemptBudget = (scope: string, limit: () => number, windowSeconds: number) => ({
  claim: (siteId: SiteId, subject: string, now: Date = new Date()): Promise<Claim> =>
    claimOn(siteId, scope, limit, windowSeconds, subject, now),
});
export type AttemptBudget = ReturnType<typeof attemptBudget>;

/** The same budgets for the platform's own sign-in (the console's operators), kept apart from every site's. */
export const platformAttemptBudget = (scope: string, limit: () => number, windowSeconds: number) => ({
  claim: (subject: string, now: Date = new Date()): Promise<Claim> =>
    claimOn(PLATFORM, scope, limit, windowSeconds, subject, now),
});

async function claimOn(
  siteId: RateOwner,
  scope: string,
  limit: () => number,
  windowSeconds: number,
  subject: string,
  now: Date,
): Promise<Claim> {
  const { key, expiresAt, secondsLeft } = windowOf(siteId, scope, subject, windowSeconds, now);
  const claimed = await writeOrFalse(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :expires)',
      ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
      ExpressionAttributeValues: { ':one': 1, ':expires': expiresAt, ':limit': limit() },
    }),
  );
  if (!claimed) return { ok: false, retryAfterSeconds: secondsLeft };
  // Never below zero: a unit given back after its window's item expired is simply not counted.
  const release = async () => {
    await writeOrFalse(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD hits :minusOne',
        ConditionExpression: 'hits > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    );
  };
  return { ok: true, release };
}
