/**
 * Gateway payments: start one (flight order or wallet top-up), verify it, and apply it exactly once.
 *
 * A payment's id is the gateway's merchant order id and the sandbox page's token. Verification runs in
 * the payments worker (queue QUEUES.paymentVerification): the gateway is asked for the state, then a
 * COMPLETED payment is applied: a flight order is marked paid and fulfilled (flights service), a top-up
 * credits the wallet under entry id `topup-<paymentId>`, so a redelivered message cannot credit twice.
 */
import * as MSG from '@tp/contracts/messages';
import { METRICS, TIMING, type MetricName } from '@tp/contracts/platform';
import type { GatewayName, TPayment } from '@tp/contracts/endpoints/wallet';
import { newToken } from '#lib/crypto';
import { fail } from '#lib/errors';
import { log, type Logger } from '#lib/logger';
import { emitMetric } from '#lib/metrics';
import { appLink } from '#lib/mail';
import type { SiteRecord } from '#lib/tenancy';
import { move } from './ledger.ts';
import { gateway, gatewaySettings, type GatewayStatus } from './gateways/index.ts';
import { isGenuinePhonePeCallback } from './gateways/phonepe.ts';
import { returnedPaymentItems, sendGatewayRefundNow } from './refunds.ts';
import { outboxMessage, publishCommitted, sendMessage } from './outbox.ts';
import * as repo from './payments-repo.ts';
import type { PaymentRecord } from './payments-repo.ts';
import type { SiteId } from '#lib/keys';
import * as api from '@tp/contracts/endpoints/wallet';
import { assertSandboxRoutesOpen } from './gateways/sandbox.ts';
import { answers } from '#lib/answers';

export type PaymentPurpose =
  | { kind: 'flightOrder'; orderId: string }
  | { kind: 'walletTopUp'; legalEntityId: string }
  | { kind: 'kartPayment'; kartId: string }
  | { kind: 'cartPayment'; cartId: string }
  | { kind: 'visaFee'; applicationId: string };

/** The SPA screen a payer returns to from the gateway. */
export const verifyPath = (orderOrPaymentId: string) => `/phonepe/verify/${orderOrPaymentId}`;

/** A new payment id: URL-safe, unguessable (it is the sandbox page's only credential), no `#`. */
const newPaymentId = () =>
  `P${newToken()
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 31)}`;

/**
 * Starts a gateway payment with the site's active gateway and returns where to send the payer. The
 * payer comes back to /app/phonepe/verify/<orderId> (top-ups: <paymentId>).
 */
