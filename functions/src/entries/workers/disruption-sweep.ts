/**
 * Scheduled (hourly on AWS; an interval locally): asks each site's supplier for its upcoming tickets (TBO's
 * GetBookingDetails, the simulator's schedule) and records every airline schedule change as a disruption, mailing
 * the booker (functions/src/tickets/disruptions.ts). Idempotent: a change already recorded writes nothing.
 */
import { requireConfig } from '#lib/config';
import { log } from '#lib/logger';
import { siteById } from '#lib/tenancy';
import { sweepSite, ticketSiteIds } from '../../tickets/index.ts';

// Fails this worker's cold start, not its first run, when the stack left out its configuration.
requireConfig(['TABLE_NAME', 'EMAIL_QUEUE_URL']);

export async function sweepAllSites(now: Date = new Date()): Promise<number> {
  let found = 0;
  for (const siteId of await ticketSiteIds()) {
    try {
      const site = await siteById(siteId);
      if (site) found += (await sweepSite(site, now)).length;
    } catch (err) {
      log.error('disruption sweep failed for a site', { siteId, error: String(err) });
    }
  }
  if (found) log.info('disruptions found', { found });
  return found;
}

export const handler = async (): Promise<void> => {
  await sweepAllSites();
};
