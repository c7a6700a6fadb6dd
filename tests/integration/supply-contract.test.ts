/**
 * The supply contract: what every FlightSupply promises the flights service, run against each real
 * adapter and the simulator the same way (the simulator on DynamoDB Local, the TBO adapter against its
 * local consolidator, the Duffel adapter through the official client against the local Duffel server).
 * Search → quote → rules → hold → details → ticket by paying the hold → release of another hold → a
 * direct ticket with passengers → the booking found again by our reference → a full cancellation quoted,
 * asked for and completed.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSearchRequest } from '@tp/contracts/endpoints/flights';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { quietLog } from '../../functions/src/lib/testing.ts';
import { DuffelSupply } from '../../functions/src/supply/duffel/index.ts';
import { SimulatorSupply } from '../../functions/src/supply/simulator/index.ts';
import { TboSupply } from '../../functions/src/supply/tbo/index.ts';
import type { FlightSupply, SupplierOption, SupplyContext, SupplyPassenger } from '../../functions/src/supply/types.ts';
import { startDuffelStub, type DuffelStub } from '../support/duffel-stub.ts';
import { startTboStub, type TboStub } from '../support/tbo-stub.ts';
import { useStackTable } from './users-helpers.ts';

const T0 = new Date('2026-11-22T06:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const ctx = (now = T0): SupplyContext => ({
  siteId: asSiteId('consumer'),
  now,
  endUserIp: '203.0.113.9',
  log: quietLog(),
});
const freshSite = (kind: string) => asSiteId(`contract-${kind}-${randomBytes(5).toString('hex')}`);

const search = (adults: number, sources?: string[]): TSearchRequest => ({
  JourneyType: 1,
  segments: [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: '2026-12-10T00:00:00' }],
  adultCount: adults,
  childCount: 0,
  infantCount: 0,
  cabinClass: 1,
  directFlight: true,
  ...(sources ? { Sources: sources } : {}),
});
const passengers = (n: number): SupplyPassenger[] =>
  Array.from({ length: n }, (_, i) => ({
    title: 'Ms',
    firstName: `Meera${String.fromCharCode(65 + i)}`,
    lastName: 'Iyer',
    paxType: 1,
    gender: 2,
    dateOfBirth: '1990-04-12',
    isLeadPax: i === 0,
    email: 'meera@example.com',
    mobileNo: '9876543210',
    phoneCode: '+91',
    baggage: [],
    mealDynamic: [],
    seat: [],
  }));
const published = (o: SupplierOption) =>
  o.fare.baseFare + o.fare.tax + o.fare.otherCharges + o.fare.serviceFee + o.fare.txnFee;

interface Subject {
  make(): FlightSupply;
  /** Lets the supplier's clock move on (a change request's progress). */
  advance(minutes: number): void;
}

let tbo: TboStub;
let duffel: DuffelStub;
beforeAll(async () => {
  useStackTable();
  [tbo, duffel] = await Promise.all([startTboStub(), startDuffelStub()]);
  tbo.now = T0;
  duffel.now = T0;
});
afterAll(async () => {
  await Promise.all([tbo.stop(), duffel.stop()]);
});

const subjects: Record<string, () => Subject> = {
  simulator: () => {
    const site = freshSite('sim');
    return { make: () => new SimulatorSupply(site), advance: () => {} };
  },
  tbo: () => {
    const site = freshSite('tbo');
    return {
      make: () => new TboSupply(site, { kind: 'tbo', baseUrl: tbo.url, ...tbo.credentials }),
      advance: (m) => (tbo.now = at(m)),
    };
  },
  duffel: () => {
    const site = freshSite('duffel');
    return {
      make: () => new DuffelSupply(site, { kind: 'duffel', baseUrl: duffel.url, accessToken: duffel.token }),
      advance: (m) => (duffel.now = at(m)),
    };
  },
};

