/** Payment records (gateway payments and offline transfers) in DynamoDB. */
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { GatewayName, PaymentStatus, TPayment } from '@tp/contracts/wallet';
import { db, tableName } from '#lib/db';
import { isConditionFailure } from '#lib/errors';
import { keys } from '#lib/keys';
import type { TransactItem } from './ledger.ts';
import { paymentDueItem } from './outbox.ts';
import { queryPage, type Page } from './paging.ts';

export interface PaymentRecord extends TPayment {
  siteId: string;
  gateway: GatewayName | 'offline';
  /** The payer must finish by then; a gateway payment still PENDING afterwards is expired. */
  payBy: string;
  /** Where the payer returns to after the gateway page (relative for the sandbox). */
  returnTo: string;
  /** Flight orders: fulfilOrder has run after the order was marked paid. */
  fulfilled?: boolean;
  /** The embedded sandbox gateway keeps its own state on the record. */
  sandboxState?: 'PENDING' | 'COMPLETED' | 'FAILED';
  failureReason?: string;
  reviewedBy?: string;
}

const FINAL: readonly PaymentStatus[] = ['failed', 'expired', 'refunded', 'rejected'];
export const isFinal = (p: Pick<PaymentRecord, 'status' | 'purpose' | 'fulfilled'>): boolean =>
  FINAL.includes(p.status) || (p.status === 'applied' && (p.purpose === 'walletTopUp' || p.fulfilled === true));

export function toPayment(item: Record<string, unknown>): TPayment {
  const r = item as unknown as PaymentRecord;
  return {
    paymentId: r.paymentId,
    gateway: r.gateway,
    purpose: r.purpose,
    orderId: r.orderId ?? null,
    legalEntityId: r.legalEntityId,
    userId: r.userId,
    userEmail: r.userEmail ?? '',
    amount: Number(r.amount),
    currency: r.currency,
    status: r.status,
    transactionId: r.transactionId ?? null,
    remark: r.remark ?? '',
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** The record plus its lookups (order → payments, offline review queue), written together once. */
export async function insertPayment(p: PaymentRecord): Promise<void> {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.payment(p.siteId, p.paymentId),
          ...keys.paymentsOfUserIndex(p.siteId, p.userId, p.createdAt, p.paymentId),
          ...keys.paymentsIndex(p.siteId, p.createdAt, p.paymentId),
          type: 'payment',
          ...p,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (p.orderId && p.purpose === 'flightOrder')
    items.push({
      Put: {
        TableName: tableName(),
        Item: { ...keys.orderPayment(p.siteId, p.orderId, p.paymentId), type: 'orderPayment', paymentId: p.paymentId },
      },
    });
  // An open gateway payment is checked by the reconciler until it settles (lost or dead-lettered
  // verification messages included).
  if (p.gateway !== 'offline') items.push(paymentDueItem(p.siteId, p.paymentId, new Date(p.createdAt)));
  if (p.gateway === 'offline')
    items.push({
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.pendingOfflinePayment(p.siteId, p.createdAt, p.paymentId),
          type: 'offlinePending',
          paymentId: p.paymentId,
        },
      },
    });
  await db().send(new TransactWriteCommand({ TransactItems: items }));
}

export async function getPayment(siteId: string, paymentId: string): Promise<PaymentRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.payment(siteId, paymentId), ConsistentRead: true }),
  );
  return (Item as PaymentRecord | undefined) ?? null;
}

/** Every payment started for a flight order (retries after an abandoned attempt included). */
export async function paymentsOfOrder(siteId: string, orderId: string): Promise<PaymentRecord[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.orderPaymentsPk(siteId, orderId) },
      Limit: 50,
    }),
  );
  if (!Items.length) return [];
  const { Responses } = await db().send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: { Keys: Items.map((i) => keys.payment(siteId, String(i.paymentId))), ConsistentRead: true },
      },
    }),
  );
  return (Responses?.[tableName()] ?? []) as PaymentRecord[];
}

/**
 * Moves a payment to a new status only from one of `from` (so two deliveries cannot both act on it);
 * false when it was not in one of them any more.
 */
type TransitionFields = Partial<Pick<PaymentRecord, 'transactionId' | 'failureReason' | 'reviewedBy' | 'fulfilled'>>;

/** The conditional update behind transition(), for callers that write it inside their own transaction. */
export function transitionItem(
  siteId: string,
  paymentId: string,
  from: readonly PaymentStatus[],
  to: PaymentStatus,
  now: Date,
  fields: TransitionFields = {},
): TransactItem & { Update: NonNullable<TransactItem['Update']> } {
  const names: Record<string, string> = { '#s': 'status' };
  const values: Record<string, unknown> = { ':to': to, ':t': now.toISOString() };
  const sets = ['#s = :to', 'updatedAt = :t'];
  from.forEach((s, i) => (values[`:f${i}`] = s));
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    names[`#${k}`] = k;
    values[`:${k}`] = v;
    sets.push(`#${k} = :${k}`);
  }
  return {
    Update: {
      TableName: tableName(),
      Key: keys.payment(siteId, paymentId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: `attribute_exists(pk) AND #s IN (${from.map((_, i) => `:f${i}`).join(', ')})`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * Moves a payment to a new status only from one of `from` (so two deliveries cannot both act on it);
 * false when it was not in one of them any more.
 */
export async function transition(
  siteId: string,
  paymentId: string,
  from: readonly PaymentStatus[],
  to: PaymentStatus,
  now: Date,
  fields: TransitionFields = {},
): Promise<boolean> {
  try {
    await db().send(new UpdateCommand(transitionItem(siteId, paymentId, from, to, now, fields).Update));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export async function markFulfilled(siteId: string, paymentId: string, now: Date): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.payment(siteId, paymentId),
      UpdateExpression: 'SET fulfilled = :y, updatedAt = :t',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':y': true, ':t': now.toISOString() },
    }),
  );
}

