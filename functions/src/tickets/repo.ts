/** DynamoDB reads of the ticket queues (writes go through bookings-repo with the indexer of indexes.ts). */
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@tp/contracts/platform';
import { db, queryAll, tableName } from '#lib/db';
import { keys } from '#lib/keys';
import { toBooking, type BookingRecord } from '../flights/bookings-repo.ts';
import type { TransactItem } from '../wallet/ledger.ts';
import type { BookingRow } from './indexes.ts';

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
  siteId: string,
  userId: string | null,
  r: KeyRange,
): Promise<BookingRecord[]> {
  const gsi = userId ? TABLE.indexes.gsi2 : TABLE.indexes.gsi1;
  const pk = userId ? keys.bookingsOfUserPk(siteId, userId) : keys.bookingsPk(siteId);
  const { cond, values } = rangeCondition(gsi.sortKey, r);
  const items = await queryAll({
    IndexName: gsi.name,
    KeyConditionExpression: `${gsi.partitionKey} = :pk${cond}`,
    ExpressionAttributeValues: { ':pk': pk, ...values },
  });
  return items.map(toBooking);
}

/** Booking rows by travel date: the site's or one user's projection items. */
export async function rowsByTravelDate(siteId: string, userId: string | null, r: KeyRange): Promise<BookingRow[]> {
  const pk = userId ? keys.userBookingsByTravelPk(siteId, userId) : keys.bookingsByTravelPk(siteId);
  const { cond, values } = rangeCondition('sk', r);
  const items = await queryAll({
    KeyConditionExpression: `pk = :pk${cond}`,
    ExpressionAttributeValues: { ':pk': pk, ...values },
  });
  return items as unknown as BookingRow[];
}

/** Held bookings of a site by last ticketing date, up to `until` when given. */
export async function heldBookingIds(siteId: string, until?: string): Promise<string[]> {
  const { cond, values } = rangeCondition('sk', { to: until });
  const items = await queryAll({
    KeyConditionExpression: `pk = :pk${cond}`,
    ExpressionAttributeValues: { ':pk': keys.heldBookingsPk(siteId), ...values },
  });
  return items.map((i) => String(i.bookingId));
}

export async function holdSiteIds(): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.holdSitesPk() },
  });
  return items.map((i) => String(i.siteId));
}

/** Full bookings by id, in the order asked (missing ones left out). */
export async function bookingsByIds(siteId: string, ids: readonly string[]): Promise<BookingRecord[]> {
  const found = new Map<string, BookingRecord>();
  for (let i = 0; i < ids.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [tableName()]: { Keys: ids.slice(i, i + 100).map((id) => ({ ...keys.booking(siteId, id) })) },
    };
    while (request && Object.keys(request).length) {
      const res = await db().send(new BatchGetCommand({ RequestItems: request }));
      for (const item of res.Responses?.[tableName()] ?? []) {
        const b = toBooking(item);
        found.set(b.bookingId, b);
      }
      request = res.UnprocessedKeys as typeof request;
    }
  }
  return ids.flatMap((id) => {
    const b = found.get(id);
    return b ? [b] : [];
  });
}

export const changeRequestItem = (siteId: string, changeRequestId: string, bookingId: string): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...keys.changeRequest(siteId, changeRequestId), type: 'ChangeRequestRef', bookingId, changeRequestId },
  },
});

export async function bookingIdOfChangeRequest(siteId: string, changeRequestId: string): Promise<string | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.changeRequest(siteId, changeRequestId) }),
  );
  return Item ? String(Item.bookingId) : null;
}

/** A legal entity's wallet entries from `since` on that belong to a booking (by booking, order or PNR). */
export async function walletEntriesOfBooking(
  siteId: string,
  legalEntityId: string,
  since: string,
  ref: { bookingId: string; orderId: string; pnr: string },
): Promise<Record<string, unknown>[]> {
  const gsi = TABLE.indexes.gsi1;
  return queryAll({
    IndexName: gsi.name,
    KeyConditionExpression: `${gsi.partitionKey} = :pk AND ${gsi.sortKey} >= :since`,
    FilterExpression: 'bookingId = :b OR orderId = :o OR pnr = :p',
    ExpressionAttributeValues: {
      ':pk': keys.walletEntriesPk(siteId, legalEntityId),
      ':since': since,
      ':b': ref.bookingId,
      ':o': ref.orderId,
      ':p': ref.pnr,
    },
  });
}
