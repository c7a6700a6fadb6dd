/**
 * The activity store: the only DynamoDB code of carts and activity markups (keys in keys.ts). A cart write commits
 * with its status counts in one transaction, conditional on the version it was read at; reads are GetItems and
 * Queries of one partition, never a scan.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AmountType } from '@tp/domain/pricing';
import type { CartStatus } from '@tp/domain/activities';
import type { ComboShare, RateUsed } from '@tp/domain/dmc';
import {
  db,
  queryAll,
  queryPage,
  tableName,
  transactOrFalse,
  writeOrFalse,
  type Page,
  type TransactItem,
} from '#lib/db';
import type { SiteId } from '#lib/keys';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { activityKeys } from './keys.ts';

const REC = 'rec';

export interface CartItemRecord {
  itemId: string;
  activityId: string;
  activityName: string;
  tourOptionId: string;
  tourOptionName: string;
  date: string;
  adults: number;
  children: number;
  /** The rate engine's price for the party on the date (never shown to the customer). */
  net: number;
  markup: number;
  price: number;
  currency: string;
  /** The engine's price of the line alone, kept while a combo prices it (`net` is then its share of the combo's). */
  singleNet?: number;
  /** The combo the line is sold in (docs/dmc.md "Combos in quotations and carts"). */
  combo?: ComboShare | null;
}

export interface CartRecord {
  id: string;
  /** Bumped by every change: the optimistic-concurrency check. */
  version: number;
  /** What people read out on the phone. */
  reference: string;
  userId: string;
  userName: string;
  status: CartStatus;
  startDate: string;
  endDate: string;
  adults: number;
  children: number;
  remarks: string;
  items: CartItemRecord[];
  kartId: string | null;
  createdAt: string;
  updatedAt: string;
  /** What the cart took from its owner's wallet (cart-payment.ts); absent until it pays. */
  payment?: CartPaymentRecord | null;
}

/** What a cart took from its owner, kept on the cart (activities/cart-payment.ts). */
export interface CartPaymentRecord {
  /** wallet: debited with the paying move; gateway: paid by the owner online, taken when verified. */
  method: 'wallet' | 'gateway';
  legalEntityId: string;
  /** The wallet entry (`cart-<id>-pay`), or `gateway-<paymentId>` for a gateway payment. */
  entryId: string;
  /** A gateway payment: the payment (its id, the gateway) and, once cancelled, the gateway refund sent back. */
  paymentId?: string;
  gateway?: string;
  gatewayRefundId?: string | null;
  /** Debited, in the wallet's currency, and the cart's own total it stands for. */
  amount: number;
  currency: string;
  cartAmount: number;
  cartCurrency: string;
  ratesUsed: RateUsed[];
  paidAt: string;
  refundedAt: string | null;
}

export interface ActivityMarkupRecord {
  id: string;
  groupId: string;
  markupType: AmountType;
  markupValue: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export async function getCart(siteId: SiteId, id: string): Promise<CartRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: activityKeys.cart(siteId, id), ConsistentRead: true }),
  );
  return Item ? (Item[REC] as CartRecord) : null;
}

/** Count moves of a change: +1 on the new status, −1 on the old, for the site and for each owner. */
function countUpdates(siteId: SiteId, before: CartRecord | null, after: CartRecord | null): TransactItem[] {
  const deltas = new Map<string, { key: ReturnType<typeof activityKeys.counts>; by: Map<string, number> }>();
  const move = (userId: string | null, status: string, n: number) => {
    const key = activityKeys.counts(siteId, userId);
    const id = `${key.pk}|${key.sk}`;
    const entry = deltas.get(id) ?? { key, by: new Map<string, number>() };
    entry.by.set(status, (entry.by.get(status) ?? 0) + n);
    deltas.set(id, entry);
  };
  for (const [c, n] of [
    [before, -1],
    [after, 1],
  ] as const) {
    if (!c) continue;
    move(null, c.status, n);
    move(c.userId, c.status, n);
  }
  return [...deltas.values()].flatMap(({ key, by }) => {
    const moves = [...by.entries()].filter(([, n]) => n !== 0);
    if (!moves.length) return [];
    return [
      {
        Update: {
          TableName: tableName(),
          Key: key,
          UpdateExpression: `ADD ${moves.map((_, i) => `#s${i} :n${i}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(moves.map(([s], i) => [`#s${i}`, s])),
          ExpressionAttributeValues: Object.fromEntries(moves.map(([, n], i) => [`:n${i}`, n])),
        },
      },
    ];
  });
}

/** Writes a cart (new when `before` is null) with its counts; false when it changed since `before` was read. */
export function saveCart(
  siteId: SiteId,
  before: CartRecord | null,
  after: CartRecord,
  /** The change's audit entry (lib/audit.ts), in the same transaction. */
  audit?: TransactItem,
): Promise<boolean> {
  return transactOrFalse([...(audit ? [audit] : []), ...cartWrites(siteId, before, after)]);
}

