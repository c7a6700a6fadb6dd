/** The fixed-departures Lambda: inventory and offers; a booking is a payment order of the booking machinery. */
import { domainHandler, onDemand } from '#lib/http';
import { operations as bind, type FixedDeparturesWiring } from '../fixed-departures/bindings.ts';

const booking = onDemand(() => import('./wiring/orders.ts'));

export const wiring: FixedDeparturesWiring = {
  bookFixedDeparture: async (input, scope) => (await booking()).bookingOrders().createFixedDepartureOrder(scope, input),
};

export const operations = bind(wiring);
export const handler = domainHandler(operations, { sends: ['PAYMENT_QUEUE_URL', 'EMAIL_QUEUE_URL'] });