/** One conditional update together with the caller's items (an outbox message); false when its condition failed. */
async function updateWith(update: NonNullable<TransactItem['Update']>, extra: TransactItem[]): Promise<boolean> {
  try {
    if (extra.length) await db().send(new TransactWriteCommand({ TransactItems: [{ Update: update }, ...extra] }));
    else await db().send(new UpdateCommand(update));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** The sandbox page's Pay / Fail: once, and only while the payment is still open (with `extra`, atomically). */
export async function setSandboxState(
  siteId: string,
  paymentId: string,
  state: 'COMPLETED' | 'FAILED',
  now: Date,
  extra: TransactItem[] = [],
): Promise<boolean> {
  return updateWith(
    {
      TableName: tableName(),
      Key: keys.payment(siteId, paymentId),
      UpdateExpression: 'SET sandboxState = :s, updatedAt = :t',
      ConditionExpression: 'gateway = :g AND sandboxState = :p AND payBy > :t',
      ExpressionAttributeValues: { ':s': state, ':t': now.toISOString(), ':g': 'sandbox', ':p': 'PENDING' },
    },
    extra,
  );
}

/** Notes a verified gateway callback on its payment (with `extra`, atomically); false for another gateway's payment. */
export async function recordCallback(
  siteId: string,
  paymentId: string,
  gatewayName: GatewayName,
  callback: { event: string; state: string | null },
  now: Date,
  extra: TransactItem[] = [],
): Promise<boolean> {
  return updateWith(
    {
      TableName: tableName(),
      Key: keys.payment(siteId, paymentId),
      UpdateExpression: 'SET lastCallback = :c, updatedAt = :t',
      ConditionExpression: 'attribute_exists(pk) AND gateway = :g',
      ExpressionAttributeValues: {
        ':c': { ...callback, at: now.toISOString() },
        ':t': now.toISOString(),
        ':g': gatewayName,
      },
    },
    extra,
  );
}

export const paymentsOfUser = (siteId: string, userId: string, cursor: string | undefined, limit: number) =>
  queryPage('gsi1', keys.paymentsOfUserPk(siteId, userId), { cursor, limit, newestFirst: true }, toPayment);

/**
 * Staff listings name the payer: one BatchGet of the page's users (≤ 100 distinct ids, the page limit)
 * for name and email, so a record written without an email still shows who paid.
 */
async function withCustomers(siteId: string, page: Page<TPayment>): Promise<Page<TPayment>> {
  const ids = [...new Set(page.records.map((p) => p.userId).filter(Boolean))];
  if (!ids.length) return page;
  const { Responses } = await db().send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: {
          Keys: ids.map((id) => keys.user(siteId, id)),
          ProjectionExpression: 'userId, firstName, lastName, companyName, email',
        },
      },
    }),
  );
  const users = new Map((Responses?.[tableName()] ?? []).map((u) => [String(u.userId), u]));
  return {
    ...page,
    records: page.records.map((p) => {
      const u = users.get(p.userId);
      const name = [u?.firstName, u?.lastName].filter(Boolean).join(' ').trim() || String(u?.companyName ?? '');
      return { ...p, customerName: name, userEmail: p.userEmail || String(u?.email ?? '') };
    }),
  };
}

export const paymentsOfSite = async (siteId: string, cursor: string | undefined, limit: number) =>
  withCustomers(
    siteId,
    await queryPage('gsi2', keys.paymentsPk(siteId), { cursor, limit, newestFirst: true }, toPayment),
  );

/** Offline transfers awaiting review, oldest first. */
export async function pendingOffline(
  siteId: string,
  cursor: string | undefined,
  limit: number,
): Promise<Page<TPayment>> {
  const page = await queryPage('table', keys.pendingOfflinePaymentsPk(siteId), { cursor, limit }, (i) =>
    String(i.paymentId),
  );
  if (!page.records.length) return { records: [], nextCursor: page.nextCursor };
  const { Responses } = await db().send(
    new BatchGetCommand({
      RequestItems: { [tableName()]: { Keys: page.records.map((id) => keys.payment(siteId, id)) } },
    }),
  );
  const byId = new Map((Responses?.[tableName()] ?? []).map((i) => [String(i.paymentId), toPayment(i)]));
  return withCustomers(siteId, {
    records: page.records.flatMap((id) => byId.get(id) ?? []),
    nextCursor: page.nextCursor,
  });
}

/** Removes a reviewed transfer from the review queue, in the review's transaction. */
export const dequeueOfflineItem = (p: Pick<PaymentRecord, 'siteId' | 'createdAt' | 'paymentId'>): TransactItem => ({
  Delete: { TableName: tableName(), Key: keys.pendingOfflinePayment(p.siteId, p.createdAt, p.paymentId) },
});
