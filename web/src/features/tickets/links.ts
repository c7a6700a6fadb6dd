import { ticketSlug } from '@tp/contracts/endpoints/tickets';

/** The public e-ticket of a booking (one passenger's with `pax`); `print` opens the print dialog. */
export const eTicketPath = (slug: string, pax?: number) =>
  `/flight/eTicket/${encodeURIComponent(slug)}${pax === undefined ? '' : `?pax=${pax}`}`;

export const eTicketOf = (b: { bookingId: string; pnr: string }, options: { print?: boolean } = {}) =>
  `${eTicketPath(ticketSlug(b.bookingId, b.pnr))}${options.print ? '?print=true' : ''}`;
