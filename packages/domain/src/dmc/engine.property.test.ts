/**
 * The rate engine against an independent reference: a brute-force pricer written from the rules in
 * docs/dmc.md, not from engine.ts (day numbers instead of date strings, enumerated bands, selection by
 * scanning, prices summed passenger by passenger and vehicle by vehicle).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { priceTourOption, type PriceRequest, type TourOptionRates } from './engine.ts';
import { DMC_TEXT } from './messages.ts';
import { tourOption } from './test-fixtures.ts';
import {
  SHARING_BASES,
  TRANSFER_DIRECTIONS,
  type Market,
  type RateTerms,
  type StopSale,
  type TicketRate,
  type TransferRate,
} from './types.ts';

const MARKETS: Market[] = [
  { marketId: 'm-in', name: 'India', currency: 'AED' },
  { marketId: 'm-gcc', name: 'GCC', currency: 'AED' },
];
const FIRST_DAY = Date.UTC(2027, 1, 20); // a window across the end of February
const dayString = (i: number) => new Date(FIRST_DAY + i * 86_400_000).toISOString().slice(0, 10);
const dayNumber = (s: string) => {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(y, m - 1, d) - FIRST_DAY) / 86_400_000);
};

// ---- generators ----
// Most ranges span most of the window, so that rates often apply and pricing is exercised.
const arbDayPair = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.nat(8), fc.integer({ min: 12, max: 20 })) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.nat(20), fc.nat(20)).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as [number, number]),
  },
);
const arbBand = fc
  .tuple(
    fc.option(fc.integer({ min: 1, max: 8 }), { nil: null, freq: 2 }),
    fc.option(fc.integer({ min: 1, max: 8 }), { nil: null, freq: 2 }),
  )
  .map(([a, b]) =>
    a !== null && b !== null ? { minPax: Math.min(a, b), maxPax: Math.max(a, b) } : { minPax: a, maxPax: b },
  );
const arbTerms: fc.Arbitrary<Omit<RateTerms, 'minPax' | 'maxPax'> & { minPax: number | null; maxPax: number | null }> =
  fc
    .record({ market: fc.constantFrom(...MARKETS), days: arbDayPair, band: arbBand, isPerPax: fc.boolean() })
    .map(({ market, days, band, isPerPax }) => ({
      marketId: market.marketId,
      isPerPax,
      ...band,
      validFromDate: dayString(days[0]),
      validTillDate: dayString(days[1]),
    }));
const arbOptionId = fc.constantFrom('to-1', 'to-1', 'to-1', 'to-other');
const arbAmount = fc.integer({ min: 0, max: 200_000 }).map((c) => c / 100);
const arbPriority = fc.integer({ min: 0, max: 4 });

const arbTickets = fc
  .array(
    fc.record({
      terms: arbTerms,
      tourOptionId: arbOptionId,
      adultAmount: arbAmount,
      childAmount: arbAmount,
      priority: arbPriority,
    }),
    { minLength: 3, maxLength: 8 },
  )
  .map((rows) =>
    rows.map(({ terms, ...r }, i): TicketRate => ({ id: `t${String(i).padStart(2, '0')}`, ...terms, ...r })),
  );

const arbTransfers = fc
  .array(
    fc.record({
      terms: arbTerms,
      tourOptionId: arbOptionId,
      transferType: fc.constantFrom(...TRANSFER_DIRECTIONS),
      sharingBasis: fc.constantFrom('SIC' as const, 'PVT' as const),
      amount: arbAmount,
      priority: arbPriority,
    }),
    { minLength: 8, maxLength: 16 },
  )
  .map((rows) =>
    rows.map(({ terms, ...r }, i): TransferRate => ({
      id: `x${String(i).padStart(2, '0')}`,
      description: 'ride',
      ...terms,
      ...r,
    })),
  );

const arbStops = fc
  .array(
    fc.record({
      tourOptionId: arbOptionId,
      market: fc.option(fc.constantFrom(...MARKETS), { nil: null }),
      days: fc.tuple(fc.nat(20), fc.nat(2)).map(([from, length]) => [from, from + length] as const),
    }),
    { maxLength: 2 },
  )
  .map((rows) =>
    rows.map(({ market, days, tourOptionId }, i): StopSale => ({
      id: `s${i}`,
      tourOptionId,
      marketId: market?.marketId ?? null,
      fromDate: dayString(days[0]),
      tillDate: dayString(days[1]),
      reason: 'closed',
    })),
  );

const arbRequest: fc.Arbitrary<PriceRequest> = fc.record({
  date: fc.nat(20).map(dayString),
  adults: fc.integer({ min: 1, max: 8 }),
  children: fc.integer({ min: 0, max: 3 }),
  transfer: fc.option(
    fc.record({
      transferType: fc.constantFrom('oneway' as const, 'return' as const),
      sharingBasis: fc.constantFrom(...SHARING_BASES),
    }),
    { nil: null, freq: 2 },
  ),
});

// ---- the reference ----
type Row = RateTerms & { id: string; priority: number; tourOptionId: string };
type Choice<T> = { rate: T; units: number } | { failed: 'market' | 'date' | 'pax' };

function paxAllowed(r: RateTerms, pax: number): boolean {
  const lowest = r.minPax ?? 1;
  const highest = r.maxPax ?? 1000;
  for (let n = lowest; n <= highest; n++) if (n === pax) return true;
  return false;
}

/** Earlier in the try order: the higher priority, then the smaller id. */
const triedBefore = (a: Row, b: Row) => a.priority > b.priority || (a.priority === b.priority && a.id < b.id);

