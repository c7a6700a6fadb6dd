import * as api from '@tp/contracts/endpoints/flights';
/** The flights Lambda's operations (functions/src/entries/flights.ts): shopping, payment orders, trips. */
import { operation, type Operation, onDemand } from '#lib/http';
import type { Orders } from './orders/index.ts';
const flights = onDemand(() => import('./shopping/index.ts'));
const trips = onDemand(() => import('./trips.ts'));

/**
 * What the flights Lambda needs from the entry: the order machinery with the after-booking work of the domains
 * above (e-ticket mail, GST invoice), loaded with the first order call.
 */
export interface FlightsWiring {
  orders: () => Promise<Orders>;
}

export const operations = (wiring: FlightsWiring): Operation[] => [
  operation(api.search, async (input, scope) => (await flights()).search(scope, input)),
  operation(api.getCalendarFare, async (input, scope) => (await flights()).calendarFare(scope, input)),
  operation(api.getSources, async (_input, scope) => (await flights()).sources(scope)),
  operation(api.getFareRules, async (input, scope) => (await flights()).fareRules(scope, input)),
  operation(api.fareQuote, async (input, scope) => (await flights()).fareQuote(scope, input)),
  operation(api.getSSR, async (input, scope) => (await flights()).ssr(scope, input)),
  operation(api.getFlightPrice, async (input, scope) => (await flights()).priceView(scope, input)),
  operation(api.getFlightDetails, async (input, scope) => (await flights()).flightDetails(scope, input)),
  operation(api.getPassengerViewOptions, async (input, scope) => (await flights()).passengerViewOptions(scope, input)),
  operation(api.validateBooking, async (input, scope) => {
    const checked = await (await flights()).checkBooking(scope, input);
    const { fare, charge } = checked;
    return { valid: true as const, totalPayable: fare.totalPayableAmt, currency: fare.currency, charge };
  }),
  operation(api.setFlightDetails, async (input, scope) => (await wiring.orders()).createOrder(scope, input)),
  operation(api.orderSuccessCallback, async (input, scope) => (await wiring.orders()).payOrder(scope, input.orderId)),
  operation(api.getBookingDetails, async (input, scope) => (await wiring.orders()).bookingDetails(scope, input)),
  operation(api.getFlightTrip, async (input, scope) => (await trips()).flightTrip(scope, input)),
];
