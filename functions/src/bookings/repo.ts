/**
 * Bookings as stored (contracts ZBooking plus ownership and a version for optimistic updates). A booking
 * is written with its index attributes (site by booking date on gsi1, user by booking date on gsi2),
 * its PNR guard and, while held, its hold-queue item — all in one transaction with the caller's items
 * (the payment order moving to 'booked'). The ticket queues' index items (indexes.ts) are part of
 * every write: no caller has to remember them.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import { db, tableName, transact, transactOrFalse, type TransactItem } from '#lib/db';
import { keys, type SiteId } from '#lib/keys';
import { deadlineItem, deadlineRemoval, type Deadline } from '../deadlines/index.ts';
import { bookingKeys } from './keys.ts';
import { toRow } from './indexes.ts';
import { entryId, queueChange, queueEntries } from './queues.ts';
import { QUEUE_INDEX_ATTR, toBooking, type BookingRecord } from './record.ts';

const bookingItem = (r: BookingRecord): Record<string, unknown> => ({
  ...bookingKeys.booking(r.siteId, r.bookingId),
  ...bookingKeys.bookingsIndex(r.siteId, r.createdAt, r.bookingId),
  ...bookingKeys.bookingsOfUserIndex(r.siteId, r.userId, r.createdAt, r.bookingId),
  type: 'Booking',
  ...r,
  [QUEUE_INDEX_ATTR]: queueEntries(r).map(entryId),
});

/**
 * The ticket-queue rows of a booking (queues.ts) and the counters' move, given the rows its stored item lists
 * (`before`): rows it left are deleted, its rows are written again (the filter's fields may have changed), and
 * each queue it entered or left is counted in the same transaction.
 */
function queueItems(r: BookingRecord, before: readonly string[]): TransactItem[] {
  const row = { type: 'QueueRow', ...toRow(r) };
  const entries = queueEntries(r);
  const { removed, counts } = queueChange(before, entries);
  const items: TransactItem[] = [
    ...removed.map((e) => ({ Delete: { TableName: tableName(), Key: bookingKeys.queueRow(r.siteId, e.queue, e.sk) } })),
    ...entries.map((e) => ({
      Put: { TableName: tableName(), Item: { ...bookingKeys.queueRow(r.siteId, e.queue, e.sk), ...row } },
    })),
  ];
  const moves = Object.entries(counts);
  if (moves.length)
    items.push({
      Update: {
        TableName: tableName(),
        Key: bookingKeys.queueCounts(r.siteId),
        UpdateExpression: `ADD ${moves.map((_, i) => `#q${i} :q${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(moves.map(([q], i) => [`#q${i}`, q])),
        ExpressionAttributeValues: Object.fromEntries(moves.map(([, n], i) => [`:q${i}`, n])),
      },
    });
  return items;
}

/** The rows of the booker's legal entity, by booking and by travel date (the account admin's lists). */
function legalEntityRows(b: BookingRecord, row: Record<string, unknown>): TransactItem[] {
  const leId = b.accounting.legalEntityId;
  if (!leId) return [];
  return [
    {
      Put: {
        TableName: tableName(),
        Item: { ...bookingKeys.legalEntityBookings(b.siteId, leId, b.createdAt, b.bookingId), ...row },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...bookingKeys.legalEntityBookingsByTravel(b.siteId, leId, b.travelDate, b.bookingId), ...row },
      },
    },
  ];
}

/** The projection items (travel date; the legal entity's) and the hold-site entry of a booking. Puts only: idempotent. */
function bookingIndexItems(b: BookingRecord): TransactItem[] {
  const row = { type: 'BookingRow', ...toRow(b) };
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...bookingKeys.bookingsByTravel(b.siteId, b.travelDate, b.bookingId), ...row },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...bookingKeys.userBookingsByTravel(b.siteId, b.userId, b.travelDate, b.bookingId), ...row },
      },
    },
    ...legalEntityRows(b, row),
  ];
  if (b.statusId === BOOKING_STATUS.held)
    items.push({
      Put: { TableName: tableName(), Item: { ...bookingKeys.holdSite(b.siteId), type: 'HoldSite', siteId: b.siteId } },
    });
  if (b.statusId === BOOKING_STATUS.ticketed)
    items.push({
      Put: {
        TableName: tableName(),
        Item: { ...bookingKeys.ticketSite(b.siteId), type: 'TicketSite', siteId: b.siteId },
      },
    });
  return items;
}

