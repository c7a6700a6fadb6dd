/**
 * The DMC's figures for `npm run bench` (docs/benchmarks.md "DMC"): a 30-line quotation priced in process against
 * 5,000 contract rows (the rate engine for activities, hotel contracts night by night, combos, totals), and the two
 * DMC calls of the API table (`activities/searchActivitiesByCityId`, `kart/saveKart`) at 10 connections against
 * their raw DynamoDB floor. `npx tsx scripts/bench-dmc.ts` prints the in-process table alone.
 */
import { pathToFileURL } from 'node:url';
import type { Endpoint } from '@tp/contracts/endpoint';
import { searchActivitiesByCityId } from '@tp/contracts/endpoints/activities';
import { saveKart } from '@tp/contracts/endpoints/kart';
import {
  priceCombos,
  priceHotelStay,
  priceTourOption,
  withComputedPrices,
  type HotelContract,
  type Kart,
  type TicketRate,
  type TourOptionRates,
} from '@tp/domain/dmc';
import { pct } from './bench-coldstart.ts';
import { DUBAI_CITY_ID, DUBAI_DEMO } from './seed/dmc-dubai.ts';
import { DUBAI_HOTEL_CONTRACTS } from './seed/dmc-hotel-contracts.ts';

/** Contract rows the quotation is priced against: the demo's, padded with other markets' and past seasons' rows. */
const PRICING_ROWS = 5_000;
const ACTIVITY_LINES = 20;
const HOTEL_LINES = 10;

/** Rows the engine must look at and pass over: same tour option, markets and seasons the quotation does not use. */
function padded(): { options: TourOptionRates[]; contracts: HotelContract[]; rows: number } {
  const D = DUBAI_DEMO;
  const options = D.tourOptions.map((tourOption) => ({
    tourOption,
    ticketRates: D.ticketRates.filter((r) => r.tourOptionId === tourOption.id),
    transferRates: D.transferRates.filter((r) => r.tourOptionId === tourOption.id),
    stopSales: D.stopSales.filter((s) => s.tourOptionId === tourOption.id),
  }));
  const contracts = DUBAI_HOTEL_CONTRACTS.map((c) => ({ ...c, rates: [...c.rates] }));
  const count = () =>
    options.reduce((n, o) => n + o.ticketRates.length + o.transferRates.length, 0) +
    contracts.reduce((n, c) => n + c.rates.length, 0);
  // Half the padding on the hotels (each contract stays under its 400 rows), the rest on the tour options.
  for (let i = 0; count() < PRICING_ROWS; i++) {
    const c = contracts[i % contracts.length]!;
    if (c.rates.length < 400 && i % 2 === 0) {
      const row = c.rates[i % c.rates.length]!;
      c.rates.push({ ...row, id: `PAD-${i}`, marketId: `market-pad-${i % 7}` });
      continue;
    }
    const o = options[i % options.length]!;
    const base = o.ticketRates[0];
    if (!base) continue;
    const year = 2000 + (i % 20);
    const row: TicketRate = {
      ...base,
      id: `pad-${i}`,
      priority: base.priority + 1 + i,
      validFromDate: `${year}-01-01`,
      validTillDate: `${year}-12-31`,
    };
    o.ticketRates.push(row);
  }
  return { options, contracts, rows: count() };
}