export async function startGatewayPayment(
  site: SiteRecord,
  input: {
    purpose: PaymentPurpose;
    amount: number;
    currency: string;
    userId: string;
    legalEntityId: string;
    now: Date;
    /** Shown on reports; optional. */
    userEmail?: string;
    remark?: string;
    /** Where the payer comes back to (a quotation's shared page); default: the payment's verify screen. */
    returnPath?: string;
  },
): Promise<{ paymentId: string; gateway: 'sandbox' | 'phonepe'; redirectTo: string }> {
  const settings = await gatewaySettings(site.siteId);
  if (!settings.active) throw fail.paymentRequired(MSG.paymentUnsuccessful);
  if (!(input.amount > 0)) throw fail.validation('Amount must be greater than 0');
  const name: GatewayName = settings.active;
  const paymentId = newPaymentId();
  const orderId = input.purpose.kind === 'flightOrder' ? input.purpose.orderId : null;
  const returnPath = input.returnPath
    ? `${input.returnPath}${input.returnPath.includes('?') ? '&' : '?'}payment=${paymentId}`
    : verifyPath(orderId ?? paymentId);
  const createdAt = input.now.toISOString();
  const record: PaymentRecord = {
    siteId: site.siteId,
    paymentId,
    gateway: name,
    purpose: input.purpose.kind,
    orderId,
    legalEntityId: input.purpose.kind === 'walletTopUp' ? input.purpose.legalEntityId : input.legalEntityId,
    ...(input.purpose.kind === 'kartPayment' ? { kartId: input.purpose.kartId } : {}),
    ...(input.purpose.kind === 'cartPayment' ? { cartId: input.purpose.cartId } : {}),
    ...(input.purpose.kind === 'visaFee' ? { applicationId: input.purpose.applicationId } : {}),
    userId: input.userId,
    userEmail: input.userEmail ?? '',
    amount: input.amount,
    currency: input.currency,
    status: 'pending',
    transactionId: null,
    remark: input.remark ?? (orderId ? `Flight order ${orderId}` : 'Wallet top-up'),
    createdAt,
    updatedAt: createdAt,
    payBy: new Date(input.now.getTime() + TIMING.paymentOrderTtlMinutes * 60_000).toISOString(),
    // The sandbox page is ours: a same-origin path. External gateways need the absolute URL.
    returnTo: name === 'sandbox' ? `/app${returnPath}` : appLink(site, returnPath),
    ...(name === 'sandbox' ? { sandboxState: 'PENDING' as const } : {}),
  };
  // Recorded before the gateway hears of it, so a fast return always finds the payment.
  await repo.insertPayment(record);
  try {
    const { redirectTo } = await gateway(name).create({
      siteId: site.siteId,
      paymentId,
      amount: record.amount,
      currency: record.currency,
      returnUrl: record.returnTo,
      expireAfter: TIMING.paymentOrderTtlMinutes * 60,
      message: record.remark,
    });
    return { paymentId, gateway: name, redirectTo };
  } catch (err) {
    log.error('gateway refused the payment', { siteId: site.siteId, paymentId, gateway: name, error: String(err) });
    await repo.transition(site.siteId, paymentId, ['pending'], 'failed', input.now, {
      failureReason: 'gateway refused the payment',
    });
    throw fail.paymentRequired(MSG.paymentUnsuccessful);
  }
}

export interface VerificationMessage {
  siteId: SiteId;
  paymentId: string;
}

/**
 * Asks the worker to verify a payment now. Best effort: a payment is also checked by the reconciler
 * until it settles, so a queue outage only delays it and never fails the caller.
 */
export async function requestVerification(msg: VerificationMessage): Promise<void> {
  await sendMessage({ queue: 'paymentVerification', body: JSON.stringify(msg) }).catch((err) =>
    log.warn('verification not queued; the reconciler will check the payment', { ...msg, error: String(err) }),
  );
}

// ---------------------------------------------------------------------------------------------------
// Verification (the worker's core)

/** Thrown when the payment is still open: the worker reports the message failed so SQS retries it. */
export class StillPending extends Error {}

/** A PENDING payment is given up this long after its deadline (the gateway may lag a little). */
const EXPIRY_GRACE_MS = 5 * 60_000;

export interface FlightOrders {
  markOrderPaidByGateway(
    siteId: SiteId,
    orderId: string,
    payment: { paymentId: string; transactionId: string; amount: number; gateway: string },
    now: Date,
  ): Promise<'paid' | 'already' | 'expired' | 'mismatch'>;
  /** Drives a paid order to its end: booked, or failed and refunded; 'open' while another run holds it. */
  settleOrder(siteId: SiteId, orderId: string, now: Date): Promise<'booked' | 'failed' | 'open'>;
}

/** The quotation side, told that a quotation's payment is verified (port: wallet never imports kart). */
export interface KartPayments {
  /** Issues the payment's receipt once; 'refused' when the quotation can no longer take it (the money goes back). */
  receiveGatewayPayment(
    siteId: SiteId,
    kartId: string,
    payment: { paymentId: string; transactionId: string; amount: number; gateway: string },
    now: Date,
  ): Promise<'received' | 'already' | 'refused'>;
}

/**
 * Another domain told that a payment for one of its records is verified (port: wallet never imports it): it takes
 * the payment once ('received', or 'already' when an earlier delivery did), or 'refused' when the record can no
 * longer take it (the money then goes back through the gateway). The activity cart and the visa fee plug one each.
 */
