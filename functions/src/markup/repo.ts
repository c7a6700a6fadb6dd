import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@tp/contracts/platform';
import { db, tableName, queryAll, setClause, transactUnique, type TransactItem } from '#lib/db';
import { type SiteId } from '#lib/keys';
import { markupKeys } from './keys.ts';
import { legalEntityKey } from '../users/records.ts';

/** A customer group of the site owner (item type 'LeGroup'). */
export interface LeGroupRecord {
  siteId: SiteId;
  groupId: string;
  groupName: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * The group side of the owner's relation to a legal entity (item type 'LeRelation'). The suppliers
 * work keeps the TDS config on the same item; each side only SETs its own attributes.
 */
export interface LeRelationRecord {
  siteId: SiteId;
  legalEntityId: string;
  groupId?: string;
}

export type GroupWrite = { ok: true } | { ok: false; taken: ('name' | 'group')[] };

const table = () => tableName();

const toGroup = (item: Record<string, unknown>): LeGroupRecord => ({
  siteId: item.siteId as SiteId,
  groupId: String(item.groupId),
  groupName: String(item.groupName),
  createdAt: String(item.createdAt),
  updatedAt: String(item.updatedAt),
});

/** All groups of a site, by name (a site has a handful). */
export async function listGroups(siteId: SiteId): Promise<LeGroupRecord[]> {
  const items = await queryAll({
    IndexName: TABLE.indexes.gsi1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': markupKeys.leGroupsPk(siteId) },
  });
  return items.map(toGroup);
}

export async function getGroup(siteId: SiteId, groupId: string): Promise<LeGroupRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: markupKeys.leGroup(siteId, groupId) }));
  return Item ? toGroup(Item) : null;
}

const nameGuard = (g: LeGroupRecord): TransactItem => ({
  Put: {
    TableName: table(),
    Item: { ...markupKeys.leGroupName(g.siteId, g.groupName), type: 'Unique', kind: 'leGroupName', groupId: g.groupId },
    ConditionExpression: 'attribute_not_exists(pk) OR groupId = :me',
    ExpressionAttributeValues: { ':me': g.groupId },
  },
});

/** The change's audit entry (lib/audit.ts), in the change's transaction. */
const withAudit = (audit: TransactItem | undefined) => (audit ? [{ label: null, op: audit }] : []);

