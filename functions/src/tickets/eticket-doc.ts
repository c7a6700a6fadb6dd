/**
 * The e-ticket of a booking as the mail and its PDF print it. Shared by sendETicketMail (the tickets
 * Lambda renders the HTML mail) and the email worker (renders the PDF attachment from the same data),
 * so both always show the same passengers, fare and link.
 */
import { ticketSlug } from '@tp/contracts/endpoints/tickets';
import type { ETicketDoc } from '@tp/mail';
import { appLink } from '#lib/mail';
import { siteTimeZone, type SiteRecord } from '#lib/tenancy';
import type { BookingRecord } from '../bookings/index.ts';
import { eTicketDoc, eTicketView } from './views.ts';

export interface ETicketDocOptions {
  /** One passenger's ticket (paxIndex); all passengers when absent. */
  pax?: number | undefined;
  hidePrice?: boolean | undefined;
}

export function bookingETicketDoc(
  site: SiteRecord,
  booking: BookingRecord,
  options: ETicketDocOptions = {},
): { doc: ETicketDoc; barcodes: string[] } {
  const ticket = eTicketView(booking, site, !options.hidePrice);
  const slug = ticketSlug(booking.bookingId, booking.pnr);
  const link = appLink(
    site,
    `/flight/eTicket/${encodeURIComponent(slug)}`,
    options.pax === undefined ? {} : { pax: String(options.pax) },
  );
  const barcodes = ticket.passengers
    .filter((p) => options.pax === undefined || p.paxIndex === options.pax)
    .map((p) => p.barcode);
  return { doc: eTicketDoc(ticket, link, options.pax, siteTimeZone(site)), barcodes };
}

export const eTicketPdfName = (booking: Pick<BookingRecord, 'pnr'>): string => `e-ticket-${booking.pnr}.pdf`;
