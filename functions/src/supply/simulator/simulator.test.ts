import { describe, expect, it } from 'vitest';
import { airportByCode } from '@tp/reference-data/airports';
import type { TSearchRequest } from '@tp/contracts/endpoints/flights';
import { NO_MARKUP, priceFare } from '@tp/domain/pricing';
import { quietLog } from '#lib/testing';
import type { SupplierOption, SupplyContext, SupplyPassenger } from '../types.ts';
import { SupplyError } from '../types.ts';
import { SimulatorSupply } from './index.ts';
import { decodeTrace, encodeTrace, generate, resultIndexOf, toOption, type TracePayload } from './generate.ts';
import { memorySimStore } from './store.ts';
import { isDisrupted } from './schedule-changes.ts';
import { distanceKm, localTime, utcOfLocal } from './time.ts';
import { asSiteId } from '#lib/keys';

const NOW = new Date('2026-11-22T06:00:00Z');
const ctx = (now = NOW): SupplyContext => ({ siteId: asSiteId('s1'), now, endUserIp: '10.0.0.1', log: quietLog() });

const oneWay = (
  origin: string,
  destination: string,
  date: string,
  over: Partial<TSearchRequest> = {},
): TSearchRequest => ({
  JourneyType: 1,
  segments: [{ origin, destination, preferredDepartureTime: `${date}T00:00:00` }],
  adultCount: 2,
  childCount: 1,
  infantCount: 1,
  cabinClass: 1,
  ...over,
});
const roundTrip = (origin: string, destination: string, out: string, back: string): TSearchRequest => ({
  ...oneWay(origin, destination, out),
  JourneyType: 2,
  segments: [
    { origin, destination, preferredDepartureTime: `${out}T00:00:00` },
    { origin: destination, destination: origin, preferredDepartureTime: `${back}T00:00:00` },
  ],
});

function options(req: TSearchRequest, maxOptions = 1500): SupplierOption[][] {
  const p: TracePayload = { req, issuedAt: NOW.getTime(), maxOptions };
  const g = generate(p);
  return g.lists.map((l, li) => l.map((o, i) => toOption(o, resultIndexOf(li, i), g.pax, NOW)));
}

/** The UTC instant of an airport-local `YYYY-MM-DDTHH:mm:ss`. */
const utcAt = (local: string, airport: string) =>
  utcOfLocal(
    local.slice(0, 10),
    Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16)),
    airportByCode(airport)!.timeZone,
  );

