/**
 * The date-wise itinerary (`dmc/getItinerariesByDate`, docs/dmc.md "Karts" → "API"): the vouchered karts on the
 * ground on the date and their transfers of the day, laid out by the domain's `itineraryForDate`. The karts come
 * from their month listings (repo `kartsOnGround`): one Query of the date's month, then those karts by key.
 */
import type { TCustomerDay } from '@tp/contracts/endpoints/kart';
import { itineraryForDate } from '@tp/domain/dmc';
import { allDrivers } from '../dmc/index.ts';
import type { KartScope } from './karts.ts';
import { kartsOnGround } from './repo.ts';
import { transfersBetween } from './transfers-repo.ts';
import * as api from '@tp/contracts/endpoints/kart';
import { answers } from '#lib/answers';

export async function itinerariesByDate(scope: KartScope, date: string): Promise<TCustomerDay[]> {
  const siteId = scope.site.siteId;
  const [karts, transfers, drivers] = await Promise.all([
    kartsOnGround(siteId, date),
    transfersBetween(siteId, date, date),
    allDrivers(siteId),
  ]);
  return itineraryForDate(karts, transfers, date, undefined, drivers);
}

// The kart Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetItinerariesByDate = answers(api.getItinerariesByDate, (input, scope) =>
  itinerariesByDate(scope, input.date),
);
