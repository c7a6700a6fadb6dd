/**
 * One-off, when the separate crons give way to the one deadline index (docs/flights.md "One deadline scheduler"):
 * writes the index's deadline for every open item that was scheduled the old way, so nothing due is dropped.
 *
 *   npx tsx scripts/backfill-deadlines.ts --stage <name>   that stage's table (the caller's AWS credentials)
 *   npx tsx scripts/backfill-deadlines.ts --local          the table of TABLE_NAME / AWS_ENDPOINT_URL_DYNAMODB
 *   … --site <siteId>                                      one site only
 *
 * - holds still held: their warning and release (HOLD_SITES, then each site's hold queue);
 * - quotations with a payment deadline: their reminder (the old reminder index's day partitions);
 * - credit draws not yet reminded: their due-date reminder (the old due-day index on gsi2);
 * - decided visa applications' documents: their deletion (the old purge partition, emptied as it goes).
 * Writing a deadline again is harmless (same key, same item), so the script may be run twice. A deadline already
 * past is written due now: the worker reads only the last 48 hours, and the old cron would have fired it.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { pointAtTable, TARGET_OPTIONS } from './backfill-target.ts';
import { addCalendarDays, MAX_CREDIT_DAYS } from '@tp/domain/credit';

/** Quotation deadlines are read this many days ahead (a quotation's deadline is rarely more than a year out). */
const KART_DAYS_AHEAD = 2 * 365;

export interface BackfillReport {
  holds: number;
  karts: number;
  creditDraws: number;
  visaPurges: number;
}

export interface BackfillOptions {
  /** One site only (a re-run for one tenant; the test, on a shared table). */
  siteId?: string;
  /** Days of the old day-partitioned indexes read ahead (default: a quotation's two years, a credit line's year). */
  daysAhead?: number;
}

export async function backfillDeadlines(
  now: Date = new Date(),
  options: BackfillOptions = {},
): Promise<BackfillReport> {
  // Loaded after the caller set TABLE_NAME: the functions read it at first use.
  const { transact } = await import('../functions/src/lib/db.ts');
  const { siteById } = await import('../functions/src/lib/tenancy.ts');
  const { siteTimeZone } = await import('../functions/src/lib/time.ts');
  const { deadlineItem } = await import('../functions/src/deadlines/index.ts');
  const bookings = await import('../functions/src/bookings/index.ts');
  const { BOOKING_STATUS } = await import('@tp/contracts/endpoints/flights');
  const kartRepo = await import('../functions/src/kart/repo.ts');
  const ledger = await import('../functions/src/wallet/ledger-repo.ts');
  const visaRepo = await import('../functions/src/visa/applications-repo.ts');
  type Deadline = Parameters<typeof deadlineItem>[0];

  const nowIso = now.toISOString();
  const dueNowAtLatest = (d: Deadline): Deadline => (d.dueAt < nowIso ? { ...d, dueAt: nowIso } : d);
  const write = async (ds: Deadline[]) => {
    for (let i = 0; i < ds.length; i += 25)
      await transact(
        ds
          .slice(i, i + 25)
          .map(dueNowAtLatest)
          .map(deadlineItem),
      );
  };
  const today = nowIso.slice(0, 10);
  const mine = (siteId: string) => !options.siteId || siteId === options.siteId;
  const report: BackfillReport = { holds: 0, karts: 0, creditDraws: 0, visaPurges: 0 };

  for (const siteId of (await bookings.holdSiteIds()).filter(mine)) {
    const held = await bookings.bookingsByIds(siteId, await bookings.heldBookingIds(siteId));
    for (const b of held) {
      if (b.statusId !== BOOKING_STATUS.held || !b.lastTicketDate) continue;
      await write(bookings.holdDeadlines(b, b.lastTicketDate));
      report.holds++;
    }
  }

  for (let n = -1; n <= (options.daysAhead ?? KART_DAYS_AHEAD); n++) {
    for (const { siteId, kartId } of await kartRepo.kartsWithDeadline(addCalendarDays(today, n))) {
      if (!mine(siteId)) continue;
      const [site, kart] = await Promise.all([siteById(siteId), kartRepo.getKart(siteId, kartId)]);
      if (!site || !kart) continue;
      const items = kartRepo.deadlineItems(site, null, kart);
      if (items.length === 0) continue;
      await transact(items);
      report.karts++;
    }
  }

  for (let n = -1; n <= (options.daysAhead ?? MAX_CREDIT_DAYS + 1); n++) {
    for (const draw of await ledger.drawsDueOn(addCalendarDays(today, n))) {
      if (draw.remindedAt || !mine(draw.siteId)) continue;
      const site = await siteById(draw.siteId);
      if (!site) continue;
      await write([
        {
          kind: 'creditDueReminder',
          siteId: draw.siteId,
          ref: `${draw.legalEntityId}.${draw.end}`,
          dueAt: ledger.dueReminderAt(draw.dueDay, siteTimeZone(site), now),
          data: { legalEntityId: draw.legalEntityId, end: String(draw.end) },
        },
      ]);
      report.creditDraws++;
    }
  }

  // The old purge partition is emptied page by page as its entries move (narrowed to one site: one page of 1000).
  for (;;) {
    const page = await visaRepo.purgesDue('9999', options.siteId ? 1000 : 100);
    for (const p of page.filter((x) => mine(x.siteId))) {
      await write([{ kind: 'visaDocumentsPurge', siteId: p.siteId, ref: p.applicationId, dueAt: p.dueAt, data: {} }]);
      await visaRepo.removePurge(p.key);
      report.visaPurges++;
    }
    if (options.siteId || page.length === 0) break;
  }
  return report;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { ...TARGET_OPTIONS, site: { type: 'string' } } });
  await pointAtTable(values);
  const report = await backfillDeadlines(new Date(), values.site ? { siteId: values.site } : {});
  process.stdout.write(`Deadlines written: ${JSON.stringify(report)}\n`);
}
