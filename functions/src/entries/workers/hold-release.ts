/**
 * Scheduled automatic release of lapsed holds (every few minutes on AWS; an interval in
 * scripts/local/workers.ts locally): for each site that has held bookings, release those past their
 * last ticketing date and tell the customer (the warning before a hold lapses is a deadline:
 * functions/src/tickets/deadline-handlers.ts).
 */
import { requireConfig } from '#lib/config';
import { log } from '#lib/logger';
import { holdSiteIds, releaseExpiredHolds } from '../../tickets/index.ts';

// Fails this worker's cold start, not its first message, when the stack left out its configuration.
requireConfig(['TABLE_NAME', 'EMAIL_QUEUE_URL']);

export async function releaseAllExpiredHolds(now: Date = new Date()): Promise<number> {
  let released = 0;
  for (const siteId of await holdSiteIds()) {
    try {
      released += (await releaseExpiredHolds(siteId, now)).length;
    } catch (err) {
      log.error('hold release run failed for a site', { siteId, error: String(err) });
    }
  }
  if (released) log.info('holds released', { released });
  return released;
}

export const handler = async (): Promise<void> => {
  await releaseAllExpiredHolds();
};
