/**
 * The e-ticket mail on its own, so the booking path (flights Lambda, payments worker) can send it after
 * ticketing without loading the rest of the ticket service.
 */
import { eTicketMail } from '@tp/mail';
import { enqueueEmail, mailBrand } from '#lib/mail';
import type { SiteRecord } from '#lib/tenancy';
import type { BookingRecord } from '../bookings/index.ts';
import { bookingETicketDoc } from './eticket-doc.ts';

export interface ETicketMailOptions {
  to?: string[];
  pax?: number;
  hidePrice?: boolean;
  /** Same key, same mail: the automatic mail after ticketing passes a fixed one. */
  idempotencyKey?: string;
}

/**
 * Renders the e-ticket HTML mail and queues it for SES with a request for the PDF (with barcodes):
 * the email worker renders the PDF, so pdf-lib and bwip-js stay out of request-path bundles.
 */
export async function sendETicketMail(
  site: SiteRecord,
  booking: BookingRecord,
  now: Date,
  options: ETicketMailOptions = {},
  deps: { enqueueEmail: typeof enqueueEmail } = { enqueueEmail },
): Promise<void> {
  const { doc } = bookingETicketDoc(site, booking, options);
  const mail = eTicketMail(mailBrand(site), doc);
  const lead = booking.passengers.find((p) => p.isLeadPax)?.email;
  const to = options.to?.length ? options.to : [...new Set([booking.user.email, lead].filter((e): e is string => !!e))];
  await deps.enqueueEmail({
    siteId: site.siteId,
    to,
    ...mail,
    attachmentRequests: [
      {
        kind: 'eticketPdf',
        bookingId: booking.bookingId,
        hidePrice: !!options.hidePrice,
        ...(options.pax === undefined ? {} : { pax: options.pax }),
      },
    ],
    idempotencyKey: options.idempotencyKey ?? `eticket-${booking.bookingId}-${to.join(',')}-${now.getTime()}`,
  });
}
