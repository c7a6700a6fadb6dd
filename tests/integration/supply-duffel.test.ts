/**
 * The Duffel adapter through the official `@duffel/api` client against the local Duffel server: a booking
 * journey (search → hold → pay → a seat added after ticketing → cancellation quote → cancel), what the
 * client sends on each call (paths, `data` envelopes, headers, query), an instant order with a bag and a
 * seat, an order change, pagination when a booking is found again by our reference, and Duffel's errors
 * and limits as our supplier errors.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSearchRequest } from '@tp/contracts/endpoints/flights';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { quietLog } from '../../functions/src/lib/testing.ts';
import { DUFFEL_LIMITS, DuffelSupply } from '../../functions/src/supply/duffel/index.ts';
import type { DuffelSettings } from '../../functions/src/supply/duffel/client.ts';
import { dynamoOrderRefs } from '../../functions/src/supply/duffel/order-ref-repo.ts';
import type { SupplyContext, SupplyPassenger } from '../../functions/src/supply/types.ts';
import { startDuffelStub, type DuffelCall, type DuffelStub } from '../support/duffel-stub.ts';
import { useStackTable } from './users-helpers.ts';

const T0 = new Date('2026-11-22T06:00:00Z');
const ctx = (): SupplyContext => ({ siteId: asSiteId('consumer'), now: T0, endUserIp: '203.0.113.9', log: quietLog() });
const site = () => asSiteId(`duffeltest-${randomBytes(5).toString('hex')}`);

const oneWay = (over: Partial<TSearchRequest> = {}): TSearchRequest => ({
  JourneyType: 1,
  segments: [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: '2026-12-10T00:00:00' }],
  adultCount: 1,
  childCount: 0,
  infantCount: 0,
  cabinClass: 2,
  ...over,
});
const pax = (over: Partial<SupplyPassenger> = {}): SupplyPassenger => ({
  title: 'Mr',
  firstName: 'Arjun',
  lastName: 'Menon',
  paxType: 1,
  gender: 1,
  dateOfBirth: '1985-02-20',
  isLeadPax: true,
  email: 'arjun@example.com',
  mobileNo: '98765 43210',
  phoneCode: '+91',
  baggage: [],
  mealDynamic: [],
  seat: [],
  ...over,
});

let stub: DuffelStub;
let settings: DuffelSettings;
const since = (n: number) => stub.calls.slice(n);
const one = (calls: DuffelCall[], method: string, path: RegExp) => {
  const hits = calls.filter((c) => c.method === method && path.test(c.path));
  expect(hits, `${method} ${path}`).toHaveLength(1);
  return hits[0]!;
};

beforeAll(async () => {
  useStackTable();
  stub = await startDuffelStub();
  stub.now = T0;
  settings = { kind: 'duffel', baseUrl: stub.url, accessToken: stub.token };
});
afterAll(() => stub.stop());

describe('Duffel through the official client', () => {
  it('books a journey: search → hold → pay → seat after ticketing → cancellation quote → cancel', async () => {
    const duffel = new DuffelSupply(site(), settings);
    const start = stub.calls.length;
    const res = await duffel.search(
      oneWay({
        JourneyType: 2,
        segments: [
          { origin: 'DEL', destination: 'BOM', preferredDepartureTime: '2026-12-10T00:00:00' },
          { origin: 'BOM', destination: 'DEL', preferredDepartureTime: '2026-12-14T00:00:00' },
        ],
        childCount: 1,
      }),
      ctx(),
    );
    const search = one(since(start), 'POST', /^\/air\/offer_requests\/?$/);
    expect(search.headers).toMatchObject({
      authorization: `Bearer ${stub.token}`,
      'duffel-version': 'v2',
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(search.query).toMatchObject({ return_offers: 'true', supplier_timeout: '22000' });
    expect(search.body).toEqual({
      data: {
        slices: [
          { origin: 'DEL', destination: 'BOM', departure_date: '2026-12-10' },
          { origin: 'BOM', destination: 'DEL', departure_date: '2026-12-14' },
        ],
        passengers: [{ type: 'adult' }, { age: 8 }],
        cabin_class: 'economy',
      },
    });
    expect(res.results).toHaveLength(1);
    const offer = res.results[0]!.find((o) => o.isHoldAllowed && o.isRefundable)!;
    expect(offer.resultIndex).toMatch(/^off_/);
    expect(offer.segments.map((trip) => trip[0]!.tripIndicator)).toEqual([1, 2]);
    expect(offer.fareBreakdown.map((b) => [b.passengerType, b.count])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(offer.lastTicketDate).toBeTruthy();
    const ref = { traceId: res.traceId, resultIndex: offer.resultIndex };

    const quoteAt = stub.calls.length;
    const quote = await duffel.fareQuote(ref, ctx());
    expect(one(since(quoteAt), 'GET', new RegExp(`^/air/offers/${offer.resultIndex}$`)).query).toEqual({
      return_available_services: 'true',
    });
    const rules = await duffel.fareRules(ref, ctx());
    expect(rules).toHaveLength(2);
    expect(rules[0]!.fareRuleDetail).toContain(DUFFEL_LIMITS.partialCancellation);
    expect(rules[0]!.fareRuleDetail).toMatch(/valid until 2026-11-22T06:30/);

    const reference = `po-${randomBytes(4).toString('hex')}`;
    const child = pax({ title: 'Mstr', firstName: 'Kabir', paxType: 2, dateOfBirth: '2018-06-01', isLeadPax: false });
    const bookAt = stub.calls.length;
    const held = await duffel.book(
      { ...ref, reference, passengers: [pax(), child], expectedFare: quote.option.fare },
      ctx(),
    );
    const create = one(since(bookAt), 'POST', /^\/air\/orders$/);
    const offerPax = stub.orders.get(held.supplierBookingId)!.passengers.map((p: { id: string }) => p.id);
    expect(create.body).toEqual({
      data: {
        type: 'hold',
        selected_offers: [offer.resultIndex],
        metadata: { reference },
        passengers: [
          {
            id: offerPax[0],
            title: 'mr',
            given_name: 'Arjun',
            family_name: 'Menon',
            gender: 'm',
            born_on: '1985-02-20',
            email: 'arjun@example.com',
            phone_number: '+919876543210',
          },
          {
            id: offerPax[1],
            title: 'mr',
            given_name: 'Kabir',
            family_name: 'Menon',
            gender: 'm',
            born_on: '2018-06-01',
            email: 'arjun@example.com',
            phone_number: '+919876543210',
          },
        ],
      },
    });
    expect(held).toMatchObject({ pnr: expect.stringMatching(/^[A-Z0-9]{6}$/), isPriceChanged: false });
    expect(held.supplierBookingId).toMatch(/^ord_/);

    const balance = stub.balance;
    const payAt = stub.calls.length;
    const t = await duffel.ticket({ ...ref, supplierBookingId: held.supplierBookingId, pnr: held.pnr }, ctx());
    const total = stub.orders.get(held.supplierBookingId)!.total_amount as string;
    expect(one(since(payAt), 'POST', /^\/air\/payments$/).body).toEqual({
      data: { order_id: held.supplierBookingId, payment: { type: 'balance', amount: total, currency: 'INR' } },
    });
    expect(stub.balance).toBeCloseTo(balance - Number(total), 2);
    expect(t.tickets).toHaveLength(2);
    // Paying again answers the paid order, never a second payment.
    const again = await duffel.ticket({ ...ref, supplierBookingId: held.supplierBookingId }, ctx());
    expect(again.tickets).toEqual(t.tickets);
    expect(stub.calls.filter((c) => c.path === '/air/payments')).toHaveLength(1);

    // A seat after ticketing, from the order's seat map, paid from the balance.
    const seatsAt = stub.calls.length;
    const seats = await duffel.seatServices({ supplierBookingId: held.supplierBookingId }, ctx());
    expect(one(since(seatsAt), 'GET', /^\/air\/seat_maps$/).query).toEqual({ order_id: held.supplierBookingId });
    const seat = seats.find((s) => s.passengerId === offerPax[0] && s.item.origin === 'DEL')!;
    expect(seat.item).toMatchObject({ code: expect.stringMatching(/^\d+[A-F]$/), available: true });
    const bags = await duffel.availableServices({ supplierBookingId: held.supplierBookingId }, ctx());
    expect(bags.length).toBeGreaterThan(0);
    const addAt = stub.calls.length;
    const added = await duffel.addServices(
      {
        supplierBookingId: held.supplierBookingId,
        services: [{ serviceId: seat.serviceId, price: seat.price, currency: 'INR' }],
      },
      ctx(),
    );
    expect(one(since(addAt), 'POST', new RegExp(`^/air/orders/${held.supplierBookingId}/services$`)).body).toEqual({
      data: {
        payment: { type: 'balance', amount: seat.price.toFixed(2), currency: 'INR' },
        add_services: [{ id: seat.serviceId, quantity: 1 }],
      },
    });
    expect(added).toMatchObject({ charged: seat.price, details: { status: 'ticketed' } });
    const after = await duffel.seatServices({ supplierBookingId: held.supplierBookingId }, ctx());
    expect(after.some((s) => s.item.code === seat.item.code && s.item.origin === 'DEL')).toBe(false);

    // Cancellation: Duffel's quote, then its confirmation; whole orders only.
    await expect(
      duffel.cancellationCharges({ supplierBookingId: held.supplierBookingId, requestType: 2 }, ctx()),
    ).rejects.toMatchObject({ kind: 'notAllowed', message: DUFFEL_LIMITS.partialCancellation });
    const quoteCancelAt = stub.calls.length;
    const charges = await duffel.cancellationCharges(
      { supplierBookingId: held.supplierBookingId, requestType: 1 },
      ctx(),
    );
    expect(one(since(quoteCancelAt), 'POST', /^\/air\/order_cancellations$/).body).toEqual({
      data: { order_id: held.supplierBookingId },
    });
    const paidTotal = Number(stub.orders.get(held.supplierBookingId)!.total_amount);
    expect(charges.refundAmount + charges.cancellationCharge).toBeCloseTo(paidTotal, 2);
    const cancelAt = stub.calls.length;
    const cr = await duffel.changeRequest(
      { supplierBookingId: held.supplierBookingId, requestType: 1, cancellationType: 3, remarks: 'Trip off' },
      ctx(),
    );
    // The open quote is confirmed: no second quote.
    expect(since(cancelAt).filter((c) => c.method === 'POST' && c.path === '/air/order_cancellations')).toHaveLength(0);
    one(
      since(cancelAt),
      'POST',
      new RegExp(`^/air/order_cancellations/${cr.changeRequests[0]!.changeRequestId}/actions/confirm$`),
    );
    expect(
      await duffel.changeRequestStatus({ changeRequestId: cr.changeRequests[0]!.changeRequestId }, ctx()),
    ).toMatchObject({
      status: 'Completed',
      refundedAmount: charges.refundAmount,
    });
    expect((await duffel.bookingDetails({ supplierBookingId: held.supplierBookingId }, ctx())).status).toBe(
      'cancelled',
    );
  });

  it('tickets an instant multi-city order with a bag and a seat paid with it, and changes it', async () => {
    const duffel = new DuffelSupply(site(), settings);
    const start = stub.calls.length;
    const res = await duffel.search(
      oneWay({
        JourneyType: 3,
        segments: [
          { origin: 'DEL', destination: 'BOM', preferredDepartureTime: '2026-12-10T00:00:00' },
          { origin: 'BOM', destination: 'BLR', preferredDepartureTime: '2026-12-12T00:00:00' },
        ],
        cabinClass: 4,
        directFlight: true,
      }),
      ctx(),
    );
    expect(one(since(start), 'POST', /^\/air\/offer_requests\/?$/).body!.data).toMatchObject({
      cabin_class: 'business',
      max_connections: 0,
    });
    const instant = res.results[0]!.find((o) => o.isLcc);
    const option = instant ?? res.results[0]![0]!;
    const ref = { traceId: res.traceId, resultIndex: option.resultIndex };
    const ssr = (await duffel.ssr(ref, ctx()))!;
    expect(ssr.confirmedOnline).toBe(true);
    expect(ssr.mealDynamic).toEqual([]);
    const bag = ssr.baggage.find((b) => b.weight === 15)!;
    expect(bag.code).toMatch(/^BAG-[0-9a-f]{10}-checked-15$/);
    const seat = ssr.seatDynamic[0]!.rows.flat().find((s) => s.available)!;
    const quote = await duffel.fareQuote(ref, ctx());
    const orderAt = stub.calls.length;
    const t = await duffel.ticket(
      { ...ref, passengers: [pax({ baggage: [bag], seat: [seat] })], expectedFare: quote.option.fare },
      ctx(),
    );
    const body = one(since(orderAt), 'POST', /^\/air\/orders$/).body!.data;
    expect(body.type).toBe('instant');
    expect(body.services).toHaveLength(2);
    const fare = quote.option.fare.baseFare + quote.option.fare.tax;
    expect(body.payments).toEqual([
      { type: 'balance', amount: (fare + bag.price + seat.price).toFixed(2), currency: 'INR' },
    ]);
    expect(t.tickets).toHaveLength(1);

    // An order change: change offers for a new date of the second slice, one selected, then confirmed.
    const order = stub.orders.get(t.supplierBookingId)!;
    const changes = await duffel.searchChanges(
      {
        supplierBookingId: t.supplierBookingId,
        removeSliceIds: [order.slices[1].id],
        add: [{ origin: 'BOM', destination: 'BLR', departureDate: '2026-12-13' }],
      },
      ctx(),
    );
    expect(changes.offers.length).toBeGreaterThan(0);
    const picked = await duffel.selectChange({ changeOfferId: changes.offers[0]!.changeOfferId }, ctx());
    const confirmAt = stub.calls.length;
    const changed = await duffel.confirmChange({ ...picked, supplierBookingId: t.supplierBookingId }, ctx());
    expect(one(since(confirmAt), 'POST', /\/actions\/confirm$/).body).toEqual({
      data: { payment: { type: 'balance', amount: picked.changeTotal.toFixed(2), currency: 'INR' } },
    });
    expect(changed.status).toBe('ticketed');
    expect(changed.tickets[0]!.ticketNumber).not.toBe(t.tickets[0]!.ticketNumber);
    expect(stub.orders.get(t.supplierBookingId)!.slices[1].segments[0].departing_at).toMatch(/^2026-12-13/);
  });

  it('sells a holdable fare booked to ticket at once as one instant order, with its bag', async () => {
    const duffel = new DuffelSupply(site(), settings);
    const res = await duffel.search(oneWay(), ctx());
    const opt = res.results[0]!.find((o) => o.isHoldAllowed)!;
    const ref = { traceId: res.traceId, resultIndex: opt.resultIndex };
    const bag = (await duffel.ssr(ref, ctx()))!.baggage[0]!;
    const q = await duffel.fareQuote(ref, ctx());
    const start = stub.calls.length;
    const booked = await duffel.book(
      { ...ref, ticketAtOnce: true, passengers: [pax({ baggage: [bag] })], expectedFare: q.option.fare },
      ctx(),
    );
    expect(booked).toMatchObject({ lastTicketDate: null, isPriceChanged: false });
    const t = await duffel.ticket({ ...ref, supplierBookingId: booked.supplierBookingId, pnr: booked.pnr }, ctx());
    expect(t.tickets).toHaveLength(1);
    const orders = since(start).filter((c) => c.method === 'POST' && c.path === '/air/orders');
    expect(orders.map((c) => c.body!.data.type)).toEqual(['instant']);
    expect(orders[0]!.body!.data.services).toHaveLength(1);
    expect(since(start).filter((c) => c.path === '/air/payments')).toHaveLength(0);
  });

  it('finds an order whose creation was never recorded by paging through Duffel’s orders', async () => {
    const owner = site();
    const reference = `po-${randomBytes(4).toString('hex')}`;
    // The attempt dies after Duffel answered and before the order id is written.
    const crashing = new DuffelSupply(owner, settings, {
      ...dynamoOrderRefs,
      settle: () => Promise.reject(new Error('Lambda died')),
    });
    const res = await crashing.search(oneWay({ adultCount: 1 }), ctx());
    const opt = res.results[0]!.find((o) => o.isHoldAllowed)!;
    const ref = { traceId: res.traceId, resultIndex: opt.resultIndex };
    const q = await crashing.fareQuote(ref, ctx());
    await expect(
      crashing.book({ ...ref, reference, passengers: [pax()], expectedFare: q.option.fare }, ctx()),
    ).rejects.toThrow('Lambda died');
    stub.pageLimit = 1;
    try {
      const start = stub.calls.length;
      const found = await new DuffelSupply(owner, settings).findBooking({ reference, traceId: res.traceId }, ctx());
      expect(found).toMatchObject({ status: 'held', supplierBookingId: expect.stringMatching(/^ord_/) });
      const pages = since(start).filter((c) => c.path === '/air/orders');
      expect(pages.length).toBeGreaterThan(1);
      expect(pages[1]!.query).toMatchObject({ limit: '1', after: expect.any(String) });
      // Recorded now: the next lookup reads it without paging.
      const next = stub.calls.length;
      await new DuffelSupply(owner, settings).findBooking({ reference, traceId: res.traceId }, ctx());
      expect(since(next).filter((c) => c.path === '/air/orders')).toHaveLength(0);
      // Booking the same offer again is refused by Duffel: an offer books once.
      await expect(
        new DuffelSupply(owner, settings).book({ ...ref, passengers: [pax()], expectedFare: q.option.fare }, ctx()),
      ).rejects.toMatchObject({ kind: 'soldOut' });
    } finally {
      stub.pageLimit = 50;
    }
  });

  it('maps Duffel’s errors and limits to our supplier errors', async () => {
    await expect(
      new DuffelSupply(site(), { ...settings, accessToken: 'duffel_test_wrong' }).search(oneWay(), ctx()),
    ).rejects.toMatchObject({
      kind: 'invalidSession',
      message: expect.stringMatching(/refused the flight supply credentials/),
    });
    const duffel = new DuffelSupply(site(), settings);
    await expect(
      duffel.search(
        oneWay({ segments: [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: '2026-11-01T00:00:00' }] }),
        ctx(),
      ),
    ).rejects.toMatchObject({ kind: 'invalidRequest', message: 'departure_date must be in the future' });
    await expect(duffel.calendarFare()).rejects.toMatchObject({
      kind: 'notAllowed',
      message: DUFFEL_LIMITS.calendarFare,
    });

    const res = await duffel.search(oneWay(), ctx());
    const opt = res.results[0]![0]!;
    const ref = { traceId: res.traceId, resultIndex: opt.resultIndex };
    // A passenger without a date of birth is refused before Duffel is asked.
    await expect(
      duffel.ticket({ ...ref, passengers: [pax({ dateOfBirth: undefined })], expectedFare: opt.fare }, ctx()),
    ).rejects.toMatchObject({ kind: 'invalidRequest', message: expect.stringMatching(/date of birth/) });
    // A price that moved since we showed it: nothing is booked.
    const moved = { ...opt.fare, baseFare: opt.fare.baseFare - 100 };
    const orders = stub.orders.size;
    expect(await duffel.ticket({ ...ref, passengers: [pax()], expectedFare: moved }, ctx())).toMatchObject({
      isPriceChanged: true,
      tickets: [],
    });
    expect(stub.orders.size).toBe(orders);

    stub.now = new Date(T0.getTime() + 31 * 60_000);
    try {
      await expect(duffel.fareQuote(ref, ctx())).rejects.toMatchObject({ kind: 'expired' });
    } finally {
      stub.now = T0;
    }

    stub.rateLimit = 0;
    try {
      await expect(duffel.fareQuote(ref, ctx())).rejects.toMatchObject({
        kind: 'failed',
        message: expect.stringMatching(/busy/),
      });
      const last = stub.calls.at(-1)!;
      expect(last.path).toBe(`/air/offers/${opt.resultIndex}`);
    } finally {
      stub.rateLimit = 10_000;
      stub.resetRateLimit();
    }

    stub.delays['POST /air/offer_requests'] = 600;
    try {
      await expect(
        new DuffelSupply(site(), { ...settings, searchTimeoutMs: 150 }).search(oneWay(), ctx()),
      ).rejects.toMatchObject({ kind: 'timeout' });
    } finally {
      delete stub.delays['POST /air/offer_requests'];
    }
  });
});
