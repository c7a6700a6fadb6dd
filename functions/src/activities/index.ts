/** The activities domain's public entry: the cart as stored and what the entry wires in (the GST invoice). */
export type { CartRecord } from './repo.ts';
export type { ActivitiesWiring, CartStatusHook } from './hooks.ts';
export { receiveCartGatewayPayment } from './cart-payment.ts';
