/**
 * The kart Lambda's operations (functions/src/entries/kart.ts): quotations (karts) and the operations born from
 * them (transfers, job sheet, driver links, the driver page). docs/dmc.md "Karts" → "API" and "Operations" → "API".
 */
import * as api from '@tp/contracts/endpoints/kart';
import { KART_MSG } from '@tp/contracts/endpoints/kart';
import { operation, reply, type Operation, onDemand } from '#lib/http';
import type { KartWiring } from './hooks.ts';
import { operationsOps } from './operations/handler-ops.ts';

const itinerariesOps = onDemand(() => import('./itineraries.ts'));
const karts = onDemand(() => import('./karts.ts'));
const shareOps = onDemand(() => import('./share.ts'));

const kartOps = (wiring: KartWiring): Operation[] => [
  operation(api.saveKart, async (input, scope) => {
    const { kart, message } = await (await karts()).saveKartWithMessage(scope, input, wiring);
    return reply(kart, { message });
  }),
  operation(api.removeKartAccomodation, async (input, scope) =>
    reply(await (await karts()).removeLine(scope, 'accomodations', input, wiring), { message: KART_MSG.lineRemoved }),
  ),
  operation(api.removeKartActivity, async (input, scope) =>
    reply(await (await karts()).removeLine(scope, 'activities', input, wiring), { message: KART_MSG.lineRemoved }),
  ),
  operation(api.removeKartMiscellaneous, async (input, scope) =>
    reply(await (await karts()).removeLine(scope, 'miscellaneous', input, wiring), { message: KART_MSG.lineRemoved }),
  ),
  operation(api.getAllKartsForWl, async (input, scope) => (await karts()).listKarts(scope, input)),
  operation(api.getKartById, async (input, scope) => (await karts()).getKartById(scope, input.id)),
  operation(api.voucherKart, async (input, scope) =>
    reply(await (await karts()).setStatus(scope, 'vouchered', input, wiring), { message: KART_MSG.vouchered }),
  ),
  operation(api.cancelKart, async (input, scope) =>
    reply(await (await karts()).setStatus(scope, 'cancelled', input, wiring), { message: KART_MSG.cancelled }),
  ),
  operation(api.shareKart, async (input, scope) =>
    reply(await (await shareOps()).shareKart(scope, input.id), { message: KART_MSG.shared }),
  ),
  operation(api.getSharedQuotation, async (input, scope) => (await shareOps()).sharedQuotation(scope.site, input.slug)),
  operation(api.getItinerariesByDate, async (input, scope) =>
    (await itinerariesOps()).itinerariesByDate(scope, input.date),
  ),
];

export const operations = (wiring: KartWiring): Operation[] => [...kartOps(wiring), ...operationsOps];
