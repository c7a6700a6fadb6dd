/**
 * Scheduled automatic release of lapsed holds (every few minutes on AWS; an interval in
 * scripts/local/workers.ts locally): for each site that has held bookings, release those past their
 * last ticketing date and tell the customer.
 */
import { log } from '#lib/logger';
import { holdSiteIds } from '../tickets/repo.ts';
import { releaseExpiredHolds } from '../tickets/service.ts';

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