/** One quotation of 20 activities and 10 hotel stays (2 adults, 1 child, 4 nights each), priced and totalled. */
function priceQuotation(data: ReturnType<typeof padded>, day: string): number {
  const market = DUBAI_DEMO.markets[0]!;
  const request = { date: day, adults: 2, children: 1, transfer: null };
  const activities = data.options.slice(0, ACTIVITY_LINES).map((rates, i) => {
    const p = priceTourOption(rates, market, request);
    return {
      id: `a${i}`,
      activityId: rates.tourOption.activityId,
      tourOptionId: rates.tourOption.id,
      price: p.available ? p.price : 0,
      startDate: day,
      time: null,
      transfers: { transferType: null, sharingBasis: null },
    };
  });
  const stays = Array.from({ length: HOTEL_LINES }, (_, i) => {
    const contract = data.contracts[i % data.contracts.length]!;
    return priceHotelStay(
      { contract, market, taken: new Map(), today: '2026-11-01' },
      {
        marketId: market.marketId,
        roomTypeId: contract.roomTypes[0]!.id,
        mealPlan: contract.mealPlans[0]!,
        checkinDate: day,
        nights: 4,
        rooms: [{ adults: 2, childAges: [8] }],
      },
    );
  });
  priceCombos(
    activities.map((a) => ({ key: a.id, tourOptionId: a.tourOptionId, ticket: a.price, transfer: 0 })),
    [],
    { adults: 2, children: 1 },
  );
  const kart = {
    kartName: 'Bench',
    adults: 2,
    child: 1,
    infant: 0,
    accomodations: stays.map((s, i) => ({
      id: `h${i}`,
      accomodationId: `hotel-${i}`,
      noOfNights: 4,
      checkinDate: day,
      numberOfRooms: 1,
      rooms: { double: { price: s.available ? s.sell / 4 : 0, count: 4 } },
      transferPrice: 0,
      bookedByCustomer: false,
    })),
    activities,
    miscellaneous: [],
    flightDetails: [],
    serviceCharge: null,
    remittanceCharge: null,
    discount: null,
    collectedPayment: null,
  } as unknown as Kart;
  return withComputedPrices(kart).totalPrice;
}

/** p50 / p99 of pricing the quotation, after a warm-up; a new day each run so nothing is reused. */
function quotationPricingBench(runs = 300): { rows: number; p50: number; p99: number } {
  const data = padded();
  const day = (n: number) => new Date(Date.UTC(2027, 0, 10 + (n % 60))).toISOString().slice(0, 10);
  for (let i = 0; i < 20; i++) priceQuotation(data, day(i));
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    priceQuotation(data, day(i));
    times.push(performance.now() - t0);
  }
  return { rows: data.rows, p50: pct(times, 50), p99: pct(times, 99) };
}

export function printQuotationPricing(): void {
  const r = quotationPricingBench();
  process.stdout.write(
    `quotation of ${ACTIVITY_LINES + HOTEL_LINES} lines against ${r.rows} contract rows: p50 ${r.p50.toFixed(2)} ms, ` +
      `p99 ${r.p99.toFixed(2)} ms (in process)\n`,
  );
}

/**
 * The DMC calls of the API table, at 10 connections: the agent's activity search of the demo's Dubai (a page of 20
 * activities priced for 2 adults) and a new two-activity quotation saved by staff.
 */
export function dmcApiCalls(
  cookies: { agent?: string | undefined; staff?: string | undefined },
  customerId: string,
): { name: string; endpoint: Endpoint; body: unknown; cookie?: string; connections: number }[] {
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const end = new Date(Date.now() + 33 * 86_400_000).toISOString().slice(0, 10);
  const untimed = DUBAI_DEMO.tourOptions.filter((o) => !o.hasTimeSlots).slice(0, 2);
  return [
    {
      name: 'activities/searchActivitiesByCityId (Dubai, agent)',
      endpoint: searchActivitiesByCityId,
      body: { cityId: DUBAI_CITY_ID, startDate: day, endDate: end, adults: 2, children: 0, infants: 0 },
      ...(cookies.agent ? { cookie: cookies.agent } : {}),
      connections: 10,
    },
    {
      name: 'kart/saveKart (new quotation, 2 activities)',
      endpoint: saveKart,
      body: {
        customerId,
        kartName: 'Bench quotation',
        adults: 2,
        child: 0,
        infant: 0,
        arrivalDate: day,
        noOfDays: 3,
        noOfNights: 2,
        currencySymbol: 'AED',
        activities: untimed.map((o) => ({
          activityId: o.activityId,
          tourOptionId: o.id,
          startDate: day,
          time: null,
          transfers: {},
        })),
      },
      ...(cookies.staff ? { cookie: cookies.staff } : {}),
      connections: 10,
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printQuotationPricing();