export interface GatewayReceiver {
  receiveGatewayPayment(
    siteId: SiteId,
    subjectId: string,
    payment: { paymentId: string; transactionId: string; amount: number; currency: string; gateway: string },
    now: Date,
  ): Promise<'received' | 'already' | 'refused'>;
}

/** How a payment is verified: the gateway's calls, plus the flight-order, quotation, cart and visa ports. */
export interface VerifyDeps {
  status(p: PaymentRecord): Promise<GatewayStatus>;
  /** Sends a refund just recorded (refunds.ts) at once; the reconciler follows it until the gateway confirms. */
  sendRefund(siteId: SiteId, refundId: string, now: Date): Promise<void>;
  /** The booking side, told that an order is paid (port: wallet never imports flights). */
  orders: FlightOrders;
  karts: KartPayments;
  /** The activity cart side (`cartPayment`) and the visa side (`visaFee`). */
  carts: GatewayReceiver;
  visas: GatewayReceiver;
  log: Logger;
}

/** The real gateway calls, for an entry to complete with its flight-order, quotation, cart and visa ports. */
export const gatewayVerifyDeps = (
  orders: FlightOrders,
  karts: KartPayments,
  receivers: { carts: GatewayReceiver; visas: GatewayReceiver },
): VerifyDeps => ({
  status: (p) => gateway(p.gateway as GatewayName).status(p.siteId, p.paymentId),
  sendRefund: (siteId, refundId, now) => sendGatewayRefundNow(siteId, refundId, now, log),
  orders,
  karts,
  ...receivers,
  log,
});

export type VerifyOutcome = 'applied' | 'already' | 'failed' | 'expired' | 'refunded' | 'unknown';

/** The outcomes worth a metric; `already` and `unknown` repeat or never were a payment, so they count nothing. */
const OUTCOME_METRIC: Partial<Record<VerifyOutcome, MetricName>> = {
  applied: METRICS.paymentVerified,
  failed: METRICS.paymentFailed,
  expired: METRICS.paymentFailed,
  refunded: METRICS.paymentFailed,
};

/**
 * Verifies one payment with its gateway and applies it once. Throws StillPending while the payer has
 * not finished (the caller retries later); other throws are transient errors (retried as well).
 */
export async function verifyAndApply(
  siteId: SiteId,
  paymentId: string,
  now: Date,
  deps: VerifyDeps,
): Promise<VerifyOutcome> {
  const outcome = await verifyAndApplyOnce(siteId, paymentId, now, deps);
  // Counted once: a redelivered message finds the payment final and answers `already`.
  const metric = OUTCOME_METRIC[outcome];
  if (metric) await emitMetric(metric);
  return outcome;
}

async function verifyAndApplyOnce(
  siteId: SiteId,
  paymentId: string,
  now: Date,
  deps: VerifyDeps,
): Promise<VerifyOutcome> {
  const p = await repo.getPayment(siteId, paymentId);
  if (!p || p.gateway === 'offline') return 'unknown';
  if (repo.isFinal(p)) return 'already';

  if (p.status === 'pending') {
    const st = await deps.status(p);
    if (st.state === 'PENDING') {
      if (now.getTime() > Date.parse(p.payBy) + EXPIRY_GRACE_MS) {
        await repo.transition(siteId, paymentId, ['pending'], 'expired', now, { failureReason: 'not paid in time' });
        return 'expired';
      }
      throw new StillPending(paymentId);
    }
    if (st.state === 'FAILED') {
      await repo.transition(siteId, paymentId, ['pending'], 'failed', now, {
        failureReason: 'declined by the gateway',
        transactionId: st.transactionId ?? undefined,
      });
      return 'failed';
    }
    const paid = st.amount ?? p.amount;
    if (Math.abs(paid - p.amount) > 0.005) {
      deps.log.error('gateway amount differs from the payment', { siteId, paymentId, paid, expected: p.amount });
      const back = returnedPaymentItems(p, paid, now);
      const closed = await repo.transition(
        siteId,
        paymentId,
        ['pending'],
        'refunded',
        now,
        { failureReason: `amount mismatch: paid ${paid}`, transactionId: st.transactionId ?? undefined },
        back.items,
      );
      if (closed) await deps.sendRefund(siteId, back.refundId, now);
      return 'refunded';
    }
    await repo.transition(siteId, paymentId, ['pending'], 'completed', now, {
      transactionId: st.transactionId ?? `${p.gateway}-${paymentId}`,
    });
  }
  // Re-read: another delivery may have moved it on meanwhile; the transitions below are conditional.
  const current = (await repo.getPayment(siteId, paymentId))!;
  if (current.purpose === 'walletTopUp') return applyTopUp(current, now);
  if (current.purpose === 'kartPayment')
    return applyToSubject(current, now, deps, 'quotation', deps.karts, current.kartId);
  if (current.purpose === 'cartPayment') return applyToSubject(current, now, deps, 'cart', deps.carts, current.cartId);
  if (current.purpose === 'visaFee')
    return applyToSubject(current, now, deps, 'visa application', deps.visas, current.applicationId);
  return applyFlightOrder(current, now, deps);
}

