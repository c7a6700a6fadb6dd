/**
 * Extras after ticketing on the ticket screens (docs/flights.md "Extras after ticketing"): what the airline sells
 * on a ticketed booking, and the purchase as a payment order of the booking machinery (flights/orders/extras.ts),
 * which the entry wires in (the order code stays out of this Lambda's cold path).
 */
import * as api from '@tp/contracts/endpoints/ticket-extras';
import { answers, type OperationRun } from '#lib/answers';
import { supplied } from '../supply/index.ts';

/** What the tickets Lambda needs from the entry for extras: the order machinery's read and purchase. */
export interface ExtrasWiring {
  ticketExtras: OperationRun<typeof api.getTicketExtras>;
  buyTicketExtras: OperationRun<typeof api.buyTicketExtras>;
}

export const answerGetTicketExtras = answers(api.getTicketExtras, (input, scope, wiring: ExtrasWiring) =>
  supplied(() => wiring.ticketExtras(input, scope)),
);
export const answerBuyTicketExtras = answers(api.buyTicketExtras, (input, scope, wiring: ExtrasWiring) =>
  supplied(() => wiring.buyTicketExtras(input, scope)),
);
