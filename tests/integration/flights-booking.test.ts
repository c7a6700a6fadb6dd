/**
 * The booking flow through the gateway against the simulator: wallet LCC ticketing, GDS hold, an
 * expired order, the price a client cannot change, and exactly-once payment under 20 concurrent
 * callbacks (one debit, one booking).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_STATUS,
  fareQuote,
  getBookingDetails,
  getPassengerViewOptions,
  getSSR,
  orderSuccessCallback,
  search,
  setFlightDetails,
  validateBooking,
} from '@tp/contracts/endpoints/flights';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/src/lib/db.ts';
import { monthKey } from '../../functions/src/users/flight-activity.ts';
import { setUserFields } from '../../functions/src/users/customers-repo.ts';
import { balanceOf } from '../../functions/src/wallet/ledger-repo.ts';
import { transitionOrder } from '../../functions/src/flights/repo.ts';
import { FLIGHTDEALS } from './customers-helpers.ts';
import { adult, inDays, newCustomer, oneWay, pick, type Customer } from './flights-helpers.ts';
import { useStackTable } from './users-helpers.ts';
import { userKeys } from '../../functions/src/users/keys.ts';

let agent: Customer;

beforeAll(async () => {
  useStackTable();
  agent = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 500_000, holdAllowed: true });
});

async function order(c: Customer, resultIndex: string, searchId: string, extra: Record<string, unknown> = {}) {
  const res = await c.client.call(setFlightDetails, {
    searchId,
    resultIndex,
    passengers: [adult()],
    paymentMode: 'wallet',
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as { orderId: string; amount: number; status: string; expiresAt: string };
}

describe('booking with the wallet', () => {
  it('tickets an LCC fare: one debit of the order amount, a ticketed booking with ticket numbers', async () => {
    const found = await oneWay(agent.client);
    const lcc = pick(found, (o) => o.isLcc);
    const quote = await agent.client.call(fareQuote, { searchId: found.searchId, resultIndex: lcc.resultIndex });
    expect(quote.status).toBe(200);
    const before = (await balanceOf(FLIGHTDEALS.siteId, agent.legalEntityId)).balance;
    const o = await order(agent, lcc.resultIndex, found.searchId);
    expect(o.amount).toBe(quote.body.result.option.fare.totalPayableAmt);
    expect(Date.parse(o.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    const paid = await agent.client.call(orderSuccessCallback, { orderId: o.orderId });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const booking = paid.body.result.bookings[0];
    expect(booking.statusId).toBe(BOOKING_STATUS.ticketed);
    expect(booking.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(booking.passengers[0].ticket.ticketNumber).toMatch(/^\d{10,14}$/);
    expect(paid.body.result.next).toBe('ticketQueue');
    const after = (await balanceOf(FLIGHTDEALS.siteId, agent.legalEntityId)).balance;
    expect(Math.round((before - after) * 100) / 100).toBe(o.amount);
    const details = await agent.client.call(getBookingDetails, { orderId: o.orderId });
    expect(details.body.result.booking.bookingId).toBe(booking.bookingId);
  });

  it('charges and books exactly once when the same callback arrives 20 times at once', async () => {
    const found = await oneWay(agent.client, 'BOM', 'BLR', 25);
    const lcc = pick(found, (o) => o.isLcc);
    const before = (await balanceOf(FLIGHTDEALS.siteId, agent.legalEntityId)).balance;
    const o = await order(agent, lcc.resultIndex, found.searchId);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => agent.client.call(orderSuccessCallback, { orderId: o.orderId })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    // Every caller that got an answer got the same single booking.
    expect(new Set(ok.map((r) => r.body.result.bookings[0].bookingId)).size).toBe(1);
    for (const r of results) expect([200, 409]).toContain(r.status);
    const after = (await balanceOf(FLIGHTDEALS.siteId, agent.legalEntityId)).balance;
    expect(Math.round((before - after) * 100) / 100).toBe(o.amount);
    const again = await agent.client.call(orderSuccessCallback, { orderId: o.orderId });
    expect(again.body.result.bookings[0].bookingId).toBe(ok[0]!.body.result.bookings[0].bookingId);
  });

  it('refuses an insufficient balance with 402 and moves no money', async () => {
    const poor = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 100 });
    const found = await oneWay(poor.client);
    const o = await order(poor, pick(found, (x) => x.isLcc).resultIndex, found.searchId);
    const res = await poor.client.call(orderSuccessCallback, { orderId: o.orderId });
    expect(res.status).toBe(402);
    expect((await balanceOf(FLIGHTDEALS.siteId, poor.legalEntityId)).balance).toBe(100);
  });

  it('cannot pay an expired order', async () => {
    const found = await oneWay(agent.client);
    const o = await order(agent, pick(found, (x) => x.isLcc).resultIndex, found.searchId);
    // Age the order past its 15 minutes.
    await transitionOrder(FLIGHTDEALS.siteId, o.orderId, ['created'], {
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    const before = (await balanceOf(FLIGHTDEALS.siteId, agent.legalEntityId)).balance;
    const res = await agent.client.call(orderSuccessCallback, { orderId: o.orderId });
    expect(res.status).toBe(410);
    expect((await balanceOf(FLIGHTDEALS.siteId, agent.legalEntityId)).balance).toBe(before);
  });

  it("refuses another user's order", async () => {
    const other = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 100_000 });
    const found = await oneWay(agent.client);
    const o = await order(agent, pick(found, (x) => x.isLcc).resultIndex, found.searchId);
    expect((await other.client.call(orderSuccessCallback, { orderId: o.orderId })).status).toBe(404);
  });
});

describe('holding a GDS fare', () => {
  it('books without ticketing or charging, with a last ticketing date', async () => {
    const found = await oneWay(agent.client, 'DEL', 'DXB', 30);
    const gds = pick(found, (o) => !o.isLcc && o.isHoldAllowed);
    const view = await agent.client.call(getPassengerViewOptions, {
      searchId: found.searchId,
      resultIndex: gds.resultIndex,
    });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.result.rules.canHold).toBe(true);
    const before = (await balanceOf(FLIGHTDEALS.siteId, agent.legalEntityId)).balance;
    const o = await order(agent, gds.resultIndex, found.searchId, { hold: true });
    const res = await agent.client.call(orderSuccessCallback, { orderId: o.orderId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const booking = res.body.result.bookings[0];
    expect(booking.statusId).toBe(BOOKING_STATUS.held);
    expect(booking.lastTicketDate).toBeTruthy();
    expect((await balanceOf(FLIGHTDEALS.siteId, agent.legalEntityId)).balance).toBe(before);
  });

  it('is refused to a user whose hold switch is off', async () => {
    const noHold = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 100_000, holdAllowed: false });
    const found = await oneWay(noHold.client, 'DEL', 'DXB', 30);
    const gds = pick(found, (o) => !o.isLcc && o.isHoldAllowed);
    const res = await noHold.client.call(setFlightDetails, {
      searchId: found.searchId,
      resultIndex: gds.resultIndex,
      passengers: [adult()],
      paymentMode: 'wallet',
      hold: true,
    });
    expect(res.status).toBe(403);
  });
});

describe('passenger checks', () => {
  it('reports each wrong field and creates nothing', async () => {
    const found = await oneWay(agent.client);
    const res = await agent.client.call(validateBooking, {
      searchId: found.searchId,
      resultIndex: found.results[0]![0]!.resultIndex,
      passengers: [adult({ email: '', mobileNo: '' }), adult({ isLeadPax: false })],
    });
    expect(res.status).toBe(400);
    expect(res.body.shortError?.passengers).toMatch(/1 adult/);
  });

  it('refuses SSR codes that are not in the catalogue', async () => {
    const found = await oneWay(agent.client);
    const lcc = pick(found, (o) => o.isLcc);
    const ssr = await agent.client.call(getSSR, { searchId: found.searchId, resultIndex: lcc.resultIndex });
    expect(ssr.status).toBe(200);
    const res = await agent.client.call(validateBooking, {
      searchId: found.searchId,
      resultIndex: lcc.resultIndex,
      passengers: [
        adult({ ssr: { baggage: [{ code: 'NOPE', origin: 'DEL', destination: 'BOM' }], mealDynamic: [], seat: [] } }),
      ],
    });
    expect(res.status).toBe(400);
    const meal = ssr.body.result.mealDynamic[0];
    const withMeal = await agent.client.call(validateBooking, {
      searchId: found.searchId,
      resultIndex: lcc.resultIndex,
      passengers: [
        adult({
          ssr: {
            baggage: [],
            mealDynamic: [{ code: meal.code, origin: meal.origin, destination: meal.destination }],
            seat: [],
          },
        }),
      ],
    });
    expect(withMeal.status, JSON.stringify(withMeal.body)).toBe(200);
    const quoted = await agent.client.call(fareQuote, { searchId: found.searchId, resultIndex: lcc.resultIndex });
    expect(withMeal.body.result.totalPayable).toBeCloseTo(quoted.body.result.option.fare.totalPayable + meal.price, 2);
  });
});

describe('who may search', () => {
  it('refuses a user over the look-to-book limit unless exempted, and a user whose search is switched off', async () => {
    const c = await newCustomer(FLIGHTDEALS, 'retail');
    await oneWay(c.client); // counts one look
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...userKeys.flightActivity(FLIGHTDEALS.siteId, c.userId, monthKey(new Date())),
          look_count: 10_000,
          book_count: 0,
        },
      }),
    );
    const req = {
      JourneyType: 1,
      segments: [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: `${inDays(20)}T00:00:00` }],
      adultCount: 1,
    };
    expect((await c.client.call(search, req)).status).toBe(429);
    await setUserFields(FLIGHTDEALS.siteId, c.userId, { l2bExempted: true }, new Date());
    expect((await c.client.call(search, req)).status).toBe(200);
    await setUserFields(FLIGHTDEALS.siteId, c.userId, { isFlightSearchAllowed: false }, new Date());
    expect((await c.client.call(search, req)).status).toBe(403);
  });

  it('answers 410 for a search that is not the caller’s', async () => {
    const a = await newCustomer(FLIGHTDEALS, 'retail');
    const b = await newCustomer(FLIGHTDEALS, 'retail');
    const found = await oneWay(a.client);
    const res = await b.client.call(fareQuote, {
      searchId: found.searchId,
      resultIndex: found.results[0]![0]!.resultIndex,
    });
    expect(res.status).toBe(410);
  });
});
