import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TPhoneEntry } from '@tp/contracts/endpoints/users';
import { TABLE } from '@tp/contracts/platform';
import { db, tableName, transactUnique, writeOrFalse, writeOrNull, type TransactItem } from '#lib/db';
import { keys, type Key, type SiteId } from '#lib/keys';
import { userKeys } from './keys.ts';
import { newToken, sha256 } from '#lib/crypto';
import { primaryIdentity, samePhone } from './phone.ts';
import { newAccountItems, phoneKey, toUserRecord } from './items-repo.ts';
import type { SocialProvider } from './social.ts';
import { NO_USER, resetLinkToken } from './reset-link.ts';

export type { LegalEntityRecord, UniqueField, UniqueWrite, UserRecord } from './record.ts';
import type { LegalEntityRecord, UniqueWrite, UserRecord } from './record.ts';

export type TokenPurpose = 'verify' | 'handoff' | 'device';

const table = () => tableName();
export async function getUser(siteId: SiteId, userId: string): Promise<UserRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: keys.user(siteId, userId) }));
  return Item ? toUserRecord(Item) : null;
}

async function guardOwner(key: Key): Promise<string | null> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: key }));
  return (Item?.userId as string | undefined) ?? null;
}

export const userIdByEmail = (siteId: SiteId, email: string): Promise<string | null> =>
  guardOwner(userKeys.userEmail(siteId, email));

export const userIdBySocial = (siteId: SiteId, provider: SocialProvider, subject: string): Promise<string | null> =>
  guardOwner(userKeys.userSocial(siteId, provider, subject));

/**
 * Hands out the next customer number of a site. Outside the create transaction (a transaction cannot
 * read back a counter), so a create that then fails leaves a gap in the numbers, never a duplicate.
 */
export async function nextCustomerNo(siteId: SiteId): Promise<number> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.userCounter(siteId),
      UpdateExpression: 'ADD lastCustomerNo :one SET #type = :type',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':type': 'UserCounter' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.lastCustomerNo);
}

/**
 * Creates a user, its legal entity (or, for a member of an agency or company, checks the one it joins) and the
 * uniqueness guards (email, primary phone, social subject) in one transaction: either all exist afterwards or none, and a taken email or phone is reported by name.
 * A user without an email address (created by staff with a phone only) has no email guard; a partner
 * account has the link's guard instead of one.
 */
export async function insertAccount(
  user: UserRecord,
  le: LegalEntityRecord,
  social?: { provider: SocialProvider; subject: string },
  /** More items of the same transaction (a staff invite's audit entry and group membership). */
  extra: TransactItem[] = [],
  options: { joinsLegalEntity?: boolean } = {},
): Promise<UniqueWrite> {
  return transactUnique(newAccountItems(user, le, social, extra, options));
}

