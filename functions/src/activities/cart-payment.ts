/**
 * The activity cart pays (docs/dmc.md "The activity cart pays"): when the site says so (confirmed or vouchered,
 * `dmc/saveCartPayment`), the move into that status debits the owner's wallet or credit line in the same
 * DynamoDB transaction as the move itself, so the money moves exactly when the status does: ten confirms at once
 * debit once (one wins the cart's version; the rest find the entry taken or the cart moved). Cancelling a paid cart
 * credits it back in the cancel's own transaction, once. The wallet is in the owner's currency: a cart in dirhams
 * is converted through the site's exchange-rate table, and the payment names the rates it used.
 */
import { ACTIVITY_MSG, type TCartPayment, type TLocalPrice } from '@tp/contracts/endpoints/activities';
import type { CartPaysAt } from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import type { CartStatus } from '@tp/domain/activities';
import { convert, describeRate, type RateUsed } from '@tp/domain/dmc';
import { formatMoney } from '@tp/domain/format';
import { auditPut, recordChange } from '#lib/audit';
import type { TransactItem } from '#lib/db';
import { fail } from '#lib/errors';
import type { SiteId } from '#lib/keys';
import { log } from '#lib/logger';
import { siteToday } from '#lib/time';
import { allExchangeRates } from '../dmc/index.ts';
import { balanceOf, gatewayRefundItems, move, sendGatewayRefundNow } from '../wallet/index.ts';
import type { GatewayName } from '@tp/contracts/endpoints/wallet';
import { getUser } from '../users/records.ts';
import * as repo from './repo.ts';
import type { CartPaymentRecord, CartRecord } from './repo.ts';
import type { Principal } from '#lib/principal';
import type { SiteRecord } from '#lib/tenancy';

/** Who moves the cart, where and when (the activities Lambda's scope). */
type ActivityScope = { site: SiteRecord; principal: Principal; now: Date };

/** The statuses that follow one another towards the voucher: a cart pays on the first it reaches at or past the setting. */
const PAYING_ORDER: readonly CartStatus[] = ['confirmed', 'vouchered'];

/** Whether a move into `to` takes the cart's money: at or past the site's paying status, and not paid yet. */
export function movePays(paysAt: CartPaysAt, cart: Pick<CartRecord, 'payment'>, to: CartStatus): boolean {
  if (paysAt === 'none' || cart.payment) return false;
  const at = PAYING_ORDER.indexOf(paysAt);
  return PAYING_ORDER.indexOf(to) >= at && PAYING_ORDER.includes(to);
}

/**
 * What happens when the owner's wallet and credit cannot take a paying move (docs/dmc.md "The activity cart pays"):
 * a retail customer's cart is confirmed all the same and they pay it online from their cart (the gateway); the
 * voucher of a retail customer's unpaid cart waits for that payment; an agent's (or corporate) move is refused
 * with the wallet's message, as before (their wallet takes a gateway top-up).
 */
export function whenWalletShort(ownerType: string, to: CartStatus): 'moveUnpaid' | 'awaitOnlinePayment' | 'refuse' {
  if (ownerType !== 'retail') return 'refuse';
  return to === 'confirmed' ? 'moveUnpaid' : 'awaitOnlinePayment';
}

/**
 * Whether the owner may pay the cart online now: the site's carts pay (`confirmed` or `vouchered`), the cart is
 * confirmed, unpaid, and totals something. Agents may so pay before a `vouchered` site's voucher debits the wallet.
 */
export const payableOnline = (paysAt: CartPaysAt, cart: Pick<CartRecord, 'status' | 'payment'>, total: number) =>
  paysAt !== 'none' && cart.status === 'confirmed' && !cart.payment && total > 0;

/** Whether a move gives a paid cart's money back (the cancel of a cart that paid and was not refunded). */
export const moveRefunds = (cart: Pick<CartRecord, 'payment'>, to: CartStatus): boolean =>
  to === 'cancelled' && !!cart.payment && !cart.payment.refundedAt;

/** How the rates read ("INR 1 = AED 0.0441 from 2026-11-01"); empty when none was needed. */
export const ratesText = (used: readonly RateUsed[]) => used.map(describeRate).join('; ');

/**
 * `amount` of the DMC's `currency` in a legal entity's wallet currency, through the site's table on its today;
 * null when it is the same currency. Throws a 400 naming the currency the table lacks.
 */
export async function inWalletCurrency(
  scope: ActivityScope,
  legalEntityId: string,
  amount: number,
  currency: string,
): Promise<TLocalPrice | null> {
  const siteId = scope.site.siteId;
  const [wallet, rows] = await Promise.all([balanceOf(siteId, legalEntityId), allExchangeRates(siteId)]);
  return localPrice(amount, currency, wallet.currency, rows, siteToday(scope.site, scope.now));
}

