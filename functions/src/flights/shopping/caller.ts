/** The supply and the pricing that apply to the caller (site, consumer link, customer group). */
import { SUPPLY_MSG, type TFare, type TFlightOption } from '@tp/contracts/endpoints/flights';
import { asSupplierFare, priceFare, type PricingContext, type SupplierFare, type SupplierPaxFare } from '@tp/domain';
import { AppError, fail } from '#lib/errors';
import { siteById } from '#lib/tenancy';
import { activeSupplierLink } from '../../suppliers/index.ts';
import { pricingContextFor, pricingContextForConsumer } from '../../markup/index.ts';
import {
  supplied as suppliedAs,
  supplierRefusal,
  supplyFor,
  SupplyError,
  type FlightSupply,
  type SupplierOption,
  type SupplyContext,
} from '../../supply/index.ts';
import { FLIGHT_MSG, type FlightScope } from './scope.ts';
import type { SiteId } from '#lib/keys';

/** The caller's pricing: their own site's markup, on top of the supplier site's price to it when chained. */
export interface PricingChain {
  own: PricingContext;
  supplier: PricingContext | null;
  showFullBreakdown: boolean;
  redactNet: boolean;
}

/**
 * The site's supply for a shopping call. A site with none this stage allows is refused before anything
 * is searched or stored; staff are told what to configure, customers only that flights are not offered yet.
 */
export async function supplyOf(
  scope: FlightScope,
  find: (site: FlightScope['site']) => Promise<FlightSupply> = supplyFor,
): Promise<FlightSupply> {
  try {
    return await find(scope.site);
  } catch (err) {
    if (!(err instanceof SupplyError) || err.kind !== 'notConfigured') throw err;
    throw fail.forbidden(scope.principal.userType === 'staff' ? SUPPLY_MSG.unavailableStaff : SUPPLY_MSG.unavailable);
  }
}

export async function pricingChain(scope: FlightScope, supply: FlightSupply): Promise<PricingChain> {
  const supplierSiteId = (supply as { supplierSiteId?: SiteId }).supplierSiteId;
  const [own, supplier] = await Promise.all([
    pricingContextFor(scope.site, scope.principal),
    supplierSiteId ? supplierPricing(scope.site.siteId, supplierSiteId) : Promise.resolve(null),
  ]);
  const staff = scope.principal.userType === 'staff';
  return { own, supplier, showFullBreakdown: staff, redactNet: scope.principal.userType === 'retail' };
}

async function supplierPricing(consumerSiteId: SiteId, supplierSiteId: SiteId): Promise<PricingContext | null> {
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

export const supplyContext = (scope: FlightScope): SupplyContext => ({
  siteId: scope.site.siteId,
  now: scope.now,
  endUserIp: scope.ip,
  log: scope.log,
});

/** Shopping's supplier errors as the spec's HTTP answers: an expired search, a refused fare, sold-out seats. */
function shoppingAnswer(err: SupplyError): AppError {
  switch (err.kind) {
    case 'expired':
      return fail.gone(FLIGHT_MSG.searchExpired);
    case 'notAllowed':
      return fail.forbidden(err.message);
    case 'soldOut':
      return fail.conflict(err.message || 'The seats are no longer available. Please choose another flight.');
    default:
      return supplierRefusal(err);
  }
}

/** Runs a supplier call of shopping: its errors as the spec's HTTP answers (a timeout is the client's 502 message). */
export const supplied = <T>(work: () => Promise<T>): Promise<T> => suppliedAs(work, shoppingAnswer);
