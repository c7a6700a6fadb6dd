/**
 * A site's business per month (searches, bookings, revenue) as atomic counters, one item per site and month:
 * the console's reseller list reads them by key (never a scan or a count over bookings). The month is the
 * platform's business month (India time, as the look-to-book months).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, db, tableName } from './db.ts';
import { keys, type SiteId } from './keys.ts';
import { monthKey } from './time.ts';

export interface SiteMonthCounts {
  searches: number;
  bookings: number;
  /** Money received (INR): gateway payments verified as paid. */
  revenue: number;
}

/**
 * Adds to this month's counters (one atomic ADD; the item is made on first use). A count is a report, not a
 * ledger: a failure is the caller's to log, never a reason to fail the search or booking it counts.
 */
export async function countSiteMonth(siteId: SiteId, at: Date, add: Partial<SiteMonthCounts>): Promise<void> {
  const fields = (['searches', 'bookings', 'revenue'] as const).filter((f) => add[f]);
  if (!fields.length) return;
  const month = monthKey(at);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.siteMonth(siteId, month),
      UpdateExpression: `ADD ${fields.map((f) => `${f} :${f}`).join(', ')} SET #type = :type, siteId = :site, #month = :month`,
      ExpressionAttributeNames: { '#type': 'type', '#month': 'month' },
      ExpressionAttributeValues: {
        ...Object.fromEntries(fields.map((f) => [`:${f}`, add[f]])),
        ':type': 'SiteMonth',
        ':site': siteId,
        ':month': month,
      },
    }),
  );
}

/** The month's counters of several sites (zero where nothing was counted yet), by site id. */
export async function siteMonthCounts(
  siteIds: readonly SiteId[],
  month: string,
): Promise<Map<SiteId, SiteMonthCounts>> {
  const items = await batchGet(siteIds.map((id) => keys.siteMonth(id, month)));
  const found = new Map(items.map((i) => [i.siteId as SiteId, i]));
  return new Map(
    siteIds.map((id) => {
      const i = found.get(id);
      return [
        id,
        { searches: Number(i?.searches ?? 0), bookings: Number(i?.bookings ?? 0), revenue: Number(i?.revenue ?? 0) },
      ];
    }),
  );
}
