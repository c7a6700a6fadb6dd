/**
 * Reads of the booking core's indexes: bookings by booking date (site, user), ticket-queue rows by travel
 * date, the hold queue and the sites that hold bookings, bookings by id. The tickets queues and the
 * flight back office read bookings only through these.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@tp/contracts/platform';
import type { TicketQueue } from '@tp/contracts/endpoints/tickets';
import { batchGet, db, queryAll, queryPage, tableName, type Page } from '#lib/db';
import type { SiteId } from '#lib/keys';
import type { BookingRow } from './indexes.ts';
import { bookingKeys } from './keys.ts';
import { QUEUES, type QueueReader } from './queues.ts';
import { QUEUE_INDEX_ATTR, toBooking, type BookingRecord } from './record.ts';

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

const ROW_ATTRS = new Set(['pk', 'sk', 'type']);
const toQueueRow = (item: Record<string, unknown>): BookingRow =>
  Object.fromEntries(Object.entries(item).filter(([k]) => !ROW_ATTRS.has(k))) as unknown as BookingRow;

/**
 * A reader of one ticket queue's rows in one order (queues.ts `readQueuePage` drives it): the rows between `lo`
 * and `hi` (inclusive sort keys), after `start`, in the direction asked. Each call is one Query of `limit` rows.
 */
export function queueReader(
  siteId: SiteId,
  queue: TicketQueue,
  range: { lo: string; hi: string },
  forward: boolean,
): QueueReader {
  const pk = bookingKeys.queuePk(siteId, queue);
  return async (start, limit) => {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lo AND :hi',
        ExpressionAttributeValues: { ':pk': pk, ':lo': range.lo, ':hi': range.hi },
        ScanIndexForward: forward,
        Limit: limit,
        ...(start ? { ExclusiveStartKey: { pk, sk: start } } : {}),
      }),
    );
    return {
      rows: (out.Items ?? []).map((item) => ({ sk: String(item.sk), row: toQueueRow(item) })),
      more: Boolean(out.LastEvaluatedKey),
    };
  };
}

/** How many bookings each ticket queue of a site holds (the counters the booking writes move). */
export async function queueCounts(siteId: SiteId): Promise<Record<TicketQueue, number>> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: bookingKeys.queueCounts(siteId) }));
  return Object.fromEntries(QUEUES.map((q) => [q, Math.max(0, Number(Item?.[q] ?? 0))])) as Record<TicketQueue, number>;
}

/**
 * The backfill's read: a page of a site's bookings (gsi1, oldest first), those stored before the queues had
 * rows (no row list on the item) made records, the rest only counted.
 */
export async function bookingsWithoutQueueRows(
  siteId: SiteId,
  cursor: string | undefined,
): Promise<Page<BookingRecord> & { read: number }> {
  const page = await queryPage('gsi1', bookingKeys.bookingsPk(siteId), { cursor, limit: 100 }, (item) => item);
  return {
    records: page.records.filter((item) => item[QUEUE_INDEX_ATTR] === undefined).map(toBooking),
    nextCursor: page.nextCursor,
    read: page.records.length,
  };
}