/**
 * Commits a cart change built with `cartWrites` together with another domain's items (a gateway refund's) in one
 * transaction; false when a condition failed (the cart changed, the refund was decided already).
 */
export function commitCartChange(items: TransactItem[]): Promise<boolean> {
  return transactOrFalse(items);
}

/**
 * A cart's gateway payment taken once (the guard, `attribute_not_exists`) with the cart, conditional on the version
 * read and on the cart being unpaid; false when another verification or a wallet payment took the cart first.
 */
export function takeGatewayPayment(
  siteId: SiteId,
  before: CartRecord,
  after: CartRecord,
  paymentId: string,
  audit: TransactItem,
): Promise<boolean> {
  const [put, ...counts] = cartWrites(siteId, before, after);
  const cart = put!.Put!;
  return transactOrFalse([
    {
      Put: {
        TableName: tableName(),
        Item: { ...activityKeys.gatewayPaid(siteId, before.id), kind: 'activityCartGatewayPaid', paymentId },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        ...cart,
        ConditionExpression: '#v = :v AND (attribute_not_exists(#r.payment) OR #r.payment = :none)',
        ExpressionAttributeNames: { '#v': 'version', '#r': REC },
        ExpressionAttributeValues: { ':v': before.version, ':none': null },
      },
    },
    ...counts,
    audit,
  ]);
}

/**
 * A cart change as transaction items (the cart, conditional on the version read, and its counts), for a caller
 * that commits it together with writes of another domain (the quotation made of the cart).
 */
export function cartWrites(siteId: SiteId, before: CartRecord | null, after: CartRecord): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...activityKeys.cart(siteId, after.id),
          ...activityKeys.queueIndexes(siteId, after),
          kind: 'activityCart',
          version: after.version,
          [REC]: after,
        },
        ...(before === null
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : {
              ConditionExpression: '#v = :v',
              ExpressionAttributeNames: { '#v': 'version' },
              ExpressionAttributeValues: { ':v': before.version },
            }),
      },
    },
    ...countUpdates(siteId, before, after),
  ];
}

/** One page of the carts of a status: the site's (`userId` null) or one user's, last changed first. */
export function cartsOfStatus(
  siteId: SiteId,
  userId: string | null,
  status: CartStatus,
  opts: { cursor?: string | undefined; limit: number },
): Promise<Page<CartRecord>> {
  return userId === null
    ? queryPage(
        'gsi1',
        activityKeys.statusPk(siteId, status),
        { ...opts, newestFirst: true },
        (i) => i[REC] as CartRecord,
      )
    : queryPage(
        'gsi2',
        activityKeys.userStatusPk(siteId, userId, status),
        { ...opts, newestFirst: true },
        (i) => i[REC] as CartRecord,
      );
}

/** Carts per status of the site (`userId` null) or of one user. */
export async function statusCounts(siteId: SiteId, userId: string | null): Promise<Record<string, number>> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: activityKeys.counts(siteId, userId), ConsistentRead: true }),
  );
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(Item ?? {})) if (typeof v === 'number') out[k] = v;
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Activity markups

const MARKUP = 'markup';

export async function markupOfGroup(siteId: SiteId, groupId: string): Promise<ActivityMarkupRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: activityKeys.markup(siteId, groupId) }),
  );
  return Item ? (Item[MARKUP] as ActivityMarkupRecord) : null;
}

export function markupPage(siteId: SiteId, opts: { cursor?: string | undefined; limit: number }) {
  return queryPage('table', activityKeys.markupsPk(siteId), opts, (i) => i[MARKUP] as ActivityMarkupRecord);
}

/** Writes a group's markup; `expect` null: the group must have none yet, else the stored one is still that one. */
export function putMarkup(siteId: SiteId, m: ActivityMarkupRecord, expect: ActivityMarkupRecord | null) {
  return writeOrFalse(
    new PutCommand({
      TableName: tableName(),
      Item: { ...activityKeys.markup(siteId, m.groupId), kind: 'activityMarkup', markupId: m.id, [MARKUP]: m },
      ...(expect === null
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : {
            ConditionExpression: 'markupId = :id AND #m.updatedAt = :seen',
            ExpressionAttributeNames: { '#m': MARKUP },
            ExpressionAttributeValues: { ':id': expect.id, ':seen': expect.updatedAt },
          }),
    }),
  );
}

/** The markup with this id: the site's markups are one per customer group, so one small partition. */
export async function markupById(siteId: SiteId, id: string): Promise<ActivityMarkupRecord | null> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: 'markupId = :id',
    ExpressionAttributeValues: { ':pk': activityKeys.markupsPk(siteId), ':id': id },
  });
  return items[0] ? (items[0][MARKUP] as ActivityMarkupRecord) : null;
}

export function deleteMarkup(siteId: SiteId, m: ActivityMarkupRecord): Promise<boolean> {
  return writeOrFalse(
    new DeleteCommand({
      TableName: tableName(),
      Key: activityKeys.markup(siteId, m.groupId),
      ConditionExpression: 'markupId = :id',
      ExpressionAttributeValues: { ':id': m.id },
    }),
  );
}
