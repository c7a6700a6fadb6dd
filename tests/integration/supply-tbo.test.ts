/**
 * The TBO-style adapter against a local stub of the consolidator's REST API: the whole flow, one
 * token per calendar day shared through DynamoDB, session renewal, EndUserIp on every call, bad
 * credentials and timeouts.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSearchRequest } from '@tp/contracts/endpoints/flights';
import { quietLog } from '../../functions/src/lib/testing.ts';
import { TboSupply } from '../../functions/src/supply/tbo/index.ts';
import type { TboSettings } from '../../functions/src/supply/tbo/client.ts';
import type { SupplyContext, SupplyPassenger } from '../../functions/src/supply/types.ts';
import { startTboStub, type TboStub } from '../support/tbo-stub.ts';
import { useStackTable } from './users-helpers.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';

const T0 = new Date('2026-11-22T06:00:00Z');
const IP = '203.0.113.7';
const ctx = (now = T0): SupplyContext => ({ siteId: asSiteId('consumer'), now, endUserIp: IP, log: quietLog() });
const siteId = () => asSiteId(`tbotest-${randomBytes(5).toString('hex')}`);

const req = (sources: string[], adults = 1): TSearchRequest => ({
  JourneyType: 1,
  segments: [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: '2026-12-10T00:00:00' }],
  adultCount: adults,
  childCount: 0,
  infantCount: 0,
  cabinClass: 1,
  directFlight: true,
  Sources: sources,
});
const passengers = (n: number): SupplyPassenger[] =>
  Array.from({ length: n }, (_, i) => ({
    title: 'Ms',
    firstName: `Asha${String.fromCharCode(65 + i)}`,
    lastName: 'Rao',
    paxType: 1,
    gender: 2,
    isLeadPax: i === 0,
    email: 'asha@example.com',
    mobileNo: '9876543210',
    phoneCode: '+91',
    baggage: [],
    mealDynamic: [],
    seat: [],
  }));

let stub: TboStub;
let settings: TboSettings;
const auths = () => stub.calls.filter((c) => c.op === 'authenticate').length;

beforeAll(async () => {
  useStackTable();
  stub = await startTboStub();
  stub.now = T0;
  settings = { kind: 'tbo', baseUrl: stub.url, ...stub.credentials };
});
afterAll(() => stub.stop());

describe('TBO adapter', () => {
  it('runs search → rules → quote → SSR → book → ticket → details → change request → status (GDS)', async () => {
    const tbo = new TboSupply(siteId(), settings);
    const res = await tbo.search(req(['GDS'], 2), ctx());
    expect(res.traceId).toBeTruthy();
    const opt = res.results[0]!.find((o) => o.isHoldAllowed && o.isRefundable)!;
    expect(opt).toMatchObject({ source: 'GDS', isLcc: false });
    expect(opt.segments[0]![0]!).toMatchObject({
      originAirportCode: 'DEL',
      destinationAirportCode: 'BOM',
      tripIndicator: 1,
    });
    expect(opt.fareBreakdown).toEqual([expect.objectContaining({ passengerType: 1, count: 2 })]);
    expect(opt.fareBreakdown[0]!.baseFare * 2).toBe(opt.fare.baseFare);
    const ref = { traceId: res.traceId, resultIndex: opt.resultIndex };

    const rules = await tbo.fareRules(ref, ctx());
    expect(rules[0]).toMatchObject({
      origin: 'DEL',
      destination: 'BOM',
      fareRuleDetail: expect.stringMatching(/Cancellation/),
    });
    const quote = await tbo.fareQuote(ref, ctx());
    expect(quote.option.resultIndex).toBe(opt.resultIndex);
    const ssr = await tbo.ssr(ref, ctx());
    expect(ssr).toMatchObject({ confirmedOnline: false });
    expect(ssr!.mealDynamic.length).toBeGreaterThan(0);
    expect(ssr!.seatDynamic[0]!.segment).toBe('DEL-BOM');

    // The price we showed moved? Book answers so instead of booking.
    if (quote.isPriceChanged) {
      const stale = await tbo.book({ ...ref, passengers: passengers(2), expectedFare: opt.fare }, ctx());
      expect(stale.isPriceChanged).toBe(true);
    }
    const held = await tbo.book({ ...ref, passengers: passengers(2), expectedFare: quote.option.fare }, ctx());
    expect(held).toMatchObject({ pnr: expect.stringMatching(/^[A-Z0-9]{6}$/), isPriceChanged: false });
    expect(held.lastTicketDate).toBeTruthy();
    expect(await tbo.bookingDetails({ supplierBookingId: held.supplierBookingId }, ctx())).toMatchObject({
      status: 'held',
      pnr: held.pnr,
    });

    const t = await tbo.ticket({ ...ref, supplierBookingId: held.supplierBookingId, pnr: held.pnr }, ctx());
    expect(t.pnr).toBe(held.pnr);
    expect(t.tickets).toHaveLength(2);
    expect(t.tickets[0]!.ticketNumber).toMatch(/^\d{13}$/);
    const details = await tbo.bookingDetails({ supplierBookingId: held.supplierBookingId }, ctx());
    expect(details.status).toBe('ticketed');
    expect(details.tickets.map((x) => x.ticketId)).toEqual(t.tickets.map((x) => x.ticketId));

    const charges = await tbo.cancellationCharges({ supplierBookingId: held.supplierBookingId, requestType: 1 }, ctx());
    expect(charges.refundAmount).toBeGreaterThan(0);
    const cr = await tbo.changeRequest(
      { supplierBookingId: held.supplierBookingId, requestType: 1, cancellationType: 3, remarks: 'cancel please' },
      ctx(),
    );
    expect(cr.changeRequests.map((c) => c.ticketId).sort()).toEqual(t.tickets.map((x) => x.ticketId).sort());
    const first = cr.changeRequests[0]!.changeRequestId;
    expect((await tbo.changeRequestStatus({ changeRequestId: first }, ctx())).status).toBe('Unassigned');
    stub.now = new Date(T0.getTime() + 10 * 60_000);
    const done = await tbo.changeRequestStatus({ changeRequestId: first }, ctx());
    expect(done).toMatchObject({ status: 'Completed', creditNoteNo: `CN${first}` });
    expect(done.refundedAmount).toBe(charges.refundAmount / 2);
    expect((await tbo.bookingDetails({ supplierBookingId: held.supplierBookingId }, ctx())).status).toBe('cancelled');
    stub.now = T0;
  });

  it('tickets an LCC fare directly with passengers, releases a GDS hold, and gives a calendar', async () => {
    const tbo = new TboSupply(siteId(), settings);
    const res = await tbo.search(req(['6E', 'SG']), ctx());
    const lcc = res.results[0]![0]!;
    expect(lcc.isLcc).toBe(true);
    expect(lcc.source).toBe(lcc.airlineCode);
    const ref = { traceId: res.traceId, resultIndex: lcc.resultIndex };
    const quote = await tbo.fareQuote(ref, ctx());
    expect((await tbo.ssr(ref, ctx()))!.confirmedOnline).toBe(true);
    const t = await tbo.ticket({ ...ref, passengers: passengers(1), expectedFare: quote.option.fare }, ctx());
    expect(t.tickets).toHaveLength(1);

    const gds = await tbo.search(req(['GDS']), ctx());
    const hold = gds.results[0]!.find((o) => o.isHoldAllowed)!;
    const gref = { traceId: gds.traceId, resultIndex: hold.resultIndex };
    const q = await tbo.fareQuote(gref, ctx());
    const held = await tbo.book({ ...gref, passengers: passengers(1), expectedFare: q.option.fare }, ctx());
    await tbo.release({ supplierBookingId: held.supplierBookingId, source: 'GDS' }, ctx());
    expect((await tbo.bookingDetails({ supplierBookingId: held.supplierBookingId }, ctx())).status).toBe('released');

    const days = await tbo.calendarFare({ origin: 'DEL', destination: 'BOM', month: '2026-12' }, ctx());
    expect(days).toHaveLength(31);
    expect(days.some((d) => d.isLowestFareOfMonth)).toBe(true);
  });

  it('authenticates once per calendar day per site, shared across instances, and renews an expired session', async () => {
    const site = siteId();
    const before = auths();
    await new TboSupply(site, settings).search(req(['GDS']), ctx());
    await new TboSupply(site, settings).search(req(['GDS']), ctx(new Date(T0.getTime() + 3_600_000)));
    expect(auths() - before).toBe(1);
    // The next day (in India) needs a new token.
    await new TboSupply(site, settings).search(req(['GDS']), ctx(new Date('2026-11-22T19:00:00Z')));
    expect(auths() - before).toBe(2);
    // Every call carries the end user's IP and a token.
    const since = stub.calls.length;
    const tbo = new TboSupply(site, settings);
    await tbo.search(req(['GDS']), ctx());
    stub.expireTokens();
    const res = await tbo.search(req(['GDS']), ctx());
    expect(res.results[0]!.length).toBeGreaterThan(0);
    expect(auths() - before).toBe(3);
    for (const c of stub.calls.slice(since).filter((x) => x.op !== 'authenticate')) {
      expect(c.body.EndUserIp).toBe(IP);
      expect(c.body.TokenId).toBeTruthy();
    }
  });

  it('reports bad credentials clearly and a slow supplier as a timeout', async () => {
    const bad = new TboSupply(siteId(), { ...settings, password: 'wrong' });
    await expect(bad.search(req(['GDS']), ctx())).rejects.toMatchObject({
      kind: 'invalidSession',
      message: expect.stringMatching(/refused the flight supply credentials/),
    });
    stub.delays.search = 800;
    try {
      const slow = new TboSupply(siteId(), { ...settings, searchTimeoutMs: 200 });
      await expect(slow.search(req(['GDS']), ctx())).rejects.toMatchObject({ kind: 'timeout' });
    } finally {
      delete stub.delays.search;
    }
  });
});