/**
 * A payment for another domain's record (a quotation's receipt, a cart, a visa fee) is handed to it once; a record
 * that can no longer take it gets the money sent back through the gateway, once (the payment's move to refunded).
 */
async function applyToSubject(
  p: PaymentRecord,
  now: Date,
  deps: VerifyDeps,
  what: string,
  receiver: GatewayReceiver | KartPayments,
  subjectId: string | undefined,
): Promise<VerifyOutcome> {
  if (p.status === 'applied') return 'already';
  const r = await receiver.receiveGatewayPayment(
    p.siteId,
    subjectId!,
    {
      paymentId: p.paymentId,
      transactionId: p.transactionId ?? p.paymentId,
      amount: p.amount,
      currency: p.currency,
      gateway: p.gateway,
    },
    now,
  );
  if (r === 'refused') {
    const back = returnedPaymentItems(p, p.amount, now);
    const closed = await repo.transition(
      p.siteId,
      p.paymentId,
      ['completed'],
      'refunded',
      now,
      { failureReason: `${what} could not take it` },
      back.items,
    );
    if (closed) await deps.sendRefund(p.siteId, back.refundId, now);
    return 'refunded';
  }
  await repo.transition(p.siteId, p.paymentId, ['completed'], 'applied', now);
  return r === 'received' ? 'applied' : 'already';
}

async function applyTopUp(p: PaymentRecord, now: Date): Promise<VerifyOutcome> {
  if (p.status === 'applied') return 'already';
  const result = await move('credit', {
    siteId: p.siteId,
    legalEntityId: p.legalEntityId,
    entryId: `topup-${p.paymentId}`,
    amount: p.amount,
    currency: p.currency,
    kind: 'topUp',
    remark: `Wallet top-up (${p.gateway}${p.transactionId ? ` ${p.transactionId}` : ''})`,
    byUserId: p.userId,
    reference: { paymentId: p.paymentId },
    now,
  });
  if (result === 'conflict') throw new Error(`wallet credit conflict for ${p.paymentId}`);
  // 'duplicate': an earlier delivery credited it and stopped before marking the payment.
  await repo.transition(p.siteId, p.paymentId, ['completed'], 'applied', now);
  return result === 'done' ? 'applied' : 'already';
}

async function applyFlightOrder(p: PaymentRecord, now: Date, deps: VerifyDeps): Promise<VerifyOutcome> {
  const orders = deps.orders;
  if (p.status === 'completed') {
    const r = await orders.markOrderPaidByGateway(
      p.siteId,
      p.orderId!,
      { paymentId: p.paymentId, transactionId: p.transactionId ?? p.paymentId, amount: p.amount, gateway: p.gateway },
      now,
    );
    if (r === 'expired' || r === 'mismatch') {
      // The order can no longer take this money (lapsed, or paid otherwise): it goes back to the payer.
      deps.log.warn('gateway payment not applicable to its order; refunding', { paymentId: p.paymentId, reason: r });
      const back = returnedPaymentItems(p, p.amount, now);
      const closed = await repo.transition(
        p.siteId,
        p.paymentId,
        ['completed'],
        'refunded',
        now,
        { failureReason: `order ${r}` },
        back.items,
      );
      if (closed) await deps.sendRefund(p.siteId, back.refundId, now);
      return 'refunded';
    }
    await repo.transition(p.siteId, p.paymentId, ['completed'], 'applied', now);
  }
  if (p.status === 'completed' || (p.status === 'applied' && !p.fulfilled)) {
    // A failed booking was refunded to the wallet: that ends this payment's work too.
    const settled = await orders.settleOrder(p.siteId, p.orderId!, now);
    if (settled === 'open') throw new Error(`order ${p.orderId} is still being booked`);
    await repo.markFulfilled(p.siteId, p.paymentId, now);
  }
  return 'applied';
}

