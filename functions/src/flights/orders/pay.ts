/** Paying an order: from the wallet (or a hold, free) on orderSuccessCallback, or by a verified gateway payment. */
import * as MSG from '@tp/contracts/messages';
import { round2 } from '@tp/domain/pricing';
import { AppError, fail } from '#lib/errors';
import type { FlightScope } from '../shopping/index.ts';
import type { OrderDeps } from './deps.ts';
import { fulfilOrder } from './fulfil.ts';
import { ORDER_MSG, debitOf } from './model.ts';
import type { SiteId } from '#lib/keys';

/** api/payments/orderSuccessCallback: pays a wallet (or hold) order once, then fulfils it. */
export async function payOrder(deps: OrderDeps, scope: FlightScope, orderId: string) {
  const order = await deps.orders.getOrder(scope.site.siteId, orderId);
  if (!order || (order.userId !== scope.principal.userId && scope.principal.userType !== 'staff'))
    throw fail.notFound();
  const nowIso = scope.now.toISOString();
  if (order.status === 'created') {
    if (order.expiresAt <= nowIso) throw fail.gone(ORDER_MSG.expired);
    const notExpired = { expression: 'expiresAt > :now', values: { ':now': nowIso } };
    // Paying also schedules the reconciler's check of the order, in the same transaction: an order
    // cannot be paid without someone being bound to book or refund it.
    const due = deps.outbox.orderDueItem(order.siteId, orderId, scope.now);
    try {
      if (order.hold) {
        const transition = deps.orders.orderTransition(
          order.siteId,
          orderId,
          ['created'],
          { status: 'paid', paidAt: nowIso },
          notExpired,
        );
        await deps.transact([transition, due]);
      } else if (order.paymentMode === 'wallet') {
        const transition = deps.orders.orderTransition(
          order.siteId,
          orderId,
          ['created'],
          { status: 'paid', paidAt: nowIso, transactionId: `order-${orderId}-debit` },
          notExpired,
        );
        const result = await deps.wallet.move('debit', debitOf(order, scope.now), [transition, due]);
        if (result === 'insufficient') throw fail.paymentRequired(ORDER_MSG.insufficient);
        // A credit line's refusals (docs/credit-lines.md): overdue credit, or past wallet + credit left.
        if (result === 'overdue') throw fail.paymentRequired(MSG.creditOverdue);
        if (result === 'overLimit') throw fail.paymentRequired(MSG.creditOverLimit);
        // 'duplicate' or 'conflict': another call paid it (or it just expired); the state below tells which.
      } else {
        throw fail.paymentRequired(ORDER_MSG.notPaid);
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      // The write failed without an answer (DynamoDB unreachable): it may have committed. If it did, the
      // money moved and the reconciler books or refunds; the caller must not see an error for it.
      const after = await deps.orders.getOrder(order.siteId, orderId).catch(() => null);
      if (after && after.status !== 'created')
        return fulfilAfterPayment(deps, order.siteId, orderId, scope.now, scope.log);
      throw err;
    }
  }
  return fulfilAfterPayment(deps, order.siteId, orderId, scope.now, scope.log);
}

/**
 * Fulfils a paid order for a caller. Once money has moved the caller never gets a 5xx: a failure of
 * our own (DynamoDB, the queue, a supplier that did not answer) leaves the order to the reconciler,
 * and the caller is told the booking is being processed.
 */
async function fulfilAfterPayment(
  deps: OrderDeps,
  siteId: SiteId,
  orderId: string,
  now: Date,
  log: FlightScope['log'],
) {
  try {
    return await fulfilOrder(deps, siteId, orderId, now);
  } catch (err) {
    if (err instanceof AppError) throw err;
    log.error('fulfilment interrupted; the reconciler will finish it', { orderId, error: String(err) });
    throw fail.conflict(ORDER_MSG.inProgress);
  }
}

/**
 * The reconciler's (and the payments worker's) entry: drives a paid order to its end. 'failed' means
 * the order ended refunded; 'open' that another run holds its claim (checked again later).
 */
export async function settleOrder(
  deps: OrderDeps,
  siteId: SiteId,
  orderId: string,
  now: Date,
): Promise<'booked' | 'failed' | 'open'> {
  try {
    await fulfilOrder(deps, siteId, orderId, now);
    return 'booked';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const o = await deps.orders.getOrder(siteId, orderId);
    if (!o || o.status === 'failed' || o.status === 'expired' || o.status === 'refunded') return 'failed';
    if (o.status === 'booked') return 'booked';
    // 'created' cannot be settled here (nothing was paid); anything else is another run's.
    return o.status === 'created' ? 'failed' : 'open';
  }
}

/** A verified gateway payment marks its order paid (once); the payments worker then fulfils it. */
export async function markOrderPaidByGateway(
  deps: OrderDeps,
  siteId: SiteId,
  orderId: string,
  payment: { paymentId: string; transactionId: string; amount: number; gateway: string },
  now: Date,
): Promise<'paid' | 'already' | 'expired' | 'mismatch'> {
  const order = await deps.orders.getOrder(siteId, orderId);
  if (!order) return 'mismatch';
  // Another payment (or the wallet) already paid this order: this one must be refunded, not applied.
  if (order.status !== 'created') return order.gatewayPayment?.paymentId === payment.paymentId ? 'already' : 'mismatch';
  if (round2(payment.amount) !== order.amount) return 'mismatch';
  if (order.expiresAt <= now.toISOString()) return 'expired';
  const ok = await deps.transact([
    deps.orders.orderTransition(
      siteId,
      orderId,
      ['created'],
      { status: 'paid', paidAt: now.toISOString(), transactionId: payment.transactionId, gatewayPayment: payment },
      { expression: 'expiresAt > :now', values: { ':now': now.toISOString() } },
    ),
    deps.outbox.orderDueItem(siteId, orderId, now),
  ]);
  return ok ? 'paid' : 'already';
}
