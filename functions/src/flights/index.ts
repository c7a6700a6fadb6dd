/** The flights domain's public entry: the payment-order machinery (search and pricing stay inside). */
export { makeOrders, orderDeps, ORDER_MSG, type ExtrasHook, type Orders } from './orders/index.ts';
export { getOrder } from './repo.ts';
export { mailTripItinerary } from './trips.ts';
