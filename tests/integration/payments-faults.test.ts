/**
 * No payment is stranded: this file runs a stack of its own (DynamoDB Local on a data
 * directory, so it survives a restart) and takes the real emulators away in the middle of payments:
 *   - a wallet payment: DynamoDB and SQS stop while the supplier tickets; the payer gets no 5xx, and the
 *     reconciler finds the ticket by our reference and records it (ticketed once, debited once);
 *   - a gateway payment: SQS is down when the payer pays (the outbox keeps the message), DynamoDB stops
 *     while the supplier tickets (the verification message walks into the DLQ); the reconciler books it
 *     once, and re-driving the DLQ changes nothing;
 *   - PhonePe: a verification dead-lettered while PhonePe said PENDING is applied by the reconciler once
 *     PhonePe completes it; a forged S2S callback changes nothing, a genuine one applies its payment.
 * The reconciler is run by the test with a clock past the grace period (its interval is off here).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { orderSuccessCallback, search, setFlightDetails } from '@tp/contracts/endpoints/flights';
import { completeSandboxPayment, phonePeCallback } from '@tp/contracts/endpoints/wallet';
import { urlPath } from '@tp/contracts/endpoint';
import { login } from '@tp/contracts/endpoints/users';
import type { TFlightOption, TPaymentOrder, TSearchResponse } from '@tp/contracts/endpoints/flights';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../scripts/local/provision.ts';
import { startStack, type Stack } from '../../scripts/local/stack.ts';
import { listDlqs, redrive, type DlqTarget } from '../../scripts/dlq.ts';
import { DEMO_SITES } from '../../scripts/seed/sites.ts';
import { seedSites } from '../../scripts/seed/index.ts';
import { seedGroups } from '../../scripts/seed/groups.ts';
import { seedMarkups } from '../../scripts/seed/markups.ts';
import { seedWallets } from '../../scripts/seed/wallets.ts';
import { db, tableName } from '../../functions/src/lib/db.ts';
import { keys } from '../../functions/src/lib/keys.ts';
import { getOrder } from '../../functions/src/flights/repo.ts';
import { getBooking } from '../../functions/src/bookings/index.ts';
import { createAccount } from '../../functions/src/users/accounts/index.ts';
import { hashPassword } from '../../functions/src/users/password.ts';
import { move } from '../../functions/src/wallet/ledger.ts';
import { balanceOf } from '../../functions/src/wallet/ledger-repo.ts';
import { clearGatewaySettingsCache } from '../../functions/src/wallet/gateways/settings.ts';
import { getPayment } from '../../functions/src/wallet/payments-repo.ts';
import { requestVerification, startGatewayPayment } from '../../functions/src/wallet/payments.ts';
import { reconcile } from '../../functions/src/entries/workers/reconciler.ts';
import { Client } from '../support/api.ts';
import { adult } from './flights-helpers.ts';
import { startTboStub, type TboStub } from '../support/tbo-stub.ts';
import { startPhonePeStub, type PhonePeStub } from '../support/phonepe-stub.ts';
import { walletKeys } from '../../functions/src/wallet/keys.ts';
import { seal } from '../../functions/src/lib/sealed.ts';

const SITE = DEMO_SITES.find((s) => s.siteId === 'site-flightdeals')!;
const PASSWORD = 'Secret123';
// The shared test stack takes TEST_PORT_BASE..+3 (and +10); this file's own stack the next four.
const base = Number(process.env.TEST_PORT_BASE ?? 4500) + 4;
const MINUTE = 60_000;

let stack: Stack;
let dataDir: string;
let tbo: TboStub;
let phonepe: PhonePeStub;
let dlq: DlqTarget;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tp-faults-'));
  stack = await startStack({
    ports: { gateway: base, dynamodb: base + 1, sqs: base + 2, ses: base + 3 },
    dataDir,
    // The demo sites, groups, markups and gateways; not the demo users and bookings (argon2 hashing of
    // every demo login would double this file's run time).
    seed: false,
    logLevel: 'error',
    reconcileEveryMs: 0,
  });
  await seedSites();
  await seedGroups();
  await seedMarkups();
  await seedWallets();
  tbo = await startTboStub();
  phonepe = await startPhonePeStub({ MERCHANT_F: 'secret-f' });
  process.env.PHONEPE_BASE_URL = phonepe.url;
  // This stack's Flight Deals books through the TBO stub: its state is outside DynamoDB, so the
  // supplier keeps what it ticketed while our table is down.
  const { clientId, userName, password } = tbo.credentials;
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.siteSecrets(SITE.siteId),
      UpdateExpression: 'SET flightSupply = :s',
      ExpressionAttributeValues: {
        ':s': await seal(
          { kind: 'tbo', baseUrl: tbo.url, clientId, userName, password },
          { siteId: SITE.siteId, field: 'flightSupply' },
        ),
      },
    }),
  );
  dlq = {
    sqs: new SQSClient({ endpoint: stack.sqsUrl, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }),
    prefix: '',
  };
}, 90_000);

afterAll(async () => {
  delete process.env.PHONEPE_BASE_URL;
  await Promise.allSettled([tbo?.stop(), phonepe?.stop()]);
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

let passwordHash: Promise<string> | undefined;
async function customer(userType: 'travelAgent' | 'retail', wallet = 0) {
  const email = `${userType}-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const user = await createAccount(
    { site: SITE, now: new Date() },
    {
      userType,
      email,
      firstName: 'Asha',
      lastName: 'Verma',
      ...(userType === 'travelAgent' ? { companyName: 'Verma Travels' } : {}),
      phoneNumbers: [
        {
          label: 'Primary',
          phoneNumber: `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
          phoneCountryCode: 'in',
        },
      ],
      status: 'verified',
      passwordHash: await (passwordHash ??= hashPassword(PASSWORD)),
      isUserSuperAdmin: false,
    },
  );
  if (wallet)
    expect(
      await move('credit', {
        siteId: SITE.siteId,
        legalEntityId: user.legalEntityId,
        entryId: `test-topup-${user.userId}`,
        amount: wallet,
        currency: 'INR',
        kind: 'topUp',
        remark: 'Test top-up',
        byUserId: 'test',
        now: new Date(),
      }),
    ).toBe('done');
  const client = new Client(SITE.domain, stack.gatewayUrl);
  expect((await client.call(login, { email, password: PASSWORD })).status).toBe(200);
  return { client, userId: user.userId, legalEntityId: user.legalEntityId };
}

async function order(c: Client, lcc: boolean, paymentMode: 'wallet' | 'gateway', days: number) {
  const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const found = await c.call(search, {
    JourneyType: 1,
    segments: [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: `${date}T00:00:00` }],
    adultCount: 1,
    childCount: 0,
    infantCount: 0,
  });
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  const result = found.body.result as TSearchResponse;
  const option = result.results[0]!.find((o: TFlightOption) => o.isLcc === lcc)!;
  const made = await c.call(setFlightDetails, {
    searchId: result.searchId,
    resultIndex: option.resultIndex,
    passengers: [adult()],
    paymentMode,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.result as TPaymentOrder;
}

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const stubCalls = (op: string) => tbo.calls.filter((c) => c.op === op).length;
const walletEntry = async (legalEntityId: string, entryId: string) =>
  (
    await db().send(
      new GetCommand({ TableName: tableName(), Key: walletKeys.walletEntry(SITE.siteId, legalEntityId, entryId) }),
    )
  ).Item;
const dlqCount = async () => (await listDlqs(dlq, 0)).find((d) => d.queue === 'paymentVerification')!.messages;

describe('PhonePe: dead-lettered while pending, and the S2S callback', () => {
  const callback = { callbackUsername: 'tp-callback', callbackPassword: 'cb-secret' };
  const auth = createHash('sha256').update(`${callback.callbackUsername}:${callback.callbackPassword}`).digest('hex');

  beforeAll(async () => {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.siteSecrets(SITE.siteId),
        UpdateExpression: 'SET paymentGateway = :g',
        ExpressionAttributeValues: {
          ':g': await seal(
            {
              active: 'phonepe',
              phonepe: {
                clientId: 'MERCHANT_F',
                clientSecret: 'secret-f',
                clientVersion: 1,
                env: 'SANDBOX',
                ...callback,
              },
            },
            { siteId: SITE.siteId, field: 'paymentGateway' },
          ),
        },
      }),
    );
    clearGatewaySettingsCache();
  });
  afterAll(async () => {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.siteSecrets(SITE.siteId),
        UpdateExpression: 'SET paymentGateway = :g',
        ExpressionAttributeValues: {
          ':g': await seal({ active: 'sandbox' }, { siteId: SITE.siteId, field: 'paymentGateway' }),
        },
      }),
    );
    clearGatewaySettingsCache();
  });

  const topUp = async (amount: number) => {
    const le = `LE-${Math.random().toString(36).slice(2, 10)}`;
    const started = await startGatewayPayment(SITE, {
      purpose: { kind: 'walletTopUp', legalEntityId: le },
      amount,
      currency: 'INR',
      userId: 'U-faults',
      legalEntityId: le,
      now: new Date(),
    });
    return { paymentId: started.paymentId, le };
  };
  const post = (authorization: string | null, paymentId: string) =>
    new Client(SITE.domain, stack.gatewayUrl).raw(
      'POST',
      urlPath(phonePeCallback),
      { event: 'checkout.order.completed', payload: { merchantOrderId: paymentId, state: 'COMPLETED' } },
      authorization ? { authorization } : {},
    );

  it('applies a payment whose verification was dead-lettered once PhonePe completes it; a forged callback changes nothing', async () => {
    const { paymentId, le } = await topUp(700);
    await requestVerification({ siteId: SITE.siteId, paymentId });
    await until('the dead letter', async () => (await dlqCount()) === 1, 25_000);

    const forged = await post(createHash('sha256').update('tp-callback:guess').digest('hex'), paymentId);
    expect(forged.status).toBe(401);
    expect((await post(null, paymentId)).status).toBe(401);
    const untouched = (await getPayment(SITE.siteId, paymentId))!;
    expect(untouched.status).toBe('pending');
    expect('lastCallback' in untouched).toBe(false);

    phonepe.settle(paymentId, 'COMPLETED');
    await reconcile(new Date(Date.now() + 10 * MINUTE));
    expect((await getPayment(SITE.siteId, paymentId))!.status).toBe('applied');
    expect((await balanceOf(SITE.siteId, le)).balance).toBe(700);
    expect(await redrive(dlq, 'paymentVerification')).toBe(1);
    await stack.workers.idle();
    expect((await balanceOf(SITE.siteId, le)).balance).toBe(700);
  }, 40_000);

  it('a genuine callback queues the verification and the payment is credited once', async () => {
    const { paymentId, le } = await topUp(300);
    phonepe.settle(paymentId, 'COMPLETED');
    const res = await post(auth, paymentId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await until('the credit', async () => (await balanceOf(SITE.siteId, le)).balance === 300);
    expect((await post(auth, paymentId)).status).toBe(200);
    await stack.workers.idle();
    expect((await balanceOf(SITE.siteId, le)).balance).toBe(300);
    expect((await post(auth, 'Pnosuchpayment')).status).toBe(404);
  }, 30_000);
});

describe('a wallet payment when DynamoDB and SQS stop mid-fulfilment', () => {
  it('answers without a 5xx, and the reconciler records the supplier ticket once: one debit, no refund', async () => {
    const agent = await customer('travelAgent', 100_000);
    const o = await order(agent.client, true, 'wallet', 30);
    const [tickets, books] = [stubCalls('ticket'), stubCalls('book')];
    tbo.delays.ticket = 1_500;
    const paying = agent.client.call(orderSuccessCallback, { orderId: o.orderId });
    // The supplier has the ticket call (the debit is committed): the table and the queue go away.
    await until('the ticket call', async () => stubCalls('ticket') > tickets);
    await Promise.all([stack.stopService('dynamodb'), stack.stopService('sqs')]);
    const answered = await paying;
    delete tbo.delays.ticket;
    expect(answered.status, JSON.stringify(answered.body)).toBeLessThan(500);
    expect(answered.body.errorMessage).toMatch(/being processed/);
    await Promise.all([stack.startService('dynamodb'), stack.startService('sqs')]);

    expect((await getOrder(SITE.siteId, o.orderId))!.status).toBe('booking');
    const report = await reconcile(new Date(Date.now() + 10 * MINUTE));
    expect(report.failed).toBe(0);
    const settled = (await getOrder(SITE.siteId, o.orderId))!;
    expect(settled.status).toBe('booked');
    // Found by reference at the supplier, not ticketed again.
    expect(stubCalls('ticket') - tickets).toBe(1);
    expect(stubCalls('book') - books).toBe(0);
    const booking = (await getBooking(SITE.siteId, settled.bookingIds[0]!))!;
    expect(booking.passengers[0]!.ticket?.ticketNumber).toBeTruthy();
    expect(await walletEntry(agent.legalEntityId, `order-${o.orderId}-debit`)).toBeDefined();
    expect(await walletEntry(agent.legalEntityId, `order-${o.orderId}-refund`)).toBeUndefined();
    expect((await balanceOf(SITE.siteId, agent.legalEntityId)).balance).toBe(100_000 - o.amount);
    // A second run finds nothing left to do.
    expect((await reconcile(new Date(Date.now() + 30 * MINUTE))).checked).toBe(0);
  }, 45_000);
});

describe('a gateway payment when SQS is down at payment and DynamoDB stops mid-fulfilment', () => {
  it('keeps the message (outbox), books once through the reconciler, and the DLQ re-drive changes nothing', async () => {
    const buyer = await customer('retail');
    const o = await order(buyer.client, false, 'gateway', 31);
    const paymentId = /\/sandbox-gateway\/([^/?#]+)$/.exec(o.redirectTo ?? '')![1]!;
    const [tickets, books] = [stubCalls('ticket'), stubCalls('book')];

    await stack.stopService('sqs');
    const paid = await new Client(SITE.domain, stack.gatewayUrl).call(completeSandboxPayment, {
      paymentId,
      outcome: 'pay',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await stack.startService('sqs');
    expect((await getPayment(SITE.siteId, paymentId))!.status).toBe('pending');
    // A long poll cut off by the outage may still take a message for its visibility timeout (so can SQS's):
    // the emulator's end within their 1 s wait.
    await new Promise((r) => setTimeout(r, 1_200));

    // The outbox's message goes out with the next run; the worker then books. DynamoDB stops while the
    // supplier tickets, so the worker's retries walk the message into the DLQ.
    tbo.delays.ticket = 1_500;
    expect((await reconcile(new Date(Date.now() + MINUTE))).done).toBeGreaterThanOrEqual(1);
    await until('the ticket call', async () => stubCalls('ticket') > tickets);
    await stack.stopService('dynamodb');
    delete tbo.delays.ticket;
    await until('the dead letter', async () => (await dlqCount()) === 1, 25_000);
    await stack.startService('dynamodb');

    await reconcile(new Date(Date.now() + 10 * MINUTE));
    const settled = (await getOrder(SITE.siteId, o.orderId))!;
    expect(settled.status).toBe('booked');
    expect(stubCalls('book') - books).toBe(1);
    expect(stubCalls('ticket') - tickets).toBe(1);
    expect(await getPayment(SITE.siteId, paymentId)).toMatchObject({ status: 'applied', fulfilled: true });

    // Re-driving the dead letter: verified again, already applied, nothing moves.
    expect(await redrive(dlq, 'paymentVerification')).toBe(1);
    await stack.workers.idle();
    expect(await dlqCount()).toBe(0);
    expect((await getOrder(SITE.siteId, o.orderId))!.bookingIds).toEqual(settled.bookingIds);
    expect(stubCalls('ticket') - tickets).toBe(1);
    expect((await balanceOf(SITE.siteId, buyer.legalEntityId)).balance).toBe(0);
  }, 50_000);
});
