/**
 * The staff ticket queues as index items (docs/cost.md "Lists at a year's data"): each booking writes one row per
 * queue it belongs to and per sort order, in the queue's own partition, so a page of a queue is a Query of that
 * page (plus a bounded read-ahead when a filter skips rows), never of every booking in a date range. The queues
 * a booking is in are kept on the booking item itself (`queueIndex`), so each save knows exactly which rows to
 * remove and by how much each queue's counter moves. Pure: keys, membership, ranges and the paging loop.
 */
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import type { TicketQueue, TicketSort } from '@tp/contracts/endpoints/tickets';
import type { BookingRow } from './indexes.ts';
import type { BookingRecord } from './record.ts';

export const QUEUES = ['tickets', 'changeRequests', 'holds'] as const satisfies readonly TicketQueue[];

/** The three orders a queue is read in: booking date (B), travel date (T), last ticketing time (L). */
export type QueueOrder = 'B' | 'T' | 'L';
const ORDERS: readonly QueueOrder[] = ['B', 'T', 'L'];

/** No last ticketing time sorts last, as the LT sort has always done. */
const NO_TIME_LIMIT = '~';

/** The queues a booking is in: the ticket queue keeps holds and failed bookings out; a change request puts it in that queue. */
export function queuesOf(b: Pick<BookingRecord, 'statusId' | 'ticketCRInfo'>): TicketQueue[] {
  const out: TicketQueue[] = [];
  if (b.statusId !== BOOKING_STATUS.held && b.statusId !== BOOKING_STATUS.failed) out.push('tickets');
  if (b.ticketCRInfo.length > 0) out.push('changeRequests');
  if (b.statusId === BOOKING_STATUS.held) out.push('holds');
  return out;
}

/** A row's sort key in one order: `<order>#<value>#<bookingId>`. */
export function queueSortKey(
  order: QueueOrder,
  b: Pick<BookingRecord, 'createdAt' | 'travelDate' | 'lastTicketDate' | 'bookingId'>,
): string {
  const value = order === 'B' ? b.createdAt : order === 'T' ? b.travelDate : (b.lastTicketDate ?? NO_TIME_LIMIT);
  return `${order}#${value}#${b.bookingId}`;
}

/** One index row of a booking: the queue (its partition) and the sort key, stored as `queue/sk` on the booking. */
export interface QueueEntry {
  queue: TicketQueue;
  sk: string;
}
export const entryId = (e: QueueEntry) => `${e.queue}/${e.sk}`;
export function parseEntryId(id: string): QueueEntry {
  const at = id.indexOf('/');
  return { queue: id.slice(0, at) as TicketQueue, sk: id.slice(at + 1) };
}

export function queueEntries(b: BookingRecord): QueueEntry[] {
  return queuesOf(b).flatMap((queue) => ORDERS.map((order) => ({ queue, sk: queueSortKey(order, b) })));
}

/** What a save changes in the queues: rows to remove (in the old state only) and each queue's counter move. */
export function queueChange(
  before: readonly string[],
  after: readonly QueueEntry[],
): { removed: QueueEntry[]; counts: Partial<Record<TicketQueue, number>> } {
  const kept = new Set(after.map(entryId));
  const removed = before.filter((id) => !kept.has(id)).map(parseEntryId);
  const queuesBefore = new Set(before.map((id) => parseEntryId(id).queue));
  const queuesAfter = new Set(after.map((e) => e.queue));
  const counts: Partial<Record<TicketQueue, number>> = {};
  for (const q of QUEUES) {
    const move = (queuesAfter.has(q) ? 1 : 0) - (queuesBefore.has(q) ? 1 : 0);
    if (move) counts[q] = move;
  }
  return { removed, counts };
}

/** How a sort reads: which order's rows, and in which direction. */
export function readOrder(sort: TicketSort): { order: QueueOrder; forward: boolean } {
  if (sort === 'LT') return { order: 'L', forward: true };
  return { order: sort.startsWith('B') ? 'B' : 'T', forward: sort.endsWith('A') };
}

/**
 * The sort-key bounds of one order's rows, both inclusive; `from`/`to` are prefixes of the value (an instant, a
 * day). An upper bound ends with `~` after the prefix: every key that starts with it is inside.
 */
export function orderRange(order: QueueOrder, from?: string, to?: string): { lo: string; hi: string } {
  return { lo: `${order}#${from ?? ''}`, hi: `${order}#${to ?? NO_TIME_LIMIT}` };
}

/** One read of a queue: up to `limit` rows after `start` (exclusive), and whether the partition goes on. */
export type QueueReader = (
  start: string | null,
  limit: number,
) => Promise<{ rows: { sk: string; row: BookingRow }[]; more: boolean }>;

export interface QueuePage {
  rows: { sk: string; row: BookingRow }[];
  /** Where the next page starts (exclusive), or null when the queue ends here. */
  next: string | null;
}

/** Rows read at a time while a filter skips rows. */
const FILTERED_READ = 100;

/**
 * Reads `want` matching rows after `start`: unfiltered, exactly the page and one more row (to know there is a
 * next page); filtered, in reads of FILTERED_READ rows until the page is full or `readAhead` rows were looked at,
 * when a short page comes back with where it stopped (the audit log's rule): the cost of a page is bounded by the
 * read-ahead, never by the queue's length.
 */
export async function readQueuePage(
  read: QueueReader,
  opts: { start: string | null; want: number; match?: (row: BookingRow) => boolean; readAhead: number },
): Promise<QueuePage> {
  const out: QueuePage['rows'] = [];
  let start = opts.start;
  let examined = 0;
  for (;;) {
    const limit = opts.match ? Math.min(FILTERED_READ, opts.readAhead - examined) : opts.want + 1 - out.length;
    const { rows, more } = await read(start, Math.max(1, limit));
    for (const r of rows) {
      examined++;
      start = r.sk;
      if (opts.match && !opts.match(r.row)) continue;
      if (out.length === opts.want) return { rows: out, next: out.at(-1)?.sk ?? opts.start };
      out.push(r);
    }
    if (!more) return { rows: out, next: null };
    if (opts.match && examined >= opts.readAhead) return { rows: out, next: start };
  }
}
