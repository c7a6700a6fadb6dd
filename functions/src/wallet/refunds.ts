/**
 * Refunds that go back where the money came from (docs/flights.md "Refunds go back where the money came from").
 * A refund of a gateway payment is decided in the caller's own transaction (a change request credited, a failed
 * order): `gatewayRefundItems` records it once under a deterministic refund id, raises the payment's refunded
 * total within what it took, and puts a reconciler due item. `advanceGatewayRefund` then drives it: claim, send
 * (the refund id is the gateway's merchant refund id), and ask until the gateway says COMPLETED; a refund the
 * gateway refuses for good is credited to the payer's wallet instead, in the same transaction that closes it.
 * A claim retaken after a crash asks the gateway about the refund before sending it again, so it is sent once.
 */
import type { GatewayName } from '@tp/contracts/endpoints/wallet';
import type { TransactItem } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { log as rootLog, type Logger } from '#lib/logger';
import { gateway, type PaymentGateway } from './gateways/index.ts';
import type { GatewayRefundState } from './gateways/types.ts';
import { creditItems } from './ledger-repo.ts';
import { refundDueItem } from './outbox.ts';
import {
  claimRefund,
  countSendAttempt,
  getRefund,
  isFinalRefund,
  recordRefundItems,
  refundRecordItem,
  transitionRefund,
  type GatewayRefundRecord,
  type GatewayRefundStatus,
} from './refunds-repo.ts';

export { getRefund } from './refunds-repo.ts';

/** A claim on one gateway call; under the reconciler's first back-off (1 minute), above the gateway's 15 s timeout. */
const SEND_LEASE_MS = 45_000;

/** PhonePe's merchant refund id takes letters, digits, `_` and `-`, at most 63 characters. */
export const gatewayRefundId = (source: string): string => `R${source}`.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 63);

export interface GatewayRefundInput {
  siteId: SiteId;
  /** What is refunded, unique for it (e.g. `CR-<changeRequestId>`, `OF-<orderId>`): the refund's id comes from it. */
  source: string;
  payment: { paymentId: string; gateway: GatewayName; amount: number };
  amount: number;
  currency: string;
  legalEntityId: string;
  userId: string;
  remark: string;
  reference: GatewayRefundRecord['reference'];
  now: Date;
}

/** The writes that decide a gateway refund, for the caller's transaction; written once per source. */
export function gatewayRefundItems(input: GatewayRefundInput): { refundId: string; items: TransactItem[] } {
  const refundId = gatewayRefundId(input.source);
  const at = input.now.toISOString();
  const record: GatewayRefundRecord = {
    siteId: input.siteId,
    refundId,
    paymentId: input.payment.paymentId,
    gateway: input.payment.gateway,
    amount: input.amount,
    currency: input.currency,
    legalEntityId: input.legalEntityId,
    userId: input.userId,
    remark: input.remark,
    reference: input.reference,
    status: 'pending',
    sendAttempts: 0,
    createdAt: at,
    updatedAt: at,
  };
  return {
    refundId,
    items: [...recordRefundItems(record, input.payment.amount), refundDueItem(input.siteId, refundId, input.now)],
  };
}

/**
 * A payment that goes back whole when it is verified (an amount other than asked, an order that can no longer
 * take it): its refund recorded once (`PM-<paymentId>`), for the transaction that moves the payment to
 * 'refunded', which is what keeps it to one.
 */
export function returnedPaymentItems(
  p: Pick<GatewayRefundRecord, 'siteId' | 'paymentId' | 'currency' | 'legalEntityId' | 'userId'> & {
    gateway: string;
    orderId?: string | null | undefined;
  },
  amount: number,
  now: Date,
): { refundId: string; items: TransactItem[] } {
  const refundId = gatewayRefundId(`PM-${p.paymentId}`);
  const at = now.toISOString();
  const record: GatewayRefundRecord = {
    siteId: p.siteId,
    refundId,
    paymentId: p.paymentId,
    gateway: p.gateway as GatewayName,
    amount,
    currency: p.currency,
    legalEntityId: p.legalEntityId,
    userId: p.userId,
    remark: `Refund of payment ${p.paymentId}`,
    reference: p.orderId ? { orderId: p.orderId } : {},
    status: 'pending',
    sendAttempts: 0,
    createdAt: at,
    updatedAt: at,
  };
  return { refundId, items: [refundRecordItem(record), refundDueItem(p.siteId, refundId, now)] };
}

