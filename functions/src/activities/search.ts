/**
 * `activities/searchActivitiesByCityId`: a city's activities with each tour option priced for the party on the
 * start date by the DMC rate engine, plus the caller's group activity markup. Only the customer's price leaves.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/activities';
import type { TActivityPrice, TActivityResult } from '@tp/contracts/endpoints/activities';
import { applyActivityMarkup, tripProblems, type ActivityMarkupRule } from '@tp/domain/activities';
import type { TourOptionPrice } from '@tp/domain/dmc';
import type { Page } from '#lib/db';
import { refuseIfAny } from '#lib/errors';
import type { Logger } from '#lib/logger';
import type { Principal } from '#lib/principal';
import type { SiteRecord } from '#lib/tenancy';
import { siteToday } from '#lib/time';
import { allCities, tourOptionsByCity } from '../dmc/index.ts';
import { markupForLegalEntity } from './markups.ts';
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

export async function searchActivities(
  scope: ActivityScope,
  input: ParsedRequestOf<typeof api.searchActivitiesByCityId>,
): Promise<Page<TActivityResult>> {
  refuseIfAny(tripProblems(input, siteToday(scope.site, scope.now)));
  const party = { adults: input.adults, children: input.children };
  const [rule, page] = await Promise.all([
    markupForLegalEntity(scope.site, scope.principal.legalEntityId),
    tourOptionsByCity(scope, {
      cityId: input.cityId,
      date: input.startDate,
      ...party,
      search: input.search || undefined,
      cursor: input.cursor || undefined,
      limit: SEARCH_PAGE,
    }),
  ]);
  return {
    records: page.records.map((r) => ({
      activity: r.activity,
      tourOptions: r.tourOptions.map((o) => ({ tourOption: o.tourOption, price: customerPrice(o.price, party, rule) })),
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
