/**
 * Work that follows a booking (or the ticketing of a hold) but must never fail or undo it: today the
 * automatic e-ticket mail. orders.ts runs these once the booking is stored. Every process that fulfils
 * orders (flights and tickets Lambdas, the payments worker) loads orders.ts and with it this module,
 * so the registration below happens once per process, wherever the order was paid.
 */
import { BOOKING_STATUS } from '@tp/contracts/flights';
import { createLogger } from '#lib/logger';
import type { SiteRecord } from '#lib/tenancy';
import { sendETicketMail } from '../tickets/eticket-mail.ts';
import type { BookingRecord } from './bookings-repo.ts';

export type BookedHook = (site: SiteRecord, booking: BookingRecord, now: Date) => Promise<void>;

const hooks: BookedHook[] = [];

/** Registers work to run after every booking; registering the same hook twice is a no-op. */
export function onBooked(hook: BookedHook): void {
  if (!hooks.includes(hook)) hooks.push(hook);
}

/** Runs every hook; a failure is logged and swallowed (the booking and its payment stand). */
export async function afterBooked(site: SiteRecord, booking: BookingRecord, now: Date): Promise<void> {
  for (const hook of hooks)
    await hook(site, booking, now).catch((err: unknown) =>
      createLogger({ siteId: site.siteId, bookingId: booking.bookingId }).error('after-booking step failed', {
        detail: String(err),
      }),
    );
}

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

onBooked(mailETicket);