describe('simulated search', () => {
  it('is deterministic: the same search gives the same options, another date others', () => {
    const a = options(oneWay('DEL', 'BOM', '2026-12-10'));
    const b = options(oneWay('DEL', 'BOM', '2026-12-10'));
    expect(b).toEqual(a);
    const c = options(oneWay('DEL', 'BOM', '2026-12-11'));
    expect(c[0]!.map((o) => o.fare.baseFare)).not.toEqual(a[0]!.map((o) => o.fare.baseFare));
    expect(c[0]![0]!.segments[0]![0]!.departureTime.slice(0, 10)).toBe('2026-12-11');
  });

  // How fast (the target: under 150 ms) is a figure of `npm run bench` (scripts/bench-compute.ts), not an assertion.
  it('yields about 1,500 options on a busy route, capped by maxOptions', () => {
    const [list] = options(oneWay('DEL', 'BOM', '2026-12-12'));
    expect(list!.length).toBeGreaterThanOrEqual(1200);
    expect(options(oneWay('DEL', 'BOM', '2026-12-12'), 300)[0]).toHaveLength(300);
  });

  it('flies real airports and airlines, direct and with connections, LCC and GDS', () => {
    const [list] = options(oneWay('DEL', 'BOM', '2026-12-10'));
    const stops = new Set(list!.map((o) => o.segments[0]!.length));
    expect(stops).toEqual(new Set([1, 2]));
    expect(list!.some((o) => o.isLcc && o.source === o.airlineCode)).toBe(true);
    expect(list!.some((o) => !o.isLcc && o.source === 'GDS' && o.isHoldAllowed && o.lastTicketDate)).toBe(true);
    expect(list!.some((o) => o.isRefundable)).toBe(true);
    expect(list!.some((o) => !o.isRefundable)).toBe(true);
    const seg = list![0]!.segments[0]![0]!;
    expect(seg.originAirportName).toMatch(/Indira Gandhi/);
    expect(list![0]!.airlineName.length).toBeGreaterThan(2);
    // Sorted cheapest first, indices in order.
    const totals = list!.map((o) => o.fare.baseFare + o.fare.tax + o.fare.otherCharges);
    expect(totals).toEqual([...totals].sort((x, y) => x - y));
    expect(list!.slice(0, 3).map((o) => o.resultIndex)).toEqual(['OB1', 'OB2', 'OB3']);
  });

  it('keeps schedules physical across time zones: arrival after departure, plausible durations, connections that connect', () => {
    for (const [o, d] of [
      ['DEL', 'BOM'],
      ['BLR', 'LHR'],
      ['BOM', 'DXB'],
      ['JFK', 'DEL'],
    ] as const) {
      const [list] = options(oneWay(o, d, '2026-12-10'));
      expect(list!.length, `${o}-${d}`).toBeGreaterThan(0);
      for (const opt of list!.slice(0, 200)) {
        const segs = opt.segments[0]!;
        expect(segs[0]!.originAirportCode).toBe(o);
        expect(segs.at(-1)!.destinationAirportCode).toBe(d);
        segs.forEach((s, i) => {
          const dep = utcAt(s.departureTime, s.originAirportCode);
          const arr = utcAt(s.arrivalTime, s.destinationAirportCode);
          expect(arr - dep).toBe(s.durationMinutes * 60_000);
          const km = distanceKm(airportByCode(s.originAirportCode)!, airportByCode(s.destinationAirportCode)!);
          expect(s.durationMinutes).toBeGreaterThanOrEqual((km / 950) * 60);
          expect(s.durationMinutes).toBeLessThanOrEqual((km / 650) * 60 + 60);
          if (i > 0) {
            const prev = segs[i - 1]!;
            expect(s.originAirportCode).toBe(prev.destinationAirportCode);
            expect(s.groundTimeMinutes).toBeGreaterThanOrEqual(60);
            expect(dep - utcAt(prev.arrivalTime, prev.destinationAirportCode)).toBe(s.groundTimeMinutes * 60_000);
          }
        });
      }
    }
    // A known offset: 10:00 in Delhi is 04:30 UTC.
    expect(localTime(Date.parse('2026-12-10T04:30:00Z'), 'Asia/Kolkata')).toBe('2026-12-10T10:00:00');
  });

  it('prices consistently: the per-passenger breakdown sums to the fare; child ~75 %, infant ~10 % of the adult base', () => {
    const [list] = options(oneWay('BOM', 'DXB', '2026-12-10'));
    for (const o of list!.slice(0, 300)) {
      const sum = (pick: (b: (typeof o.fareBreakdown)[number]) => number) =>
        o.fareBreakdown.reduce((n, b) => n + pick(b) * b.count, 0);
      expect(sum((b) => b.baseFare)).toBe(o.fare.baseFare);
      expect(sum((b) => b.tax)).toBe(o.fare.tax);
      expect(o.fare.yq).toBeLessThanOrEqual(o.fare.tax);
      const [adt, chd, inf] = [1, 2, 3].map((t) => o.fareBreakdown.find((b) => b.passengerType === t)!);
      expect(chd!.baseFare / adt!.baseFare).toBeCloseTo(0.75, 1);
      expect(inf!.baseFare / adt!.baseFare).toBeCloseTo(0.1, 1);
      if (o.isLcc) expect(o.fare.commission).toBe(0);
      const priced = priceFare(o.fare, o.fareBreakdown, o.airlineCode, NO_MARKUP);
      const paxTotal = priced.fareBreakdown.reduce((n, b) => n + b.totalFare * b.count, 0);
      expect(paxTotal).toBeCloseTo(priced.fare.publishedPrice, 1);
    }
    expect(list!.some((o) => !o.isLcc && o.fare.commission > 0)).toBe(true);
  });

  it('splits a domestic return into onward and return lists, and combines an international one', () => {
    const dom = options(roundTrip('DEL', 'BOM', '2026-12-10', '2026-12-15'));
    expect(dom).toHaveLength(2);
    expect(dom[0]![0]!.resultIndex).toBe('OB1');
    expect(dom[1]![0]!.resultIndex).toBe('IB1');
    expect(dom[1]![0]!.segments[0]![0]!.originAirportCode).toBe('BOM');
    const intl = options(roundTrip('BOM', 'DXB', '2026-12-10', '2026-12-15'));
    expect(intl).toHaveLength(1);
    for (const o of intl[0]!.slice(0, 50)) {
      expect(o.segments).toHaveLength(2);
      expect(o.segments[1]![0]!.tripIndicator).toBe(2);
      expect(o.segments.flat().every((s) => s.airlineCode === o.airlineCode)).toBe(true);
    }
  });

  it('honours the filters: time band, direct only, sources, cabin', () => {
    const [morning] = options(
      oneWay('DEL', 'BOM', '2026-12-10', {
        segments: [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: '2026-12-10T05:00:00' }],
      }),
    );
    expect(morning!.every((o) => o.segments[0]![0]!.departureTime.slice(11, 13) < '11')).toBe(true);
    const [direct] = options(oneWay('DEL', 'BOM', '2026-12-10', { directFlight: true }));
    expect(direct!.every((o) => o.segments[0]!.length === 1)).toBe(true);
    const [gds] = options(oneWay('DEL', 'BOM', '2026-12-10', { Sources: ['GDS'] }));
    expect(new Set(gds!.map((o) => o.source))).toEqual(new Set(['GDS']));
    const [business] = options(oneWay('DEL', 'BOM', '2026-12-10', { cabinClass: 4 }));
    expect(business!.length).toBeGreaterThan(0);
    expect(business!.every((o) => o.segments[0]![0]!.fareClass === 'J')).toBe(true);
  });

  it('rejects unknown airports and refuses a tampered or stale trace', () => {
    expect(() => options(oneWay('DEL', 'ZZZ', '2026-12-10'))).toThrow(SupplyError);
    const trace = encodeTrace({ req: oneWay('DEL', 'BOM', '2026-12-10'), issuedAt: NOW.getTime(), maxOptions: 10 });
    expect(() => decodeTrace(trace.replace('SIM1.', 'SIM1.x'), NOW)).toThrow(/Unknown trace/);
    expect(() => decodeTrace(trace, new Date(NOW.getTime() + 16 * 60_000))).toThrow(/expired/);
  });
});

