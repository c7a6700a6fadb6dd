/** Search and the calendar fare, with the look-to-book limit. */
import {
  FLIGHT_TIMING,
  TIME_BANDS,
  type TFlightOption,
  type TSearchRequest,
  type TSearchResponse,
} from '@tp/contracts/endpoints/flights';
import { DEFAULT_LOOK_TO_BOOK, maySearch, round2, type SupplierFare, type LookToBookPolicy } from '@tp/domain';
import { hasSeatsFor } from '@tp/domain/fulfilment';
import { airportByCode } from '@tp/reference-data/airports';
import { newId } from '#lib/crypto';
import { fail } from '#lib/errors';
import { countSiteMonth } from '#lib/site-stats';
import type { Principal } from '#lib/principal';
import { monthKey } from '../../users/index.ts';
import * as customersRepo from '../../users/index.ts';
import { type SupplierOption } from '../../supply/index.ts';
import * as repo from '../repo.ts';
import { checkTripSearch } from '../trips.ts';
import { FLIGHT_MSG, type FlightScope } from './scope.ts';
import { priceFor, priceOption, pricingChain, supplied, supplyContext, supplyOf } from './caller.ts';
import * as api from '@tp/contracts/endpoints/flights';
import { answers } from '#lib/answers';

export const isStaff = (p: Principal) => p.userType === 'staff';

async function assertMaySearch(scope: FlightScope): Promise<void> {
  const { principal: p, site } = scope;
  if (isStaff(p)) return;
  if (p.record.isFlightSearchAllowed === false) throw fail.forbidden(FLIGHT_MSG.searchNotAllowed);
  const month = monthKey(scope.now);
  const counts = (await customersRepo.flightActivity(site.siteId, p.userId, month, month)).get(month) ?? {
    look_count: 0,
    book_count: 0,
  };
  const policy = (site as { lookToBook?: LookToBookPolicy }).lookToBook ?? DEFAULT_LOOK_TO_BOOK;
  if (!maySearch(counts, policy, p.record.l2bExempted === true)) throw fail.tooMany(FLIGHT_MSG.lookToBookReached);
}

const minutesOf = (localTime: string) => Number(localTime.slice(11, 13)) * 60 + Number(localTime.slice(14, 16));

/** The time band the search asked for (the time part of preferredDepartureTime), as minutes of the day. */
export function bandOf(preferredDepartureTime: string): { from: number; to: number } {
  const time = preferredDepartureTime.length > 10 ? preferredDepartureTime.slice(11, 19).padEnd(8, ':00') : '00:00:00';
  const band = TIME_BANDS.find((b) => b.time === time) ?? TIME_BANDS[0];
  return { from: band.from, to: band.to };
}

function inBand(opt: SupplierOption, req: TSearchRequest, direction: number): boolean {
  const segment = req.segments[direction] ?? req.segments[0]!;
  const band = bandOf(segment.preferredDepartureTime);
  const first = opt.segments[0]?.[0];
  if (!first) return false;
  const m = minutesOf(first.departureTime);
  return m >= band.from && m < band.to;
}

export function isDomesticSearch(req: TSearchRequest): boolean {
  const countries = new Set(
    req.segments.flatMap((s) => [airportByCode(s.origin)?.countryCode, airportByCode(s.destination)?.countryCode]),
  );
  return countries.size === 1 && !countries.has(undefined);
}

