/** Resellers as the console's calls answer them, with this month's counters. */
import type { TReseller, TResellerRow } from '@tp/contracts/endpoints/console';
import { round2 } from '@tp/domain';
import { siteMonthCounts, type SiteMonthCounts } from '#lib/site-stats';
import { monthKey } from '#lib/time';
import type { ResellerRecord } from './repo.ts';

type Month = TReseller['month'];

/** Searches per booking, one decimal; null before the first booking (nothing to divide by). */
export const lookToBook = (c: Pick<SiteMonthCounts, 'searches' | 'bookings'>): number | null =>
  c.bookings > 0 ? Math.round((c.searches / c.bookings) * 10) / 10 : null;

export const monthView = (month: string, c: SiteMonthCounts): Month => ({
  month,
  searches: c.searches,
  bookings: c.bookings,
  lookToBook: lookToBook(c),
  revenue: round2(c.revenue),
});

export const emptyMonth = (now: Date): Month => monthView(monthKey(now), { searches: 0, bookings: 0, revenue: 0 });

export function resellerView(r: ResellerRecord, month: Month): TReseller {
  return {
    siteId: r.siteId,
    companyName: r.companyName,
    domains: r.domains,
    status: r.status,
    goLive: r.goLive,
    legalEntity: r.legalEntity,
    adminContact: r.adminContact,
    adminEmail: r.adminEmail,
    modules: r.modules,
    supplierMode: r.supplierMode,
    gatewayMode: r.gatewayMode,
    branding: r.branding,
    createdAt: r.createdAt,
    createdBy: r.createdBy,
    suspension: r.suspension,
    admin: r.admin,
    month,
  };
}

export const rowView = (r: ResellerRecord, month: Month): TResellerRow => ({
  siteId: r.siteId,
  companyName: r.companyName,
  domains: r.domains,
  status: r.status,
  goLive: r.goLive,
  createdAt: r.createdAt,
  month,
});

/** The records with this month's counters (one batch read of counter items by key). */
export async function withMonths(records: readonly ResellerRecord[], now: Date): Promise<TReseller[]> {
  const month = monthKey(now);
  const counts = await siteMonthCounts(
    records.map((r) => r.siteId),
    month,
  );
  return records.map((r) => resellerView(r, monthView(month, counts.get(r.siteId)!)));
}
