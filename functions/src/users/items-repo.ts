/**
 * How a user is laid out in the table: the user item, its search tokens and the items that index it
 * for the staff screens. Shared by the account and customer repos (and the domains that write
 * denormalised fields onto user items in their own transactions).
 */
import { tableName, type TransactItem } from '#lib/db';
import { keys, type Key, type SiteId } from '#lib/keys';
import { userKeys } from './keys.ts';
import { primaryIdentity, type PhoneIdentity } from './phone.ts';
import type { LegalEntityRecord, UniqueField, UserRecord } from './record.ts';
import { searchTokens } from './search.ts';
import type { SocialProvider } from './social.ts';

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

/**
 * Every item of a new account, labelled with the uniqueness guard it is (null: no guard): what insertAccount
 * writes in one transaction, and what the data-volume generator writes in batches.
 */
export function newAccountItems(
  user: UserRecord,
  le: LegalEntityRecord,
  social?: { provider: SocialProvider; subject: string },
  extra: TransactItem[] = [],
  options: { joinsLegalEntity?: boolean } = {},
): { label: UniqueField | null; op: TransactItem }[] {
  const guard = (key: Key, kind: UniqueField) => ({
    label: kind,
    put: {
      TableName: table(),
      Item: { ...key, type: 'Unique', kind, userId: user.userId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
  const phone = primaryIdentity(user.phoneNumbers);
  const items = [
    { label: null, put: { TableName: table(), Item: userItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },

    // A partner account's email is a contact, not a sign-in: without an email guard it neither blocks an
    // account with that address nor is found through it by login or password mail (docs/suppliers.md).
    ...(user.partnerOfSiteId
      ? [guard(userKeys.partnerAccount(user.siteId, user.partnerOfSiteId), 'partner')]
      : user.email
        ? [guard(userKeys.userEmail(user.siteId, user.email), 'email')]
        : []),
    ...(phone ? [guard(phoneKey(user.siteId, phone), 'phone')] : []),
    ...(social ? [guard(userKeys.userSocial(user.siteId, social.provider, social.subject), 'social')] : []),
  ];
  const leKey = userKeys.legalEntity(le.siteId, le.legalEntityId);
  // A member of an agency or company joins its legal entity, which must still exist; anyone else gets a new one.
  const legalEntity = options.joinsLegalEntity
    ? { ConditionCheck: { TableName: table(), Key: leKey, ConditionExpression: 'attribute_exists(pk)' } }
    : {
        Put: {
          TableName: table(),
          Item: { ...leKey, type: 'LegalEntity', ...le },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      };
  return [
    { label: null, op: legalEntity },
    ...items.map((i) => ({ label: i.label, op: { Put: i.put } })),
    ...customerIndexItems(user, searchTokens(user)).map((op) => ({ label: null, op })),
    ...(user.userType === 'staff' ? [{ label: null, op: staffIndexPut(user) }] : []),
    ...extra.map((op) => ({ label: null, op })),
  ];
}
