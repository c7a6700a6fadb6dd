/**
 * The reconciler (EventBridge every minute on AWS; an interval in scripts/local/workers.ts locally): no
 * payment is stranded. It reads the work due by now (functions/src/wallet/outbox.ts) and drives each
 * item to its end:
 *   - 'outbox': sends a message whose first publish failed;
 *   - 'payment': asks the gateway's status API (a verification message may have been lost or
 *     dead-lettered while the gateway still said PENDING) and applies the payment once;
 *   - 'refund': a refund sent back through a payment's gateway, until the gateway confirms it;
 *   - 'order': a paid order not booked after its grace period is booked and ticketed, or failed and
 *     refunded once (fulfilment asks the supplier by our reference before booking again).
 * Each item is leased by moving it to its next check time first, so a crash or a failed check is retried
 * with back-off and two overlapping runs never work on one item.
 */
import { requireConfig } from '#lib/config';
import { log as rootLog, type Logger } from '#lib/logger';
import { siteById } from '#lib/tenancy';
import { bookingOrders, paymentVerification } from '../wiring/orders.ts';
import { getOrder } from '../../flights/index.ts';
import {
  StillPending,
  advanceGatewayRefund,
  dueItems,
  leaseDue,
  markFulfilled,
  removeDue,
  sendMessage,
  verifyAndApply,
  type DueRecord,
} from '../../wallet/index.ts';
import type { SiteId } from '#lib/keys';

// Fails this worker's cold start, not its first message, when the stack left out its configuration.
requireConfig(['TABLE_NAME', 'PAYMENT_QUEUE_URL', 'EMAIL_QUEUE_URL']);

/** Items per run: a run stays well inside its Lambda timeout; the rest waits for the next minute. */
const BATCH = 50;
/** Items worked on at once (supplier calls are slow; the table and the gateway are not the limit). */
const PARALLEL = 4;
/** An item still failing after this many checks is logged as an error (alarmed), and still retried. */
const ALARM_AFTER = 5;

export type ItemOutcome = 'done' | 'later';

export interface ReconcileReport {
  checked: number;
  done: number;
  later: number;
  failed: number;
}

async function settle(item: DueRecord, now: Date, log: Logger): Promise<ItemOutcome> {
  switch (item.kind) {
    case 'outbox':
      await sendMessage(item.message!);
      return 'done';
    case 'payment':
      try {
        const outcome = await verifyAndApply(item.siteId, item.id, now, paymentVerification());
        log.info('payment reconciled', { siteId: item.siteId, paymentId: item.id, outcome });
        return 'done';
      } catch (err) {
        if (err instanceof StillPending) return 'later';
        throw err;
      }
    case 'refund':
      return advanceGatewayRefund(item.siteId, item.id, now, undefined, log);
    case 'order': {
      const order = await getOrder(item.siteId, item.id);
      if (!order) return 'done';
      if (order.status !== 'paid' && order.status !== 'booking') return 'done';
      log.warn('paid order not fulfilled after its grace period; settling it', {
        siteId: item.siteId,
        orderId: item.id,
        status: order.status,
      });
      const settled = await bookingOrders().settleOrder(item.siteId, item.id, now);
      // Paid through a gateway: its payment's work ends with the order's.
      if (settled !== 'open' && order.gatewayPayment)
        await markFulfilled(item.siteId, order.gatewayPayment.paymentId, now);
      log.info('order reconciled', { siteId: item.siteId, orderId: item.id, settled });
      return settled === 'open' ? 'later' : 'done';
    }
  }
}

/** One run: every item due by `now` (at most BATCH), each taken, settled, and removed or left for later. */
export async function reconcile(
  now: Date = new Date(),
  options: { siteId?: SiteId; log?: Logger } = {},
): Promise<ReconcileReport> {
  const log = options.log ?? rootLog;
  const report: ReconcileReport = { checked: 0, done: 0, later: 0, failed: 0 };
  const queue = await dueItems(now, BATCH, options.siteId);
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const taken = await leaseDue(item, now);
      if (!taken) continue; // another run has it
      report.checked++;
      try {
        if (taken.kind !== 'outbox' && !(await siteById(taken.siteId))) {
          log.warn('reconcile item of an unknown site dropped', { siteId: taken.siteId, kind: taken.kind });
          await removeDue(taken);
          report.done++;
          continue;
        }
        if ((await settle(taken, now, log)) === 'done') {
          await removeDue(taken);
          report.done++;
        } else report.later++;
      } catch (err) {
        // Left where the lease put it: checked again after the back-off.
        report.failed++;
        const fields = { kind: taken.kind, siteId: taken.siteId, id: taken.id, attempts: taken.attempts };
        if (taken.attempts >= ALARM_AFTER) log.error('reconcile keeps failing', { ...fields, error: String(err) });
        else log.warn('reconcile failed; will retry', { ...fields, error: String(err) });
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  if (report.checked) log.info('reconcile run', { ...report });
  return report;
}

export const handler = async (): Promise<void> => {
  await reconcile();
};
