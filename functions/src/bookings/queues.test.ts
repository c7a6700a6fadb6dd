import { describe, expect, it } from 'vitest';
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import type { BookingRow } from './indexes.ts';
import type { BookingRecord } from './record.ts';
import {
  entryId,
  orderRange,
  parseEntryId,
  queueChange,
  queueEntries,
  queuesOf,
  readOrder,
  readQueuePage,
  type QueueReader,
} from './queues.ts';

const booking = (over: Partial<BookingRecord> = {}): BookingRecord =>
  ({
    bookingId: '100001',
    statusId: BOOKING_STATUS.ticketed,
    ticketCRInfo: [],
    createdAt: '2026-03-01T10:00:00.000Z',
    travelDate: '2026-04-02T06:30:00',
    lastTicketDate: null,
    ...over,
  }) as BookingRecord;
const cr = [{ changeRequestId: 'c1' }] as BookingRecord['ticketCRInfo'];

describe('queue membership', () => {
  it('puts a booking in the queues the screens show it in', () => {
    expect(queuesOf(booking())).toEqual(['tickets']);
    expect(queuesOf(booking({ statusId: BOOKING_STATUS.held }))).toEqual(['holds']);
    expect(queuesOf(booking({ statusId: BOOKING_STATUS.failed }))).toEqual([]);
    expect(queuesOf(booking({ ticketCRInfo: cr }))).toEqual(['tickets', 'changeRequests']);
    expect(queuesOf(booking({ statusId: BOOKING_STATUS.released }))).toEqual(['tickets']);
  });

  it('writes one row per queue and order, its sort key `order#value#id`', () => {
    const rows = queueEntries(booking({ statusId: BOOKING_STATUS.held, lastTicketDate: '2026-03-02T10:00:00.000Z' }));
    expect(rows.map(entryId)).toEqual([
      'holds/B#2026-03-01T10:00:00.000Z#100001',
      'holds/T#2026-04-02T06:30:00#100001',
      'holds/L#2026-03-02T10:00:00.000Z#100001',
    ]);
    // No last ticketing time sorts last.
    expect(queueEntries(booking())[2]!.sk).toBe('L#~#100001');
    expect(parseEntryId(entryId(rows[1]!))).toEqual(rows[1]);
  });
});

describe('what a save changes', () => {
  it('moves the counters only for the queues entered or left, and removes only rows that went', () => {
    const held = booking({ statusId: BOOKING_STATUS.held, lastTicketDate: '2026-03-02T10:00:00.000Z' });
    const before = queueEntries(held).map(entryId);
    const ticketed = queueEntries(booking({ ticketCRInfo: cr }));
    const change = queueChange(before, ticketed);
    expect(change.counts).toEqual({ tickets: 1, changeRequests: 1, holds: -1 });
    expect(change.removed.map((e) => e.queue)).toEqual(['holds', 'holds', 'holds']);
  });

  it('moves nothing when the queues stay (a row rewritten in place)', () => {
    const rows = queueEntries(booking());
    expect(queueChange(rows.map(entryId), rows)).toEqual({ removed: [], counts: {} });
  });

  it('counts a booking stored before the queues had rows as entering them', () => {
    expect(queueChange([], queueEntries(booking())).counts).toEqual({ tickets: 1 });
  });

  it('moves the rows of a changed travel date without counting the booking again', () => {
    const before = queueEntries(booking()).map(entryId);
    const change = queueChange(before, queueEntries(booking({ travelDate: '2026-04-03T06:30:00' })));
    expect(change.counts).toEqual({});
    expect(change.removed.map(entryId)).toEqual(['tickets/T#2026-04-02T06:30:00#100001']);
  });
});

describe('reading order and ranges', () => {
  it('reads each sort from its own rows, in its direction', () => {
    expect(readOrder('BD')).toEqual({ order: 'B', forward: false });
    expect(readOrder('BA')).toEqual({ order: 'B', forward: true });
    expect(readOrder('TD')).toEqual({ order: 'T', forward: false });
    expect(readOrder('TA')).toEqual({ order: 'T', forward: true });
    expect(readOrder('LT')).toEqual({ order: 'L', forward: true });
  });

  it('bounds keys by prefixes of their value', () => {
    const r = orderRange('T', '2026-04-02', '2026-04-02T~');
    expect('T#2026-04-02T06:30:00#1' >= r.lo && 'T#2026-04-02T06:30:00#1' <= r.hi).toBe(true);
    expect('T#2026-04-03T00:00:00#1' <= r.hi).toBe(false);
    expect(orderRange('L')).toEqual({ lo: 'L#', hi: 'L#~' });
  });
});

/** A queue of `n` rows in memory; each read is recorded (how many rows it asked for). */
function memoryQueue(n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    sk: `B#${String(i).padStart(4, '0')}`,
    row: { bookingId: String(i), airlineCode: i % 10 === 0 ? 'AI' : '6E' } as BookingRow,
  }));
  const reads: number[] = [];
  const read: QueueReader = async (start, limit) => {
    reads.push(limit);
    const from = start ? rows.findIndex((r) => r.sk === start) + 1 : 0;
    const page = rows.slice(from, from + limit);
    return { rows: page, more: from + limit < rows.length };
  };
  return { read, reads };
}

describe('reading a page', () => {
  it('reads the page and one row more, and starts the next page after it', async () => {
    const q = memoryQueue(50);
    const first = await readQueuePage(q.read, { start: null, want: 20, readAhead: 500 });
    expect(first.rows.map((r) => r.row.bookingId)).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
    expect(first.next).toBe('B#0019');
    expect(q.reads).toEqual([21]);
    const last = await readQueuePage(q.read, { start: 'B#0039', want: 20, readAhead: 500 });
    expect(last.rows).toHaveLength(10);
    expect(last.next).toBeNull();
  });

  it('ends with no cursor when the page is exactly the rest of the queue', async () => {
    const q = memoryQueue(20);
    expect((await readQueuePage(q.read, { start: null, want: 20, readAhead: 500 })).next).toBeNull();
  });

  it('reads ahead for a filter, and stops at the read-ahead with a short page and where it stopped', async () => {
    const q = memoryQueue(1000);
    const ai = (r: BookingRow) => r.airlineCode === 'AI';
    const page = await readQueuePage(q.read, { start: null, want: 5, match: ai, readAhead: 500 });
    expect(page.rows.map((r) => r.row.bookingId)).toEqual(['0', '10', '20', '30', '40']);
    expect(page.next).toBe('B#0040');
    const rare = (r: BookingRow) => r.bookingId === '999';
    const short = await readQueuePage(q.read, { start: null, want: 5, match: rare, readAhead: 300 });
    expect(short.rows).toEqual([]);
    expect(short.next).toBe('B#0299');
    expect(q.reads.slice(-3)).toEqual([100, 100, 100]);
  });
});