/** The conversion itself (pure over what was read): null for one currency, the missing currency without a row. */
export function toLocal(
  amount: number,
  from: string,
  to: string,
  rows: Parameters<typeof convert>[3],
  day: string,
): TLocalPrice | null | { missing: string } {
  if (from === to) return null;
  const r = convert(amount, from, to, rows, day);
  if (!r.ok) return { missing: r.missing };
  return { amount: r.amount, currency: to, ratesUsed: r.used, rateText: ratesText(r.used) };
}

/** As `toLocal`, a currency the table has no row for being a 400 that names it (a payment cannot go on without). */
export function localPrice(...args: Parameters<typeof toLocal>): TLocalPrice | null {
  const r = toLocal(...args);
  if (r && 'missing' in r) {
    const message = ACTIVITY_MSG.noExchangeRate(r.missing);
    throw fail.validation(message, { status: message });
  }
  return r;
}

export const paymentView = (p: CartPaymentRecord): TCartPayment => ({
  method: p.method,
  amount: p.amount,
  currency: p.currency,
  rateText: ratesText(p.ratesUsed ?? []),
  paidAt: p.paidAt,
  refundedAt: p.refundedAt,
});

const payEntryId = (cartId: string) => `cart-${cartId}-pay`;
const refundEntryId = (cartId: string) => `cart-${cartId}-refund`;

/**
 * The outcome of a paying or refunding move: done, already done by a parallel one (the entry was taken), or (a
 * retail customer's confirm the wallet cannot pay) to be moved unpaid: the customer pays online next.
 */
export type MoneyMove = 'done' | 'already' | 'unpaid';

/**
 * Debits the owner for the cart and commits `write(after)` (the cart's move, its counts and audit) in the same
 * transaction. A refusal writes nothing: 402 when the wallet and credit cannot take it, 409 when the cart changed.
 */
export async function payAndMove(
  scope: ActivityScope,
  owner: { userId: string; legalEntityId: string; userType: string },
  cart: CartRecord,
  after: CartRecord,
  total: number,
  currency: string,
  write: (after: CartRecord) => TransactItem[],
): Promise<{ outcome: MoneyMove; after: CartRecord }> {
  const local = await inWalletCurrency(scope, owner.legalEntityId, total, currency);
  const amount = local?.amount ?? total;
  const walletCurrency = local?.currency ?? currency;
  const entryId = payEntryId(cart.id);
  const paid: CartRecord = {
    ...after,
    payment: {
      method: 'wallet',
      legalEntityId: owner.legalEntityId,
      entryId,
      amount,
      currency: walletCurrency,
      cartAmount: total,
      cartCurrency: currency,
      ratesUsed: local?.ratesUsed ?? [],
      paidAt: scope.now.toISOString(),
      refundedAt: null,
    },
  };
  const result = await move(
    'debit',
    movement(scope.site.siteId, owner.legalEntityId, entryId, amount, walletCurrency, scope, {
      kind: 'booking',
      remark: `Activity cart ${cart.reference}${local ? ` (${formatMoney(total, currency)}; ${local.rateText})` : ''}`,
    }),
    write(paid),
  );
  if (result === 'done') return { outcome: 'done', after: paid };
  if (result === 'duplicate') return { outcome: 'already', after: paid };
  if (result === 'insufficient') {
    const short = whenWalletShort(owner.userType, after.status);
    if (short === 'moveUnpaid') return { outcome: 'unpaid', after };
    if (short === 'awaitOnlinePayment') throw fail.paymentRequired(ACTIVITY_MSG.awaitingPayment);
    throw fail.paymentRequired(ACTIVITY_MSG.walletShort(formatMoney(amount, walletCurrency)));
  }
  if (result === 'overdue') throw fail.paymentRequired(MSG.creditOverdue);
  if (result === 'overLimit') throw fail.paymentRequired(MSG.creditOverLimit);
  throw fail.conflict(ACTIVITY_MSG.changedMeanwhile);
}

/**
 * Credits a paid cart's money back with its cancel, in one transaction; once whatever the number of cancels. A
 * gateway-paid cart is refunded through the gateway (the quotation cancellation's machinery): the refund record,
 * keyed by the cart (`CC-<cart>`), commits with the cancel and is sent right after it; the reconciler follows it.
 */
export async function refundAndMove(
  scope: ActivityScope,
  cart: CartRecord,
  after: CartRecord,
  write: (after: CartRecord) => TransactItem[],
): Promise<{ outcome: MoneyMove; after: CartRecord }> {
  const p = cart.payment!;
  if (p.method === 'gateway') return refundThroughGateway(scope, cart, after, write);
  const refunded: CartRecord = { ...after, payment: { ...p, refundedAt: scope.now.toISOString() } };
  const result = await move(
    'credit',
    movement(scope.site.siteId, p.legalEntityId, refundEntryId(cart.id), p.amount, p.currency, scope, {
      kind: 'refund',
      remark: `Activity cart ${cart.reference} cancelled`,
    }),
    write(refunded),
  );
  if (result === 'done') return { outcome: 'done', after: refunded };
  if (result === 'duplicate') return { outcome: 'already', after: refunded };
  throw fail.conflict(ACTIVITY_MSG.changedMeanwhile);
}

