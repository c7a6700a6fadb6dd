import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@tp/contracts/platform';
import { db, tableName, queryAll, transactUnique, type TransactItem } from '#lib/db';
import { keys, type SiteId } from '#lib/keys';
import { rbacKeys } from './keys.ts';

/**
 * A permission group (item type 'RbacGroup'). `permissions` holds the granted keys: lib/permissions.ts
 * reads exactly this attribute on every permission check.
 */
export interface RbacGroupRecord {
  siteId: SiteId;
  groupId: string;
  groupName: string;
  permissions: string[];
  createdAt: string;
  updatedAt: string;
}

export type RbacWrite = { ok: true } | { ok: false; taken: ('name' | 'group' | 'user')[] };

const table = () => tableName();

const toGroup = (item: Record<string, unknown>): RbacGroupRecord => ({
  siteId: item.siteId as SiteId,
  groupId: String(item.groupId),
  groupName: String(item.groupName),
  permissions: Array.isArray(item.permissions) ? (item.permissions as string[]) : [],
  createdAt: String(item.createdAt),
  updatedAt: String(item.updatedAt),
});

export async function listGroups(siteId: SiteId): Promise<RbacGroupRecord[]> {
  const items = await queryAll({
    IndexName: TABLE.indexes.gsi1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': rbacKeys.rbacGroupsPk(siteId) },
  });
  return items.map(toGroup);
}

export async function getGroup(siteId: SiteId, groupId: string): Promise<RbacGroupRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: keys.rbacGroup(siteId, groupId) }));
  return Item ? toGroup(Item) : null;
}

const nameGuard = (g: RbacGroupRecord): TransactItem => ({
  Put: {
    TableName: table(),
    Item: {
      ...rbacKeys.rbacGroupName(g.siteId, g.groupName),
      type: 'Unique',
      kind: 'rbacGroupName',
      groupId: g.groupId,
    },
    ConditionExpression: 'attribute_not_exists(pk) OR groupId = :me',
    ExpressionAttributeValues: { ':me': g.groupId },
  },
});

const groupItem = (g: RbacGroupRecord) => ({
  ...keys.rbacGroup(g.siteId, g.groupId),
  ...rbacKeys.rbacGroupsIndex(g.siteId, g.groupName, g.groupId),
  type: 'RbacGroup',
  ...g,
});

/** The change's audit entry (lib/audit.ts), in the change's transaction. */
const withAudit = (audit: TransactItem | undefined) => (audit ? [{ label: null, op: audit }] : []);

export function createGroup(g: RbacGroupRecord, audit?: TransactItem): Promise<RbacWrite> {
  return transactUnique<'name' | 'group' | 'user'>([
    ...withAudit(audit),
    {
      label: null,
      op: { Put: { TableName: table(), Item: groupItem(g), ConditionExpression: 'attribute_not_exists(pk)' } },
    },
    { label: 'name', op: nameGuard(g) },
  ]);
}

/** Replaces a group's name and grants, only if nobody saved it since it was read; the name guard moves along. */
export function updateGroup(prev: RbacGroupRecord, next: RbacGroupRecord, audit?: TransactItem): Promise<RbacWrite> {
  const guardMoves =
    rbacKeys.rbacGroupName(prev.siteId, prev.groupName).pk !== rbacKeys.rbacGroupName(next.siteId, next.groupName).pk;
  return transactUnique<'name' | 'group' | 'user'>([
    ...withAudit(audit),
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
          {
            label: null,
            op: { Delete: { TableName: table(), Key: rbacKeys.rbacGroupName(prev.siteId, prev.groupName) } },
          },
        ]
      : []),
  ]);
}

export async function memberIds(siteId: SiteId, groupId: string): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.rbacGroup(siteId, groupId).pk, ':prefix': rbacKeys.rbacMemberPrefix },
    ProjectionExpression: 'userId',
  });
  return items.map((i) => String(i.userId));
}

/**
 * Moves a user between groups in one transaction: the user item (`userOp`, which checks the user is
 * still staff), the new membership (while the group exists) and the old membership's removal.
 */
export function moveMember(
  siteId: SiteId,
  userId: string,
  from: string | null,
  to: string | null,
  userOp: TransactItem,
  audit?: TransactItem,
): Promise<RbacWrite> {
  return transactUnique<'name' | 'group' | 'user'>([
    ...withAudit(audit),
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
              Put: {
                TableName: table(),
                Item: { ...rbacKeys.rbacMember(siteId, to, userId), type: 'RbacMember', userId },
              },
            },
          },
        ]
      : []),
    ...(from && from !== to
      ? [{ label: null, op: { Delete: { TableName: table(), Key: rbacKeys.rbacMember(siteId, from, userId) } } }]
      : []),
  ]);
}
