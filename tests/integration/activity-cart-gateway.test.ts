/**
 * The activity cart paid through the site's gateway (docs/dmc.md "The activity cart pays"): a retail customer whose
 * wallet cannot pay is confirmed all the same and offered "Pay"; a declined payment and a forged callback change
 * nothing; the sandbox payment verified ten times at once pays the cart once; a second payment the cart no longer
 * needs goes back through the gateway; the voucher waits for the payment and takes nothing from the wallet; ten
 * cancels at once send one gateway refund. On SkyWay, whose carts pay when confirmed (as activity-cart-money's).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { urlPath } from '@tp/contracts/endpoint';
import {
  ACTIVITY_MSG,
  addToCart,
  getCartData,
  payCart,
  updateCartStatus,
  type TCart,
} from '@tp/contracts/endpoints/activities';
import { saveActivityTicketRates, saveCartPayment, saveExchangeRate, searchMarket } from '@tp/contracts/endpoints/dmc';
import { completeSandboxPayment, phonePeCallback } from '@tp/contracts/endpoints/wallet';
import { addDays } from '../../packages/domain/src/dmc/kart/dates.ts';
import { paymentVerification } from '../../functions/src/entries/wiring/orders.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { siteTimeZone } from '../../functions/src/lib/tenancy.ts';
import { localDay } from '../../functions/src/lib/time.ts';
import { verifyAndApply } from '../../functions/src/wallet/index.ts';
import { receiveCartGatewayPayment } from '../../functions/src/activities/index.ts';
import { balanceOf } from '../../functions/src/wallet/ledger-repo.ts';
import { getPayment } from '../../functions/src/wallet/payments-repo.ts';
import { gatewayRefundId, getRefund } from '../../functions/src/wallet/refunds.ts';
import { useStackQueues } from '../support/queues.ts';
import { Client } from '../support/api.ts';
import { newCustomer, type Customer } from './flights-helpers.ts';
import { SKYWAY, destination, ok, refused, staff, type Destination } from './dmc-helpers.ts';

const siteId = asSiteId(SKYWAY.siteId);
const today = localDay(new Date(), siteTimeZone(SKYWAY));
const day = addDays(today, 15);
const trip = { startDate: day, endDate: addDays(day, 1), adults: 2, children: 0 };

let admin: Client;
let d: Destination;

beforeAll(async () => {
  // The verifications this file runs itself may queue mail and the gateway's own messages.
  await useStackQueues('email', 'paymentVerification');
  admin = await staff(SKYWAY);
  d = await destination(admin);
  const markets = await ok(admin, searchMarket, { limit: 100 });
  const market = markets.records.find((m: { isDefault: boolean }) => m.isDefault)!;
  for (const marketId of new Set([market.marketId, d.marketId]))
    await ok(admin, saveActivityTicketRates, {
      isPerPax: true,
      validFromDate: today,
      validTillDate: addDays(today, 365),
      tourOptionId: d.tourOptionId,
      marketId,
      adultAmount: 100,
      childAmount: 80,
    });
  // The rupee's row (a run earlier today may have saved one: rows are one per currency and day).
  await admin.call(saveExchangeRate, { currency: 'INR', rate: 0.044, buffer: 1, validFrom: today });
  await ok(admin, saveCartPayment, { cartPaysAt: 'confirmed' });
}, 120_000);

async function submittedCart(owner: Customer): Promise<TCart> {
  const cart = await ok<TCart>(owner.client, addToCart, {
    ...trip,
    item: { activityId: d.activityId, tourOptionId: d.tourOptionId, date: day },
  });
  return ok<TCart>(owner.client, updateCartStatus, { cartId: cart.id, status: 'submitted' });
}

const paymentOf = (redirectTo: string) => redirectTo.split('/').pop()!;

describe('a retail customer pays a confirmed cart online', () => {
  it('confirms unpaid, takes one payment under ten verifications, returns what the cart no longer needs, refunds once', async () => {
    const customer = await newCustomer(SKYWAY, 'retail');
    const cart = await submittedCart(customer);

    // The wallet cannot pay: the cart is confirmed all the same and its owner is offered to pay online.
    const confirmed = await ok<TCart>(admin, updateCartStatus, { cartId: cart.id, status: 'confirmed' });
    expect(confirmed).toMatchObject({ status: 'confirmed', payment: null });
    const mine = await ok<TCart>(customer.client, getCartData, { cartId: cart.id });
    expect(mine.payNow).toMatchObject({ currency: 'INR', amount: mine.localTotal!.amount });
    expect((await ok<TCart>(admin, getCartData, { cartId: cart.id })).payNow ?? null).toBeNull();
    // The voucher waits for the payment.
    const early = await refused(admin, updateCartStatus, { cartId: cart.id, status: 'vouchered' }, 402);
    expect(early.message).toBe(ACTIVITY_MSG.awaitingPayment);

    // Only the owner pays; another customer does not see the cart at all.
    expect((await refused(admin, payCart, { cartId: cart.id }, 403)).message).toBe(ACTIVITY_MSG.onlyOwnerPays);
    const stranger = await newCustomer(SKYWAY, 'retail');
    await refused(stranger.client, payCart, { cartId: cart.id }, 404);

    // A declined payment changes nothing; nor does a forged callback, nor a payment that does not exist.
    const declined = await ok(customer.client, payCart, { cartId: cart.id });
    expect(declined.redirectTo).toBe(`/app/sandbox-gateway/${declined.paymentId}`);
    await ok(customer.client, completeSandboxPayment, { paymentId: declined.paymentId, outcome: 'fail' });
    // The stack's payments worker may settle it first (the callback queues a verification): either way, once.
    expect(['failed', 'already']).toContain(
      await verifyAndApply(siteId, declined.paymentId, new Date(), paymentVerification()),
    );
    expect((await getPayment(siteId, declined.paymentId))?.status).toBe('failed');
    const forged = await new Client(SKYWAY.domain).raw(
      'POST',
      urlPath(phonePeCallback),
      { event: 'checkout.order.completed', payload: { merchantOrderId: declined.paymentId, state: 'COMPLETED' } },
      { authorization: 'forged' },
    );
    expect(forged.status).toBe(401);
    expect(await verifyAndApply(siteId, 'Pnosuchpayment', new Date(), paymentVerification())).toBe('unknown');
    expect((await ok<TCart>(customer.client, getCartData, { cartId: cart.id })).payment).toBeNull();

    // Two payments started; the first pays, verified ten times at once: applied once.
    const first = await ok(customer.client, payCart, { cartId: cart.id });
    const second = await ok(customer.client, payCart, { cartId: cart.id });
    const paid = await ok(customer.client, completeSandboxPayment, { paymentId: first.paymentId, outcome: 'pay' });
    expect(paid.returnTo).toBe(`/app/activities/queue?status=confirmed&cart=${cart.id}&payment=${first.paymentId}`);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => verifyAndApply(siteId, first.paymentId, new Date(), paymentVerification())),
    );
    // The local stack's payments worker may have applied it first (the sandbox queues its verification).
    expect(outcomes.filter((o) => o === 'applied').length).toBeLessThanOrEqual(1);
    expect(
      outcomes.every((o) => o === 'applied' || o === 'already'),
      outcomes.join(),
    ).toBe(true);
    expect(await verifyAndApply(siteId, first.paymentId, new Date(), paymentVerification())).toBe('already');
    const after = await ok<TCart>(customer.client, getCartData, { cartId: cart.id });
    expect(after.payment).toMatchObject({ method: 'gateway', amount: mine.payNow!.amount, currency: 'INR' });
    expect(after.payNow ?? null).toBeNull();
    expect((await getPayment(siteId, first.paymentId))?.status).toBe('applied');
    // Nothing more to pay; the second payment, completed anyway, goes back through the gateway.
    expect((await refused(customer.client, payCart, { cartId: cart.id })).message).toBe(ACTIVITY_MSG.nothingToPay);
    await ok(customer.client, completeSandboxPayment, { paymentId: second.paymentId, outcome: 'pay' });
    expect(['refunded', 'already']).toContain(
      await verifyAndApply(siteId, second.paymentId, new Date(), paymentVerification()),
    );
    expect((await getPayment(siteId, second.paymentId))?.status).toBe('refunded');
    expect(await getRefund(siteId, gatewayRefundId(`PM-${second.paymentId}`))).toMatchObject({
      paymentId: second.paymentId,
    });

    // The voucher takes nothing from the wallet.
    await ok(admin, updateCartStatus, { cartId: cart.id, status: 'vouchered' });
    expect((await balanceOf(SKYWAY.siteId, customer.legalEntityId)).balance).toBe(0);

    // Ten cancels at once: one gateway refund of what was paid, and the cart says so.
    const cancels = await Promise.all(
      Array.from({ length: 10 }, () => admin.call(updateCartStatus, { cartId: cart.id, status: 'cancelled' })),
    );
    expect(cancels.filter((r) => r.status === 200)).toHaveLength(1);
    expect(cancels.every((r) => [200, 400, 409].includes(r.status))).toBe(true);
    const refund = await getRefund(siteId, gatewayRefundId(`CC-${cart.id}`));
    expect(refund).toMatchObject({ paymentId: first.paymentId, amount: mine.payNow!.amount, currency: 'INR' });
    expect((await getPayment(siteId, first.paymentId))?.refundedAmount).toBe(mine.payNow!.amount);
    const cancelled = await ok<TCart>(customer.client, getCartData, { cartId: cart.id });
    expect(cancelled).toMatchObject({ status: 'cancelled', payment: { method: 'gateway' } });
    expect(cancelled.payment!.refundedAt).toEqual(expect.any(String));
    expect((await balanceOf(SKYWAY.siteId, customer.legalEntityId)).balance).toBe(0);
  });

  it('refuses a payment the cart does not need, and a cart cancelled before its payment is verified gets it back', async () => {
    const customer = await newCustomer(SKYWAY, 'retail');
    const cart = await submittedCart(customer);
    // Submitted, not confirmed yet: nothing to pay.
    expect((await refused(customer.client, payCart, { cartId: cart.id })).message).toBe(ACTIVITY_MSG.nothingToPay);
    await ok(admin, updateCartStatus, { cartId: cart.id, status: 'confirmed' });
    const started = await ok(customer.client, payCart, { cartId: cart.id });
    await ok(admin, updateCartStatus, { cartId: cart.id, status: 'cancelled' });
    await ok(customer.client, completeSandboxPayment, { paymentId: paymentOf(started.redirectTo), outcome: 'pay' });
    expect(['refunded', 'already']).toContain(
      await verifyAndApply(siteId, started.paymentId, new Date(), paymentVerification()),
    );
    expect((await getPayment(siteId, started.paymentId))?.status).toBe('refunded');
    expect((await ok<TCart>(customer.client, getCartData, { cartId: cart.id })).payment).toBeNull();
  });

  it('takes a verified payment once when ten verifications hand it to the cart at the same moment', async () => {
    // The port itself, raced directly (the local stack's worker may settle a sandbox payment before a test can).
    const customer = await newCustomer(SKYWAY, 'retail');
    const cart = await submittedCart(customer);
    await ok(admin, updateCartStatus, { cartId: cart.id, status: 'confirmed' });
    const payment = {
      paymentId: `Ptest${cart.id}`,
      transactionId: 'T1',
      amount: 10,
      currency: 'INR',
      gateway: 'sandbox',
    };
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => receiveCartGatewayPayment(siteId, cart.id, payment, new Date())),
    );
    expect(outcomes.filter((o) => o === 'received')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already')).toHaveLength(9);
    // Another payment for the paid cart is refused (its money goes back).
    expect(await receiveCartGatewayPayment(siteId, cart.id, { ...payment, paymentId: 'Pother' }, new Date())).toBe(
      'refused',
    );
    const paid = await ok<TCart>(customer.client, getCartData, { cartId: cart.id });
    expect(paid.payment).toMatchObject({ method: 'gateway', amount: 10, currency: 'INR' });
  });
});
