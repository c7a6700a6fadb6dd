/**
 * Markup rules of customer groups in DynamoDB. A rule is stored under its id; a slot item (group +
 * kind + airline/sector) holds the id of the one rule allowed there and is written in the same
 * transaction, so two rules can never share a slot. A group's rules come back in one query (gsi1)
 * and a kind's rules across the site's groups in another (gsi2); nothing scans.
 */
import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { MarkupKind } from '@tp/contracts/endpoints/markup';
import { TABLE } from '@tp/contracts/platform';
import type { MarkupRule } from '@tp/domain/pricing';
import { db, tableName, queryAll, transactUnique, type TransactItem } from '#lib/db';
import { fail } from '#lib/errors';
import { type SiteId } from '#lib/keys';
import { markupKeys } from './keys.ts';
import { legalEntityKey } from '../users/records.ts';

export interface MarkupRuleRecord extends MarkupRule {
  siteId: SiteId;
  markupId: string;
  groupId: string;
  kind: MarkupKind;
  /** What the rule applies to within its group and kind: 'ALL', an airline code, or a sector `DEL-BOM`. */
  slot: string;
  airlineCode?: string;
  origin?: string;
  destination?: string;
  createdAt: string;
  updatedAt: string;
}

export type RuleWrite = { ok: true } | { ok: false; taken: ('slot' | 'rule')[] };

const table = () => tableName();
const KIND_KEY: Record<MarkupKind, string> = { default: 'DEFAULT', airline: 'AIRLINE', fixedDeparture: 'FIXED' };

const RULE_FIELDS = [
  'siteId',
  'markupId',
  'groupId',
  'kind',
  'slot',
  'markupType',
  'markupValue',
  'discountType',
  'discountValue',
  'applyPer',
  'airlineCode',
  'origin',
  'destination',
  'createdAt',
  'updatedAt',
] as const;

const toRule = (item: Record<string, unknown>): MarkupRuleRecord =>
  Object.fromEntries(RULE_FIELDS.filter((f) => item[f] !== undefined).map((f) => [f, item[f]])) as never;

const ruleItem = (r: MarkupRuleRecord) => ({
  ...markupKeys.markupRule(r.siteId, r.markupId),
  ...markupKeys.markupsOfGroupIndex(r.siteId, r.groupId, KIND_KEY[r.kind], r.slot),
  ...markupKeys.markupsOfKindIndex(r.siteId, KIND_KEY[r.kind], r.groupId, r.slot),
  type: 'MarkupRule',
  ...r,
});

const slotKey = (r: MarkupRuleRecord) => markupKeys.markupSlot(r.siteId, r.groupId, KIND_KEY[r.kind], r.slot);

/** Claims a slot for a rule (free, or already its own). */
const claimSlot = (r: MarkupRuleRecord): TransactItem => ({
  Put: {
    TableName: table(),
    Item: { ...slotKey(r), type: 'Unique', kind: 'markupSlot', markupId: r.markupId },
    ConditionExpression: 'attribute_not_exists(pk) OR markupId = :me',
    ExpressionAttributeValues: { ':me': r.markupId },
  },
});

export async function getRule(siteId: SiteId, markupId: string): Promise<MarkupRuleRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: table(), Key: markupKeys.markupRule(siteId, markupId) }),
  );
  return Item ? toRule(Item) : null;
}

/** The id of the rule holding a slot, if any. */
export async function slotHolder(
  siteId: SiteId,
  groupId: string,
  kind: MarkupKind,
  slot: string,
): Promise<string | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: table(), Key: markupKeys.markupSlot(siteId, groupId, KIND_KEY[kind], slot) }),
  );
  return typeof Item?.markupId === 'string' ? Item.markupId : null;
}

/** The change's audit entry (lib/audit.ts), in the change's transaction. */
const withAudit = (audit: TransactItem | undefined) => (audit ? [{ label: null, op: audit }] : []);

/** A new rule and its slot, together (with its audit entry); fails with 'slot' when another rule holds the slot. */
export function createRule(r: MarkupRuleRecord, audit?: TransactItem): Promise<RuleWrite> {
  return transactUnique<'slot' | 'rule'>([
    ...withAudit(audit),
    {
      label: null,
      op: { Put: { TableName: table(), Item: ruleItem(r), ConditionExpression: 'attribute_not_exists(pk)' } },
    },
    { label: 'slot', op: claimSlot(r) },
  ]);
}

/** A new rule with its slot, as items of a larger transaction (a new site's default markup). */
export const newRuleItems = (r: MarkupRuleRecord): TransactItem[] => [
  { Put: { TableName: table(), Item: ruleItem(r), ConditionExpression: 'attribute_not_exists(pk)' } },
  claimSlot(r),
];

/**
 * Replaces a rule that has not changed since `prev` was read ('rule' otherwise); when its group,
 * airline or sector changes, its slot moves in the same transaction ('slot' when the new one is taken).
 */
