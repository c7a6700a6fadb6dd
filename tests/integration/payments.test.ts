/**
 * Gateway top-ups through the embedded sandbox gateway, end to end: userPaymentEntry → sandbox page
 * calls → verification message → payments worker (local SQS poller) → wallet credited once, also when
 * the verification message is delivered again. Plus the failure paths, the worker's batch contract
 * and cross-site isolation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { stackQueueUrl, stackSqs } from '../support/queues.ts';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import {
  completeSandboxPayment,
  getActiveGateway,
  getMyPayments,
  getMyWalletEntries,
  getSandboxPayment,
  getWalletBalance,
  userPaymentEntry,
  verifyPayment,
} from '@tp/contracts/endpoints/wallet';
import { createPaymentsHandler } from '../../functions/src/entries/workers/payments.ts';
import { StillPending } from '../../functions/src/wallet/payments.ts';
import { Client } from '../support/api.ts';
import { FLIGHTDEALS, SKYWAY } from './customers-helpers.ts';
import { newCustomer, type Customer } from './flights-helpers.ts';

let queueUrl = '';
let sqs: SQSClient;
beforeAll(async () => {
  sqs = stackSqs();
  queueUrl = await stackQueueUrl('paymentVerification', sqs);
});

async function startTopUp(c: Customer, amount: number) {
  const res = await c.client.call(userPaymentEntry, { mode: 'gateway', amount });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { payment, redirectTo } = res.body.result;
  expect(redirectTo).toBe(`/app/sandbox-gateway/${payment.paymentId}`);
  return payment.paymentId as string;
}

/** Polls verifyPayment like the verify screen (but longer: the local worker needs a moment). */
async function verifiedState(client: Client, orderId: string, want: 'success' | 'failed') {
  let last: unknown;
  for (let i = 0; i < 60; i++) {
    const res = await client.call(verifyPayment, { orderId });
    last = res.body;
    if (res.body.result?.status === want) return res.body.result;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`payment ${orderId} never reached ${want}: ${JSON.stringify(last)}`);
}

const balance = async (c: Customer) => (await c.client.call(getWalletBalance, {})).body.result.balance as number;

describe('sandbox gateway top-up', () => {
  it('the demo sites have the sandbox gateway active (no secrets in the answer)', async () => {
    const c = await newCustomer(FLIGHTDEALS, 'retail');
    const res = await c.client.call(getActiveGateway, {});
    expect(res.body.result).toEqual({ name: 'sandbox', label: 'Sandbox gateway', isSandbox: true });
  });

  it('Pay → verification → worker → credited once, even when the message is delivered twice', async () => {
    const c = await newCustomer(FLIGHTDEALS, 'travelAgent');
    const paymentId = await startTopUp(c, 750);

    // The gateway page is public, reached by the unguessable id alone.
    const page = new Client(FLIGHTDEALS.domain);
    const shown = await page.call(getSandboxPayment, { paymentId });
    expect(shown.body.result).toMatchObject({ paymentId, amount: 750, currency: 'INR', state: 'PENDING' });
    expect((await c.client.call(verifyPayment, { orderId: paymentId })).body.result.status).toBe('pending');

    const paid = await page.call(completeSandboxPayment, { paymentId, outcome: 'pay' });
    expect(paid.body.result).toEqual({ returnTo: `/app/phonepe/verify/${paymentId}`, state: 'COMPLETED' });
    const result = await verifiedState(c.client, paymentId, 'success');
    expect(result).toMatchObject({ orderId: paymentId, purpose: 'walletTopUp', amount: 750 });
    expect(await balance(c)).toBe(750);

    // Redelivery (and a second Pay click) must not credit again.
    const body = JSON.stringify({ siteId: FLIGHTDEALS.siteId, paymentId });
    await Promise.all([
      sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body })),
      sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body })),
    ]);
    expect((await page.call(completeSandboxPayment, { paymentId, outcome: 'pay' })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2500));
    expect(await balance(c)).toBe(750);
    const entries = (await c.client.call(getMyWalletEntries, {})).body.result.records;
    expect(entries.map((e: { entryId: string }) => e.entryId)).toEqual([`topup-${paymentId}`]);
    const mine = (await c.client.call(getMyPayments, { orderId: paymentId })).body.result.records;
    expect(mine[0]).toMatchObject({ paymentId, status: 'applied', gateway: 'sandbox' });
  });

  it('Fail → the payment fails and nothing is credited; it cannot be paid afterwards', async () => {
    const c = await newCustomer(FLIGHTDEALS, 'retail');
    const paymentId = await startTopUp(c, 300);
    const page = new Client(FLIGHTDEALS.domain);
    expect((await page.call(completeSandboxPayment, { paymentId, outcome: 'fail' })).body.result.state).toBe('FAILED');
    await verifiedState(c.client, paymentId, 'failed');
    expect((await page.call(completeSandboxPayment, { paymentId, outcome: 'pay' })).status).toBe(409);
    expect(await balance(c)).toBe(0);
  });

  it('Abandon → returns without paying; the payment stays open', async () => {
    const c = await newCustomer(FLIGHTDEALS, 'retail');
    const paymentId = await startTopUp(c, 120);
    const page = new Client(FLIGHTDEALS.domain);
    const res = await page.call(completeSandboxPayment, { paymentId, outcome: 'abandon' });
    expect(res.body.result.state).toBe('PENDING');
    expect((await c.client.call(verifyPayment, { orderId: paymentId })).body.result.status).toBe('pending');
    expect(await balance(c)).toBe(0);
  });

  it('refuses bad amounts with a 400 and creates nothing', async () => {
    const c = await newCustomer(FLIGHTDEALS, 'retail');
    const res = await c.client.call(userPaymentEntry, { mode: 'gateway', amount: 0 });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe('Amount must be greater than 0');
    expect((await c.client.call(getMyPayments, {})).body.result.records).toEqual([]);
  });
});

