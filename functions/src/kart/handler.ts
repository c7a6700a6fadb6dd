/**
 * The kart Lambda (issue #14): quotations (karts) and the operations born from them (transfers, job sheet,
 * driver links, the driver page). docs/dmc.md "Karts" → "API" and "Operations" → "API".
 */
import * as api from '@tp/contracts/endpoints/kart';
import { KART_MSG } from '@tp/contracts/endpoints/kart';
import { domainHandler, operation, reply, type Operation } from '#lib/http';
import { itinerariesByDate } from './itineraries.ts';
import * as karts from './karts.ts';
import { operationsOps } from './operations/handler-ops.ts';
import { sharedQuotation, shareKart } from './share.ts';

const kartOps: Operation[] = [
  operation(api.saveKart, async (input, scope) => {
    const saved = await karts.saveKart(scope, input);
    const message = saved.isCancelled ? KART_MSG.cancelled : saved.isVouchered ? KART_MSG.vouchered : KART_MSG.saved;
    return reply(saved, { message });
  }),
  operation(api.removeKartAccomodation, async (input, scope) =>
    reply(await karts.removeLine(scope, 'accomodations', input), { message: KART_MSG.lineRemoved }),
  ),
  operation(api.removeKartActivity, async (input, scope) =>
    reply(await karts.removeLine(scope, 'activities', input), { message: KART_MSG.lineRemoved }),
  ),
  operation(api.removeKartMiscellaneous, async (input, scope) =>
    reply(await karts.removeLine(scope, 'miscellaneous', input), { message: KART_MSG.lineRemoved }),
  ),
  operation(api.getAllKartsForWl, (input, scope) => karts.listKarts(scope, input)),
  operation(api.getKartById, (input, scope) => karts.getKartById(scope, input.id)),
  operation(api.voucherKart, async (input, scope) =>
    reply(await karts.setStatus(scope, 'vouchered', input), { message: KART_MSG.vouchered }),
  ),
  operation(api.cancelKart, async (input, scope) =>
    reply(await karts.setStatus(scope, 'cancelled', input), { message: KART_MSG.cancelled }),
  ),
  operation(api.shareKart, async (input, scope) =>
    reply(await shareKart(scope, input.id), { message: KART_MSG.shared }),
  ),
  operation(api.getSharedQuotation, (input, scope) => sharedQuotation(scope.site, input.slug)),
  operation(api.getItinerariesByDate, (input, scope) => itinerariesByDate(scope, input.date)),
];

export const operations: Operation[] = [...kartOps, ...operationsOps];

export const handler = domainHandler(operations);
