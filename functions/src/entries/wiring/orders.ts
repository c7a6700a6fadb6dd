/**
 * The booking machinery as the entries wire it: the order steps with their real dependencies (the wallet's debit
 * and refund credit, through flights' orderDeps) and the after-booking work every booking gets (the e-ticket mail,
 * the booking metric, the GST invoice), and the payment verification with those orders. Every entry that books or
 * settles orders (flights, fixed-departures, tickets, the payments and reconciler workers) takes them from here,
 * so none can forget a piece. Only entries import this folder.
 */
import { countBooked } from '../../bookings/index.ts';
import { mailTripItinerary, makeOrders, orderDeps, type Orders } from '../../flights/index.ts';
import { invoiceBooked, invoiceExtras } from '../../invoices/index.ts';
import { mailETicket } from '../../tickets/index.ts';
import { gatewayVerifyDeps, type GatewayReceiver, type KartPayments, type VerifyDeps } from '../../wallet/index.ts';

let orders: Orders | undefined;
export const bookingOrders = (): Orders =>
  (orders ??= makeOrders(
    orderDeps({
      afterBooked: [mailETicket, countBooked, invoiceBooked, mailTripItinerary],
      afterExtras: [invoiceExtras],
    }),
  ));

/** A quotation's gateway payment becomes its receipt (kart/receipts.ts), loaded with the first one. */
const kartPayments: KartPayments = {
  receiveGatewayPayment: async (...args) => (await import('../../kart/index.ts')).receiveGatewayPayment(...args),
};

/** An activity cart's gateway payment pays the cart (activities/cart-payment.ts), loaded with the first one. */
const cartPayments: GatewayReceiver = {
  receiveGatewayPayment: async (...args) =>
    (await import('../../activities/index.ts')).receiveCartGatewayPayment(...args),
};

/** A visa fee paid through the gateway submits the application (visa/applications.ts), loaded with the first one. */
const visaFees: GatewayReceiver = {
  receiveGatewayPayment: async (...args) => (await import('../../visa/index.ts')).receiveVisaGatewayPayment(...args),
};

export const paymentVerification = (): VerifyDeps =>
  gatewayVerifyDeps(bookingOrders(), kartPayments, { carts: cartPayments, visas: visaFees });