function holdItems(r: BookingRecord, prev?: BookingRecord): TransactItem[] {
  const items: TransactItem[] = [];
  const wasHeld = prev?.statusId === BOOKING_STATUS.held && prev.lastTicketDate;
  const isHeld = r.statusId === BOOKING_STATUS.held && r.lastTicketDate;
  if (wasHeld && (!isHeld || prev.lastTicketDate !== r.lastTicketDate))
    items.push(
      {
        Delete: { TableName: tableName(), Key: bookingKeys.heldBooking(r.siteId, prev.lastTicketDate!, r.bookingId) },
      },
      ...holdDeadlines(r, prev.lastTicketDate!).map(deadlineRemoval),
    );
  if (isHeld && (!wasHeld || prev.lastTicketDate !== r.lastTicketDate))
    items.push({
      Put: {
        TableName: tableName(),
        Item: {
          ...bookingKeys.heldBooking(r.siteId, r.lastTicketDate!, r.bookingId),
          type: 'HeldBooking',
          bookingId: r.bookingId,
          userId: r.userId,
          pnr: r.pnr,
          lastTicketDate: r.lastTicketDate,
        },
      },
    });
  if (isHeld && (!wasHeld || prev.lastTicketDate !== r.lastTicketDate))
    items.push(...holdDeadlines(r, r.lastTicketDate!).map(deadlineItem));
  return items;
}

/** The agent is warned this long before a hold lapses at its last ticketing date. */
export const HOLD_WARNING_MS = 6 * 3_600_000;
/**
 * A hold's deadlines on the index (functions/src/deadlines): the warning 6 hours before it lapses, and its release
 * at the last ticketing date. Both are written with the hold and removed or moved by the booking's own write.
 */
export function holdDeadlines(r: BookingRecord, lastTicketDate: string): Deadline[] {
  const lapses = Date.parse(lastTicketDate);
  if (!Number.isFinite(lapses)) return [];
  const warnAt = new Date(lapses - HOLD_WARNING_MS).toISOString();
  const data = { lastTicketDate };
  return [
    { kind: 'holdWarning', siteId: r.siteId, ref: r.bookingId, dueAt: warnAt, data },
    { kind: 'holdRelease', siteId: r.siteId, ref: r.bookingId, dueAt: new Date(lapses).toISOString(), data },
  ];
}

/** Items that create a booking; the caller adds its own and writes them in one transaction. */
export function newBookingItems(r: BookingRecord): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: bookingItem(r),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...bookingKeys.bookingPnr(r.siteId, r.pnr), type: 'Unique', kind: 'pnr', bookingId: r.bookingId },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...holdItems(r),
    ...bookingIndexItems(r),
    ...queueItems(r, []),
  ];
}

export async function putBooking(r: BookingRecord, extra: TransactItem[] = []): Promise<void> {
  await transact([...newBookingItems(r), ...extra]);
}

export async function getBooking(siteId: SiteId, bookingId: string): Promise<BookingRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: bookingKeys.booking(siteId, bookingId), ConsistentRead: true }),
  );
  return Item ? toBooking(Item) : null;
}

export async function bookingIdByPnr(siteId: SiteId, pnr: string): Promise<string | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: bookingKeys.bookingPnr(siteId, pnr) }),
  );
  return Item ? String(Item.bookingId) : null;
}

/**
 * Replaces a booking if nobody changed it meanwhile (version check), with its hold and index items and the
 * caller's extra items (e.g. a wallet credit) in the same transaction. False when the version moved.
 */
export async function saveBooking(
  next: BookingRecord,
  expectedVersion: number,
  extra: TransactItem[] = [],
  prev?: BookingRecord,
): Promise<boolean> {
  // The queue rows the stored booking lists (none for one stored before the queues had rows: it is added now).
  const { Item: stored } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: bookingKeys.booking(next.siteId, next.bookingId),
      ConsistentRead: true,
      ProjectionExpression: '#v, #q',
      ExpressionAttributeNames: { '#v': 'version', '#q': QUEUE_INDEX_ATTR },
    }),
  );
  if (stored?.version !== expectedVersion) return false;
  const record = { ...next, version: expectedVersion + 1 };
  return transactOrFalse([
    {
      Put: {
        TableName: tableName(),
        Item: bookingItem(record),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': expectedVersion },
      },
    },
    ...holdItems(record, prev),
    ...bookingIndexItems(record),
    ...queueItems(record, (stored[QUEUE_INDEX_ATTR] as string[] | undefined) ?? []),
    ...extra,
  ]);
}

/**
 * The backfill of one booking stored before the queues had rows: its rows, its counts, and the list of them on
 * the booking, on the condition that nothing wrote the list meanwhile (the version moves, so a save that read
 * the booking before this retries on the list). Run twice, the second finds the list and writes nothing.
 */
export function queueBackfillItems(r: BookingRecord): TransactItem[] {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: bookingKeys.booking(r.siteId, r.bookingId),
        UpdateExpression: 'SET #q = :q, #v = #v + :one',
        ConditionExpression: 'attribute_not_exists(#q) AND #v = :v',
        ExpressionAttributeNames: { '#q': QUEUE_INDEX_ATTR, '#v': 'version' },
        ExpressionAttributeValues: { ':q': queueEntries(r).map(entryId), ':v': r.version, ':one': 1 },
      },
    },
    ...queueItems(r, []),
  ];
}

/** Next booking number of a site (human-friendly, increasing). */
export async function nextBookingNumber(siteId: SiteId): Promise<number> {
  const res = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.counter(siteId, 'BOOKINGS'),
      UpdateExpression: 'ADD #n :one',
      ExpressionAttributeNames: { '#n': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return 100_000 + Number(res.Attributes?.value ?? 1);
}
