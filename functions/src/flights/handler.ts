import * as api from '@tp/contracts/endpoints/flights';
import { domainHandler, operation, type Operation } from '#lib/http';
import * as flights from './shopping/index.ts';
import { bookingOrders } from '../compose/orders.ts';

export const operations: Operation[] = [
  operation(api.search, async (input, scope) => flights.search(scope, input)),
  operation(api.getCalendarFare, async (input, scope) => flights.calendarFare(scope, input)),
  operation(api.getSources, async (_input, scope) => flights.sources(scope)),
  operation(api.getFareRules, async (input, scope) => flights.fareRules(scope, input)),
  operation(api.fareQuote, async (input, scope) => flights.fareQuote(scope, input)),
  operation(api.getSSR, async (input, scope) => flights.ssr(scope, input)),
  operation(api.getFlightPrice, async (input, scope) => flights.priceView(scope, input)),
  operation(api.getFlightDetails, async (input, scope) => flights.flightDetails(scope, input)),
  operation(api.getPassengerViewOptions, async (input, scope) => flights.passengerViewOptions(scope, input)),
  operation(api.validateBooking, async (input, scope) => {
    const checked = await flights.checkBooking(scope, input);
    const { fare, charge } = checked;
    return { valid: true as const, totalPayable: fare.totalPayableAmt, currency: fare.currency, charge };
  }),
  operation(api.setFlightDetails, async (input, scope) => bookingOrders().createOrder(scope, input)),
  operation(api.orderSuccessCallback, async (input, scope) => bookingOrders().payOrder(scope, input.orderId)),
  operation(api.getBookingDetails, async (input, scope) => bookingOrders().bookingDetails(scope, input)),
];

export const handler = domainHandler(operations, { sends: ['PAYMENT_QUEUE_URL', 'EMAIL_QUEUE_URL'] });
