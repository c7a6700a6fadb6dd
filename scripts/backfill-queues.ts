/**
 * One-off, when the ticket queues gain rows of their own (docs/cost.md "The ticket queues' rows"): writes the queue
 * rows and counts of every booking stored before, so the staff queues list them and count them.
 *
 *   npx tsx scripts/backfill-queues.ts --stage <name>   that stage's table (the caller's AWS credentials)
 *   npx tsx scripts/backfill-queues.ts --local          the table of TABLE_NAME / AWS_ENDPOINT_URL_DYNAMODB
 *   … --site <siteId>                                   one site only
 *
 * Every site that has held or ticketed a booking (HOLD_SITES, TICKET_SITES: a booking is one or the other before
 * any other status), then its bookings by booking date a page at a time. A booking is backfilled in one
 * transaction with its rows and its counters, on the condition that its item lists no rows yet: a booking the
 * API saved meanwhile already has them, and a second run writes nothing, so the script may be run twice.
 *
 *   … --dmc-site <siteId>                               also that site's DMC master counts
 *
 * The DMC masters' counts of a site are counted once (a COUNT of each master) and put only where the site has no
 * counts item yet; run it before the new code takes its first create or delete (a move made before would create
 * the item with the move alone, and the backfill would then leave it).
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { pointAtTable, TARGET_OPTIONS } from './backfill-target.ts';

export interface QueueBackfillReport {
  sites: number;
  /** Bookings read. */
  bookings: number;
  /** Bookings given their rows by this run. */
  backfilled: number;
}

export async function backfillQueues(options: { siteId?: string } = {}): Promise<QueueBackfillReport> {
  // Loaded after the caller set TABLE_NAME: the functions read it at first use.
  const { transactOrFalse } = await import('../functions/src/lib/db.ts');
  const { asSiteId } = await import('../functions/src/lib/keys.ts');
  const bookings = await import('../functions/src/bookings/index.ts');

  const sites = options.siteId
    ? [asSiteId(options.siteId)]
    : [...new Set([...(await bookings.holdSiteIds()), ...(await bookings.ticketSiteIds())])];
  const report: QueueBackfillReport = { sites: sites.length, bookings: 0, backfilled: 0 };
  for (const siteId of sites) {
    let cursor: string | undefined;
    do {
      const page = await bookings.bookingsWithoutQueueRows(siteId, cursor);
      report.bookings += page.read;
      for (const b of page.records)
        // False: the booking was saved meanwhile, and that save wrote its rows and counts.
        if (await transactOrFalse(bookings.queueBackfillItems(b))) report.backfilled++;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return report;
}

/** The DMC masters' counts of a site stored before the counters: true when written, false when it had them. */
export async function backfillDmcCounts(siteId: string): Promise<boolean> {
  const { transactOrFalse } = await import('../functions/src/lib/db.ts');
  const { asSiteId } = await import('../functions/src/lib/keys.ts');
  const { DMC_KINDS } = await import('../functions/src/dmc/keys.ts');
  const dmc = await import('../functions/src/dmc/repo.ts');
  const site = asSiteId(siteId);
  const kinds = Object.keys(DMC_KINDS) as (keyof typeof DMC_KINDS)[];
  const counts = Object.fromEntries(await Promise.all(kinds.map(async (k) => [k, await dmc.countRecords(site, k)])));
  return transactOrFalse([dmc.countsPut(site, counts)]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { ...TARGET_OPTIONS, site: { type: 'string' }, 'dmc-site': { type: 'string' } },
  });
  await pointAtTable(values);
  const report = await backfillQueues(values.site ? { siteId: values.site } : {});
  process.stdout.write(`Ticket queue rows written: ${JSON.stringify(report)}\n`);
  const dmcSite = values['dmc-site'];
  if (dmcSite)
    process.stdout.write(
      `DMC counts of ${dmcSite}: ${(await backfillDmcCounts(dmcSite)) ? 'written' : 'already there'}\n`,
    );
}
