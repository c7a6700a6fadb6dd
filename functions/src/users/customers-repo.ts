/**
 * Data access of the staff customer screens: the user list and its total, search tokens, per-user
 * switches, Change Details, look-to-book counters and the legal-entity membership other domains
 * (customer groups, permission groups) update user items through.
 */
import { GetCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@tp/contracts/platform';
import {
  batchGet,
  db,
  decodeCursor,
  encodeCursor,
  tableName,
  prefixRange,
  queryAll,
  setClause,
  transactOrFalse,
  transactUnique,
  writeOrFalse,
  writeOrNull,
  type IndexName,
  type TransactItem,
} from '#lib/db';
import { keys, type SiteId } from '#lib/keys';
import { userKeys } from './keys.ts';
import { primaryIdentity, samePhone } from './phone.ts';
import { normaliseQuery, searchTokens } from './search.ts';
import { customerIndexItems, isSubscriber, phoneKey, searchTokenItem, toUserRecord } from './items-repo.ts';
import { nextCustomerNo, type LegalEntityRecord, type UniqueField, type UserRecord } from './repo.ts';

const table = () => tableName();
type Item = Record<string, unknown>;
type StartKey = Record<string, unknown> | undefined;

// ---------------------------------------------------------------------------------------------------
// Lists

export async function userCount(siteId: SiteId): Promise<number> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: keys.userCounter(siteId) }));
  return Number(Item?.userCount ?? 0);
}

export async function userIdByCustomerNo(siteId: SiteId, customerNo: number): Promise<string | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: table(), Key: userKeys.customerNo(siteId, customerNo) }),
  );
  return (Item?.userId as string | undefined) ?? null;
}

type IndexQuery = Pick<QueryCommandInput, 'IndexName' | 'KeyConditionExpression' | 'ExpressionAttributeValues'>;

/**
 * Page `page` of an index query, newest first. Earlier pages are stepped over with key-only queries
 * (up to 1000 keys each, no attributes), never a scan.
 */
async function indexPage(
  q: IndexQuery,
  keyAttrs: string,
  page: number,
  size: number,
  cursor?: { index: IndexName; pk: string; at: string | undefined },
): Promise<{ items: Item[]; hasMore: boolean; nextCursor: string | null }> {
  // From a cursor (the key the previous page ended on), nothing is stepped over: any page costs what the first does.
  let skip = cursor?.at ? 0 : (page - 1) * size;
  let start: StartKey = cursor?.at ? decodeCursor(cursor.at, cursor.index, cursor.pk) : undefined;
  while (skip > 0) {
    const res = await db().send(
      new QueryCommand({
        TableName: table(),
        ...q,
        ScanIndexForward: false,
        Limit: Math.min(skip, 1000),
        ProjectionExpression: keyAttrs,
        ExclusiveStartKey: start,
      }),
    );
    skip -= res.Count ?? 0;
    start = res.LastEvaluatedKey;
    if (!start) return { items: [], hasMore: false, nextCursor: null };
  }
  // One more than a page tells whether another page follows.
  const res = await db().send(
    new QueryCommand({ TableName: table(), ...q, ScanIndexForward: false, Limit: size + 1, ExclusiveStartKey: start }),
  );
  const items = res.Items ?? [];
  const hasMore = items.length > size;
  const last = items[size - 1];
  const nextCursor =
    hasMore && last ? encodeCursor(Object.fromEntries(keyAttrs.split(', ').map((a) => [a, last[a]]))) : null;
  return { items: items.slice(0, size), hasMore, nextCursor };
}

/** Users of a site newest first (the gsi1 users index). */
export async function listUsersPage(
  siteId: SiteId,
  page: number,
  size: number,
  cursor?: string,
): Promise<{ users: UserRecord[]; hasMore: boolean; nextCursor: string | null }> {
  const { items, hasMore, nextCursor } = await indexPage(
    {
      IndexName: TABLE.indexes.gsi1.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': userKeys.usersIndexPk(siteId) },
    },
    'pk, sk, gsi1pk, gsi1sk',
    page,
    size,
    { index: 'gsi1', pk: userKeys.usersIndexPk(siteId), at: cursor },
  );
  return { users: items.map(toUserRecord), hasMore, nextCursor };
}

