/**
 * The fixed-departures Lambda's operations (functions/src/entries/fixed-departures.ts; docs/fixed-departures.md):
 * staff inventory, the search and quote for signed-in users, booking through the flights order machinery (which
 * the entry wires in: flights stands above this domain), and the public print of a booking.
 */
import * as api from '@tp/contracts/endpoints/fixed-departures';
import { FD_TEXT } from '@tp/contracts/endpoints/fixed-departures';
import { operation, reply, type Operation, type OperationRun, onDemand } from '#lib/http';
const inventoryOps = onDemand(() => import('./inventory.ts'));
const offersOps = onDemand(() => import('./offers.ts'));
const printOps = onDemand(() => import('./print.ts'));

/** What the fixed-departures Lambda needs from the entry: booking, which the flights order machinery does. */
export interface FixedDeparturesWiring {
  bookFixedDeparture: OperationRun<typeof api.bookFixedDeparture>;
}

export const operations = (wiring: FixedDeparturesWiring): Operation[] => [
  operation(api.saveFixedDeparture, async (input, scope) =>
    reply(await (await inventoryOps()).saveDeparture(scope, input), { message: FD_TEXT.saved }),
  ),
  operation(api.listFixedDepartures, async (input, scope) => (await inventoryOps()).listDepartures(scope, input)),
  operation(api.fixedDepartureSales, async (input, scope) => (await inventoryOps()).departureSales(scope, input)),
  operation(api.searchFixedDepartures, async (input, scope) => (await offersOps()).searchOffers(scope, input)),
  operation(api.quoteFixedDeparture, async (input, scope) => (await offersOps()).quote(scope, input)),
  operation(api.bookFixedDeparture, wiring.bookFixedDeparture),
  operation(api.printFixedDeparture, async (input, scope) => (await printOps()).printBooking(scope, input.fdSlug)),
];
