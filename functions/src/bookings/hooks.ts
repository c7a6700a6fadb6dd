/**
 * Work that follows a booking (or the ticketing of a hold) but must never fail or undo it, such as the
 * automatic e-ticket mail. The order machinery receives these hooks as a port from each Lambda's entry
 * (flights, tickets, the payments and reconciler workers), so no module registers itself by being imported.
 */
import { METRICS } from '@tp/contracts/platform';
import { createLogger } from '#lib/logger';
import { emitMetric } from '#lib/metrics';
import type { SiteRecord } from '#lib/tenancy';
import type { BookingRecord } from './record.ts';

export type BookedHook = (site: SiteRecord, booking: BookingRecord, now: Date) => Promise<void>;

/** Runs every hook; a failure is logged and swallowed (the booking and its payment stand). */
export async function runAfterBooked(
  hooks: readonly BookedHook[],
  site: SiteRecord,
  booking: BookingRecord,
  now: Date,
): Promise<void> {
  for (const hook of hooks)
    await hook(site, booking, now).catch((err: unknown) =>
      createLogger({ siteId: site.siteId, bookingId: booking.bookingId }).error('after-booking step failed', {
        detail: String(err),
      }),
    );
}

/** Counts the booking (a booking made, or a hold ticketed) for the dashboard. */
export const countBooked: BookedHook = () => emitMetric(METRICS.flightBooked);
