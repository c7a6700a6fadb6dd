/**
 * The date-wise itinerary (`dmc/getItinerariesByDate`, docs/dmc.md "Karts" → "API"): the vouchered karts active on
 * the date and their transfers of the day, laid out by the domain's `itineraryForDate`. The karts come from the
 * arrival-date index (gsi2, vouchered and uncancelled only): those that arrived in the 91 days up to the date,
 * since a kart lasts at most 90 days and its last hotel may check out the day after. One bounded Query each.
 */
import type { TCustomerDay } from '@tp/contracts/endpoints/kart';
import { KART_MAX_DAYS, itineraryForDate } from '@tp/domain/dmc';
import { allDrivers } from '../dmc/index.ts';
import type { KartScope } from './karts.ts';
import { activeKartsArriving } from './repo.ts';
import { transfersBetween } from './transfers-repo.ts';
import * as api from '@tp/contracts/endpoints/kart';
import { answers } from '#lib/answers';

const DAY_MS = 86_400_000;
const daysBefore = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

export async function itinerariesByDate(scope: KartScope, date: string): Promise<TCustomerDay[]> {
  const siteId = scope.site.siteId;
  const [karts, transfers, drivers] = await Promise.all([
    activeKartsArriving(siteId, daysBefore(date, KART_MAX_DAYS + 1), date),
    transfersBetween(siteId, date, date),
    allDrivers(siteId),
  ]);
  return itineraryForDate(karts, transfers, date, undefined, drivers);
}

// The kart Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetItinerariesByDate = answers(api.getItinerariesByDate, (input, scope) =>
  itinerariesByDate(scope, input.date),
);
