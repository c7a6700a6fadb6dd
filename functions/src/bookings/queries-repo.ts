/**
 * Reads of the booking core's indexes: bookings by booking date (site, user), ticket-queue rows by travel
 * date, the hold queue and the sites that hold bookings, bookings by id. The tickets queues and the
 * flight back office read bookings only through these.
 */
import { TABLE } from '@tp/contracts/platform';
import { batchGet, queryAll } from '#lib/db';
import type { SiteId } from '#lib/keys';
import type { BookingRow } from './indexes.ts';
import { bookingKeys } from './keys.ts';
import { toBooking, type BookingRecord } from './record.ts';

export interface KeyRange {
  /** Inclusive sort-key bounds (prefixes of `date#bookingId`). */
  from?: string | undefined;
  to?: string | undefined;
}

function rangeCondition(skName: string, r: KeyRange) {
  const values: Record<string, string> = {};
  let cond = '';
  if (r.from && r.to) {
    cond = ` AND ${skName} BETWEEN :from AND :to`;
    Object.assign(values, { ':from': r.from, ':to': r.to });
  } else if (r.from) {
    cond = ` AND ${skName} >= :from`;
    values[':from'] = r.from;
  } else if (r.to) {
    cond = ` AND ${skName} <= :to`;
    values[':to'] = r.to;
  }
  return { cond, values };
}

/** Bookings by booking date: the site's (gsi1) or one user's (gsi2). Full records. */
export async function bookingsByBookingDate(
  siteId: SiteId,
  userId: string | null,
  r: KeyRange,
): Promise<BookingRecord[]> {
  const gsi = userId ? TABLE.indexes.gsi2 : TABLE.indexes.gsi1;
  const pk = userId ? bookingKeys.bookingsOfUserPk(siteId, userId) : bookingKeys.bookingsPk(siteId);
  const { cond, values } = rangeCondition(gsi.sortKey, r);
  const items = await queryAll({
    IndexName: gsi.name,
    KeyConditionExpression: `${gsi.partitionKey} = :pk${cond}`,
    ExpressionAttributeValues: { ':pk': pk, ...values },
  });
  return items.map(toBooking);
}

/** Booking rows by travel date: the site's or one user's projection items. */
export async function rowsByTravelDate(siteId: SiteId, userId: string | null, r: KeyRange): Promise<BookingRow[]> {
  const pk = userId ? bookingKeys.userBookingsByTravelPk(siteId, userId) : bookingKeys.bookingsByTravelPk(siteId);
  const { cond, values } = rangeCondition('sk', r);
  const items = await queryAll({
    KeyConditionExpression: `pk = :pk${cond}`,
    ExpressionAttributeValues: { ':pk': pk, ...values },
  });
  return items as unknown as BookingRow[];
}

/** Booking rows of one legal entity (an agency's or a company's members), by booking date or by travel date. */
export async function legalEntityRows(
  siteId: SiteId,
  leId: string,
  by: 'booked' | 'travel',
  r: KeyRange,
): Promise<BookingRow[]> {
  const pk =
    by === 'booked'
      ? bookingKeys.legalEntityBookingsPk(siteId, leId)
      : bookingKeys.legalEntityBookingsByTravelPk(siteId, leId);
  const { cond, values } = rangeCondition('sk', r);
  const items = await queryAll({
    KeyConditionExpression: `pk = :pk${cond}`,
    ExpressionAttributeValues: { ':pk': pk, ...values },
  });
  return items as unknown as BookingRow[];
}

/** Held bookings of a site by last ticketing date, up to `until` when given. */
export async function heldBookingIds(siteId: SiteId, until?: string): Promise<string[]> {
  const { cond, values } = rangeCondition('sk', { to: until });
  const items = await queryAll({
    KeyConditionExpression: `pk = :pk${cond}`,
    ExpressionAttributeValues: { ':pk': bookingKeys.heldBookingsPk(siteId), ...values },
  });
  return items.map((i) => String(i.bookingId));
}

export async function holdSiteIds(): Promise<SiteId[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': bookingKeys.holdSitesPk() },
  });
  return items.map((i) => i.siteId as SiteId);
}

/** Sites that have ticketed bookings (the disruption sweep's list). */
export async function ticketSiteIds(): Promise<SiteId[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': bookingKeys.ticketSitesPk() },
  });
  return items.map((i) => i.siteId as SiteId);
}

/** Full bookings by id, in the order asked (missing ones left out). */
export async function bookingsByIds(siteId: SiteId, ids: readonly string[]): Promise<BookingRecord[]> {
  const items = await batchGet(ids.map((id) => bookingKeys.booking(siteId, id)));
  const found = new Map(items.map((item) => [String(item.bookingId), toBooking(item)]));
  return ids.flatMap((id) => {
    const b = found.get(id);
    return b ? [b] : [];
  });
}
