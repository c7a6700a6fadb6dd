/**
 * The fixed-departures Lambda (issue #15 item 5; docs/fixed-departures.md): staff inventory, the search and
 * quote for signed-in users, booking through the flights order machinery (compose/orders.ts), and the
 * public print of a booking.
 */
import * as api from '@tp/contracts/endpoints/fixed-departures';
import { FD_TEXT } from '@tp/contracts/endpoints/fixed-departures';
import { domainHandler, operation, reply, type Operation } from '#lib/http';
import { bookingOrders } from '../compose/orders.ts';
import { departureSales, listDepartures, saveDeparture } from './inventory.ts';
import { quote, searchOffers } from './offers.ts';
import { printBooking } from './print.ts';

export const operations: Operation[] = [
  operation(api.saveFixedDeparture, async (input, scope) =>
    reply(await saveDeparture(scope, input), { message: FD_TEXT.saved }),
  ),
  operation(api.listFixedDepartures, (input, scope) => listDepartures(scope, input)),
  operation(api.fixedDepartureSales, (input, scope) => departureSales(scope, input)),
  operation(api.searchFixedDepartures, (input, scope) => searchOffers(scope, input)),
  operation(api.quoteFixedDeparture, (input, scope) => quote(scope, input)),
  operation(api.bookFixedDeparture, (input, scope) => bookingOrders().createFixedDepartureOrder(scope, input)),
  operation(api.printFixedDeparture, (input, scope) => printBooking(scope, input.fdSlug)),
];

export const handler = domainHandler(operations, { sends: ['PAYMENT_QUEUE_URL', 'EMAIL_QUEUE_URL'] });
