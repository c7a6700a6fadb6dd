/**
 * The flight booking flow up to the payment order (spec 000 §4): search, calendar fare, fare rules,
 * fare quote, SSR and passenger checks. Supply adapters fetch; this module prices for the caller,
 * enforces the caller's switches and look-to-book, and keeps searches and quotes.
 */
import {
  FLIGHT_TIMING,
  TIME_BANDS,
  type TCharge,
  type TFare,
  type TFareQuote,
  type TFareRule,
  type TFlightOption,
  type TPassengerInput,
  type TSearchRequest,
  type TSearchResponse,
  type TSsrCatalogue,
} from '@tp/contracts/flights';
import {
  asSupplierFare,
  DEFAULT_LOOK_TO_BOOK,
  maySearch,
  priceFare,
  round2,
  validatePassengers,
  withExtras,
  type PricingContext,
  type SupplierFare,
  type SupplierPaxFare,
  type LookToBookPolicy,
} from '@tp/domain';
import { chargeOf, itemiseExtras } from '@tp/domain/charge';
import { airportByCode } from '@tp/reference-data/airports';
import { COUNTRIES } from '@tp/reference-data/countries';
import { newId } from '#lib/crypto';
import { AppError, fail } from '#lib/errors';
import type { Logger } from '#lib/logger';
import type { Principal } from '#lib/principal';
import { permissionsOf } from '#lib/permissions';
import { siteById, type SiteRecord } from '#lib/tenancy';
import { monthKey } from '../users/flight-activity.ts';
import * as customersRepo from '../users/customers-repo.ts';
import { activeSupplierLink } from '../suppliers/links.ts';
import { pricingContextFor, pricingContextForConsumer } from '../markup/pricing.ts';
import { balanceOf } from '../wallet/ledger.ts';
import { supplyFor } from './supply/index.ts';
import {
  SupplyError,
  type FlightSupply,
  type SupplierOption,
  type SupplyContext,
  type SupplyPassenger,
} from './supply/types.ts';
import * as repo from './repo.ts';

export interface FlightScope {
  site: SiteRecord;
  principal: Principal;
  now: Date;
  ip: string;
  log: Logger;
}

export const FLIGHT_MSG = {
  searchNotAllowed: 'Flight search is not allowed for your account. Please contact support.',
  lookToBookReached: 'You have reached this month’s search limit. Please book, or contact support to raise it.',
  searchExpired: 'Your search has expired. Please search again.',
  noSsr: 'No SSR details available for this flight',
  priceChanged: 'The fare has changed. Please review the new price before paying.',
  holdNotAllowed: 'Holding is not allowed for this booking',
  unknownSsr: 'Choose extra services from the list offered',
} as const;

// ---------------------------------------------------------------------------------------------------
// Supply and pricing for a caller

/** The caller's pricing: their own site's markup, on top of the supplier site's price to it when chained. */
export interface PricingChain {
  own: PricingContext;
  supplier: PricingContext | null;
  showFullBreakdown: boolean;
  redactNet: boolean;
}

async function pricingChain(scope: FlightScope, supply: FlightSupply): Promise<PricingChain> {
  const supplierSiteId = (supply as { supplierSiteId?: string }).supplierSiteId;
  const [own, supplier] = await Promise.all([
    pricingContextFor(scope.site, scope.principal),
    supplierSiteId ? supplierPricing(scope.site.siteId, supplierSiteId) : Promise.resolve(null),
  ]);
  const staff = scope.principal.userType === 'staff';
  return { own, supplier, showFullBreakdown: staff, redactNet: scope.principal.userType === 'retail' };
}

async function supplierPricing(consumerSiteId: string, supplierSiteId: string): Promise<PricingContext | null> {
  const [link, supplierSite] = await Promise.all([
    activeSupplierLink(consumerSiteId, 'Flights'),
    siteById(supplierSiteId),
  ]);
  if (!link || !supplierSite) return null;
  return pricingContextForConsumer(supplierSite, link.consumerLegalEntityId);
}