/** A new group and its name guard, together. */
export function createGroup(g: LeGroupRecord, audit?: TransactItem): Promise<GroupWrite> {
  return transactUnique<'name' | 'group'>([
    ...withAudit(audit),
    {
      label: null,
      op: {
        Put: {
          TableName: table(),
          Item: {
            ...markupKeys.leGroup(g.siteId, g.groupId),
            ...markupKeys.leGroupsIndex(g.siteId, g.groupName, g.groupId),
            type: 'LeGroup',
            ...g,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    { label: 'name', op: nameGuard(g) },
  ]);
}

/**
 * A new site's default customer group, for the transaction that creates the site: the group, its name guard and
 * the owner's legal entity holding it as the default (that item created here: a new site has none yet).
 */
export function newSiteDefaultGroupItems(
  g: LeGroupRecord,
  ownerLegalEntityId: string,
  ownerName: string,
): TransactItem[] {
  return [
    {
      Put: {
        TableName: table(),
        Item: {
          ...markupKeys.leGroup(g.siteId, g.groupId),
          ...markupKeys.leGroupsIndex(g.siteId, g.groupName, g.groupId),
          type: 'LeGroup',
          ...g,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    nameGuard(g),
    {
      Put: {
        TableName: table(),
        Item: {
          ...legalEntityKey(g.siteId, ownerLegalEntityId),
          type: 'LegalEntity',
          siteId: g.siteId,
          legalEntityId: ownerLegalEntityId,
          name: ownerName,
          kind: 'company',
          ownerLegalEntityId,
          defaultLEGroupId: g.groupId,
          createdAt: g.createdAt,
          updatedAt: g.createdAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/** Renames a group; its name guard moves with it in the same transaction. */
export function renameGroup(prev: LeGroupRecord, next: LeGroupRecord, audit?: TransactItem): Promise<GroupWrite> {
  const guardMoves =
    markupKeys.leGroupName(prev.siteId, prev.groupName).pk !== markupKeys.leGroupName(next.siteId, next.groupName).pk;
  return transactUnique<'name' | 'group'>([
    ...withAudit(audit),
    {
      label: 'group',
      op: {
        Update: {
          TableName: table(),
          Key: markupKeys.leGroup(next.siteId, next.groupId),
          UpdateExpression: 'SET groupName = :name, gsi1sk = :sort, updatedAt = :now',
          ExpressionAttributeValues: {
            ':name': next.groupName,
            ':sort': markupKeys.leGroupsIndex(next.siteId, next.groupName, next.groupId).gsi1sk,
            ':now': next.updatedAt,
          },
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
    },
    ...(guardMoves
      ? [
          { label: 'name' as const, op: nameGuard(next) },
          {
            label: null,
            op: { Delete: { TableName: table(), Key: markupKeys.leGroupName(prev.siteId, prev.groupName) } },
          },
        ]
      : []),
  ]);
}

/** The default group id, held on the site owner's legal entity. */
export async function defaultGroupId(siteId: SiteId, ownerLegalEntityId: string): Promise<string | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: table(),
      Key: legalEntityKey(siteId, ownerLegalEntityId),
      ProjectionExpression: 'defaultLEGroupId',
    }),
  );
  return (Item?.defaultLEGroupId as string | undefined) ?? null;
}

const groupExists = (siteId: SiteId, groupId: string): TransactItem => ({
  ConditionCheck: {
    TableName: table(),
    Key: markupKeys.leGroup(siteId, groupId),
    ConditionExpression: 'attribute_exists(pk)',
  },
});

/**
 * Sets the default group on the owner's legal entity (creating that item's record if the seed did not), with the
 * change's audit entry when given.
 */
export function setDefaultGroup(
  siteId: SiteId,
  ownerLegalEntityId: string,
  groupId: string,
  now: Date,
  audit?: TransactItem,
): Promise<GroupWrite> {
  return transactUnique<'name' | 'group'>([
    ...(audit ? [{ label: null, op: audit }] : []),
    { label: 'group', op: groupExists(siteId, groupId) },
    {
      label: null,
      op: {
        Update: {
          TableName: table(),
          Key: legalEntityKey(siteId, ownerLegalEntityId),
          UpdateExpression:
            'SET defaultLEGroupId = :g, #type = if_not_exists(#type, :type), siteId = :site, legalEntityId = :le, updatedAt = :now',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: {
            ':g': groupId,
            ':type': 'LegalEntity',
            ':site': siteId,
            ':le': ownerLegalEntityId,
            ':now': now.toISOString(),
          },
        },
      },
    },
  ]);
}

export async function getRelation(siteId: SiteId, leId: string): Promise<LeRelationRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: table(), Key: markupKeys.leRelation(siteId, leId), ProjectionExpression: 'groupId' }),
  );
  if (!Item) return null;
  return {
    siteId,
    legalEntityId: leId,
    ...(typeof Item.groupId === 'string' ? { groupId: Item.groupId } : {}),
  };
}

/** Updates (or starts) the relation item, keeping its other fields. */
function relationUpdate(siteId: SiteId, leId: string, fields: Record<string, unknown>): TransactItem {
  const set = setClause({ ...fields, type: 'LeRelation', siteId, legalEntityId: leId });
  return {
    Update: {
      TableName: table(),
      Key: markupKeys.leRelation(siteId, leId),
      UpdateExpression: set.expression,
      ExpressionAttributeNames: set.names,
      ExpressionAttributeValues: set.values,
    },
  };
}

/**
 * Maps a legal entity to a group and copies the group onto its users' items (`userOps`), in one
 * transaction while the group exists. A legal entity has one user in practice; should it have more
 * than a transaction holds, the rest follow in further transactions.
 */
export async function mapLegalEntity(
  siteId: SiteId,
  leId: string,
  groupId: string,
  userOps: TransactItem[],
  audit?: TransactItem,
): Promise<GroupWrite> {
  // At most 100 items a transaction: the group check, the relation, the audit entry and the first users.
  const inFirst = audit ? 97 : 98;
  const first = userOps.slice(0, inFirst);
  const written = await transactUnique<'name' | 'group'>([
    ...withAudit(audit),
    { label: 'group', op: groupExists(siteId, groupId) },
    {
      label: null,
      op: relationUpdate(siteId, leId, { groupId, ...markupKeys.leGroupMembersIndex(siteId, groupId, leId) }),
    },
    ...first.map((op) => ({ label: null, op })),
  ]);
  for (let i = inFirst; written.ok && i < userOps.length; i += 99)
    await db().send(new TransactWriteCommand({ TransactItems: userOps.slice(i, i + 99) }));
  return written;
}

/** Legal entities mapped to a group. */
export async function groupLegalEntityIds(siteId: SiteId, groupId: string): Promise<string[]> {
  const items = await queryAll({
    IndexName: TABLE.indexes.gsi1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': markupKeys.leGroupMembersPk(siteId, groupId) },
  });
  return items.map((i) => String(i.legalEntityId));
}