describe.each(Object.keys(subjects))('the supply contract: %s', (name) => {
  it('searches, quotes, holds, tickets a hold, releases a hold, tickets directly, finds by reference and cancels', async () => {
    const subject = subjects[name]!();
    const supply = subject.make();
    const minutes = name === 'simulator' ? 10 : 0; // the simulator's change requests progress on its clock

    const res = await supply.search(search(2), ctx());
    expect(res.traceId).toBeTruthy();
    const all = res.results.flat();
    expect(all.length).toBeGreaterThan(0);
    for (const o of all.slice(0, 20)) {
      expect(o.segments[0]![0]!.originAirportCode).toBe('DEL');
      expect(o.segments[0]!.at(-1)!.destinationAirportCode).toBe('BOM');
      expect(published(o)).toBeGreaterThan(0);
      const perPax = o.fareBreakdown.reduce((a, b) => a + (b.baseFare + b.tax) * b.count, 0);
      expect(Math.abs(perPax - (o.fare.baseFare + o.fare.tax))).toBeLessThan(0.01 * 2 + 1e-9);
    }

    const holdable = all.find((o) => o.isHoldAllowed && o.isRefundable)!;
    expect(holdable, 'a refundable fare that can be held').toBeDefined();
    const ref = { traceId: res.traceId, resultIndex: holdable.resultIndex };
    const quote = await supply.fareQuote(ref, ctx());
    expect(quote.option.resultIndex).toBe(holdable.resultIndex);
    const rules = await supply.fareRules(ref, ctx());
    expect(rules[0]).toMatchObject({ origin: 'DEL', destination: 'BOM', fareRuleDetail: expect.any(String) });

    const reference = `po-${randomBytes(4).toString('hex')}`;
    expect(await supply.findBooking({ reference, traceId: res.traceId }, ctx())).toBeNull();
    const held = await supply.book(
      { ...ref, reference, passengers: passengers(2), expectedFare: quote.option.fare },
      ctx(),
    );
    expect(held.isPriceChanged).toBe(false);
    expect(held.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(held.lastTicketDate).toBeTruthy();
    expect(await supply.bookingDetails({ supplierBookingId: held.supplierBookingId }, ctx())).toMatchObject({
      status: 'held',
      pnr: held.pnr,
    });
    const found = await supply.findBooking({ reference, traceId: res.traceId }, ctx());
    expect(found).toMatchObject({ supplierBookingId: held.supplierBookingId, status: 'held' });

    const t = await supply.ticket({ ...ref, supplierBookingId: held.supplierBookingId, pnr: held.pnr }, ctx());
    expect(t.pnr).toBe(held.pnr);
    expect(t.tickets).toHaveLength(2);
    const details = await supply.bookingDetails({ supplierBookingId: held.supplierBookingId }, ctx());
    expect(details.status).toBe('ticketed');
    expect(details.tickets.map((x) => x.ticketId).sort()).toEqual(t.tickets.map((x) => x.ticketId).sort());

    // Another hold, released.
    const other = all.find((o) => o.isHoldAllowed && o.resultIndex !== holdable.resultIndex)!;
    const oref = { traceId: res.traceId, resultIndex: other.resultIndex };
    const oq = await supply.fareQuote(oref, ctx());
    const second = await supply.book({ ...oref, passengers: passengers(2), expectedFare: oq.option.fare }, ctx());
    await supply.release({ supplierBookingId: second.supplierBookingId, source: other.source }, ctx());
    expect((await supply.bookingDetails({ supplierBookingId: second.supplierBookingId }, ctx())).status).toBe(
      'released',
    );

    // A fare ticketed at once, with its passengers.
    const direct = await supply.search(search(1), ctx());
    const instant = direct.results.flat().find((o) => o.isLcc)!;
    expect(instant, 'a fare ticketed at once').toBeDefined();
    const iref = { traceId: direct.traceId, resultIndex: instant.resultIndex };
    const iq = await supply.fareQuote(iref, ctx());
    const it1 = await supply.ticket({ ...iref, passengers: passengers(1), expectedFare: iq.option.fare }, ctx());
    expect(it1.tickets).toHaveLength(1);
    expect(it1.tickets[0]!.ticketNumber).toMatch(/^\d{13}$/);

    // A full cancellation of the first booking: quoted, asked for, completed with the quoted refund.
    const charges = await supply.cancellationCharges(
      { supplierBookingId: held.supplierBookingId, requestType: 1 },
      ctx(at(minutes)),
    );
    expect(charges.refundAmount).toBeGreaterThan(0);
    expect(charges.refundAmount).toBeLessThanOrEqual(published(quote.option) + 0.01);
    const cr = await supply.changeRequest(
      { supplierBookingId: held.supplierBookingId, requestType: 1, cancellationType: 3, remarks: 'Plans changed' },
      ctx(at(minutes)),
    );
    expect(cr.changeRequests.length).toBeGreaterThan(0);
    subject.advance(minutes + 10);
    const statuses = await Promise.all(
      cr.changeRequests.map((c) =>
        supply.changeRequestStatus({ changeRequestId: c.changeRequestId }, ctx(at(minutes + 10))),
      ),
    );
    for (const s of statuses) expect(s.status).toBe('Completed');
    expect(statuses.reduce((a, s) => a + s.refundedAmount, 0)).toBeCloseTo(charges.refundAmount, 2);
    expect(
      (await supply.bookingDetails({ supplierBookingId: held.supplierBookingId }, ctx(at(minutes + 10)))).status,
    ).toBe('cancelled');
    subject.advance(0);
  });
});