// ---------------------------------------------------------------------------------------------------
// payment/phonepe/callback (PhonePe's server-to-server callback)

/**
 * A PhonePe S2S callback. Its Authorization header is its only proof: a forged one (or any callback for
 * a site without a configured callback pair) is refused and changes nothing. A genuine one is noted on
 * the payment and queues its verification (outbox), which asks PhonePe's status API, the only source
 * the payment is settled on: the callback body is never trusted for the state or the amount.
 */
export async function phonePeCallback(
  site: SiteRecord,
  authorization: string | undefined,
  body: {
    event?: string | undefined;
    type?: string | undefined;
    payload: { merchantOrderId: string; state?: string | undefined };
  },
  now: Date,
): Promise<{ received: true }> {
  const settings = await gatewaySettings(site.siteId);
  if (!isGenuinePhonePeCallback(settings.phonepe, authorization)) {
    log.warn('phonepe callback refused: bad authorization', { siteId: site.siteId });
    throw fail.unauthenticated('Invalid callback authorization');
  }
  const paymentId = body.payload.merchantOrderId;
  const verify = outboxMessage(site.siteId, 'paymentVerification', { siteId: site.siteId, paymentId }, now);
  const event = String(body.event ?? body.type ?? 'unknown');
  const noted = /^[A-Za-z0-9]+$/.test(paymentId)
    ? await repo.recordCallback(site.siteId, paymentId, 'phonepe', { event, state: body.payload.state ?? null }, now, [
        verify.item,
      ])
    : false;
  if (!noted) throw fail.notFound();
  await publishCommitted(verify, log);
  return { received: true };
}

// ---------------------------------------------------------------------------------------------------
// payment/phonepe/verifyPayment

export interface Caller {
  userId: string;
  legalEntityId: string;
  isStaff: boolean;
}

/** A payment is visible to its payer, the payer's legal entity, and the site's staff. */
const maySee = (p: PaymentRecord, c: Caller) =>
  c.isStaff || p.userId === c.userId || p.legalEntityId === c.legalEntityId;

/**
 * The state of the payment(s) behind an order id (a flight order id, or a top-up's payment id); asks
 * the worker to verify any still open. success = paid / credited; pending = retry; failed = stop.
 */
export async function verifyPayment(siteId: SiteId, orderId: string, caller: Caller) {
  const direct = await repo.getPayment(siteId, orderId);
  const payments = (
    direct && direct.purpose !== 'flightOrder' ? [direct] : await repo.paymentsOfOrder(siteId, orderId)
  ).filter((p) => maySee(p, caller));
  if (!payments.length) throw fail.notFound();
  const open = payments.filter((p) => p.status === 'pending' || p.status === 'completed');
  await Promise.all(open.map((p) => requestVerification({ siteId, paymentId: p.paymentId })));
  const applied = payments.find((p) => p.status === 'applied');
  const shown = applied ?? open[0] ?? payments[0]!;
  return {
    orderId,
    status: applied ? ('success' as const) : open.length ? ('pending' as const) : ('failed' as const),
    purpose: shown.purpose,
    amount: shown.amount,
    currency: shown.currency,
  };
}

/**
 * Where a quotation's gateway payment stands, for the shared page the payer returns to (public: the unguessable
 * payment id is the credential, as on the sandbox page); asks the worker to verify one still open. Null: no such
 * payment of that quotation.
 */
