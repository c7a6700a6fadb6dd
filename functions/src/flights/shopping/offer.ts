/** One option: fare quote, fare rules, SSR, price view and details. */
import { type TFareQuote, type TFareRule, type TSsrCatalogue } from '@tp/contracts/endpoints/flights';
import { round2 } from '@tp/domain';
import { chargeOf } from '@tp/domain/charge';
import { fail } from '#lib/errors';
import type { FlightSupply } from '../../supply/index.ts';
import * as repo from '../repo.ts';
import { FLIGHT_MSG, type FlightScope } from './scope.ts';
import { type PricingChain, priceOption, pricingChain, supplied, supplyContext, supplyOf } from './caller.ts';
import { isStaff } from './search.ts';
import * as api from '@tp/contracts/endpoints/flights';
import { answers } from '#lib/answers';

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
  // The supply first: on a site without one, every option call (and so every booking) says why.
  const supply = await supplyOf(scope);
  const search = await requireSearch(scope, ref.searchId);
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

export function quoteView({ quote, chain }: OptionContext): TFareQuote {
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

export async function ssrOf(scope: FlightScope, ctx: OptionContext): Promise<TSsrCatalogue | null> {
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

// The flights Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetFareRules = answers(api.getFareRules, (input, scope) => fareRules(scope, input));
export const answerFareQuote = answers(api.fareQuote, (input, scope) => fareQuote(scope, input));
export const answerGetSSR = answers(api.getSSR, (input, scope) => ssr(scope, input));
export const answerGetFlightPrice = answers(api.getFlightPrice, (input, scope) => priceView(scope, input));
export const answerGetFlightDetails = answers(api.getFlightDetails, (input, scope) => flightDetails(scope, input));
