/**
 * How a user is laid out in the table: the user item, its search tokens and the items that index it
 * for the staff screens. Shared by the account and customer repos (and the domains that write
 * denormalised fields onto user items in their own transactions).
 */
import { tableName, type TransactItem } from '#lib/db';
import { keys, type Key, type SiteId } from '#lib/keys';
import { userKeys } from './keys.ts';
import type { PhoneIdentity } from './phone.ts';
import type { UserRecord } from './record.ts';

const table = () => tableName();
export const phoneKey = (siteId: SiteId, p: PhoneIdentity): Key => userKeys.userPhone(siteId, p.countryCode, p.e164);

/** On the email-subscriber index while subscribed and reachable by mail (a sparse index). */
export const isSubscriber = (u: Pick<UserRecord, 'emailSubscribed' | 'email'>): boolean =>
  u.emailSubscribed === true && u.email !== '';

export function userItem(u: UserRecord): Record<string, unknown> {
  return {
    ...keys.user(u.siteId, u.userId),
    ...userKeys.usersIndex(u.siteId, u.createdAt, u.userId),
    ...(isSubscriber(u) ? userKeys.emailSubscribersIndex(u.siteId, u.createdAt, u.userId) : {}),
    type: 'User',
    ...u,
  };
}

export function toUserRecord(item: Record<string, unknown>): UserRecord {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, gsi2pk: _g3, gsi2sk: _g4, type: _type, ...rest } = item;
  return rest as unknown as UserRecord;
}

/** Search-token items of a user, for the create / update transactions. */
export const searchTokenItem = (siteId: SiteId, userId: string, token: string): Record<string, unknown> => ({
  ...userKeys.userSearchToken(siteId, token, userId),
  type: 'UserSearchToken',
  userId,
});

/**
 * The items that index a new user for the staff screens: its customer-number pointer, the site's user
 * count, its membership of its legal entity and its search tokens. Part of the create transaction.
 */
export function customerIndexItems(user: UserRecord, tokens: string[]): TransactItem[] {
  const { siteId, userId } = user;
  return [
    ...(user.customerNo
      ? [
          {
            Put: {
              TableName: table(),
              Item: { ...userKeys.customerNo(siteId, user.customerNo), type: 'CustomerNo', userId },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ]
      : []),
    {
      Update: {
        TableName: table(),
        Key: keys.userCounter(siteId),
        UpdateExpression: 'ADD userCount :one SET #type = :type',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':one': 1, ':type': 'UserCounter' },
      },
    },
    {
      Put: {
        TableName: table(),
        Item: { ...userKeys.legalEntityMember(siteId, user.legalEntityId, userId), type: 'LegalEntityMember', userId },
      },
    },
    ...tokens.map((t) => ({ Put: { TableName: table(), Item: searchTokenItem(siteId, userId, t) } })),
  ];
}

/** A staff user's entry in the site's staff list (userKeys.staffMember), written with the user. */
export const staffIndexPut = (user: Pick<UserRecord, 'siteId' | 'userId' | 'createdAt'>): TransactItem => ({
  Put: {
    TableName: table(),
    Item: {
      ...userKeys.staffMember(user.siteId, user.createdAt, user.userId),
      type: 'StaffMember',
      userId: user.userId,
    },
  },
});
