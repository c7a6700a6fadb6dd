/** Payment records (gateway payments and offline transfers) in DynamoDB. */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { GatewayName, PaymentStatus, TPayment } from '@tp/contracts/endpoints/wallet';
import { batchGet, db, queryPage, tableName, transact, updateWithOrFalse, type Page, type TransactItem } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { getUsers } from '../users/index.ts';
import { walletKeys } from './keys.ts';
import { paymentDueItem } from './outbox.ts';

export interface PaymentRecord extends TPayment {
  siteId: SiteId;
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
  /** What was sent back through the gateway so far (refunds.ts keeps it within `amount`). */
  refundedAmount?: number;
  /** A quotation payment: the kart it pays (its receipt is issued once the payment is verified). */
  kartId?: string;
  /** An activity cart's payment: the cart it pays (paid once the payment is verified). */
  cartId?: string;
  /** A visa application's fee: the application it pays. */
  applicationId?: string;
}

const FINAL: readonly PaymentStatus[] = ['failed', 'expired', 'refunded', 'rejected'];
export const isFinal = (p: Pick<PaymentRecord, 'status' | 'purpose' | 'fulfilled'>): boolean =>
  FINAL.includes(p.status) || (p.status === 'applied' && (p.purpose !== 'flightOrder' || p.fulfilled === true));

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
          ...walletKeys.payment(p.siteId, p.paymentId),
          ...walletKeys.paymentsOfUserIndex(p.siteId, p.userId, p.createdAt, p.paymentId),
          ...walletKeys.paymentsIndex(p.siteId, p.createdAt, p.paymentId),
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
        Item: {
          ...walletKeys.orderPayment(p.siteId, p.orderId, p.paymentId),
          type: 'orderPayment',
          paymentId: p.paymentId,
        },
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
          ...walletKeys.pendingOfflinePayment(p.siteId, p.createdAt, p.paymentId),
          type: 'offlinePending',
          paymentId: p.paymentId,
        },
      },
    });
  await transact(items);
}

export async function getPayment(siteId: SiteId, paymentId: string): Promise<PaymentRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: walletKeys.payment(siteId, paymentId), ConsistentRead: true }),
  );
  return (Item as PaymentRecord | undefined) ?? null;
}

/** Every payment started for a flight order (retries after an abandoned attempt included). */
export async function paymentsOfOrder(siteId: SiteId, orderId: string): Promise<PaymentRecord[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': walletKeys.orderPaymentsPk(siteId, orderId) },
      Limit: 50,
    }),
  );
  if (!Items.length) return [];
  const payments = await batchGet(
    Items.map((i) => walletKeys.payment(siteId, String(i.paymentId))),
    { consistent: true },
  );
  return payments as unknown as PaymentRecord[];
}

/**
 * Moves a payment to a new status only from one of `from` (so two deliveries cannot both act on it);
 * false when it was not in one of them any more.
 */
type TransitionFields = Partial<Pick<PaymentRecord, 'transactionId' | 'failureReason' | 'reviewedBy' | 'fulfilled'>>;

/** The conditional update behind transition(), for callers that write it inside their own transaction. */
export function transitionItem(
  siteId: SiteId,
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
      Key: walletKeys.payment(siteId, paymentId),
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
  siteId: SiteId,
  paymentId: string,
  from: readonly PaymentStatus[],
  to: PaymentStatus,
  now: Date,
  fields: TransitionFields = {},
  /** Written in the same transaction (a review queue item removed, an outbox message). */
  extra: TransactItem[] = [],
): Promise<boolean> {
  return updateWithOrFalse(transitionItem(siteId, paymentId, from, to, now, fields).Update, extra);
}

export async function markFulfilled(siteId: SiteId, paymentId: string, now: Date): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: walletKeys.payment(siteId, paymentId),
      UpdateExpression: 'SET fulfilled = :y, updatedAt = :t',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':y': true, ':t': now.toISOString() },
    }),
  );
}

