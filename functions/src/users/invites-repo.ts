/**
 * Staff invites and the staff list as stored: the invited user is an ordinary user item without a password, its
 * set-password link the same `resetLink` a password reset uses (reset-link.ts), and each staff user has an entry
 * in the site's staff list (userKeys.staffMember).
 */
import { queryPage, tableName, transactOrFalse, type Page, type TransactItem } from '#lib/db';
import { keys, type SiteId } from '#lib/keys';
import { primaryIdentity } from './phone.ts';
import { searchTokens } from './search.ts';
import { phoneKey } from './items-repo.ts';
import { userKeys } from './keys.ts';
import type { UserRecord } from './record.ts';

const table = () => tableName();

/** Still an open invite: never set a password, not deactivated. */
const PENDING = 'attribute_exists(pk) AND attribute_not_exists(passwordHash) AND isBlocked = :no';

/**
 * Mails a new link for an open invite: the new secret's hash replaces the live link (the older link dies), with
 * the audit entry in the same transaction. False when the invite is no longer open (accepted, revoked, deactivated).
 */
export function reissueInvite(
  user: Pick<UserRecord, 'siteId' | 'userId'>,
  link: { id: string; expiresAt: number },
  invited: Required<Pick<UserRecord, 'invitedAt' | 'invitedBy'>>,
  audit: TransactItem,
): Promise<boolean> {
  return transactOrFalse([
    {
      Update: {
        TableName: table(),
        Key: keys.user(user.siteId, user.userId),
        UpdateExpression: 'SET resetLink = :link, invitedAt = :at, invitedBy = :by, updatedAt = :at',
        ConditionExpression: PENDING,
        ExpressionAttributeValues: { ':link': link, ':at': invited.invitedAt, ':by': invited.invitedBy, ':no': false },
      },
    },
    audit,
  ]);
}

/**
 * Removes an invited user who never set a password, with everything its creation wrote (guards, legal entity,
 * customer indexes, the staff-list entry) and `extra` (the audit entry, a group membership) in one transaction.
 * False when the invite was accepted (or the user changed) meanwhile: nothing is removed then.
 */
export function removeInvitedUser(user: UserRecord, extra: TransactItem[]): Promise<boolean> {
  const { siteId, userId } = user;
  const del = (key: { pk: string; sk: string }): TransactItem => ({ Delete: { TableName: table(), Key: key } });
  const phone = primaryIdentity(user.phoneNumbers);
  return transactOrFalse([
    {
      Delete: {
        TableName: table(),
        Key: keys.user(siteId, userId),
        ConditionExpression: `${PENDING} AND updatedAt = :seen`,
        ExpressionAttributeValues: { ':no': false, ':seen': user.updatedAt },
      },
    },
    ...(user.email ? [del(userKeys.userEmail(siteId, user.email))] : []),
    ...(phone ? [del(phoneKey(siteId, phone))] : []),
    del(userKeys.legalEntity(siteId, user.legalEntityId)),
    del(userKeys.legalEntityMember(siteId, user.legalEntityId, userId)),
    ...(user.customerNo ? [del(userKeys.customerNo(siteId, user.customerNo))] : []),
    ...searchTokens(user).map((t) => del(userKeys.userSearchToken(siteId, t, userId))),
    del(userKeys.staffMember(siteId, user.createdAt, userId)),
    {
      Update: {
        TableName: table(),
        Key: keys.userCounter(siteId),
        UpdateExpression: 'ADD userCount :less',
        ExpressionAttributeValues: { ':less': -1 },
      },
    },
    ...extra,
  ]);
}

/** The site's staff users' ids, a page at a time, oldest first. */
export function staffIdsPage(
  siteId: SiteId,
  page: { cursor?: string | undefined; limit: number },
): Promise<Page<string>> {
  return queryPage('table', userKeys.staffPk(siteId), page, (item) => String(item.userId));
}

/**
 * Deactivates or reactivates a staff user, with its audit entry, while it is the version read (`updatedAt`).
 * Deactivating also removes the live password link, so an open invite or a reset link cannot revive the account.
 * False when the user changed meanwhile or is not staff.
 */
export function setStaffDeactivated(
  user: Pick<UserRecord, 'siteId' | 'userId' | 'updatedAt'>,
  deactivated: boolean,
  now: Date,
  audit: TransactItem,
): Promise<boolean> {
  return transactOrFalse([
    {
      Update: {
        TableName: table(),
        Key: keys.user(user.siteId, user.userId),
        UpdateExpression: `SET isBlocked = :b, updatedAt = :now${deactivated ? ' REMOVE resetLink' : ''}`,
        ConditionExpression: 'attribute_exists(pk) AND userType = :staff AND updatedAt = :seen',
        ExpressionAttributeValues: {
          ':b': deactivated,
          ':now': now.toISOString(),
          ':staff': 'staff',
          ':seen': user.updatedAt,
        },
      },
    },
    audit,
  ]);
}