export async function search(scope: FlightScope, req: TSearchRequest): Promise<TSearchResponse> {
  // A site without supply says so before any limit is counted or anything stored.
  const supply = await supplyOf(scope);
  await assertMaySearch(scope);
  // A trip's second leg: the caller's trip, its return not booked yet; the supplier never sees the trip.
  await checkTripSearch(scope.site.siteId, scope.principal, req);
  const { tripId, ...supplyRequest } = req;
  const [found, chain] = await Promise.all([
    supplied(() => supply.search(supplyRequest, supplyContext(scope))),
    pricingChain(scope, supply),
  ]);
  // Only what this party can book: a flight without a seat for each of them is not offered.
  const seated = req.adultCount + req.childCount;
  const results = found.results.map((list, direction) =>
    list
      .filter((o) => inBand(o, req, found.results.length > 1 ? direction : 0) && hasSeatsFor(o, seated))
      .map((o) => priceOption(o, chain)),
  );
  const searchId = newId();
  const expiresAtIso = new Date(scope.now.getTime() + FLIGHT_TIMING.searchValidMinutes * 60_000).toISOString();
  const isDomestic = isDomesticSearch(req);
  await Promise.all([
    repo.putSearch({
      siteId: scope.site.siteId,
      searchId,
      userId: scope.principal.userId,
      request: req,
      supply: supply.name,
      traceId: found.traceId,
      isDomestic,
      createdAt: scope.now.toISOString(),
      expiresAtIso,
      payables: Object.fromEntries(results.flat().map((o) => [o.resultIndex, o.fare.totalPayable])),
      ...(tripId ? { tripId } : {}),
    }),
    isStaff(scope.principal)
      ? null
      : customersRepo.addFlightActivity(scope.site.siteId, scope.principal.userId, 'look', monthKey(scope.now)),
    // The site's month counter (the console's look-to-book): a report, never a reason to fail the search.
    countSiteMonth(scope.site.siteId, scope.now, { searches: 1 }).catch((err: unknown) =>
      scope.log.warn('site search not counted', { error: String(err) }),
    ),
  ]);
  return {
    searchId,
    expiresAt: expiresAtIso,
    JourneyType: req.JourneyType,
    ...(req.returnType ? { returnType: req.returnType } : {}),
    isDomestic,
    adultCount: req.adultCount,
    childCount: req.childCount,
    infantCount: req.infantCount,
    segments: req.segments,
    results,
    showFullBreakdown: chain.showFullBreakdown,
  };
}

export async function calendarFare(
  scope: FlightScope,
  req: {
    origin: string;
    destination: string;
    month: string;
    cabinClass?: number | undefined;
    days?: string[] | undefined;
  },
) {
  const supply = await supplyOf(scope);
  await assertMaySearch(scope);
  const [days, chain] = await Promise.all([
    supplied(() =>
      supply.calendarFare(
        {
          origin: req.origin,
          destination: req.destination,
          month: req.month,
          ...(req.cabinClass ? { cabinClass: req.cabinClass } : {}),
          ...(req.days ? { days: req.days } : {}),
        },
        supplyContext(scope),
      ),
    ),
    pricingChain(scope, supply),
  ]);
  // Where the supply gives the day's options, the day's fare is the cheapest this caller can book, priced
  // exactly as search prices results; otherwise (a supplier's own calendar) it is indicative ("from").
  const priced = days
    .filter((d) => !req.days || req.days.includes(d.date.slice(0, 10)))
    .map((d) => {
      const options = (d.options ?? []).filter((o) => hasSeatsFor(o, 1)).map((o) => priceOption(o, chain));
      const best = options.reduce<TFlightOption | null>(
        (a, o) => (!a || o.publishedPrice < a.publishedPrice ? o : a),
        null,
      );
      const { options: _options, ...day } = d;
      if (best)
        return {
          ...day,
          fare: best.publishedPrice,
          baseFare: best.fare.baseFare,
          tax: best.fare.tax,
          airlineCode: best.airlineCode,
          airlineName: best.airlineName,
          departureTime: best.segments[0]?.[0]?.departureTime ?? d.departureTime,
        };
      const fare: SupplierFare = {
        currency: 'INR',
        baseFare: d.baseFare,
        tax: d.tax,
        yq: 0,
        otherCharges: round2(d.fare - d.baseFare - d.tax),
        serviceFee: 0,
        txnFee: 0,
        commission: 0,
        incentive: 0,
        plb: 0,
      };
      const p = priceFor(
        fare,
        [{ passengerType: 1, count: 1, baseFare: d.baseFare, tax: d.tax }],
        d.airlineCode,
        chain,
      );
      return { ...day, fare: p.fare.totalFare, isIndicative: true };
    });
  const lowest = Math.min(...priced.map((d) => d.fare));
  return priced.map((d) => ({ ...d, isLowestFareOfMonth: d.fare === lowest }));
}

export async function sources(scope: FlightScope) {
  const supply = await supplyOf(scope);
  const { airlineByCode } = await import('@tp/reference-data/airlines');
  const codes = await supplied(() => supply.sources(supplyContext(scope)));
  return codes.map((code) => {
    const airline = airlineByCode(code);
    return code === 'GDS'
      ? { code, name: 'GDS (full-service airlines)', isLcc: false }
      : { code, name: airline?.name ?? code, isLcc: true };
  });
}

// The flights Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerSearch = answers(api.search, (input, scope) => search(scope, input));
export const answerGetCalendarFare = answers(api.getCalendarFare, (input, scope) => calendarFare(scope, input));
export const answerGetSources = answers(api.getSources, (_input, scope) => sources(scope));