export function priceFor(
  fare: SupplierFare,
  paxFares: readonly SupplierPaxFare[],
  airlineCode: string,
  chain: PricingChain,
): { fare: TFare; fareBreakdown: TFlightOption['fareBreakdown'] } {
  const base = chain.supplier ? asSupplierFare(priceFare(fare, paxFares, airlineCode, chain.supplier).fare) : fare;
  const priced = priceFare(base, paxFares, airlineCode, chain.own);
  // Retail customers see what they pay, not the supplier's net.
  const out = chain.redactNet ? { ...priced.fare, offeredFare: priced.fare.publishedFare } : priced.fare;
  return { fare: out, fareBreakdown: priced.fareBreakdown };
}

export function priceOption(opt: SupplierOption, chain: PricingChain): TFlightOption {
  const { fare, fareBreakdown } = priceFor(opt.fare, opt.fareBreakdown, opt.airlineCode, chain);
  return { ...opt, fare, fareBreakdown, publishedPrice: fare.totalFare };
}

const supplyContext = (scope: FlightScope): SupplyContext => ({
  siteId: scope.site.siteId,
  now: scope.now,
  endUserIp: scope.ip,
  log: scope.log,
});

/** Supplier errors as the spec's HTTP answers: a timeout is the client's 502 message. */
export async function supplied<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof SupplyError)) throw err;
    switch (err.kind) {
      case 'timeout':
        throw fail.supplierTimeout();
      case 'expired':
        throw fail.gone(FLIGHT_MSG.searchExpired);
      case 'notAllowed':
        throw fail.forbidden(err.message);
      case 'soldOut':
        throw fail.conflict(err.message || 'The seats are no longer available. Please choose another flight.');
      default:
        throw new AppError('VALIDATION', err.message || 'The supplier could not process the request');
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Search

const isStaff = (p: Principal) => p.userType === 'staff';

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
  await assertMaySearch(scope);
  const supply = await supplyFor(scope.site);
  const [found, chain] = await Promise.all([
    supplied(() => supply.search(req, supplyContext(scope))),
    pricingChain(scope, supply),
  ]);
  const results = found.results.map((list, direction) =>
    list.filter((o) => inBand(o, req, found.results.length > 1 ? direction : 0)).map((o) => priceOption(o, chain)),
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
    }),
    isStaff(scope.principal)
      ? null
      : customersRepo.addFlightActivity(scope.site.siteId, scope.principal.userId, 'look', monthKey(scope.now)),
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
  req: { origin: string; destination: string; month: string; cabinClass?: number | undefined },
) {
  await assertMaySearch(scope);
  const supply = await supplyFor(scope.site);
  const [days, chain] = await Promise.all([
    supplied(() =>
      supply.calendarFare(
        {
          origin: req.origin,
          destination: req.destination,
          month: req.month,
          ...(req.cabinClass ? { cabinClass: req.cabinClass } : {}),
        },
        supplyContext(scope),
      ),
    ),
    pricingChain(scope, supply),
  ]);
  // Indicative: one adult's base and tax priced with the caller's markup.
  const priced = days.map((d) => {
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
    const p = priceFor(fare, [{ passengerType: 1, count: 1, baseFare: d.baseFare, tax: d.tax }], d.airlineCode, chain);
    return { ...d, fare: p.fare.totalFare };
  });
  const lowest = Math.min(...priced.map((d) => d.fare));
  return priced.map((d) => ({ ...d, isLowestFareOfMonth: d.fare === lowest }));
}

export async function sources(scope: FlightScope) {
  const supply = await supplyFor(scope.site);
  const { airlineByCode } = await import('@tp/reference-data/airlines');
  const codes = await supplied(() => supply.sources(supplyContext(scope)));
  return codes.map((code) => {
    const airline = airlineByCode(code);
    return code === 'GDS'
      ? { code, name: 'GDS (full-service airlines)', isLcc: false }
      : { code, name: airline?.name ?? code, isLcc: true };
  });
}

