import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@tp/contracts/platform';
import { db, tableName } from '#lib/db';
import { keys } from '#lib/keys';
import { queryAll, transactUnique, type TransactItem } from '../users/dynamo.ts';

/**
 * A permission group (item type 'RbacGroup'). `permissions` holds the granted keys: lib/permissions.ts
 * reads exactly this attribute on every permission check.
 */
export interface RbacGroupRecord {
  siteId: string;
  groupId: string;
  groupName: string;
  permissions: string[];
  createdAt: string;
  updatedAt: string;
}

export type RbacWrite = { ok: true } | { ok: false; taken: ('name' | 'group' | 'user')[] };

const table = () => tableName();

const toGroup = (item: Record<string, unknown>): RbacGroupRecord => ({
  siteId: String(item.siteId),
  groupId: String(item.groupId),
  groupName: String(item.groupName),
  permissions: Array.isArray(item.permissions) ? (item.permissions as string[]) : [],
  createdAt: String(item.createdAt),
  updatedAt: String(item.updatedAt),
});

export async function listGroups(siteId: string): Promise<RbacGroupRecord[]> {
  const items = await queryAll({
    IndexName: TABLE.indexes.gsi1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.rbacGroupsPk(siteId) },
  });
  return items.map(toGroup);
}

export async function getGroup(siteId: string, groupId: string): Promise<RbacGroupRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: keys.rbacGroup(siteId, groupId) }));
  return Item ? toGroup(Item) : null;
}

const nameGuard = (g: RbacGroupRecord): TransactItem => ({
  Put: {
    TableName: table(),
    Item: { ...keys.rbacGroupName(g.siteId, g.groupName), type: 'Unique', kind: 'rbacGroupName', groupId: g.groupId },
    ConditionExpression: 'attribute_not_exists(pk) OR groupId = :me',
    ExpressionAttributeValues: { ':me': g.groupId },
  },
});

const groupItem = (g: RbacGroupRecord) => ({
  ...keys.rbacGroup(g.siteId, g.groupId),
  ...keys.rbacGroupsIndex(g.siteId, g.groupName, g.groupId),
  type: 'RbacGroup',
  ...g,
});

export function createGroup(g: RbacGroupRecord): Promise<RbacWrite> {
  return transactUnique<'name' | 'group' | 'user'>([
    {
      label: null,
      op: { Put: { TableName: table(), Item: groupItem(g), ConditionExpression: 'attribute_not_exists(pk)' } },
    },
    { label: 'name', op: nameGuard(g) },
  ]);
}

/** Replaces a group's name and grants, only if nobody saved it since it was read; the name guard moves along. */
export function updateGroup(prev: RbacGroupRecord, next: RbacGroupRecord): Promise<RbacWrite> {
  const guardMoves =
    keys.rbacGroupName(prev.siteId, prev.groupName).pk !== keys.rbacGroupName(next.siteId, next.groupName).pk;
  return transactUnique<'name' | 'group' | 'user'>([
    {
      label: 'group',
      op: {
        Put: {
          TableName: table(),
          Item: groupItem(next),
          ConditionExpression: 'attribute_exists(pk) AND updatedAt = :prev',
          ExpressionAttributeValues: { ':prev': prev.updatedAt },
        },
      },
    },
    ...(guardMoves
      ? [
          { label: 'name' as const, op: nameGuard(next) },
          { label: null, op: { Delete: { TableName: table(), Key: keys.rbacGroupName(prev.siteId, prev.groupName) } } },
        ]
      : []),
  ]);
}

export async function memberIds(siteId: string, groupId: string): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.rbacGroup(siteId, groupId).pk, ':prefix': keys.rbacMemberPrefix },
    ProjectionExpression: 'userId',
  });
  return items.map((i) => String(i.userId));
}

/**
 * Moves a user between groups in one transaction: the user item (`userOp`, which checks the user is
 * still staff), the new membership (while the group exists) and the old membership's removal.
 */
export function moveMember(
  siteId: string,
  userId: string,
  from: string | null,
  to: string | null,
  userOp: TransactItem,
): Promise<RbacWrite> {
  return transactUnique<'name' | 'group' | 'user'>([
    { label: 'user', op: userOp },
    ...(to
      ? [
          {
            label: 'group' as const,
            op: {
              ConditionCheck: {
                TableName: table(),
                Key: keys.rbacGroup(siteId, to),
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
          },
          {
            label: null,
            op: {
              Put: { TableName: table(), Item: { ...keys.rbacMember(siteId, to, userId), type: 'RbacMember', userId } },
            },
          },
        ]
      : []),
    ...(from && from !== to
      ? [{ label: null, op: { Delete: { TableName: table(), Key: keys.rbacMember(siteId, from, userId) } } }]
      : []),
  ]);
}
