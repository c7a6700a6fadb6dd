/**
 * Refunds back where the money came from: a refund of a PhonePe payment (tests/support/phonepe-stub.ts) is
 * decided once per source, kept within what the payment took, sent through PhonePe's refund API by the
 * reconciler, and confirmed once, also when the run that sent it died before hearing PhonePe's answer; a refund
 * PhonePe refuses for good goes to the payer's wallet once. Runs in this process against the run's DynamoDB with
 * a throwaway site. Its clock is a day ahead, so the shared stack's own reconciler (on the real clock) never
 * takes these items.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, transactOrFalse } from '../../functions/src/lib/db.ts';
import { asSiteId, keys } from '../../functions/src/lib/keys.ts';
import { seal } from '../../functions/src/lib/sealed.ts';
import type { SiteRecord } from '../../functions/src/lib/tenancy.ts';
import { reconcile } from '../../functions/src/entries/workers/reconciler.ts';
import { balanceOf } from '../../functions/src/wallet/ledger-repo.ts';
import { clearGatewaySettingsCache } from '../../functions/src/wallet/gateways/settings.ts';
import { getPayment, transition } from '../../functions/src/wallet/payments-repo.ts';
import { startGatewayPayment } from '../../functions/src/wallet/payments.ts';
import { gatewayRefundItems, getRefund } from '../../functions/src/wallet/refunds.ts';
import { startPhonePeStub, type PhonePeStub } from '../support/phonepe-stub.ts';
import { useStackTable } from './users-helpers.ts';

const MINUTE = 60_000;
const T = Date.now() + 24 * 3_600_000;
const at = (ms: number) => new Date(T + ms);

const siteId = asSiteId(`site-rf-${randomUUID().slice(0, 8)}`);
const site = { siteId, domain: 'rf.localhost', companyName: 'RF Travels' } as unknown as SiteRecord;
let stub: PhonePeStub;

beforeAll(async () => {
  useStackTable();
  stub = await startPhonePeStub({ MERCHANT_R: 'secret-r' });
  process.env.PHONEPE_BASE_URL = stub.url;
  const phonepe = { clientId: 'MERCHANT_R', clientSecret: 'secret-r', clientVersion: 1, env: 'SANDBOX' };
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.site(siteId), siteId, companyName: 'RF Travels' } }),
  );
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.siteSecrets(siteId),
        paymentGateway: await seal({ active: 'phonepe', phonepe }, { siteId, field: 'paymentGateway' }),
      },
    }),
  );
  clearGatewaySettingsCache();
});
afterAll(async () => {
  delete process.env.PHONEPE_BASE_URL;
  await stub.stop();
});

/** A flight order paid through PhonePe and fulfilled: the payment the refunds go back to. */
async function paid(amount: number) {
  const le = `LE-${randomUUID().slice(0, 8)}`;
  const { paymentId } = await startGatewayPayment(site, {
    purpose: { kind: 'flightOrder', orderId: `O${randomUUID().slice(0, 8)}` },
    amount,
    currency: 'INR',
    userId: 'U1',
    legalEntityId: le,
    now: new Date(),
  });
  stub.settle(paymentId, 'COMPLETED');
  // Verified and its order booked (its own reconciler item then finds nothing to do).
  expect(await transition(siteId, paymentId, ['pending'], 'completed', new Date())).toBe(true);
  expect(await transition(siteId, paymentId, ['completed'], 'applied', new Date(), { fulfilled: true })).toBe(true);
  return { paymentId, le };
}

const decide = (
  p: { paymentId: string; le: string },
  source: string,
  amount: number,
  paidAmount: number,
  now = at(0),
) => {
  const { refundId, items } = gatewayRefundItems({
    siteId,
    source,
    payment: { paymentId: p.paymentId, gateway: 'phonepe', amount: paidAmount },
    amount,
    currency: 'INR',
    legalEntityId: p.le,
    userId: 'U1',
    remark: `Refund for PNR RF${source}`,
    reference: { bookingId: 'B1', changeRequestId: source },
    now,
  });
  return { refundId, written: transactOrFalse(items) };
};