// ---------------------------------------------------------------------------------------------------
// One option: quote, rules, SSR

export async function requireSearch(scope: FlightScope, searchId: string): Promise<repo.SearchRecord> {
  const found = await repo.getSearch(scope.site.siteId, searchId);
  // Someone else's search is as unknown as a lapsed one.
  if (!found || (found.userId !== scope.principal.userId && !isStaff(scope.principal)))
    throw fail.gone(FLIGHT_MSG.searchExpired);
  if (found.expiresAtIso <= scope.now.toISOString()) throw fail.gone(FLIGHT_MSG.searchExpired);
  return found;
}

export interface OptionContext {
  search: repo.SearchRecord;
  supply: FlightSupply;
  chain: PricingChain;
  quote: repo.QuoteRecord;
}

/** Fare-quotes an option at the supplier and keeps the quote (the price a payment order may use). */
async function quoteAtSupplier(
  scope: FlightScope,
  search: repo.SearchRecord,
  supply: FlightSupply,
  resultIndex: string,
) {
  const q = await supplied(() => supply.fareQuote({ traceId: search.traceId, resultIndex }, supplyContext(scope)));
  const quote: repo.QuoteRecord = {
    siteId: scope.site.siteId,
    searchId: search.searchId,
    resultIndex,
    option: q.option,
    isPriceChanged: q.isPriceChanged,
    previousPublishedFare: search.payables?.[resultIndex] ?? 0,
    fareRules: null,
    ssr: undefined,
    quotedAt: scope.now.toISOString(),
    expiresAtIso: search.expiresAtIso,
  };
  await repo.putQuote(quote);
  return quote;
}

export async function optionContext(
  scope: FlightScope,
  ref: { searchId: string; resultIndex: string },
  fresh = false,
): Promise<OptionContext> {
  const search = await requireSearch(scope, ref.searchId);
  const supply = await supplyFor(scope.site);
  const [chain, existing] = await Promise.all([
    pricingChain(scope, supply),
    fresh ? Promise.resolve(null) : repo.getQuote(scope.site.siteId, ref.searchId, ref.resultIndex),
  ]);
  const quote = existing ?? (await quoteAtSupplier(scope, search, supply, ref.resultIndex));
  return { search, supply, chain, quote };
}

export async function fareQuote(
  scope: FlightScope,
  ref: { searchId: string; resultIndex: string },
): Promise<TFareQuote> {
  const ctx = await optionContext(scope, ref, true);
  return quoteView(ctx);
}

function quoteView({ quote, chain }: OptionContext): TFareQuote {
  const option = priceOption(quote.option, chain);
  const previous = quote.previousPublishedFare || option.fare.totalPayable;
  return {
    searchId: quote.searchId,
    resultIndex: quote.resultIndex,
    isPriceChanged: quote.isPriceChanged || round2(previous) !== option.fare.totalPayable,
    previousTotalPayable: round2(previous),
    option,
    expiresAt: quote.expiresAtIso,
    charge: chargeOf(option.fare, option.fareBreakdown, []),
  };
}

export async function fareRules(
  scope: FlightScope,
  ref: { searchId: string; resultIndex: string },
): Promise<TFareRule[]> {
  const ctx = await optionContext(scope, ref);
  if (ctx.quote.fareRules) return ctx.quote.fareRules;
  const rules = await supplied(() =>
    ctx.supply.fareRules({ traceId: ctx.search.traceId, resultIndex: ref.resultIndex }, supplyContext(scope)),
  );
  await repo.setQuoteExtra(scope.site.siteId, ref.searchId, ref.resultIndex, 'fareRules', rules);
  return rules;
}

async function ssrOf(scope: FlightScope, ctx: OptionContext): Promise<TSsrCatalogue | null> {
  if (ctx.quote.ssr !== undefined) return ctx.quote.ssr;
  const ssr = await supplied(() =>
    ctx.supply.ssr({ traceId: ctx.search.traceId, resultIndex: ctx.quote.resultIndex }, supplyContext(scope)),
  );
  await repo.setQuoteExtra(scope.site.siteId, ctx.quote.searchId, ctx.quote.resultIndex, 'ssr', ssr);
  return ssr;
}