/** Users who accept marketing mail, newest first (the sparse gsi2 subscriber index). */
export async function listSubscribersPage(
  siteId: SiteId,
  page: number,
  size: number,
): Promise<{ users: UserRecord[]; hasMore: boolean }> {
  const { items, hasMore } = await indexPage(
    {
      IndexName: TABLE.indexes.gsi2.name,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': userKeys.emailSubscribersPk(siteId) },
    },
    'pk, sk, gsi2pk, gsi2sk',
    page,
    size,
  );
  return { users: items.map(toUserRecord), hasMore };
}

/** Users by id, in the order asked; unknown ids are left out. */
export async function getUsers(siteId: SiteId, userIds: string[]): Promise<UserRecord[]> {
  const items = await batchGet(userIds.map((id) => keys.user(siteId, id)));
  const found = new Map(items.map((item) => [String(item.userId), toUserRecord(item)]));
  return userIds.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
}

/** Ids of users with a search token starting with the query, at most `limit` distinct users. */
export async function searchUserIds(siteId: SiteId, query: string, limit: number): Promise<string[]> {
  const prefix = normaliseQuery(query);
  if (!prefix) return [];
  const ids = new Set<string>();
  let start: StartKey;
  // Several tokens of one user can match; a few pages of tokens are enough to fill a result list.
  const tokens = prefixRange('sk', prefix, 'q');
  for (let round = 0; round < 5 && ids.size < limit; round++) {
    const res = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: `pk = :pk AND ${tokens.condition}`,
        ExpressionAttributeValues: { ':pk': userKeys.userSearchPk(siteId), ...tokens.values },
        ProjectionExpression: 'userId',
        Limit: 100,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) if (ids.size < limit) ids.add(String(item.userId));
    start = res.LastEvaluatedKey;
    if (!start) break;
  }
  return [...ids];
}

// ---------------------------------------------------------------------------------------------------
// Switches and details

export type UserSwitches = Partial<
  Pick<UserRecord, 'isBlocked' | 'l2bExempted' | 'isFlightHoldAllowed' | 'isFlightSearchAllowed' | 'billing'>
>;

/**
 * Sets switches of an existing user; null when there is no such user. With an audit entry (lib/audit.ts) the
 * update and the entry are one transaction, and the user is read back after it.
 */
export async function setUserFields(
  siteId: SiteId,
  userId: string,
  fields: UserSwitches,
  now: Date,
  audit?: TransactItem,
): Promise<UserRecord | null> {
  const set = setClause({ ...fields, updatedAt: now.toISOString() });
  const update = {
    TableName: table(),
    Key: keys.user(siteId, userId),
    UpdateExpression: set.expression,
    ExpressionAttributeNames: set.names,
    ExpressionAttributeValues: set.values,
    ConditionExpression: 'attribute_exists(pk)',
  };
  if (audit) {
    if (!(await transactOrFalse([{ Update: update }, audit]))) return null;
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: keys.user(siteId, userId) }));
    return Item ? toUserRecord(Item) : null;
  }
  const updated = await writeOrNull(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
  return updated ? toUserRecord(updated) : null;
}

/** The fields Change Details replaces. */
export type DetailsChange = Pick<
  UserRecord,
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phoneNumbers'
  | 'panNumber'
  | 'gstNumber'
  | 'companyName'
  | 'company'
  | 'legalEntityName'
> &
  Partial<Pick<UserRecord, 'status'>>;

export type DetailsWrite = { ok: true; user: UserRecord } | { ok: false; taken: (UniqueField | 'stale')[] };

const guardPut = (key: ReturnType<typeof userKeys.userEmail>, kind: UniqueField, userId: string): TransactItem => ({
  Put: {
    TableName: table(),
    Item: { ...key, type: 'Unique', kind, userId },
    // Free, or already ours (a case change of the same address or number).
    ConditionExpression: 'attribute_not_exists(pk) OR userId = :me',
    ExpressionAttributeValues: { ':me': userId },
  },
});

/**
 * Change Details in one transaction: the user item (only if nobody changed it since it was read), its
 * legal entity's name, the email and primary-phone guards (moved when they change) and the search
 * tokens (old ones out, new ones in). Either all of it happens or none.
 */
