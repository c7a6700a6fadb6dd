/** The flights Lambda: shopping, and payment orders through the booking machinery (wiring/orders.ts). */
import { domainHandler, onDemand } from '#lib/http';
import { operations as bind, type FlightsWiring } from '../flights/bindings.ts';

const booking = onDemand(() => import('./wiring/orders.ts'));

export const wiring: FlightsWiring = { orders: async () => (await booking()).bookingOrders() };

export const operations = bind(wiring);
export const handler = domainHandler(operations, { sends: ['PAYMENT_QUEUE_URL', 'EMAIL_QUEUE_URL'] });
