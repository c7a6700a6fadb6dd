/**
 * The production stage's supply rule, on the real table: this file starts a second gateway in its own
 * process with SIMULATED_SUPPLY=forbidden and SANDBOX_PAYMENTS=forbidden (as the prod stage's Lambdas have
 * them, infra/config/stages.ts) next to the run's stack, which allows both (as the local stack and dev do).
 * There a site without a real supplier cannot search, quote or book: the answer says why, nothing is
 * stored and no money moves. On the allowing stack, the simulator's results and bookings carry their mark.
 */
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { FLIGHT_ADMIN_MSG, getFlightSettings, saveFlightSettings } from '@tp/contracts/endpoints/flight-admin';
import {
  getCalendarFare,
  fareQuote,
  orderSuccessCallback,
  search,
  setFlightDetails,
  SUPPLY_MSG,
} from '@tp/contracts/endpoints/flights';
import { ticketHeldBooking } from '@tp/contracts/endpoints/tickets';
import { getWalletBalance } from '@tp/contracts/endpoints/wallet';
import { startGateway } from '../../scripts/local/gateway.ts';
import { db, tableName } from '../../functions/src/lib/db.ts';
import { asSiteId, keys } from '../../functions/src/lib/keys.ts';
import { seal } from '../../functions/src/lib/sealed.ts';
import type { SiteRecord } from '../../functions/src/lib/tenancy.ts';
import { supplyFor } from '../../functions/src/supply/index.ts';
import { flightActivity } from '../../functions/src/users/customers-repo.ts';
import { monthKey } from '../../functions/src/users/flight-activity.ts';
import { Client } from '../support/api.ts';
import { TEST_PORTS } from '../support/ports.ts';
import { FLIGHTDEALS, PARTNER, newStaff } from './customers-helpers.ts';
import { adult, inDays, newCustomer, oneWay, pick, type Customer } from './flights-helpers.ts';
import { useStackTable } from './users-helpers.ts';

const PORT = TEST_PORTS.gateway + 21;
const productionUrl = `http://127.0.0.1:${PORT}`;
let server: Server;

/** The same signed-in user, talking to the production-like stage. */
const onProduction = (client: Client): Client => {
  const c = new Client(client.domain, productionUrl);
  c.cookie = client.cookie;
  return c;
};

const DEL_BOM = {
  JourneyType: 1,
  segments: [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: `${inDays(20)}T00:00:00` }],
  adultCount: 1,
  childCount: 0,
  infantCount: 0,
};

const looks = async (c: Customer) =>
  (await flightActivity(FLIGHTDEALS.siteId, c.userId, monthKey(new Date()), monthKey(new Date()))).get(
    monthKey(new Date()),
  )?.look_count ?? 0;
const balance = async (c: Client) => (await c.call(getWalletBalance, {})).body.result.balance as number;