export async function replaceDetails(
  user: UserRecord,
  change: DetailsChange,
  now: Date,
  /** The change's audit entry (lib/audit.ts), in the same transaction. */
  audit?: TransactItem,
): Promise<DetailsWrite> {
  const { siteId, userId } = user;
  const next: UserRecord = { ...user, ...change, updatedAt: now.toISOString() };
  // The subscriber index keys follow the email: a user without one leaves the (sparse) index.
  const subscriberKeys = userKeys.emailSubscribersIndex(siteId, user.createdAt, userId);
  const set = setClause({ ...change, updatedAt: next.updatedAt, ...(isSubscriber(next) ? subscriberKeys : {}) });
  const remove = isSubscriber(next) ? [] : Object.keys(subscriberKeys);
  const ops: { label: UniqueField | 'stale' | null; op: TransactItem }[] = [
    {
      label: 'stale',
      op: {
        Update: {
          TableName: table(),
          Key: keys.user(siteId, userId),
          UpdateExpression: set.expression + (remove.length ? ` REMOVE ${remove.join(', ')}` : ''),
          ExpressionAttributeNames: set.names,
          ExpressionAttributeValues: { ...set.values, ':prev': user.updatedAt },
          ConditionExpression: 'attribute_exists(pk) AND updatedAt = :prev',
        },
      },
    },
    {
      label: null,
      op: {
        Update: {
          TableName: table(),
          Key: userKeys.legalEntity(siteId, user.legalEntityId),
          UpdateExpression: 'SET #name = :name',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: { ':name': change.legalEntityName },
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
    },
  ];
  // A partner account holds no email guard (its identity is its link), so it moves none.
  if (next.email !== user.email && !user.partnerOfSiteId) {
    if (next.email) ops.push({ label: 'email', op: guardPut(userKeys.userEmail(siteId, next.email), 'email', userId) });
    if (user.email)
      ops.push({ label: null, op: { Delete: { TableName: table(), Key: userKeys.userEmail(siteId, user.email) } } });
  }
  const [before, after] = [primaryIdentity(user.phoneNumbers), primaryIdentity(next.phoneNumbers)];
  if (!samePhone(before, after)) {
    if (after) ops.push({ label: 'phone', op: guardPut(phoneKey(siteId, after), 'phone', userId) });
    if (before) ops.push({ label: null, op: { Delete: { TableName: table(), Key: phoneKey(siteId, before) } } });
  }
  const [oldTokens, newTokens] = [new Set(searchTokens(user)), new Set(searchTokens(next))];
  for (const t of oldTokens)
    if (!newTokens.has(t))
      ops.push({
        label: null,
        op: { Delete: { TableName: table(), Key: userKeys.userSearchToken(siteId, t, userId) } },
      });
  for (const t of newTokens)
    if (!oldTokens.has(t))
      ops.push({ label: null, op: { Put: { TableName: table(), Item: searchTokenItem(siteId, userId, t) } } });
  if (audit) ops.push({ label: null, op: audit });
  const written = await transactUnique(ops);
  return written.ok ? { ok: true, user: next } : written;
}

/**
 * An update of the user items of other domains' denormalised fields (customer group, permission
 * group), for their transactions. `remove` clears fields; `onlyIf` guards against a concurrent change.
 */
export function userFieldsOp(
  siteId: SiteId,
  userId: string,
  fields: Partial<Pick<UserRecord, 'leGroupId' | 'leGroupName' | 'rbacUserGroupId' | 'rbacUserGroupName'>>,
  remove: (keyof UserRecord)[] = [],
  onlyIf?: { field: 'leGroupId' | 'rbacUserGroupId' | 'userType'; equals: string },
): TransactItem {
  const set = setClause(fields);
  const values = { ...set.values, ...(onlyIf ? { ':only': onlyIf.equals } : {}) };
  return {
    Update: {
      TableName: table(),
      Key: keys.user(siteId, userId),
      UpdateExpression: [set.expression, remove.length ? `REMOVE ${remove.map((_, i) => `#r${i}`).join(', ')}` : '']
        .filter(Boolean)
        .join(' '),
      ExpressionAttributeNames: {
        ...set.names,
        ...Object.fromEntries(remove.map((k, i) => [`#r${i}`, k])),
        ...(onlyIf ? { '#only': onlyIf.field } : {}),
      },
      // DynamoDB refuses an empty value map.
      ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
      ConditionExpression: onlyIf ? 'attribute_exists(pk) AND #only = :only' : 'attribute_exists(pk)',
    },
  };
}

/** Applies one user update outside a transaction; false when its condition no longer holds. */
export async function applyUserUpdate(op: TransactItem): Promise<boolean> {
  return writeOrFalse(new UpdateCommand(op.Update!));
}

// ---------------------------------------------------------------------------------------------------
// Legal entities

export async function getLegalEntity(siteId: SiteId, leId: string): Promise<LegalEntityRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: userKeys.legalEntity(siteId, leId) }));
  if (!Item) return null;
  const { pk: _pk, sk: _sk, type: _type, ...rest } = Item;
  return rest as unknown as LegalEntityRecord;
}