function movement(
  siteId: SiteId,
  legalEntityId: string,
  entryId: string,
  amount: number,
  currency: string,
  scope: ActivityScope,
  what: { kind: 'booking' | 'refund'; remark: string },
) {
  return {
    siteId,
    legalEntityId,
    entryId,
    amount,
    currency,
    ...what,
    byUserId: scope.principal.userId,
    now: scope.now,
  };
}

// ---------------------------------------------------------------------------------------------------
// The owner pays online (the site's gateway, purpose `cartPayment`)

const gatewayEntryId = (paymentId: string) => `gateway-${paymentId}`;

/** Where the payer comes back to: the queue with the cart open (wallet/payments.ts adds `payment=<id>`). */
export const cartReturnPath = (cartId: string) => `/activities/queue?status=confirmed&cart=${cartId}`;

/**
 * A verified gateway payment pays its cart, once: the cart (conditional on the version read and on being unpaid)
 * and the cart's gateway-paid guard (`attribute_not_exists`) commit together. 'already' when this payment paid it
 * before (a redelivered or parallel verification); 'refused' when the cart can no longer take it (cancelled,
 * paid from the wallet meanwhile, another payment first): the payments side then sends the money back.
 */
export async function receiveCartGatewayPayment(
  siteId: SiteId,
  cartId: string,
  payment: { paymentId: string; transactionId: string; amount: number; currency: string; gateway: string },
  now: Date,
): Promise<'received' | 'already' | 'refused'> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const cart = await repo.getCart(siteId, cartId);
    if (!cart) return 'refused';
    if (cart.payment?.paymentId === payment.paymentId) return 'already';
    if (cart.payment || cart.status !== 'confirmed') {
      log.warn('gateway payment not applicable to its cart', { siteId, cartId, status: cart.status });
      return 'refused';
    }
    const total = Math.round(cart.items.reduce((sum, l) => sum + l.price * 100, 0)) / 100;
    const owner = await getUser(siteId, cart.userId);
    const at = now.toISOString();
    const after: CartRecord = {
      ...cart,
      version: cart.version + 1,
      updatedAt: at,
      payment: {
        method: 'gateway',
        legalEntityId: owner?.legalEntityId ?? cart.userId,
        entryId: gatewayEntryId(payment.paymentId),
        paymentId: payment.paymentId,
        gateway: payment.gateway,
        gatewayRefundId: null,
        amount: payment.amount,
        currency: payment.currency,
        cartAmount: total,
        cartCurrency: cart.items[0]?.currency ?? payment.currency,
        ratesUsed: [],
        paidAt: at,
        refundedAt: null,
      },
    };
    const audit = auditPut(
      siteId,
      recordChange(
        'activityCart',
        cart.id,
        { reference: cart.reference, status: cart.status },
        {
          reference: cart.reference,
          status: cart.status,
          paid: `${payment.currency} ${payment.amount}`,
          via: `${payment.gateway} ${payment.transactionId}`,
        },
        'update',
      ),
      { userId: cart.userId, name: `${cart.userName} (online payment)`, email: '' },
      now,
    );
    if (await repo.takeGatewayPayment(siteId, cart, after, payment.paymentId, audit)) return 'received';
    // Lost a race: another verification of this payment, a wallet payment or a staff move; read again.
  }
  throw new Error(`cart ${cartId} kept changing while its payment was applied`);
}

/** The cancel of a gateway-paid cart: the gateway refund decided in the cancel's transaction, sent after it. */
async function refundThroughGateway(
  scope: ActivityScope,
  cart: CartRecord,
  after: CartRecord,
  write: (after: CartRecord) => TransactItem[],
): Promise<{ outcome: MoneyMove; after: CartRecord }> {
  const p = cart.payment!;
  const g = gatewayRefundItems({
    siteId: scope.site.siteId,
    source: `CC-${cart.id}`,
    payment: { paymentId: p.paymentId!, gateway: p.gateway as GatewayName, amount: p.amount },
    amount: p.amount,
    currency: p.currency,
    legalEntityId: p.legalEntityId || cart.userId,
    userId: cart.userId,
    remark: `Activity cart ${cart.reference} cancelled`,
    reference: {},
    now: scope.now,
  });
  const refunded: CartRecord = {
    ...after,
    payment: { ...p, refundedAt: scope.now.toISOString(), gatewayRefundId: g.refundId },
  };
  if (!(await repo.commitCartChange([...write(refunded), ...g.items])))
    throw fail.conflict(ACTIVITY_MSG.changedMeanwhile);
  await sendGatewayRefundNow(scope.site.siteId, g.refundId, scope.now, log);
  return { outcome: 'done', after: refunded };
}