export async function kartPaymentState(
  siteId: SiteId,
  paymentId: string,
  kartId: string,
): Promise<'pending' | 'applied' | 'failed' | null> {
  const p = await repo.getPayment(siteId, paymentId);
  if (!p || p.purpose !== 'kartPayment' || p.kartId !== kartId) return null;
  if (p.status === 'pending' || p.status === 'completed') {
    await requestVerification({ siteId, paymentId });
    return 'pending';
  }
  return p.status === 'applied' ? 'applied' : 'failed';
}

// ---------------------------------------------------------------------------------------------------
// The embedded sandbox gateway's page

async function openSandboxPayment(siteId: SiteId, paymentId: string): Promise<PaymentRecord> {
  const p = await repo.getPayment(siteId, paymentId);
  if (!p || p.gateway !== 'sandbox') throw fail.notFound();
  return p;
}

export async function sandboxPayment(site: SiteRecord, paymentId: string) {
  const p = await openSandboxPayment(site.siteId, paymentId);
  return {
    paymentId,
    amount: p.amount,
    currency: p.currency,
    merchant: site.companyName,
    state: p.sandboxState ?? 'PENDING',
    returnTo: p.returnTo,
  };
}

/**
 * The payer's choice on the sandbox page. Pay / Fail settle the sandbox payment once and ask the
 * worker to verify it; Abandon leaves it PENDING (it expires). Either way the payer goes back.
 */
export async function completeSandbox(
  site: SiteRecord,
  paymentId: string,
  outcome: 'pay' | 'fail' | 'abandon',
  now: Date,
): Promise<{ returnTo: string; state: 'PENDING' | 'COMPLETED' | 'FAILED' }> {
  const p = await openSandboxPayment(site.siteId, paymentId);
  if (outcome !== 'abandon') {
    const state = outcome === 'pay' ? 'COMPLETED' : 'FAILED';
    // The payer's choice and the message that verifies it are written together (outbox): a queue outage
    // after the commit cannot leave the payment unverified, nor answer the payer with an error.
    const verify = outboxMessage(site.siteId, 'paymentVerification', { siteId: site.siteId, paymentId }, now);
    if (await repo.setSandboxState(site.siteId, paymentId, state, now, [verify.item])) {
      await publishCommitted(verify, log);
    } else {
      const current = await openSandboxPayment(site.siteId, paymentId);
      if (current.sandboxState !== state) throw fail.conflict('This payment is already closed');
      await requestVerification({ siteId: site.siteId, paymentId });
    }
    return { returnTo: p.returnTo, state };
  }
  return { returnTo: p.returnTo, state: p.sandboxState ?? 'PENDING' };
}

export const toPaymentView = (p: PaymentRecord): TPayment => repo.toPayment(p as unknown as Record<string, unknown>);

// The wallet Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerVerifyPayment = answers(api.verifyPayment, (input, scope) => {
  const p = scope.principal;
  return verifyPayment(scope.site.siteId, input.orderId, {
    userId: p.userId,
    legalEntityId: p.legalEntityId,
    isStaff: p.userType === 'staff',
  });
});
export const answerGetGatewayTransactions = answers(api.getGatewayTransactions, (input, scope) =>
  repo.paymentsOfSite(scope.site.siteId, input.cursor, input.limit),
);
export const answerGetPendingOfflinePayments = answers(api.getPendingOfflinePayments, (input, scope) =>
  repo.pendingOffline(scope.site.siteId, input.cursor, input.limit),
);
export const answerGetSandboxPayment = answers(api.getSandboxPayment, (input, scope) => {
  assertSandboxRoutesOpen();
  return sandboxPayment(scope.site, input.paymentId);
});
export const answerCompleteSandboxPayment = answers(api.completeSandboxPayment, (input, scope) => {
  assertSandboxRoutesOpen();
  return completeSandbox(scope.site, input.paymentId, input.outcome, scope.now);
});
export const answerPhonePeCallback = answers(api.phonePeCallback, (input, scope) =>
  phonePeCallback(scope.site, scope.headers.authorization, input, scope.now),
);
