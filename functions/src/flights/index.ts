/** The flights domain's public entry: the payment-order machinery (search and pricing stay inside). */
export {
  makeOrders,
  orderDeps,
  ORDER_MSG,
  orderView,
  publicBooking,
  type Orders,
  type OrderDeps,
} from './orders/index.ts';
export { getOrder, type OrderRecord } from './repo.ts';
export { mailTripItinerary, tripPath } from './trips.ts';