export async function ssr(scope: FlightScope, ref: { searchId: string; resultIndex: string }): Promise<TSsrCatalogue> {
  const found = await ssrOf(scope, await optionContext(scope, ref));
  if (!found) throw fail.notFound(FLIGHT_MSG.noSsr);
  return found;
}

export async function priceView(scope: FlightScope, ref: { searchId: string; resultIndex: string }) {
  const ctx = await optionContext(scope, ref);
  const option = priceOption(ctx.quote.option, ctx.chain);
  const agentOrStaff = scope.principal.userType === 'staff' || scope.principal.userType === 'travelAgent';
  return {
    fare: option.fare,
    fareBreakdown: option.fareBreakdown,
    showFullBreakdown: ctx.chain.showFullBreakdown,
    showDetailsToggle: agentOrStaff && option.fare.markup === 0,
  };
}

export async function flightDetails(scope: FlightScope, ref: { searchId: string; resultIndex: string }) {
  const ctx = await optionContext(scope, ref);
  return {
    option: priceOption(ctx.quote.option, ctx.chain),
    adultCount: ctx.search.request.adultCount,
    childCount: ctx.search.request.childCount,
    infantCount: ctx.search.request.infantCount,
    JourneyType: ctx.search.request.JourneyType,
    isDomestic: ctx.search.isDomestic,
    quotedAt: ctx.quote.quotedAt,
    expiresAt: ctx.quote.expiresAtIso,
  };
}

// ---------------------------------------------------------------------------------------------------
// Passengers

const lastTravelDate = (opt: SupplierOption): string => (opt.segments.at(-1)?.at(-1)?.departureTime ?? '').slice(0, 10);

export async function canHold(scope: FlightScope, ctx: OptionContext): Promise<boolean> {
  const opt = ctx.quote.option;
  if (!opt.isHoldAllowed || opt.isLcc) return false;
  if ((ctx.supply as { holdAllowed?: boolean }).holdAllowed === false) return false;
  // The site's own switch (staff /staff/flightSettings, flight-admin): off means nobody holds here.
  if ((scope.site as { flightHoldsOffered?: boolean }).flightHoldsOffered === false) return false;
  const p = scope.principal;
  if (isStaff(p)) return (await permissionsOf(p)).has('flights.hold');
  return p.record.isFlightHoldAllowed === true;
}

export async function passengerViewOptions(scope: FlightScope, ref: { searchId: string; resultIndex: string }) {
  const ctx = await optionContext(scope, ref);
  const [rules, hold, wallet] = await Promise.all([
    fareRules(scope, ref),
    canHold(scope, ctx),
    scope.principal.userType === 'retail' ? null : balanceOf(scope.site.siteId, scope.principal.legalEntityId),
  ]);
  const opt = ctx.quote.option;
  return {
    countryList: [...COUNTRIES],
    phoneCodeList: [...COUNTRIES],
    fareRules: rules,
    fareQuote: quoteView(ctx),
    rules: {
      isPassportRequired: opt.isPassportRequired,
      isPanRequired: opt.isPanRequired,
      isDomestic: ctx.search.isDomestic,
      canHold: hold,
      travelDate: lastTravelDate(opt),
    },
    walletBalance: wallet ? wallet.balance : null,
  };
}