function choose<T extends Row>(rows: T[], marketId: string, day: number, pax: number): Choice<T> {
  const forMarket = rows.filter((r) => r.tourOptionId === 'to-1' && r.marketId === marketId);
  if (forMarket.length === 0) return { failed: 'market' };
  const live = forMarket.filter((r) => dayNumber(r.validFromDate) <= day && day <= dayNumber(r.validTillDate));
  if (live.length === 0) return { failed: 'date' };
  let best: T | null = null;
  for (const r of live) if (paxAllowed(r, pax) && (best === null || triedBefore(r, best))) best = r;
  if (best) return { rate: best, units: 1 };
  let vehicle: T | null = null;
  for (const r of live) {
    if (r.isPerPax || r.maxPax === null || r.maxPax >= pax) continue;
    if (
      vehicle === null ||
      r.maxPax > (vehicle.maxPax as number) ||
      (r.maxPax === vehicle.maxPax && triedBefore(r, vehicle))
    )
      vehicle = r;
  }
  if (!vehicle) return { failed: 'pax' };
  let units = 0;
  while (units * (vehicle.maxPax as number) < pax) units++;
  return { rate: vehicle, units };
}

interface Expected {
  available: boolean;
  code?: string;
  message?: string;
  ticket?: { rateId: string; amount: number } | null;
  transfers?: { rateId: string; amount: number }[];
  price?: number;
}