describe('verifyPayment', () => {
  it('answers 404 for an unknown order', async () => {
    const c = await newCustomer(FLIGHTDEALS, 'retail');
    const res = await c.client.call(verifyPayment, { orderId: 'no-such-order' });
    expect(res.status).toBe(404);
  });

  it("does not show one user's payment to another user, nor to another site", async () => {
    const owner = await newCustomer(FLIGHTDEALS, 'retail');
    const paymentId = await startTopUp(owner, 50);
    const stranger = await newCustomer(FLIGHTDEALS, 'retail');
    expect((await stranger.client.call(verifyPayment, { orderId: paymentId })).status).toBe(404);
    const otherSite = await newCustomer(SKYWAY, 'retail');
    expect((await otherSite.client.call(verifyPayment, { orderId: paymentId })).status).toBe(404);
    // The sandbox page of one site cannot settle another site's payment either.
    const skywayPage = new Client(SKYWAY.domain);
    expect((await skywayPage.call(getSandboxPayment, { paymentId })).status).toBe(404);
    expect((await skywayPage.call(completeSandboxPayment, { paymentId, outcome: 'pay' })).status).toBe(404);
  });
});

describe('payments worker batch contract', () => {
  const event = (bodies: string[]): SQSEvent => ({
    Records: bodies.map((body, i) => ({
      messageId: `m${i}`,
      receiptHandle: `r${i}`,
      body,
      attributes: {
        ApproximateReceiveCount: '1',
        SentTimestamp: '0',
        SenderId: 'test',
        ApproximateFirstReceiveTimestamp: '0',
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn',
      awsRegion: 'us-east-1',
    })),
  });
  const quiet = { info() {}, warn() {}, error() {}, debug() {}, child: () => quiet } as never;

  it('reports only pending and failing records; drops malformed ones', async () => {
    const handler = createPaymentsHandler({
      siteExists: async (siteId) => siteId !== 'gone',
      async verify(_siteId, paymentId) {
        if (paymentId === 'pending') throw new StillPending(paymentId);
        if (paymentId === 'boom') throw new Error('gateway timeout');
        return 'applied';
      },
      now: () => new Date(),
      log: quiet,
    });
    const out = await handler(
      event([
        JSON.stringify({ siteId: 's', paymentId: 'paid' }),
        JSON.stringify({ siteId: 's', paymentId: 'pending' }),
        JSON.stringify({ siteId: 's', paymentId: 'boom' }),
        'not json',
        JSON.stringify({ siteId: 'gone', paymentId: 'x' }),
      ]),
    );
    expect(out.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }]);
  });
});
