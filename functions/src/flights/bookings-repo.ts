/**
 * Bookings as stored (contracts ZBooking plus ownership and a version for optimistic updates). A booking
 * is written with its index attributes (site by booking date on gsi1, user by booking date on gsi2),
 * its PNR guard and, while held, its hold-queue item — all in one transaction with the caller's items
 * (the payment order moving to 'booked').
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TBooking } from '@tp/contracts/flights';
import { BOOKING_STATUS } from '@tp/contracts/flights';
import { db, tableName } from '#lib/db';
import { keys } from '#lib/keys';
import { isConditionFailure } from '#lib/errors';
import type { TransactItem } from '../wallet/ledger.ts';

export interface BookingRecord extends TBooking {
  siteId: string;
  userId: string;
  version: number;
}

/** Extra index items other work keeps for a booking (e.g. the ticket queue's projections). */
export type BookingIndexer = (record: BookingRecord) => TransactItem[];
const indexers: BookingIndexer[] = [];
/** Registers an indexer whose items are written with every putBooking/saveBooking. */
export function registerBookingIndexer(indexer: BookingIndexer): void {
  if (!indexers.includes(indexer)) indexers.push(indexer);
}

const bookingItem = (r: BookingRecord): Record<string, unknown> => ({
  ...keys.booking(r.siteId, r.bookingId),
  ...keys.bookingsIndex(r.siteId, r.createdAt, r.bookingId),
  ...keys.bookingsOfUserIndex(r.siteId, r.userId, r.createdAt, r.bookingId),
  type: 'Booking',
  ...r,
});

function holdItems(r: BookingRecord, prev?: BookingRecord): TransactItem[] {
  const items: TransactItem[] = [];
  const wasHeld = prev?.statusId === BOOKING_STATUS.held && prev.lastTicketDate;
  const isHeld = r.statusId === BOOKING_STATUS.held && r.lastTicketDate;
  if (wasHeld && (!isHeld || prev.lastTicketDate !== r.lastTicketDate))
    items.push({
      Delete: { TableName: tableName(), Key: keys.heldBooking(r.siteId, prev.lastTicketDate!, r.bookingId) },
    });
  if (isHeld && (!wasHeld || prev.lastTicketDate !== r.lastTicketDate))
    items.push({
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.heldBooking(r.siteId, r.lastTicketDate!, r.bookingId),
          type: 'HeldBooking',
          bookingId: r.bookingId,
          userId: r.userId,
          pnr: r.pnr,
          lastTicketDate: r.lastTicketDate,
        },
      },
    });
  return items;
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
        Item: { ...keys.bookingPnr(r.siteId, r.pnr), type: 'Unique', kind: 'pnr', bookingId: r.bookingId },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...holdItems(r),
    ...indexers.flatMap((f) => f(r)),
  ];
}

export async function putBooking(r: BookingRecord, extra: TransactItem[] = []): Promise<void> {
  await db().send(new TransactWriteCommand({ TransactItems: [...newBookingItems(r), ...extra] }));
}

export async function getBooking(siteId: string, bookingId: string): Promise<BookingRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.booking(siteId, bookingId), ConsistentRead: true }),
  );
  return Item ? toBooking(Item) : null;
}

export async function bookingIdByPnr(siteId: string, pnr: string): Promise<string | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.bookingPnr(siteId, pnr) }));
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
  const record = { ...next, version: expectedVersion + 1 };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: bookingItem(record),
              ConditionExpression: 'version = :v',
              ExpressionAttributeValues: { ':v': expectedVersion },
            },
          },
          ...holdItems(record, prev),
          ...indexers.flatMap((f) => f(record)),
          ...extra,
        ],
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Next booking number of a site (human-friendly, increasing). */
export async function nextBookingNumber(siteId: string): Promise<number> {
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

const INDEX_ATTRS = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'type'];
export function toBooking(item: Record<string, unknown>): BookingRecord {
  const copy: Record<string, unknown> = { ...item };
  for (const a of INDEX_ATTRS) delete copy[a];
  return copy as unknown as BookingRecord;
}