/**
 * The consumer site's partner account on a supplier site: the user id its link guard names (written
 * with the account, in one transaction).
 */
export async function partnerAccountUserId(supplierSiteId: SiteId, consumerSiteId: SiteId): Promise<string | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: table(), Key: userKeys.partnerAccount(supplierSiteId, consumerSiteId) }),
  );
  return (Item?.userId as string | undefined) ?? null;
}

/** Legal entity id → name, for the ids given (unknown ones left out). */
export async function legalEntityNames(siteId: SiteId, leIds: readonly string[]): Promise<Map<string, string>> {
  const items = await batchGet(
    leIds.map((id) => userKeys.legalEntity(siteId, id)),
    { projection: 'legalEntityId, #n', names: { '#n': 'name' } },
  );
  return new Map(items.map((i) => [String(i.legalEntityId), String(i.name ?? '')]));
}

/** The users who book as a legal entity (its member items). */
export async function legalEntityUserIds(siteId: SiteId, leId: string): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': userKeys.legalEntityPk(siteId, leId),
      ':prefix': userKeys.legalEntityMemberPrefix,
    },
    ProjectionExpression: 'userId',
  });
  return items.map((i) => String(i.userId));
}

// ---------------------------------------------------------------------------------------------------
// Look-to-book counters

export type FlightActivityKind = 'look' | 'book';
export interface MonthActivity {
  look_count: number;
  book_count: number;
}

/** One atomic ADD on the user's counter item of that month (created on first use). */
export async function addFlightActivity(
  siteId: SiteId,
  userId: string,
  kind: FlightActivityKind,
  month: string,
): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: userKeys.flightActivity(siteId, userId, month),
      UpdateExpression: `ADD ${kind === 'look' ? 'look_count' : 'book_count'} :one SET #type = :type, userId = :user, #month = :month`,
      ExpressionAttributeNames: { '#type': 'type', '#month': 'month' },
      ExpressionAttributeValues: { ':one': 1, ':type': 'FlightActivity', ':user': userId, ':month': month },
    }),
  );
}

/** Counters of the months from `fromMonth` to `toMonth` (inclusive, `YYYY-MM`), by month. */
export async function flightActivity(
  siteId: SiteId,
  userId: string,
  fromMonth: string,
  toMonth: string,
): Promise<Map<string, MonthActivity>> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': userKeys.flightActivityPk(siteId, userId),
        ':from': fromMonth,
        ':to': toMonth,
      },
    }),
  );
  return new Map(
    (res.Items ?? []).map((i) => [
      String(i.sk),
      { look_count: Number(i.look_count ?? 0), book_count: Number(i.book_count ?? 0) },
    ]),
  );
}

// ---------------------------------------------------------------------------------------------------
// Data written before customer numbers existed

/**
 * Gives users created before customer numbers, search tokens and the user counter existed their
 * staff-screen items. Idempotent: a user that has a number already is left alone.
 */
export async function indexLegacyUsers(siteId: SiteId): Promise<number> {
  const users = await queryAll({
    IndexName: TABLE.indexes.gsi1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': userKeys.usersIndexPk(siteId) },
  });
  let indexed = 0;
  for (const user of users.map(toUserRecord)) {
    if (user.customerNo) continue;
    const customerNo = await nextCustomerNo(siteId);
    const next: UserRecord = { ...user, customerNo, emailSubscribed: user.emailSubscribed ?? true };
    const set = setClause({
      customerNo,
      emailSubscribed: next.emailSubscribed,
      ...(isSubscriber(next) ? userKeys.emailSubscribersIndex(siteId, user.createdAt, user.userId) : {}),
    });
    const written = await transactUnique([
      {
        label: 'stale',
        op: {
          Update: {
            TableName: table(),
            Key: keys.user(siteId, user.userId),
            UpdateExpression: set.expression,
            ExpressionAttributeNames: set.names,
            ExpressionAttributeValues: set.values,
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(customerNo)',
          },
        },
      },
      ...customerIndexItems(next, searchTokens(next)).map((op) => ({ label: null, op })),
    ]);
    if (written.ok) indexed++;
  }
  return indexed;
}
