/**
 * The tickets Lambda: queues, holds, change requests; "Ticket now" and extras after ticketing are payment orders of
 * the booking machinery, a credited refund gets its credit note and an imported PNR its invoice.
 */
import { domainHandler, onDemand } from '#lib/http';
import { operations as bind, type TicketsWiring } from '../tickets/bindings.ts';
import { creditNoteOnDisruptionRefund, creditNoteOnRefund, invoiceImported } from './wiring/invoices.ts';

const booking = onDemand(() => import('./wiring/orders.ts'));

export const wiring: TicketsWiring = {
  afterRefunded: [creditNoteOnRefund],
  afterDisruptionRefunded: [creditNoteOnDisruptionRefund],
  ticketHeldBooking: async (input, scope) => (await booking()).bookingOrders().createTicketHoldOrder(scope, input),
  ticketExtras: async (input, scope) => (await booking()).bookingOrders().ticketExtras(scope, input),
  buyTicketExtras: async (input, scope) => (await booking()).bookingOrders().createExtrasOrder(scope, input),
  afterImported: [invoiceImported],
};

export const operations = bind(wiring);
export const handler = domainHandler(operations, { sends: ['EMAIL_QUEUE_URL', 'EXPORTS_QUEUE_URL'] });
