/**
 * The kart Lambda (issue #14): quotations (karts) and the operations born from them (transfers, job sheet,
 * driver links, the driver page). docs/dmc.md "Karts" → "API" and "Operations" → "API".
 */
import * as api from '@tp/contracts/endpoints/kart';
import { KART_MSG } from '@tp/contracts/endpoints/kart';
import { domainHandler, operation, reply, type Operation, onDemand } from '#lib/http';
import { operationsOps } from './operations/handler-ops.ts';

const itinerariesOps = onDemand(() => import('./itineraries.ts'));
// A vouchered quotation gets its GST invoice (issue #16): the kart port is plugged when the karts load.
const karts = onDemand(
  () => import('./karts.ts'),
  async () => {
    const [{ kartStatusHooks }, { invoiceKartStatus }] = await Promise.all([
      import('./hooks.ts'),
      import('../invoices/index.ts'),
    ]);
    kartStatusHooks.plug([invoiceKartStatus]);
  },
);
const shareOps = onDemand(() => import('./share.ts'));

const kartOps: Operation[] = [
  operation(api.saveKart, async (input, scope) => {
    const { kart, message } = await (await karts()).saveKartWithMessage(scope, input);
    return reply(kart, { message });
  }),
  operation(api.removeKartAccomodation, async (input, scope) =>
    reply(await (await karts()).removeLine(scope, 'accomodations', input), { message: KART_MSG.lineRemoved }),
  ),
  operation(api.removeKartActivity, async (input, scope) =>
    reply(await (await karts()).removeLine(scope, 'activities', input), { message: KART_MSG.lineRemoved }),
  ),
  operation(api.removeKartMiscellaneous, async (input, scope) =>
    reply(await (await karts()).removeLine(scope, 'miscellaneous', input), { message: KART_MSG.lineRemoved }),
  ),
  operation(api.getAllKartsForWl, async (input, scope) => (await karts()).listKarts(scope, input)),
  operation(api.getKartById, async (input, scope) => (await karts()).getKartById(scope, input.id)),
  operation(api.voucherKart, async (input, scope) =>
    reply(await (await karts()).setStatus(scope, 'vouchered', input), { message: KART_MSG.vouchered }),
  ),
  operation(api.cancelKart, async (input, scope) =>
    reply(await (await karts()).setStatus(scope, 'cancelled', input), { message: KART_MSG.cancelled }),
  ),
  operation(api.shareKart, async (input, scope) =>
    reply(await (await shareOps()).shareKart(scope, input.id), { message: KART_MSG.shared }),
  ),
  operation(api.getSharedQuotation, async (input, scope) => (await shareOps()).sharedQuotation(scope.site, input.slug)),
  operation(api.getItinerariesByDate, async (input, scope) =>
    (await itinerariesOps()).itinerariesByDate(scope, input.date),
  ),
];

export const operations: Operation[] = [...kartOps, ...operationsOps];

export const handler = domainHandler(operations);
