/**
 * `activities/searchActivitiesByCityId`: a city's activities with each tour option priced for the party on the
 * start date by the DMC rate engine, plus the caller's group activity markup. Only the customer's price leaves.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/activities';
import type { TActivityPrice, TActivityResult, TLocalPrice } from '@tp/contracts/endpoints/activities';
import { applyActivityMarkup, tripProblems, type ActivityMarkupRule } from '@tp/domain/activities';
import type { TourOptionPrice } from '@tp/domain/dmc';
import type { Page } from '#lib/db';
import { refuseIfAny } from '#lib/errors';
import type { Logger } from '#lib/logger';
import type { Principal } from '#lib/principal';
import type { SiteRecord } from '#lib/tenancy';
import { siteToday } from '#lib/time';
import { allCities, allExchangeRates, tourOptionsByCity } from '../dmc/index.ts';
import { balanceOf } from '../wallet/index.ts';
import { markupForLegalEntity } from './markups.ts';
import { toLocal } from './cart-payment.ts';
import { answers } from '#lib/answers';

/** A signed-in caller on a site. */
export interface ActivityScope {
  site: SiteRecord;
  principal: Principal;
  now: Date;
  log: Logger;
}

const SEARCH_PAGE = 20;

/** What the customer sees of an engine price. */
export function customerPrice(
  engine: TourOptionPrice,
  party: { adults: number; children: number },
  rule: ActivityMarkupRule | null,
): TActivityPrice {
  if (!engine.available) return { available: false, price: null, currency: '', reason: engine.reason.message };
  return {
    available: true,
    price: applyActivityMarkup(engine.price, party, rule).price,
    currency: engine.currency,
    reason: null,
  };
}

/**
 * The caller's own currency beside the DMC's (an Indian agent sees INR beside AED): their wallet's currency, through
 * the site's exchange-rate table on its today. Nothing beside it when the currency is the same or the table has no
 * row for it (the search still answers).
 */
async function localConverter(scope: ActivityScope): Promise<(p: TActivityPrice) => TLocalPrice | null> {
  const siteId = scope.site.siteId;
  const [wallet, rows] = await Promise.all([
    balanceOf(siteId, scope.principal.legalEntityId),
    allExchangeRates(siteId),
  ]);
  const today = siteToday(scope.site, scope.now);
  return (p) => {
    if (!p.available || p.price === null) return null;
    const local = toLocal(p.price, p.currency, wallet.currency, rows, today);
    return local && 'missing' in local ? null : local;
  };
}

export async function searchActivities(
  scope: ActivityScope,
  input: ParsedRequestOf<typeof api.searchActivitiesByCityId>,
): Promise<Page<TActivityResult>> {
  refuseIfAny(tripProblems(input, siteToday(scope.site, scope.now)));
  const party = { adults: input.adults, children: input.children };
  const [rule, local, page] = await Promise.all([
    markupForLegalEntity(scope.site, scope.principal.legalEntityId),
    localConverter(scope),
    tourOptionsByCity(
      scope,
      {
        cityId: input.cityId,
        date: input.startDate,
        ...party,
        search: input.search || undefined,
        cursor: input.cursor || undefined,
        limit: SEARCH_PAGE,
      },
      { ticketsOnly: true },
    ),
  ]);
  return {
    records: page.records.map((r) => ({
      activity: r.activity,
      tourOptions: r.tourOptions.map((o) => {
        const price = customerPrice(o.price, party, rule);
        return { tourOption: o.tourOption, price: { ...price, localPrice: local(price) } };
      }),
    })),
    nextCursor: page.nextCursor,
  };
}

// The activities Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
// The cities a search can pick: the DMC's, where its activities are.
export const answerGetActivityCities = answers(api.getActivityCities, (_input, scope) => allCities(scope));
export const answerSearchActivitiesByCityId = answers(api.searchActivitiesByCityId, (input, scope) =>
  searchActivities(scope, input),
);