const pax = (paxType: 1 | 2 | 3, n: number): SupplyPassenger => ({
  title: paxType === 1 ? 'Mr' : 'Mstr',
  firstName: `Pax${n}`,
  lastName: 'Test',
  paxType,
  gender: 1,
  isLeadPax: n === 0,
  baggage: [],
  mealDynamic: [],
  seat: [],
});

describe('simulated supplier calls (memory state)', () => {
  const sim = () => new SimulatorSupply(asSiteId('s1'), {}, memorySimStore());
  const passengers = [pax(1, 0), pax(1, 1), pax(2, 2), pax(3, 3)];

  it('moves about one quoted fare in eight up by a few per cent, and books at the quoted price only', async () => {
    const s = sim();
    const res = await s.search(oneWay('DEL', 'BOM', '2026-12-10'), ctx());
    const quotes = await Promise.all(
      res.results[0]!.slice(0, 80).map((o) => s.fareQuote({ traceId: res.traceId, resultIndex: o.resultIndex }, ctx())),
    );
    const changed = quotes.filter((q) => q.isPriceChanged);
    expect(changed.length).toBeGreaterThan(3);
    expect(changed.length).toBeLessThan(25);
    const q = changed.find((x) => !x.option.isLcc) ?? changed[0]!;
    const searched = res.results[0]!.find((o) => o.resultIndex === q.option.resultIndex)!;
    const ratio = q.option.fare.baseFare / searched.fare.baseFare;
    expect(ratio).toBeGreaterThan(1.01);
    expect(ratio).toBeLessThan(1.08);
    const ref = { traceId: res.traceId, resultIndex: q.option.resultIndex };
    if (q.option.isLcc) {
      const stale = await s.ticket({ ...ref, passengers, expectedFare: searched.fare }, ctx());
      expect(stale).toMatchObject({ isPriceChanged: true, tickets: [] });
      const t = await s.ticket({ ...ref, passengers, expectedFare: q.option.fare }, ctx());
      expect(t.tickets).toHaveLength(4);
    } else {
      const stale = await s.book({ ...ref, passengers, expectedFare: searched.fare }, ctx());
      expect(stale.isPriceChanged).toBe(true);
      const b = await s.book({ ...ref, passengers, expectedFare: q.option.fare }, ctx());
      expect(b.pnr).toMatch(/^[A-Z0-9]{6}$/);
    }
  });

  it('holds a GDS fare until its last ticketing date, tickets it, and gives SSR, rules and a calendar', async () => {
    const s = sim();
    const res = await s.search(oneWay('DEL', 'BOM', '2026-12-10', { Sources: ['GDS'] }), ctx());
    const opt = res.results[0]!.find((o) => o.isHoldAllowed)!;
    const ref = { traceId: res.traceId, resultIndex: opt.resultIndex };
    const q = await s.fareQuote(ref, ctx());
    const ssr = await s.ssr(ref, ctx());
    expect(ssr!.confirmedOnline).toBe(false);
    expect(ssr!.seatDynamic).toHaveLength(opt.segments[0]!.length);
    const rules = await s.fareRules(ref, ctx());
    expect(rules[0]!.fareRuleDetail).toMatch(/Cancellation/);
    const held = await s.book({ ...ref, passengers, expectedFare: q.option.fare }, ctx());
    expect(Date.parse(held.lastTicketDate!)).toBe(NOW.getTime() + 2 * 86_400_000);
    const t = await s.ticket({ ...ref, supplierBookingId: held.supplierBookingId, pnr: held.pnr }, ctx());
    expect(t.tickets.map((x) => x.ticketNumber)).toEqual(t.tickets.map(() => expect.stringMatching(/^098\d{10}$/)));
    // Ticketing again answers the same tickets.
    const again = await s.ticket({ ...ref, supplierBookingId: held.supplierBookingId }, ctx());
    expect(again.tickets).toEqual(t.tickets);
    const days = await s.calendarFare({ origin: 'DEL', destination: 'BOM', month: '2026-12' }, ctx());
    expect(days).toHaveLength(31);
    expect(days.filter((d) => d.isLowestFareOfMonth).length).toBeGreaterThanOrEqual(1);
  });

  it("quotes each calendar day at the cheapest option of that day's one-adult search, skipping full flights", async () => {
    const s = sim();
    const one = { adultCount: 1, childCount: 0, infantCount: 0 };
    const published = (o: SupplierOption) => o.fare.baseFare + o.fare.tax + o.fare.otherCharges;
    const cheapest = async () =>
      Math.min(...(await s.search(oneWay('DEL', 'BOM', '2026-12-12', one), ctx())).results[0]!.map(published));
    const [day] = await s.calendarFare(
      { origin: 'DEL', destination: 'BOM', month: '2026-12', days: ['2026-12-12'] },
      ctx(),
    );
    expect(day!.date).toBe('2026-12-12');
    expect(day!.fare).toBe(await cheapest());
    expect(day!.options!.map((o) => o.airlineCode)).toContain(day!.airlineCode);
    // Sell out the day's cheapest flight: the calendar moves on to a fare that can still be booked.
    const res = await s.search(oneWay('DEL', 'BOM', '2026-12-12', one), ctx());
    const first = res.results[0]!.reduce((a, o) => (published(o) < published(a) ? o : a));
    const seats = Math.min(...first.segments.flat().map((x) => x.seatsLeft ?? 0));
    const ref = {
      traceId: res.traceId,
      resultIndex: first.resultIndex,
      passengers: [pax(1, 0)],
      expectedFare: first.fare,
    };
    for (let i = 0; i < seats; i++) await (first.isLcc ? s.ticket(ref, ctx()) : s.book(ref, ctx()));
    const [after] = await s.calendarFare(
      { origin: 'DEL', destination: 'BOM', month: '2026-12', days: ['2026-12-12'] },
      ctx(),
    );
    expect(after!.fare).toBeGreaterThanOrEqual(day!.fare);
    expect(after!.options!.every((o) => o.segments.flat().every((x) => (x.seatsLeft ?? 1) >= 1))).toBe(true);
  });

  it("finds a booking by the buyer's reference: held, then ticketed; unknown references find nothing", async () => {
    const s = sim();
    const res = await s.search(oneWay('DEL', 'BOM', '2026-12-10', { Sources: ['GDS'] }), ctx());
    const opt = res.results[0]!.find((o) => o.isHoldAllowed)!;
    const ref = { traceId: res.traceId, resultIndex: opt.resultIndex, reference: 'ORDER1' };
    const q = await s.fareQuote(ref, ctx());
    expect(await s.findBooking({ reference: 'ORDER1', traceId: res.traceId }, ctx())).toBeNull();
    const held = await s.book({ ...ref, passengers, expectedFare: q.option.fare }, ctx());
    expect(await s.findBooking({ reference: 'ORDER1', traceId: res.traceId }, ctx())).toMatchObject({
      supplierBookingId: held.supplierBookingId,
      pnr: held.pnr,
      status: 'held',
      tickets: [],
    });
    const t = await s.ticket({ ...ref, supplierBookingId: held.supplierBookingId, pnr: held.pnr }, ctx());
    const found = await s.findBooking({ reference: 'ORDER1', traceId: res.traceId }, ctx());
    expect(found?.status).toBe('ticketed');
    expect(found?.tickets.map((x) => x.ticketNumber)).toEqual(t.tickets.map((x) => x.ticketNumber));
    expect(await s.findBooking({ reference: 'ORDER2', traceId: res.traceId }, ctx())).toBeNull();
  });

  it('quotes within the 15-minute trace, and still books while the customer pays', async () => {
    const s = sim();
    const res = await s.search(oneWay('DEL', 'BOM', '2026-12-10', { Sources: ['GDS'] }), ctx());
    const opt = res.results[0]!.find((o) => o.isHoldAllowed)!;
    const ref = { traceId: res.traceId, resultIndex: opt.resultIndex };
    const { option } = await s.fareQuote(ref, ctx());
    const later = (m: number) => ctx(new Date(NOW.getTime() + m * 60_000));
    await expect(s.fareQuote(ref, later(16))).rejects.toMatchObject({ kind: 'expired' });
    const held = await s.book({ ...ref, passengers, expectedFare: option.fare }, later(28));
    expect(held.pnr).toMatch(/^[A-Z0-9]{6}$/);
    await expect(s.book({ ...ref, passengers, expectedFare: option.fare }, later(40))).rejects.toMatchObject({
      kind: 'expired',
    });
  });

  it('sells paid bags and seats after ticketing on low-cost fares (once per reference), none on GDS ones, and finds a PNR', async () => {
    const s = sim();
    const res = await s.search(oneWay('DEL', 'BOM', '2026-12-10'), ctx());
    const lcc = res.results[0]!.find((o) => o.isLcc)!;
    const q = await s.fareQuote({ traceId: res.traceId, resultIndex: lcc.resultIndex }, ctx());
    const t = await s.ticket(
      { traceId: res.traceId, resultIndex: lcc.resultIndex, passengers, expectedFare: q.option.fare },
      ctx(),
    );
    const offered = await s.postTicketExtras({ supplierBookingId: t.supplierBookingId }, ctx());
    // Paid ones only, and none for the infant (who flies on a lap).
    expect(offered.every((x) => x.item.price > 0)).toBe(true);
    expect(offered.some((x) => x.kind === 'baggage') && offered.some((x) => x.kind === 'seat')).toBe(true);
    expect(offered.some((x) => passengers[x.paxIndex]!.paxType === 3)).toBe(false);
    const bag = offered.find((x) => x.kind === 'baggage')!;
    const seat = offered.find((x) => x.kind === 'seat')!;
    const buy = { supplierBookingId: t.supplierBookingId, reference: 'EXTRAS1', extraIds: [bag.extraId, seat.extraId] };
    const first = await s.addPostTicketExtras(buy, ctx());
    expect(first.charged).toBe(bag.item.price + seat.item.price);
    expect(await s.addPostTicketExtras(buy, ctx())).toEqual(first);
    const after = await s.postTicketExtras({ supplierBookingId: t.supplierBookingId }, ctx());
    expect(after.some((x) => x.kind === 'seat' && x.segment === seat.segment && x.item.code === seat.item.code)).toBe(
      false,
    );
    await expect(s.addPostTicketExtras({ ...buy, reference: 'EXTRAS2' }, ctx())).rejects.toMatchObject({
      kind: 'soldOut',
    });

    const found = await s.findBookingByPnr(
      { pnr: t.pnr.toLowerCase(), lastName: passengers[0]!.lastName.toUpperCase() },
      ctx(),
    );
    expect(found).toMatchObject({ pnr: t.pnr, status: 'ticketed', isLcc: true, airlineCode: lcc.airlineCode });
    expect(found!.passengers.map((p) => p.ticket?.ticketNumber)).toEqual(t.tickets.map((x) => x.ticketNumber));
    expect(await s.findBookingByPnr({ pnr: t.pnr, lastName: 'Nobody' }, ctx())).toBeNull();

    const gds = res.results[0]!.find((o) => !o.isLcc && o.isHoldAllowed)!;
    const gq = await s.fareQuote({ traceId: res.traceId, resultIndex: gds.resultIndex }, ctx());
    const held = await s.book(
      { traceId: res.traceId, resultIndex: gds.resultIndex, passengers, expectedFare: gq.option.fare },
      ctx(),
    );
    await s.ticket(
      { traceId: res.traceId, resultIndex: gds.resultIndex, supplierBookingId: held.supplierBookingId },
      ctx(),
    );
    expect(await s.postTicketExtras({ supplierBookingId: held.supplierBookingId }, ctx())).toEqual([]);
  });

  it('offers a retimed booking only alternatives with a seat left for each of its travellers', async () => {
    // The memory store, with every flight reported sold out once `soldOut` is set.
    const store = memorySimStore();
    let soldOut = false;
    const s = new SimulatorSupply(
      asSiteId('s1'),
      {},
      {
        ...store,
        soldSeats: async (siteId, legs) =>
          soldOut ? new Map(legs.map((l) => [`${l.date}|${l.key}`, 10_000])) : store.soldSeats(siteId, legs),
      },
    );
    const one = [pax(1, 0)];
    let booking: { supplierBookingId: string } | undefined;
    for (const day of ['2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13', '2026-12-14']) {
      const res = await s.search(oneWay('DEL', 'BOM', day, { adultCount: 1, childCount: 0, infantCount: 0 }), ctx());
      for (const o of res.results[0]!.filter((x) => x.isHoldAllowed && isDisrupted(x.segments))) {
        const ref = { traceId: res.traceId, resultIndex: o.resultIndex };
        const held = await s.book({ ...ref, passengers: one, expectedFare: o.fare }, ctx());
        if (held.isPriceChanged) continue;
        await s.ticket({ ...ref, supplierBookingId: held.supplierBookingId }, ctx());
        if ((await s.bookingDetails(held, ctx())).alternatives?.length) booking = held;
        if (booking) break;
      }
      if (booking) break;
    }
    expect(booking, 'a retimed flight with an alternative').toBeDefined();
    const [offered] = (await s.bookingDetails(booking!, ctx())).alternatives!;
    soldOut = true;
    const details = await s.bookingDetails(booking!, ctx());
    expect(details.segments).toBeDefined();
    expect(details.alternatives).toEqual([]);
    await expect(
      s.acceptScheduleChange(
        { supplierBookingId: booking!.supplierBookingId, alternativeId: offered!.alternativeId },
        ctx(),
      ),
    ).rejects.toMatchObject({ kind: 'invalidRequest' });
  });

  it('injects failures when configured', async () => {
    const s = new SimulatorSupply(asSiteId('s1'), { failureRate: 1 }, memorySimStore());
    await expect(s.search(oneWay('DEL', 'BOM', '2026-12-10'), ctx())).rejects.toMatchObject({ kind: 'timeout' });
  });
});