const sentTo = (refundId: string) => stub.refunds.filter((r) => r.merchantRefundId === refundId);

describe('a refund of a gateway payment', () => {
  it('is sent once and confirmed once across a reconciler restart', async () => {
    const p = await paid(5000);
    const { refundId, written } = decide(p, `CR-${randomUUID().slice(0, 6)}`, 1200, 5000);
    expect(await written).toBe(true);
    // The same change request decides nothing twice.
    expect(await decide(p, refundId.slice(1), 1200, 5000).written).toBe(false);
    expect((await getRefund(siteId, refundId))!.status).toBe('pending');

    // The first run reaches PhonePe, which takes the refund, but the answer is lost: the run fails with it.
    stub.failNextRefundAfterTaking = true;
    const calls = stub.refundCalls;
    expect(await reconcile(at(1_000), { siteId })).toMatchObject({ failed: 1 });
    expect(stub.refundCalls - calls).toBe(1);
    expect(sentTo(refundId)).toHaveLength(1);
    expect((await getRefund(siteId, refundId))!.status).toBe('sending');

    // A fresh run after the claim lapsed asks PhonePe first and does not send it again.
    expect(await reconcile(at(2 * MINUTE), { siteId })).toMatchObject({ failed: 0, later: 1 });
    expect(stub.refundCalls - calls).toBe(1);
    expect((await getRefund(siteId, refundId))!.status).toBe('sent');

    stub.settleRefund(refundId, 'COMPLETED');
    expect(await reconcile(at(5 * MINUTE), { siteId })).toMatchObject({ failed: 0, done: 1 });
    const done = (await getRefund(siteId, refundId))!;
    expect(done).toMatchObject({ status: 'completed', sendAttempts: 1, amount: 1200 });
    expect(done.completedAt).toBe(at(5 * MINUTE).toISOString());
    // Nothing left to check, nothing sent twice, no wallet credit: the money went back to the card.
    expect((await reconcile(at(30 * MINUTE), { siteId })).checked).toBe(0);
    expect(sentTo(refundId)).toEqual([
      expect.objectContaining({ originalMerchantOrderId: p.paymentId, amount: 120_000, state: 'COMPLETED' }),
    ]);
    expect((await getPayment(siteId, p.paymentId))!.refundedAmount).toBe(1200);
    expect((await balanceOf(siteId, p.le)).balance).toBe(0);
  }, 30_000);

  it('never refunds more than the payment took', async () => {
    const p = await paid(5000);
    // Decided far past the other tests' runs, so their reconciler runs never meet these.
    const later = at(10 * 24 * 60 * MINUTE);
    const id = () => `CR-${randomUUID().slice(0, 6)}`;
    expect(await decide(p, id(), 1200, 5000, later).written).toBe(true);
    expect(await decide(p, id(), 4000, 5000, later).written).toBe(false);
    // A caller that misstates the payment's amount is refused as well.
    expect(await decide(p, id(), 100, 9000, later).written).toBe(false);
    expect(await decide(p, id(), 3800, 5000, later).written).toBe(true);
    expect((await getPayment(siteId, p.paymentId))!.refundedAmount).toBe(5000);
  });

  it('goes to the wallet once when the gateway refuses it for good', async () => {
    const p = await paid(3000);
    const { refundId, written } = decide(p, `OF-${randomUUID().slice(0, 6)}`, 3000, 3000);
    expect(await written).toBe(true);
    expect(await reconcile(at(1_000), { siteId })).toMatchObject({ failed: 0, later: 1 });
    stub.settleRefund(refundId, 'FAILED');
    await reconcile(at(3 * MINUTE), { siteId });
    expect((await getRefund(siteId, refundId))!.status).toBe('toWallet');
    expect((await balanceOf(siteId, p.le)).balance).toBe(3000);
    expect((await reconcile(at(30 * MINUTE), { siteId })).checked).toBe(0);
    expect((await balanceOf(siteId, p.le)).balance).toBe(3000);
  }, 30_000);
});
