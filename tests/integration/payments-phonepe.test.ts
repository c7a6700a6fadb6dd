/**
 * The PhonePe adapter against tests/support/phonepe-stub.ts (an imitation of the PG v2 endpoints):
 * OAuth token per merchant, pay → redirect URL, order status, refund; then the verification core on
 * a top-up paid through it (credited once, PENDING retried, amount mismatch refunded). Runs in this
 * process against the run's DynamoDB with a throwaway site id, so no demo site changes gateway.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/src/lib/db.ts';
import { keys } from '../../functions/src/lib/keys.ts';
import type { SiteRecord } from '../../functions/src/lib/tenancy.ts';
import { balanceOf } from '../../functions/src/wallet/ledger-repo.ts';
import { createPhonePeGateway } from '../../functions/src/wallet/gateways/phonepe.ts';
import { clearGatewaySettingsCache } from '../../functions/src/wallet/gateways/settings.ts';
import { getPayment } from '../../functions/src/wallet/payments-repo.ts';
import { StillPending, startGatewayPayment, verifyAndApply } from '../../functions/src/wallet/payments.ts';
import { gatewayRefundId, getRefund } from '../../functions/src/wallet/refunds.ts';
import { startPhonePeStub, type PhonePeStub } from '../support/phonepe-stub.ts';
import { useStackTable } from './users-helpers.ts';
import { paymentVerification } from '../../functions/src/entries/wiring/orders.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { seal } from '../../functions/src/lib/sealed.ts';

let stub: PhonePeStub;
const creds = {
  a: { clientId: 'MERCHANT_A', clientSecret: 'secret-a', clientVersion: 1, env: 'SANDBOX' as const },
  b: { clientId: 'MERCHANT_B', clientSecret: 'secret-b', clientVersion: 1, env: 'SANDBOX' as const },
};

beforeAll(async () => {
  useStackTable();
  stub = await startPhonePeStub({ MERCHANT_A: 'secret-a', MERCHANT_B: 'secret-b' });
  process.env.PHONEPE_BASE_URL = stub.url;
});
afterAll(async () => {
  delete process.env.PHONEPE_BASE_URL;
  await stub.stop();
});

describe('PhonePe adapter', () => {
  it('pays, reads the status and refunds with a token per merchant', async () => {
    const gw = createPhonePeGateway(async (siteId) => (siteId === 'site-a' ? creds.a : creds.b));
    const id = `P${randomUUID().replace(/-/g, '')}`;
    const made = await gw.create({
      siteId: asSiteId('site-a'),
      paymentId: id,
      amount: 1499.5,
      currency: 'INR',
      returnUrl: 'http://flightdeals.localhost/app/phonepe/verify/X',
      expireAfter: 900,
      message: 'Flight order X',
    });
    expect(made.redirectTo).toMatch(new RegExp(`^${stub.url}/pay-page/OMO`));
    expect(stub.orders.get(id)).toMatchObject({ clientId: 'MERCHANT_A', amount: 149950 });
    expect(await gw.status(asSiteId('site-a'), id)).toEqual({ state: 'PENDING', transactionId: null, amount: null });
    stub.settle(id, 'COMPLETED');
    const done = await gw.status(asSiteId('site-a'), id);
    expect(done).toMatchObject({ state: 'COMPLETED', amount: 1499.5 });
    expect(done.transactionId).toMatch(/^OM/);
    // Merchant B's token cannot see merchant A's order.
    await expect(gw.status(asSiteId('site-b'), id)).rejects.toThrow(/not found/i);
    await gw.refund(asSiteId('site-a'), id, `R${id}`, 100);
    expect(stub.refunds.at(-1)).toMatchObject({ clientId: 'MERCHANT_A', originalMerchantOrderId: id, amount: 10000 });
  });

  it('reuses the token until it ages, and fails clearly on bad credentials', async () => {
    const gw = createPhonePeGateway(async () => creds.a);
    const before = stub.tokenRequests;
    const ids = [1, 2, 3].map(() => `P${randomUUID().replace(/-/g, '')}`);
    for (const paymentId of ids)
      await gw.create({
        siteId: asSiteId('site-token'),
        paymentId,
        amount: 10,
        currency: 'INR',
        returnUrl: 'http://x/app',
        expireAfter: 900,
        message: 'm',
      });
    expect(stub.tokenRequests - before).toBe(1);
    const bad = createPhonePeGateway(async () => ({ ...creds.a, clientSecret: 'wrong' }));
    await expect(bad.status(asSiteId('site-x'), ids[0]!)).rejects.toThrow(/token refused/);
  });
});

describe('verification of a PhonePe top-up', () => {
  const siteId = asSiteId(`site-pp-${randomUUID().slice(0, 8)}`);
  const site = { siteId, domain: 'pp.localhost', companyName: 'PP Travels' } as unknown as SiteRecord;

  beforeAll(async () => {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.siteSecrets(siteId),
          paymentGateway: await seal({ active: 'phonepe', phonepe: creds.a }, { siteId, field: 'paymentGateway' }),
        },
      }),
    );
    clearGatewaySettingsCache();
  });

  const start = async (amount: number) => {
    const le = `LE-${randomUUID().slice(0, 8)}`;
    const started = await startGatewayPayment(site, {
      purpose: { kind: 'walletTopUp', legalEntityId: le },
      amount,
      currency: 'INR',
      userId: 'U1',
      legalEntityId: le,
      now: new Date(),
    });
    expect(started.gateway).toBe('phonepe');
    expect(started.redirectTo.startsWith(stub.url)).toBe(true);
    // The payer returns to the site's verify screen, absolute (PhonePe is another origin).
    expect(stub.orders.get(started.paymentId)!.redirectUrl).toMatch(
      new RegExp(`^https?://pp\\.localhost(:\\d+)?/app/phonepe/verify/${started.paymentId}$`),
    );
    return { ...started, le };
  };

  it('PENDING is retried; COMPLETED credits the wallet once', async () => {
    const { paymentId, le } = await start(500);
    await expect(verifyAndApply(siteId, paymentId, new Date(), paymentVerification())).rejects.toBeInstanceOf(
      StillPending,
    );
    stub.settle(paymentId, 'COMPLETED');
    const [a, b] = await Promise.all([
      verifyAndApply(siteId, paymentId, new Date(), paymentVerification()),
      verifyAndApply(siteId, paymentId, new Date(), paymentVerification()),
    ]);
    expect([a, b]).toContain('applied');
    expect(await verifyAndApply(siteId, paymentId, new Date(), paymentVerification())).toBe('already');
    expect((await balanceOf(siteId, le)).balance).toBe(500);
    expect((await getPayment(siteId, paymentId))!.status).toBe('applied');
  });

  it('a payment for another amount is refunded, not credited', async () => {
    const { paymentId, le } = await start(800);
    stub.settle(paymentId, 'COMPLETED', 50_00);
    expect(await verifyAndApply(siteId, paymentId, new Date(), paymentVerification())).toBe('refunded');
    expect((await balanceOf(siteId, le)).balance).toBe(0);
    expect(stub.refunds.at(-1)).toMatchObject({ originalMerchantOrderId: paymentId, amount: 5000 });
    // Sent at once and tracked until PhonePe confirms it; a redelivery sends nothing more.
    const refundId = gatewayRefundId(`PM-${paymentId}`);
    expect(await getRefund(siteId, refundId)).toMatchObject({ status: 'sent', amount: 50, sendAttempts: 1 });
    expect(await verifyAndApply(siteId, paymentId, new Date(), paymentVerification())).toBe('already');
    expect(stub.refunds.filter((r) => r.merchantRefundId === refundId)).toHaveLength(1);
  });

  it('a declined payment is marked failed', async () => {
    const { paymentId } = await start(90);
    stub.settle(paymentId, 'FAILED');
    expect(await verifyAndApply(siteId, paymentId, new Date(), paymentVerification())).toBe('failed');
    expect((await getPayment(siteId, paymentId))!.status).toBe('failed');
  });

  it('a payment never paid expires after its deadline instead of retrying forever', async () => {
    const { paymentId } = await start(40);
    const later = new Date(Date.now() + 60 * 60_000);
    expect(await verifyAndApply(siteId, paymentId, later, paymentVerification())).toBe('expired');
  });
});
