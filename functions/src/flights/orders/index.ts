/**
 * Payment orders and fulfilment (spec 000 §4; domain.md "Payment order"). The order is the unit of
 * exactly-once:
 *   created ──(wallet debit + transition, one transaction | verified gateway payment)──▶ paid
 *   paid ──(claim)──▶ booking ──(booking items + transition, one transaction)──▶ booked
 *                              └─(supplier refused: refund credit + transition)──▶ failed
 * Every step is a conditional write, so double callbacks, retried queue messages and two browser tabs
 * race to the same single outcome: one debit, one booking.
 *
 * An order has a kind: 'book' (setFlightDetails: a new booking) or 'ticketHold' ("Ticket now" on a
 * held booking: the same states, but fulfilment tickets the held PNR and marks that booking ticketed) or
 * 'fixedDeparture' (seats of a fixed departure: fulfilment takes them in the booking's own transaction).
 *
 * One file per step (create, pay, fulfil, hold, read); makeOrders binds them to their dependencies.
 */
import * as api from '@tp/contracts/endpoints/flights';
import { answers } from '#lib/answers';
import { createOrder } from './create.ts';
import type { OrderDeps } from './deps.ts';
import { createFixedDepartureOrder } from './fixed-departure.ts';
import { createExtrasOrder, ticketExtras } from './extras.ts';
import { fulfilOrder } from './fulfil.ts';
import { createTicketHoldOrder } from './hold.ts';
import { markOrderPaidByGateway, payOrder, settleOrder } from './pay.ts';
import { bookingDetails } from './read.ts';

type Bound<F> = F extends (deps: OrderDeps, ...args: infer A) => infer R ? (...args: A) => R : never;
const bind = <F extends (deps: OrderDeps, ...args: never[]) => unknown>(f: F, deps: OrderDeps): Bound<F> =>
  ((...args: never[]) => f(deps, ...args)) as Bound<F>;

export function makeOrders(deps: OrderDeps) {
  return {
    createOrder: bind(createOrder, deps),
    payOrder: bind(payOrder, deps),
    fulfilOrder: bind(fulfilOrder, deps),
    settleOrder: bind(settleOrder, deps),
    markOrderPaidByGateway: bind(markOrderPaidByGateway, deps),
    createTicketHoldOrder: bind(createTicketHoldOrder, deps),
    createFixedDepartureOrder: bind(createFixedDepartureOrder, deps),
    createExtrasOrder: bind(createExtrasOrder, deps),
    ticketExtras: bind(ticketExtras, deps),
    bookingDetails: bind(bookingDetails, deps),
  };
}
export type Orders = ReturnType<typeof makeOrders>;

export { orderDeps, type OrderDeps } from './deps.ts';
export type { ExtrasHook } from './model.ts';
export { ORDER_MSG } from './model.ts';

// The flights Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
/**
 * What the flights Lambda needs from the entry: the order machinery with the after-booking work of the domains
 * above (e-ticket mail, GST invoice), loaded with the first order call.
 */
export interface FlightsWiring {
  orders: () => Promise<Orders>;
}
export const answerSetFlightDetails = answers(api.setFlightDetails, async (input, scope, wiring: FlightsWiring) =>
  (await wiring.orders()).createOrder(scope, input),
);
export const answerOrderSuccessCallback = answers(
  api.orderSuccessCallback,
  async (input, scope, wiring: FlightsWiring) => (await wiring.orders()).payOrder(scope, input.orderId),
);
export const answerGetBookingDetails = answers(api.getBookingDetails, async (input, scope, wiring: FlightsWiring) =>
  (await wiring.orders()).bookingDetails(scope, input),
);
