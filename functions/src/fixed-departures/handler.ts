/**
 * The fixed-departures Lambda (issue #15 item 5; docs/fixed-departures.md): staff inventory, the search and
 * quote for signed-in users, booking through the flights order machinery (compose/orders.ts), and the
 * public print of a booking.
 */
import * as api from '@tp/contracts/endpoints/fixed-departures';
import { FD_TEXT } from '@tp/contracts/endpoints/fixed-departures';
import { domainHandler, operation, reply, type Operation, onDemand } from '#lib/http';
const ordersOps = onDemand(() => import('../compose/orders.ts'));
const inventoryOps = onDemand(() => import('./inventory.ts'));
const offersOps = onDemand(() => import('./offers.ts'));
const printOps = onDemand(() => import('./print.ts'));

export const operations: Operation[] = [
  operation(api.saveFixedDeparture, async (input, scope) =>
    reply(await (await inventoryOps()).saveDeparture(scope, input), { message: FD_TEXT.saved }),
  ),
  operation(api.listFixedDepartures, async (input, scope) => (await inventoryOps()).listDepartures(scope, input)),
  operation(api.fixedDepartureSales, async (input, scope) => (await inventoryOps()).departureSales(scope, input)),
  operation(api.searchFixedDepartures, async (input, scope) => (await offersOps()).searchOffers(scope, input)),
  operation(api.quoteFixedDeparture, async (input, scope) => (await offersOps()).quote(scope, input)),
  operation(api.bookFixedDeparture, async (input, scope) =>
    (await ordersOps()).bookingOrders().createFixedDepartureOrder(scope, input),
  ),
  operation(api.printFixedDeparture, async (input, scope) => (await printOps()).printBooking(scope, input.fdSlug)),
];

export const handler = domainHandler(operations, { sends: ['PAYMENT_QUEUE_URL', 'EMAIL_QUEUE_URL'] });