/** The sandbox page's Pay / Fail: once, and only while the payment is still open (with `extra`, atomically). */
export async function setSandboxState(
  siteId: SiteId,
  paymentId: string,
  state: 'COMPLETED' | 'FAILED',
  now: Date,
  extra: TransactItem[] = [],
): Promise<boolean> {
  return updateWithOrFalse(
    {
      TableName: tableName(),
      Key: walletKeys.payment(siteId, paymentId),
      UpdateExpression: 'SET sandboxState = :s, updatedAt = :t',
      ConditionExpression: 'gateway = :g AND sandboxState = :p AND payBy > :t',
      ExpressionAttributeValues: { ':s': state, ':t': now.toISOString(), ':g': 'sandbox', ':p': 'PENDING' },
    },
    extra,
  );
}

/** Notes a verified gateway callback on its payment (with `extra`, atomically); false for another gateway's payment. */
export async function recordCallback(
  siteId: SiteId,
  paymentId: string,
  gatewayName: GatewayName,
  callback: { event: string; state: string | null },
  now: Date,
  extra: TransactItem[] = [],
): Promise<boolean> {
  return updateWithOrFalse(
    {
      TableName: tableName(),
      Key: walletKeys.payment(siteId, paymentId),
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

export const paymentsOfUser = (siteId: SiteId, userId: string, cursor: string | undefined, limit: number) =>
  queryPage('gsi1', walletKeys.paymentsOfUserPk(siteId, userId), { cursor, limit, newestFirst: true }, toPayment);

/**
 * Staff listings name the payer: one BatchGet of the page's users (≤ 100 distinct ids, the page limit)
 * for name and email, so a record written without an email still shows who paid.
 */
async function withCustomers(siteId: SiteId, page: Page<TPayment>): Promise<Page<TPayment>> {
  const ids = [...new Set(page.records.map((p) => p.userId).filter(Boolean))];
  if (!ids.length) return page;
  const users = new Map((await getUsers(siteId, ids)).map((u) => [u.userId, u]));
  return {
    ...page,
    records: page.records.map((p) => {
      const u = users.get(p.userId);
      const name = [u?.firstName, u?.lastName].filter(Boolean).join(' ').trim() || String(u?.companyName ?? '');
      return { ...p, customerName: name, userEmail: p.userEmail || String(u?.email ?? '') };
    }),
  };
}

export const paymentsOfSite = async (siteId: SiteId, cursor: string | undefined, limit: number) =>
  withCustomers(
    siteId,
    await queryPage('gsi2', walletKeys.paymentsPk(siteId), { cursor, limit, newestFirst: true }, toPayment),
  );

/** Offline transfers awaiting review, oldest first. */
export async function pendingOffline(
  siteId: SiteId,
  cursor: string | undefined,
  limit: number,
): Promise<Page<TPayment>> {
  const page = await queryPage('table', walletKeys.pendingOfflinePaymentsPk(siteId), { cursor, limit }, (i) =>
    String(i.paymentId),
  );
  if (!page.records.length) return { records: [], nextCursor: page.nextCursor };
  const items = await batchGet(page.records.map((id) => walletKeys.payment(siteId, id)));
  const byId = new Map(items.map((i) => [String(i.paymentId), toPayment(i)]));
  return withCustomers(siteId, {
    records: page.records.flatMap((id) => byId.get(id) ?? []),
    nextCursor: page.nextCursor,
  });
}

/** Removes a reviewed transfer from the review queue, in the review's transaction. */
export const dequeueOfflineItem = (p: Pick<PaymentRecord, 'siteId' | 'createdAt' | 'paymentId'>): TransactItem => ({
  Delete: { TableName: tableName(), Key: walletKeys.pendingOfflinePayment(p.siteId, p.createdAt, p.paymentId) },
});

/** The site's bank details for offline transfers, as stored (null when none were saved). */
export async function getBankDetails(siteId: SiteId): Promise<Record<string, unknown> | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: walletKeys.bankDetails(siteId) }));
  return Item ?? null;
}