export type RefundProgress = 'done' | 'later';

/**
 * One step of a gateway refund: sends it when nobody has, or asks the gateway how it stands. 'done' once it is
 * final (completed, or credited to the wallet); 'later' while the gateway is still at it or another run holds
 * it. Throws on a gateway or table error: the caller (the reconciler) retries it.
 */
export async function advanceGatewayRefund(
  siteId: SiteId,
  refundId: string,
  now: Date,
  gatewayOf: (name: GatewayName) => PaymentGateway = gateway,
  log: Logger = rootLog,
): Promise<RefundProgress> {
  const r = await getRefund(siteId, refundId);
  if (!r || isFinalRefund(r)) return 'done';
  const gw = gatewayOf(r.gateway);
  if (r.status === 'sent') {
    const st = await gw.refundStatus(siteId, refundId);
    if (!st) {
      // The gateway took it once and no longer knows it: a person must look; it stays open and alarmed.
      log.error('gateway no longer knows a refund it took', { siteId, refundId, gateway: r.gateway });
      return 'later';
    }
    return settle(r, ['sent'], st.state, now, log);
  }
  if (r.status === 'sending' && r.claimUntil && r.claimUntil >= now.toISOString()) return 'later';
  if (!(await claimRefund(siteId, refundId, now, SEND_LEASE_MS))) return 'later';
  // An earlier call may have reached the gateway before its run died: ask before sending again.
  const known = r.sendAttempts > 0 ? await gw.refundStatus(siteId, refundId) : null;
  let state: GatewayRefundState;
  if (known) state = known.state;
  else {
    await countSendAttempt(siteId, refundId, now);
    state = (await gw.refund(siteId, r.paymentId, refundId, r.amount)).state;
  }
  return settle(r, ['sending'], state, now, log);
}

async function settle(
  r: GatewayRefundRecord,
  from: GatewayRefundStatus[],
  state: GatewayRefundState,
  now: Date,
  log: Logger,
): Promise<RefundProgress> {
  const fields = { siteId: r.siteId, refundId: r.refundId, paymentId: r.paymentId, amount: r.amount };
  if (state === 'PENDING') {
    if (from.includes('sending')) await transitionRefund(r.siteId, r.refundId, from, 'sent', now);
    return 'later';
  }
  if (state === 'COMPLETED') {
    if (await transitionRefund(r.siteId, r.refundId, from, 'completed', now))
      log.info('gateway refund completed', fields);
    return 'done';
  }
  // Refused for good (a closed card, a payment too old): the money still goes back once, to the wallet.
  const credit = creditItems({
    siteId: r.siteId,
    legalEntityId: r.legalEntityId,
    entryId: `${r.refundId}-wallet`,
    amount: r.amount,
    currency: r.currency,
    kind: 'refund',
    remark: `${r.remark} (the payment gateway refused the refund to the card)`,
    byUserId: r.userId,
    reference: { paymentId: r.paymentId, ...walletReference(r.reference) },
    now,
  });
  if (await transitionRefund(r.siteId, r.refundId, from, 'toWallet', now, credit))
    log.warn('gateway refused a refund; credited to the wallet', fields);
  return 'done';
}

const walletReference = ({ changeRequestId: _named, ...rest }: GatewayRefundRecord['reference']) => rest;

/**
 * Right after the transaction that decided it: the first step at once, so the gateway hears of the refund now
 * rather than at the reconciler's next run. Never throws: the reconciler carries on from wherever it stopped.
 */
export async function sendGatewayRefundNow(siteId: SiteId, refundId: string, now: Date, log: Logger): Promise<void> {
  await advanceGatewayRefund(siteId, refundId, now, gateway, log).catch((err: unknown) =>
    log.warn('gateway refund not sent now; the reconciler will send it', { siteId, refundId, error: String(err) }),
  );
}
