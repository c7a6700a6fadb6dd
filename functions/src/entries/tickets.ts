/**
 * The tickets Lambda: queues, holds, change requests; "Ticket now" is a payment order of the booking machinery,
 * and a credited refund gets its credit note.
 */
import { domainHandler, onDemand } from '#lib/http';
import { operations as bind, type TicketsWiring } from '../tickets/bindings.ts';
import { creditNoteOnRefund } from './wiring/invoices.ts';

const booking = onDemand(() => import('./wiring/orders.ts'));

export const wiring: TicketsWiring = {
  afterRefunded: [creditNoteOnRefund],
  ticketHeldBooking: async (input, scope) => (await booking()).bookingOrders().createTicketHoldOrder(scope, input),
};

export const operations = bind(wiring);
export const handler = domainHandler(operations, { sends: ['EMAIL_QUEUE_URL', 'EXPORTS_QUEUE_URL'] });