/** Maps a social subject to an existing user; false when the subject is already mapped. */
export async function linkSocial(
  siteId: SiteId,
  provider: SocialProvider,
  subject: string,
  userId: string,
): Promise<boolean> {
  return writeOrFalse(
    new PutCommand({
      TableName: table(),
      Item: { ...userKeys.userSocial(siteId, provider, subject), type: 'Unique', kind: 'social', userId },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

// The password is not among them: only setPassword writes one, so every change ends the live password link.
type MutableFields = Partial<Pick<UserRecord, 'status'>>;

/** Sets fields of an existing user (never creates one). */
export async function updateUser(siteId: SiteId, userId: string, fields: MutableFields, now: Date): Promise<void> {
  const entries = Object.entries({ ...fields, updatedAt: now.toISOString() });
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.user(siteId, userId),
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
}

/**
 * Issues the user's one live password link: the hash of a new secret and its expiry replace any
 * earlier link on the user record, so an older link dies. One conditional write, on an existing, unblocked user;
 * null otherwise. For NO_USER (an address without an account) the one write is a note of the request instead, so
 * a known and an unknown address cost the same: a conditional failure alone answers several times faster than a
 * write.
 */
export async function issueResetLink(
  siteId: SiteId,
  userId: string,
  ttlSeconds: number,
  now: Date,
  email: string = '',
): Promise<{ user: UserRecord; token: string } | null> {
  const expiresAt = Math.floor(now.getTime() / 1000) + ttlSeconds;
  if (userId === NO_USER) {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...userKeys.passwordRequest(siteId, sha256(email.toLowerCase())),
          type: 'PasswordRequest',
          at: now.toISOString(),
          expiresAt,
        },
      }),
    );
    return null;
  }
  const secret = newToken();
  const stored = await writeOrNull(
    new UpdateCommand({
      TableName: table(),
      Key: keys.user(siteId, userId),
      UpdateExpression: 'SET resetLink = :link',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(isBlocked) OR isBlocked = :no)',
      ExpressionAttributeValues: {
        ':link': { id: sha256(secret), expiresAt },
        ':no': false,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return stored ? { user: toUserRecord(stored), token: resetLinkToken(userId, secret) } : null;
}

/**
 * Sets a new password hash. Every path that changes a password comes here, and the live password link dies with
 * the old password. With `link` (the secret's hash), only while that is the user's live, unexpired link: the check
 * and the use are one conditional write, so a link works once. False when the condition failed.
 */
export async function setPassword(
  siteId: SiteId,
  userId: string,
  passwordHash: string,
  now: Date,
  options: { link?: string; verified?: boolean } = {},
): Promise<boolean> {
  const { link, verified } = options;
  return writeOrFalse(
    new UpdateCommand({
      TableName: table(),
      Key: keys.user(siteId, userId),
      UpdateExpression: `SET passwordHash = :hash, updatedAt = :now${verified ? ', #status = :verified' : ''} REMOVE resetLink`,
      ConditionExpression: link
        ? 'attribute_exists(pk) AND resetLink.id = :link AND resetLink.expiresAt > :nowS'
        : 'attribute_exists(pk)',
      ...(verified ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
      ExpressionAttributeValues: {
        ':hash': passwordHash,
        ':now': now.toISOString(),
        ...(verified ? { ':verified': 'verified' } : {}),
        ...(link ? { ':link': link, ':nowS': Math.floor(now.getTime() / 1000) } : {}),
      },
    }),
  );
}

/**
 * Swaps a password hash for a rehash of the same password, only while the stored hash is still the one
 * verified: a password changed in the meantime is never overwritten. False when it was.
 */
export async function replacePasswordHash(
  siteId: SiteId,
  userId: string,
  verified: string,
  next: string,
  now: Date,
): Promise<boolean> {
  return writeOrFalse(
    new UpdateCommand({
      TableName: table(),
      Key: keys.user(siteId, userId),
      UpdateExpression: 'SET passwordHash = :next, updatedAt = :now',
      ConditionExpression: 'passwordHash = :verified',
      ExpressionAttributeValues: { ':next': next, ':verified': verified, ':now': now.toISOString() },
    }),
  );
}

/**
 * Replaces a user's phone numbers. When the primary number changes, its guard moves in the same
 * transaction: the new number must be free (or already ours), the old guard is released.
 */
export async function replacePhones(user: UserRecord, phones: TPhoneEntry[], now: Date): Promise<UniqueWrite> {
  const before = primaryIdentity(user.phoneNumbers);
  const after = primaryIdentity(phones);
  const moved = !samePhone(before, after);
  const items = [
    {
      label: null,
      op: {
        Update: {
          TableName: table(),
          Key: keys.user(user.siteId, user.userId),
          UpdateExpression: 'SET phoneNumbers = :p, updatedAt = :u',
          ExpressionAttributeValues: { ':p': phones, ':u': now.toISOString() },
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
    },
    ...(moved && after
      ? [
          {
            label: 'phone' as const,
            op: {
              Put: {
                TableName: table(),
                Item: { ...phoneKey(user.siteId, after), type: 'Unique', kind: 'phone', userId: user.userId },
                ConditionExpression: 'attribute_not_exists(pk) OR userId = :me',
                ExpressionAttributeValues: { ':me': user.userId },
              },
            },
          },
        ]
      : []),
    ...(moved && before
      ? [{ label: null, op: { Delete: { TableName: table(), Key: phoneKey(user.siteId, before) } } }]
      : []),
  ];
  return transactUnique(items);
}

/** Ends every session of a user (through the sessions-of-user index), except the one whose hash is kept. */
export async function endSessions(siteId: SiteId, userId: string, keepTokenHash?: string): Promise<number> {
  let ended = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: TABLE.indexes.gsi1.name,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.sessionsOfUserPk(siteId, userId) },
        ProjectionExpression: 'pk, sk, gsi1sk',
        ExclusiveStartKey: startKey,
      }),
    );
    const doomed = (page.Items ?? []).filter((s) => s.gsi1sk !== keepTokenHash);
    await Promise.all(
      doomed.map((s) => db().send(new DeleteCommand({ TableName: table(), Key: { pk: s.pk, sk: s.sk } }))),
    );
    ended += doomed.length;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return ended;
}

/** A one-time link token: only its hash is stored, it expires after `ttlSeconds`, and it can be used once. */
export async function createToken(
  siteId: SiteId,
  purpose: TokenPurpose,
  userId: string,
  ttlSeconds: number,
  now: Date,
): Promise<string> {
  const token = newToken();
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...userKeys.oneTimeToken(siteId, purpose, sha256(token)),
        type: 'OneTimeToken',
        purpose,
        userId,
        createdAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + ttlSeconds,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return token;
}

/** The user a device cookie belongs to, while it has not expired; null otherwise. */
export async function deviceUserId(siteId: SiteId, token: string, now: Date): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const { Item } = await db().send(
    new GetCommand({ TableName: table(), Key: userKeys.oneTimeToken(siteId, 'device', sha256(token)) }),
  );
  return Item && Number(Item.expiresAt) > Math.floor(now.getTime() / 1000) ? (Item.userId as string) : null;
}

/** Consumes a token with a conditional delete, so two concurrent uses cannot both succeed. Returns its user id. */
export async function consumeToken(
  siteId: SiteId,
  purpose: TokenPurpose,
  token: string,
  now: Date,
): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const consumed = await writeOrNull(
    new DeleteCommand({
      TableName: table(),
      Key: userKeys.oneTimeToken(siteId, purpose, sha256(token)),
      ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
      ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
      ReturnValues: 'ALL_OLD',
    }),
  );
  return (consumed?.userId as string | undefined) ?? null;
}

/** Notes a successful sign-in on the user (best effort: the caller ignores a failure). */
export async function recordSignIn(siteId: SiteId, userId: string, now: Date): Promise<void> {
  await writeOrFalse(
    new UpdateCommand({
      TableName: table(),
      Key: keys.user(siteId, userId),
      UpdateExpression: 'SET lastSignInAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
}