/** Resolves each passenger's chosen SSR codes against the catalogue; unknown codes are refused. */
function resolveSsr(
  passengers: readonly TPassengerInput[],
  catalogue: TSsrCatalogue | null,
): { passengers: SupplyPassenger[]; extras: { baggagePrice: number; mealPrice: number; seatPrice: number } } {
  const errors: Record<string, string> = {};
  const extras = { baggagePrice: 0, mealPrice: 0, seatPrice: 0 };
  const seats = catalogue?.seatDynamic.flatMap((s) => s.rows.flat()) ?? [];
  const out = passengers.map((p, i) => {
    const { ssr: chosen, ...rest } = p;
    const pick = <T extends { code: string; origin: string; destination: string; price: number }>(
      list: readonly T[],
      wanted: readonly { code: string; origin: string; destination: string }[] | undefined,
      field: string,
    ): T[] =>
      (wanted ?? []).flatMap((w) => {
        const found = list.find((x) => x.code === w.code && x.origin === w.origin && x.destination === w.destination);
        if (!found) errors[`passengers.${i}.ssr.${field}`] = FLIGHT_MSG.unknownSsr;
        return found ? [found] : [];
      });
    const baggage = pick(catalogue?.baggage ?? [], chosen?.baggage, 'baggage');
    const mealDynamic = pick(catalogue?.mealDynamic ?? [], chosen?.mealDynamic, 'mealDynamic');
    const seat = pick(seats, chosen?.seat, 'seat');
    if (p.paxType === 3 && (baggage.length || mealDynamic.length || seat.length))
      errors[`passengers.${i}.ssr`] = 'Infants cannot have extra services';
    extras.baggagePrice += baggage.reduce((n, x) => n + x.price, 0);
    extras.mealPrice += mealDynamic.reduce((n, x) => n + x.price, 0);
    extras.seatPrice += seat.reduce((n, x) => n + x.price, 0);
    return { ...rest, baggage, mealDynamic, seat };
  });
  // Two passengers cannot take the same seat.
  const taken = new Set<string>();
  out.forEach((p, i) =>
    p.seat.forEach((s) => {
      const k = `${s.origin}-${s.destination}-${s.code}`;
      if (taken.has(k)) errors[`passengers.${i}.ssr.seat`] = 'That seat is already chosen for another passenger';
      taken.add(k);
    }),
  );
  if (Object.keys(errors).length) throw fail.validation(Object.values(errors)[0]!, errors);
  return { passengers: out, extras };
}

export interface CheckedBooking {
  ctx: OptionContext;
  option: TFlightOption;
  fare: TFare;
  charge: TCharge;
  passengers: SupplyPassenger[];
}

/** validateBooking and setFlightDetails share this: every rule, no writes. */
export async function checkBooking(
  scope: FlightScope,
  input: { searchId: string; resultIndex: string; passengers: TPassengerInput[]; hold: boolean },
): Promise<CheckedBooking> {
  const ctx = await optionContext(scope, input);
  const opt = ctx.quote.option;
  const errors = validatePassengers(
    input.passengers.map((p) => ({ ...p, isLeadPax: p.isLeadPax })),
    {
      adultCount: ctx.search.request.adultCount,
      childCount: ctx.search.request.childCount,
      infantCount: ctx.search.request.infantCount,
      isPassportRequired: opt.isPassportRequired,
      travelDate: lastTravelDate(opt),
      today: scope.now.toISOString().slice(0, 10),
    },
  );
  if (Object.keys(errors).length) throw fail.validation(Object.values(errors)[0]!, errors);
  if (input.hold && !(await canHold(scope, ctx))) throw fail.forbidden(FLIGHT_MSG.holdNotAllowed);
  const wantsSsr = input.passengers.some(
    (p) => p.ssr && (p.ssr.baggage.length || p.ssr.mealDynamic.length || p.ssr.seat.length),
  );
  const catalogue = wantsSsr ? await ssrOf(scope, ctx) : null;
  const resolved = resolveSsr(input.passengers, catalogue);
  const option = priceOption(opt, ctx.chain);
  // One source of truth for the amount: the payment order charges `charge.total` (as totalPayableAmt).
  const charge = chargeOf(option.fare, option.fareBreakdown, itemiseExtras(resolved.passengers));
  const fare = { ...withExtras(option.fare, resolved.extras), totalPayableAmt: charge.total };
  return { ctx, option, fare, charge, passengers: resolved.passengers };
}