function reference(o: TourOptionRates, market: Market, req: PriceRequest): Expected {
  const day = dayNumber(req.date);
  for (const s of o.stopSales) {
    if (s.tourOptionId !== 'to-1' || (s.marketId !== null && s.marketId !== market.marketId)) continue;
    for (let d = dayNumber(s.fromDate); d <= dayNumber(s.tillDate); d++)
      if (d === day) return { available: false, code: 'stopSale' };
  }
  const pax = req.adults + req.children;
  const failure = (stage: 'market' | 'date' | 'pax', what: string) =>
    stage === 'market'
      ? DMC_TEXT.noRateForMarket(what, market.name)
      : stage === 'date'
        ? DMC_TEXT.noRateOnDate(what, market.name, req.date)
        : DMC_TEXT.noRateForPax(what, market.name, req.date, pax);

  let ticket: Expected['ticket'] = null;
  if (o.tourOption.hasTicket) {
    const c = choose([...o.ticketRates], market.marketId, day, pax);
    if ('failed' in c) return { available: false, code: 'noTicketRate', message: failure(c.failed, 'ticket rate') };
    let amount = 0;
    if (c.rate.isPerPax) {
      for (let a = 0; a < req.adults; a++) amount += c.rate.adultAmount;
      for (let k = 0; k < req.children; k++) amount += c.rate.childAmount;
    } else for (let u = 0; u < c.units; u++) amount += c.rate.adultAmount;
    ticket = { rateId: c.rate.id, amount };
  }

  const transfers: { rateId: string; amount: number }[] = [];
  if (req.transfer) {
    const basis = req.transfer.sharingBasis;
    const parts = basis.split('_');
    const drop = parts.length === 1 ? basis : parts[1];
    const pickup = parts.length === 1 ? basis : parts[3];
    const leg = (type: string, b: string | undefined) =>
      choose(
        o.transferRates.filter((r) => r.transferType === type && r.sharingBasis === b),
        market.marketId,
        day,
        pax,
      );
    const price = (c: { rate: TransferRate; units: number }) => {
      let amount = 0;
      const count = c.rate.isPerPax ? pax : c.units;
      for (let u = 0; u < count; u++) amount += c.rate.amount;
      return { rateId: c.rate.id, amount };
    };
    let chosen: Choice<TransferRate>[];
    if (req.transfer.transferType === 'oneway') {
      chosen = [leg('Pickup', pickup)];
      const only = chosen[0] as Choice<TransferRate>;
      if ('failed' in only)
        return {
          available: false,
          code: 'noTransferRate',
          message: failure(only.failed, `${pickup} Pickup transfer rate`),
        };
    } else if (pickup === drop) {
      const round = leg('Pickup & Drop', pickup);
      const apart = [leg('Pickup', pickup), leg('Drop', drop)];
      if (!('failed' in round)) chosen = [round];
      else if (apart.every((c) => !('failed' in c))) chosen = apart;
      else
        return {
          available: false,
          code: 'noTransferRate',
          message: failure(round.failed, `${pickup} Pickup & Drop transfer rate`),
        };
    } else {
      chosen = [leg('Pickup', pickup), leg('Drop', drop)];
      const names = [`${pickup} Pickup`, `${drop} Drop`];
      for (let i = 0; i < 2; i++) {
        const c = chosen[i] as Choice<TransferRate>;
        if ('failed' in c)
          return { available: false, code: 'noTransferRate', message: failure(c.failed, `${names[i]} transfer rate`) };
      }
    }
    for (const c of chosen) if (!('failed' in c)) transfers.push(price(c));
  }
  const total = (ticket?.amount ?? 0) + transfers.reduce((s, t) => s + t.amount, 0);
  return { available: true, ticket, transfers, price: total };
}

describe('rate engine against a brute-force reference (property)', () => {
  it('picks the same rates, prices them the same and gives the same reason', () => {
    fc.assert(
      fc.property(
        arbTickets,
        arbTransfers,
        arbStops,
        fc.boolean(),
        fc.constantFrom(...MARKETS),
        arbRequest,
        (ticketRates, transferRates, stopSales, hasTicket, market, req) => {
          const o: TourOptionRates = { tourOption: tourOption({ hasTicket }), ticketRates, transferRates, stopSales };
          const got = priceTourOption(o, market, req);
          const want = reference(o, market, req);
          expect(got.available).toBe(want.available);
          if (!got.available) {
            expect(got.reason.code).toBe(want.code);
            if (want.message) expect(got.reason.message).toBe(want.message);
            return;
          }
          expect(got.ticket?.rateId ?? null).toBe(want.ticket?.rateId ?? null);
          expect(got.ticketPrice).toBeCloseTo(want.ticket?.amount ?? 0, 2);
          expect(got.transfers.map((t) => t.rateId)).toEqual(want.transfers?.map((t) => t.rateId));
          got.transfers.forEach((t, i) => expect(t.amount).toBeCloseTo(want.transfers?.[i]?.amount ?? NaN, 2));
          expect(got.price).toBeCloseTo(want.price ?? NaN, 2);
          expect(got.price).toBeCloseTo(got.ticketPrice + got.transferPrice, 2);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('finds an answer often enough to test pricing, not only refusals', () => {
    // Guards the generators: a reference that always refuses would agree with a broken engine.
    const samples = fc.sample(fc.tuple(arbTickets, arbTransfers, arbStops, fc.constantFrom(...MARKETS), arbRequest), {
      numRuns: 500,
      seed: 42,
    });
    const priced = samples.filter(([ticketRates, transferRates, stopSales, market, req]) => {
      const o = { tourOption: tourOption(), ticketRates, transferRates, stopSales };
      return reference(o, market, req).available;
    });
    expect(priced.length).toBeGreaterThan(100);
    expect(priced.filter(([, , , , req]) => req.transfer !== null).length).toBeGreaterThan(25);
  });
});
