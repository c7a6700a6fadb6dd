/**
 * Work that follows a booking (or the ticketing of a hold) but must never fail or undo it, such as the
 * automatic e-ticket mail. The order machinery receives these hooks in its deps, which the entries build
 * (functions/src/entries/wiring/orders.ts), so no module registers itself by being imported.
 */
import { METRICS } from '@tp/contracts/platform';
import { createLogger } from '#lib/logger';
import { emitMetric } from '#lib/metrics';
import { countSiteMonth } from '#lib/site-stats';
import type { SiteId } from '#lib/keys';
import { runHooks } from '#lib/hooks';
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
  await runHooks(hooks, [site, booking, now], (err) =>
    createLogger({ siteId: site.siteId, bookingId: booking.bookingId }).error('after-booking step failed', {
      detail: String(err),
    }),
  );
}

/**
 * Work that follows a refund credited for a change request (the GST credit note), handed in by the entries that
 * settle change requests (tickets, flight-admin) in their wiring. Like a BookedHook it never undoes the refund;
 * it must be idempotent (a status may be applied again).
 */
export type RefundedHook = (
  siteId: SiteId,
  booking: BookingRecord,
  changeRequestId: string,
  now: Date,
) => Promise<void>;

/**
 * Work that follows a booking refunded in full because the airline changed its schedule and the traveller refused
 * it (a disruption cancelled: no change request). Like a RefundedHook it never undoes the refund and must be
 * idempotent: `refundId` names the refund once for all.
 */
export type DisruptionRefundedHook = (
  site: SiteRecord,
  booking: BookingRecord,
  refund: { refundId: string; amount: number; disruptionId: string },
  now: Date,
) => Promise<void>;

/** Runs the refund hooks for the completed, credited change requests named; failures are logged. */
export async function runAfterRefunded(
  hooks: readonly RefundedHook[],
  booking: BookingRecord,
  changeRequestIds: readonly string[],
  now: Date,
) {
  const log = createLogger({ siteId: booking.siteId, bookingId: booking.bookingId });
  for (const id of changeRequestIds)
    await runHooks(hooks, [booking.siteId, booking, id, now], (err) =>
      log.error('after-refund step failed', { changeRequestId: id, detail: String(err) }),
    );
}

/**
 * Counts the booking (a booking made, or a hold ticketed): the dashboard's metric, and the site's month counters
 * the platform console lists (bookings, and what was charged as revenue).
 */
export const countBooked: BookedHook = async (site, booking, now) => {
  await emitMetric(METRICS.flightBooked);
  await countSiteMonth(site.siteId, now, { bookings: 1, revenue: booking.accounting.amountCharged });
};
