/**
 * The outbox and the reconciler's work list. Every money state change writes, in its own transaction,
 * a "due" item that says when the reconciler (functions/src/entries/workers/reconciler.ts) must look at it:
 *   - kind 'order': a paid order (wallet debit, hold, gateway payment) that must end booked or refunded;
 *   - kind 'payment': an open gateway payment that must end applied, failed, expired or refunded;
 *   - kind 'refund': a refund sent back through a payment's gateway, until the gateway confirms it (refunds.ts);
 *   - kind 'outbox': a queue message that drives the next step, published right after the commit and
 *     deleted once sent; if that first publish fails the reconciler sends it.
 * Items sit in hour buckets sorted by due time (walletKeys.reconcileDue), so a run reads the due ones without
 * a scan. Nothing deletes an order or payment item when its work ends early: the reconciler finds it
 * settled at its due time and drops it (one read), which keeps every state change a single write.
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { correlationAttributes, correlationId } from '#lib/correlation';
import { env } from '#lib/config';
import { newId } from '#lib/crypto';
import type { TransactItem } from '#lib/db';
import type { SiteId } from '#lib/keys';
import type { Logger } from '#lib/logger';
import { sqs } from '#lib/sqs';
import {
  bucketItemsDue,
  dueRecord,
  dueRecordItem,
  readCursorHour,
  removeDue,
  replaceDue,
  writeCursorHour,
  type DueRecord,
  type OutboxMessage,
  type QueueKey,
} from './outbox-repo.ts';

export { removeDue, type DueRecord, type OutboxMessage, type QueueKey } from './outbox-repo.ts';

export const RECONCILE = {
  /** A paid order is checked this long after payment: past the fulfilment claim's 90 s lease. */
  orderGraceMs: 3 * 60_000,
  /** An open gateway payment is first checked this long after it started, then with back-off. */
  paymentGraceMs: 3 * 60_000,
  /** An outbox message whose first publish failed is sent by the next run after this. */
  outboxGraceMs: 15_000,
  /** Back-off between checks of one item: 1, 2, 4 … minutes, at most 10. */
  firstRetryMs: 60_000,
  maxRetryMs: 10 * 60_000,
  /** A fresh deployment (no cursor yet) looks this far back. */
  lookBackMs: 48 * 3_600_000,
} as const;

const hourOf = (iso: string) => iso.slice(0, 13);
const nextHour = (hour: string) => new Date(Date.parse(`${hour}:00:00.000Z`) + 3_600_000).toISOString().slice(0, 13);

/** Back-off before the next check of an item that was checked `attempts` times. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(RECONCILE.firstRetryMs * 2 ** Math.max(0, attempts - 1), RECONCILE.maxRetryMs);

/** The due item of a paid order, for the transaction that marks it paid. */
export const orderDueItem = (siteId: SiteId, orderId: string, paidAt: Date): TransactItem =>
  dueRecordItem(dueRecord('order', siteId, orderId, new Date(paidAt.getTime() + RECONCILE.orderGraceMs)));

/** The due item of a gateway payment, for the transaction that records it. */
export const paymentDueItem = (siteId: SiteId, paymentId: string, createdAt: Date): TransactItem =>
  dueRecordItem(dueRecord('payment', siteId, paymentId, new Date(createdAt.getTime() + RECONCILE.paymentGraceMs)));

/** The due item of a gateway refund, for the transaction that records it: the next run sends it. */
export const refundDueItem = (siteId: SiteId, refundId: string, now: Date): TransactItem =>
  dueRecordItem(dueRecord('refund', siteId, refundId, now));

export interface Outboxed {
  /** Goes into the transaction of the state change. */
  item: TransactItem;
  record: DueRecord;
}

/** A message to send once the state change it belongs to has committed. */
export function outboxMessage(siteId: SiteId, queue: QueueKey, body: unknown, now: Date): Outboxed {
  const rec = dueRecord('outbox', siteId, newId(), new Date(now.getTime() + RECONCILE.outboxGraceMs), 0, {
    queue,
    body: JSON.stringify(body),
    ...(correlationId() ? { correlationId: correlationId()! } : {}),
  });
  return { item: dueRecordItem(rec), record: rec };
}

const QUEUE_URL: Record<QueueKey, () => string> = {
  paymentVerification: () => env().PAYMENT_QUEUE_URL,
  email: () => env().EMAIL_QUEUE_URL,
  notifications: () => env().NOTIFICATIONS_QUEUE_URL,
  exports: () => env().EXPORTS_QUEUE_URL,
};

export async function sendMessage(m: OutboxMessage): Promise<void> {
  const queueUrl = QUEUE_URL[m.queue]();
  if (!queueUrl) throw new Error(`no URL for queue ${m.queue}`);
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: m.body,
      MessageAttributes: correlationAttributes(m.correlationId),
    }),
  );
}

/**
 * After the commit: sends the message and removes it from the outbox. Never throws: the state change
 * stands, and whatever did not happen here the reconciler does (a repeat send is harmless, the
 * consumers are idempotent). Returns whether the message went out now.
 */
export async function publishCommitted(o: Outboxed, log: Logger): Promise<boolean> {
  try {
    await sendMessage(o.record.message!);
  } catch (err) {
    log.warn('publish failed; the reconciler will send it', { queue: o.record.message?.queue, error: String(err) });
    return false;
  }
  await removeDue(o.record).catch((err) => log.warn('outbox cleanup failed', { error: String(err) }));
  return true;
}

/**
 * Takes an item for one check: moves it to its next due time (the back-off), so a crashed run or a
 * failed check is simply retried then. Null when another run took it first.
 */
export async function leaseDue(rec: DueRecord, now: Date): Promise<DueRecord | null> {
  const attempts = rec.attempts + 1;
  const next = dueRecord(
    rec.kind,
    rec.siteId,
    rec.id,
    new Date(now.getTime() + retryDelayMs(attempts)),
    attempts,
    rec.message,
  );
  return (await replaceDue(rec, next)) ? next : null;
}

/**
 * Items due by `now`, oldest hour first, at most `limit`; moves the cursor past hours found empty.
 * `siteId` narrows a run to one site (an operator re-running one tenant; tests on the shared stack).
 */
export async function dueItems(now: Date, limit: number, siteId?: SiteId): Promise<DueRecord[]> {
  const nowIso = now.toISOString();
  const current = hourOf(nowIso);
  const settledBefore = hourOf(new Date(now.getTime() - 2 * 3_600_000).toISOString());
  const from = (await readCursorHour()) ?? hourOf(new Date(now.getTime() - RECONCILE.lookBackMs).toISOString());
  const out: DueRecord[] = [];
  let advanceTo = from;
  let emptySoFar = true;
  for (let hour = from; hour <= current && out.length < limit; hour = nextHour(hour)) {
    const { items, more } = await bucketItemsDue(hour, nowIso, limit - out.length);
    out.push(...items.filter((i) => !siteId || i.siteId === siteId));
    // An hour long past with nothing left is never written again (new work is always due later); the
    // last two hours are always read, which absorbs clock skew between writers.
    if (emptySoFar && hour < settledBefore && !items.length && !more) advanceTo = nextHour(hour);
    else emptySoFar = false;
  }
  if (advanceTo > from && !siteId) await writeCursorHour(advanceTo, nowIso);
  return out;
}
