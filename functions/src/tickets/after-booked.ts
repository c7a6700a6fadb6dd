/** The tickets domain's after-booking work, handed to the order machinery as a BookedHook. */
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import type { BookedHook } from '../bookings/index.ts';
import { sendETicketMail } from './eticket-mail.ts';

/** The one idempotency key of a booking's automatic e-ticket mail: a repeat is sent once by the email queue. */
export const eTicketMailKey = (bookingId: string) => `eticket-${bookingId}-ticketed`;

/**
 * Mails the e-ticket (HTML + PDF) to the booker and the lead passenger once the booking is ticketed;
 * a hold gets its mail when "Ticket now" tickets it. The email queue retries and dead-letters sending.
 */
export const mailETicket: BookedHook = async (site, booking, now) => {
  if (booking.statusId !== BOOKING_STATUS.ticketed) return;
  await sendETicketMail(site, booking, now, { idempotencyKey: eTicketMailKey(booking.bookingId) });
};
