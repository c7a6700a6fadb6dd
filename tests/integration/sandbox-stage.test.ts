/**
 * A stage that forbids sandbox payments, on the real table: this file starts a second
 * gateway in its own process with SANDBOX_PAYMENTS=forbidden (as the prod stage's Lambdas have it) next
 * to the run's stack, which allows them (as the local stack and dev do). On the forbidding stage the
 * sandbox routes answer 404 and change nothing, the sandbox cannot be chosen in flight settings, and a
 * site whose stored gateway is the sandbox offers no gateway at all.
 */
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLIGHT_ADMIN_MSG, getFlightSettings, saveFlightSettings } from '@tp/contracts/endpoints/flight-admin';
import {
  completeSandboxPayment,
  getActiveGateway,
  getSandboxPayment,
  userPaymentEntry,
} from '@tp/contracts/endpoints/wallet';
import { startGateway } from '../../scripts/local/gateway.ts';
import { Client } from '../support/api.ts';
import { TEST_PORTS } from '../support/ports.ts';
import { FLIGHTDEALS, newStaff } from './customers-helpers.ts';
import { newCustomer } from './flights-helpers.ts';
import { useStackTable } from './users-helpers.ts';

const PORT = TEST_PORTS.gateway + 20;
const forbiddingUrl = `http://127.0.0.1:${PORT}`;
let server: Server;

/** The same signed-in user, talking to the forbidding stage. */
const onForbiddingStage = (client: Client): Client => {
  const c = new Client(client.domain, forbiddingUrl);
  c.cookie = client.cookie;
  return c;
};

beforeAll(async () => {
  useStackTable();
  // This worker's handlers read their environment once, on first use: set the stage before any call.
  Object.assign(process.env, { SANDBOX_PAYMENTS: 'forbidden', COOKIE_SECURE: 'false', LOG_LEVEL: 'silent' });
  server = await startGateway({ port: PORT });
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('a stage that forbids sandbox payments', () => {
  it('answers 404 on the sandbox routes, and a pending sandbox payment stays pending', async () => {
    const c = await newCustomer(FLIGHTDEALS, 'travelAgent');
    // Started on the allowing stack: a real pending sandbox payment.
    const started = await c.client.call(userPaymentEntry, { mode: 'gateway', amount: 500 });
    const { paymentId } = started.body.result.payment;

    const page = new Client(FLIGHTDEALS.domain, forbiddingUrl);
    expect((await page.call(getSandboxPayment, { paymentId })).status).toBe(404);
    const pay = await page.call(completeSandboxPayment, { paymentId, outcome: 'pay' });
    expect(pay.status).toBe(404);

    const shown = await new Client(FLIGHTDEALS.domain).call(getSandboxPayment, { paymentId });
    expect(shown.body.result.state).toBe('PENDING');
  });

  it('offers no gateway where the stored one is the sandbox', async () => {
    const c = await newCustomer(FLIGHTDEALS, 'retail');
    expect((await c.client.call(getActiveGateway, {})).body.result.name).toBe('sandbox');
    const res = await onForbiddingStage(c.client).call(getActiveGateway, {});
    expect(res.body.result).toEqual({ name: null, label: 'None', isSandbox: false });
  });

  it('refuses the sandbox and PhonePe SANDBOX in flight settings, and stores nothing', async () => {
    const staff = onForbiddingStage((await newStaff(FLIGHTDEALS, { superAdmin: true })).client);
    const view = (await staff.call(getFlightSettings, {})).body.result;
    expect(view.payment).toMatchObject({ active: null, sandboxAllowed: false, isSandbox: false });
    const policies = { lookToBook: view.lookToBook, holdsOffered: view.holdsOffered };

    const sandbox = await staff.call(saveFlightSettings, { ...policies, payment: { kind: 'sandbox' } });
    expect(sandbox.status).toBe(400);
    expect(sandbox.body.errorMessage).toBe(FLIGHT_ADMIN_MSG.sandboxForbidden);
    expect(sandbox.body.shortError).toEqual({ 'payment.kind': FLIGHT_ADMIN_MSG.sandboxForbidden });

    const phonepe = await staff.call(saveFlightSettings, {
      ...policies,
      payment: { kind: 'phonepe', clientId: 'x', clientSecret: 'y', clientVersion: 1, env: 'SANDBOX' },
    });
    expect(phonepe.status).toBe(400);
    expect(phonepe.body.shortError).toEqual({ 'payment.env': FLIGHT_ADMIN_MSG.sandboxForbidden });

    // The allowing stack still sees the site's sandbox gateway: nothing was written.
    const customer = await newCustomer(FLIGHTDEALS, 'retail');
    expect((await customer.client.call(getActiveGateway, {})).body.result.name).toBe('sandbox');
  });
});