export function updateRule(prev: MarkupRuleRecord, next: MarkupRuleRecord, audit?: TransactItem): Promise<RuleWrite> {
  const moves = slotKey(prev).pk !== slotKey(next).pk;
  return transactUnique<'slot' | 'rule'>([
    ...withAudit(audit),
    {
      label: 'rule',
      op: {
        Put: {
          TableName: table(),
          Item: ruleItem(next),
          ConditionExpression: 'updatedAt = :seen',
          ExpressionAttributeValues: { ':seen': prev.updatedAt },
        },
      },
    },
    ...(moves
      ? [
          { label: 'slot' as const, op: claimSlot(next) },
          { label: null, op: { Delete: { TableName: table(), Key: slotKey(prev) } } },
        ]
      : []),
  ]);
}

/** Removes a rule and frees its slot; 'rule' when it is already gone. */
export function deleteRule(r: MarkupRuleRecord, audit?: TransactItem): Promise<RuleWrite> {
  return transactUnique<'slot' | 'rule'>([
    ...withAudit(audit),
    {
      label: 'rule',
      op: {
        Delete: {
          TableName: table(),
          Key: markupKeys.markupRule(r.siteId, r.markupId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
    },
    {
      label: null,
      op: {
        Delete: {
          TableName: table(),
          Key: slotKey(r),
          ConditionExpression: 'attribute_not_exists(pk) OR markupId = :me',
          ExpressionAttributeValues: { ':me': r.markupId },
        },
      },
    },
  ]);
}

const INVALID_CURSOR = 'Invalid page cursor';

/** A page cursor is the query's last key, opaque to the client; one naming another partition is refused. */
function decodeCursor(cursor: string | undefined, pkName: string, pk: string): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (key && typeof key === 'object' && key[pkName] === pk) return key;
  } catch {
    // falls through to the refusal
  }
  throw fail.validation(INVALID_CURSOR, { cursor: INVALID_CURSOR });
}
const encodeCursor = (key: Record<string, unknown> | undefined) =>
  key ? Buffer.from(JSON.stringify(key), 'utf8').toString('base64url') : null;

/** One page of a kind's rules: of one group (by airline / sector), or of every group (by group). */
export async function listRules(
  siteId: SiteId,
  kind: MarkupKind,
  query: { groupId?: string | undefined; cursor?: string | undefined },
  limit: number,
): Promise<{ rules: MarkupRuleRecord[]; nextCursor: string | null }> {
  const byGroup = query.groupId !== undefined;
  const [index, pkName, skName] = byGroup
    ? ([TABLE.indexes.gsi1.name, 'gsi1pk', 'gsi1sk'] as const)
    : ([TABLE.indexes.gsi2.name, 'gsi2pk', 'gsi2sk'] as const);
  const pk = byGroup
    ? markupKeys.markupsOfGroupPk(siteId, query.groupId!)
    : markupKeys.markupsOfKindPk(siteId, KIND_KEY[kind]);
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      IndexName: index,
      KeyConditionExpression: byGroup ? `${pkName} = :pk AND begins_with(${skName}, :kind)` : `${pkName} = :pk`,
      ExpressionAttributeValues: { ':pk': pk, ...(byGroup ? { ':kind': `${KIND_KEY[kind]}#` } : {}) },
      Limit: limit,
      ExclusiveStartKey: decodeCursor(query.cursor, pkName, pk),
    }),
  );
  return { rules: (res.Items ?? []).map(toRule), nextCursor: encodeCursor(res.LastEvaluatedKey) };
}

/** Every rule of a group (all kinds): a group holds a default, its airlines and its sectors. */
export async function groupRules(siteId: SiteId, groupId: string): Promise<MarkupRuleRecord[]> {
  const items = await queryAll({
    IndexName: TABLE.indexes.gsi1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': markupKeys.markupsOfGroupPk(siteId, groupId) },
  });
  return items.map(toRule);
}

export interface PricingRelation {
  /** The group the legal entity is mapped to, if any. */
  mappedGroupId: string | null;
  /** The site owner's default group, if set. */
  defaultGroupId: string | null;
  isTdsDeductable: boolean;
}

/**
 * The owner's relation with a legal entity (its group and TDS switch) and the owner's default group,
 * in one round trip.
 */
export async function pricingRelation(siteId: SiteId, ownerLeId: string, leId: string): Promise<PricingRelation> {
  const relationKey = markupKeys.leRelation(siteId, leId);
  const ownerKey = legalEntityKey(siteId, ownerLeId);
  let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
    [table()]: { Keys: (leId === ownerLeId ? [ownerKey] : [relationKey, ownerKey]).map((k) => ({ ...k })) },
  };
  const items: Record<string, unknown>[] = [];
  while (request && Object.keys(request).length) {
    const res = await db().send(new BatchGetCommand({ RequestItems: request }));
    items.push(...(res.Responses?.[table()] ?? []));
    request = res.UnprocessedKeys as typeof request;
  }
  const find = (k: { pk: string; sk: string }) => items.find((i) => i.pk === k.pk && i.sk === k.sk);
  // The owner has no relation with itself: staff price with the default group.
  const relation = leId === ownerLeId ? undefined : find(relationKey);
  const owner = find(ownerKey);
  return {
    mappedGroupId: typeof relation?.groupId === 'string' ? relation.groupId : null,
    defaultGroupId: typeof owner?.defaultLEGroupId === 'string' ? owner.defaultLEGroupId : null,
    isTdsDeductable: relation?.isTdsDeductable === true,
  };
}
