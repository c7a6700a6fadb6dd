import { tableName, type TransactItem } from '#lib/db';
import { keys, type SiteId } from '#lib/keys';
import { rbacKeys } from './keys.ts';

const table = () => tableName();

/**
 * A staff user's membership items for a transaction the users domain makes (an invite with a group, a revoked
 * invite): joining checks the group still exists.
 */
export const memberJoin = (siteId: SiteId, groupId: string, userId: string): TransactItem[] => [
  {
    ConditionCheck: {
      TableName: table(),
      Key: keys.rbacGroup(siteId, groupId),
      ConditionExpression: 'attribute_exists(pk)',
    },
  },
  {
    Put: { TableName: table(), Item: { ...rbacKeys.rbacMember(siteId, groupId, userId), type: 'RbacMember', userId } },
  },
];
export const memberLeave = (siteId: SiteId, groupId: string, userId: string): TransactItem[] => [
  { Delete: { TableName: table(), Key: rbacKeys.rbacMember(siteId, groupId, userId) } },
];