beforeAll(async () => {
  useStackTable();
  // This worker's handlers read their environment once, on first use: set the stage before any call.
  Object.assign(process.env, {
    SIMULATED_SUPPLY: 'forbidden',
    SANDBOX_PAYMENTS: 'forbidden',
    COOKIE_SECURE: 'false',
    LOG_LEVEL: 'silent',
  });
  server = await startGateway({ port: PORT });
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('a production stage, for a site without a real supplier', () => {
  it('refuses searches and the fare calendar with a clear 403, and counts nothing', async () => {
    const c = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 50_000 });
    const prod = onProduction(c.client);
    const found = await prod.call(search, DEL_BOM);
    expect(found.status).toBe(403);
    expect(found.body.errorMessage).toBe(SUPPLY_MSG.unavailable);
    const calendar = await prod.call(getCalendarFare, {
      origin: 'DEL',
      destination: 'BOM',
      month: inDays(40).slice(0, 7),
    });
    expect(calendar.status).toBe(403);
    // Nothing searched, so nothing counted against the look-to-book limit.
    expect(await looks(c)).toBe(0);
  });

  it('tells staff what to configure', async () => {
    const staff = onProduction((await newStaff(FLIGHTDEALS, { superAdmin: true })).client);
    const found = await staff.call(search, DEL_BOM);
    expect(found.status).toBe(403);
    expect(found.body.errorMessage).toBe(SUPPLY_MSG.unavailableStaff);
  });

  it('refuses to quote or book an option found where the simulator was allowed, and moves no money', async () => {
    const c = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 50_000 });
    const found = await oneWay(c.client);
    const option = pick(found);
    const prod = onProduction(c.client);

    const quote = await prod.call(fareQuote, { searchId: found.searchId, resultIndex: option.resultIndex });
    expect(quote.status).toBe(403);
    expect(quote.body.errorMessage).toBe(SUPPLY_MSG.unavailable);
    const order = await prod.call(setFlightDetails, {
      searchId: found.searchId,
      resultIndex: option.resultIndex,
      passengers: [adult()],
      paymentMode: 'wallet',
    });
    expect(order.status).toBe(403);
    expect(order.body.errorMessage).toBe(SUPPLY_MSG.unavailable);
    expect(await balance(c.client)).toBe(50_000);
  });

  it('refuses to ticket a hold made where the simulator was allowed, and charges nothing', async () => {
    const c = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 200_000, holdAllowed: true });
    const found = await oneWay(c.client, 'DEL', 'BOM', 30);
    const gds = pick(found, (o) => !o.isLcc && o.isHoldAllowed);
    const placed = await c.client.call(setFlightDetails, {
      searchId: found.searchId,
      resultIndex: gds.resultIndex,
      passengers: [adult()],
      paymentMode: 'wallet',
      hold: true,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const held = await c.client.call(orderSuccessCallback, { orderId: placed.body.result.orderId });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const before = await balance(c.client);

    const ticketing = await onProduction(c.client).call(ticketHeldBooking, {
      BookingId: held.body.result.bookings[0].bookingId,
    });
    expect(ticketing.status).toBe(403);
    expect(ticketing.body.errorMessage).toBe(SUPPLY_MSG.unavailable);
    expect(await balance(c.client)).toBe(before);
  });

  it('refuses a consumer site whose supplier site has no real supply either', async () => {
    const c = await newCustomer(PARTNER, 'travelAgent');
    const found = await onProduction(c.client).call(search, DEL_BOM);
    expect(found.status).toBe(403);
    expect(found.body.errorMessage).toBe(SUPPLY_MSG.unavailable);
  });

  it('serves a site with its own supplier API account', async () => {
    const siteId = asSiteId(`prodtest-${randomBytes(5).toString('hex')}`);
    const setting = { kind: 'tbo', baseUrl: 'http://127.0.0.1:9', clientId: 'c', userName: 'u', password: 'p' };
    const flightSupply = await seal(setting, { siteId, field: 'flightSupply' });
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.siteSecrets(siteId), flightSupply } }));
    expect((await supplyFor({ siteId } as SiteRecord)).name).toBe('tbo');
    await expect(supplyFor({ siteId: asSiteId(`${siteId}-none`) } as SiteRecord)).rejects.toMatchObject({
      kind: 'notConfigured',
    });
  });

  it('refuses Duffel’s test mode (its fake airline) like the simulator, and serves a live Duffel account', async () => {
    const siteId = asSiteId(`prodtest-${randomBytes(5).toString('hex')}`);
    const put = async (accessToken: string) => {
      const setting = { kind: 'duffel', baseUrl: 'http://127.0.0.1:9', accessToken };
      const flightSupply = await seal(setting, { siteId, field: 'flightSupply' });
      await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.siteSecrets(siteId), flightSupply } }));
    };
    await put('duffel_test_abc');
    await expect(supplyFor({ siteId } as SiteRecord)).rejects.toMatchObject({ kind: 'notConfigured' });
    await put('duffel_live_abc');
    expect((await supplyFor({ siteId } as SiteRecord)).name).toBe('duffel');

    const staff = onProduction((await newStaff(FLIGHTDEALS, { superAdmin: true })).client);
    const view = (await staff.call(getFlightSettings, {})).body.result;
    const refused = await staff.call(saveFlightSettings, {
      lookToBook: view.lookToBook,
      holdsOffered: view.holdsOffered,
      supply: { kind: 'duffel', baseUrl: 'https://api.duffel.com', accessToken: 'duffel_test_abc' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.shortError).toEqual({ 'supply.accessToken': FLIGHT_ADMIN_MSG.duffelTestForbidden });
    expect((await staff.call(getFlightSettings, {})).body.result.supply).toEqual(view.supply);
  });

  it('shows staff the gap in Flight Settings, refuses the simulator there and saves the rest', async () => {
    const staff = onProduction((await newStaff(FLIGHTDEALS, { superAdmin: true })).client);
    const view = (await staff.call(getFlightSettings, {})).body.result;
    expect(view).toMatchObject({ supply: { kind: 'simulator' }, suppliedBy: null, simulatorAllowed: false });
    const policies = { lookToBook: view.lookToBook, holdsOffered: view.holdsOffered };

    const simulator = await staff.call(saveFlightSettings, { ...policies, supply: { kind: 'simulator' } });
    expect(simulator.status).toBe(400);
    expect(simulator.body.shortError).toEqual({ 'supply.kind': SUPPLY_MSG.simulatorForbidden });

    const rest = await staff.call(saveFlightSettings, policies);
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.result.simulatorAllowed).toBe(false);
  });
});

describe('a stage that allows the simulator', () => {
  it('marks its results and the booking made from them as test inventory', async () => {
    const c = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 200_000 });
    const found = await oneWay(c.client);
    expect(found.results[0]!.length).toBeGreaterThan(0);
    expect(found.results.flat().every((o) => o.testInventory === true)).toBe(true);

    const option = pick(found);
    const placed = await c.client.call(setFlightDetails, {
      searchId: found.searchId,
      resultIndex: option.resultIndex,
      passengers: [adult()],
      paymentMode: 'wallet',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const paid = await c.client.call(orderSuccessCallback, { orderId: placed.body.result.orderId });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.result.bookings[0].testInventory).toBe(true);
  });
});
