/** The ticket queues and the booking list: filters, sorting, paging and the Excel export. */
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import {
  STATUS_FILTER_IDS,
  TICKETS_PAGE_SIZE,
  routeText,
  type TBookingFilter,
  type TicketQueue,
  type TTicketPage,
} from '@tp/contracts/endpoints/tickets';
import { fail } from '#lib/errors';
import { seesAccountRecords } from '#lib/account-members';
import { permissionsOf } from '#lib/permissions';
import { siteTimeZone, type SiteRecord } from '#lib/tenancy';
import { dayRangeInZone, isWithin, type InstantRange } from '#lib/time';
import { EXPORT_LIMITS } from '@tp/contracts/endpoints/exports';
import { startExport, type ExportCell, type ExportColumn, type ExportSource } from '../../exports/index.ts';
import {
  type BookingRecord,
  type BookingRow,
  orderRange,
  readOrder,
  readQueuePage,
  toRow,
} from '../../bookings/index.ts';
import { getUser } from '../../users/records.ts';
import * as repo from '../repo.ts';
import { ticketView } from '../views.ts';
import { type TicketScope, isStaff } from './shared.ts';
import * as api from '@tp/contracts/endpoints/tickets';
import { answers } from '#lib/answers';

const QUEUE_PERMISSION: Record<TicketQueue, string> = {
  tickets: 'flights.ticketQueue',
  changeRequests: 'flights.changeRequests',
  holds: 'flights.holdQueue',
};

// Travel dates are the departure's local date (and time), so their day is their first ten characters.
const dayOf = (iso: string) => iso.slice(0, 10);
const inDays = (iso: string, from?: string, to?: string) => (!from || dayOf(iso) >= from) && (!to || dayOf(iso) <= to);

/**
 * The booking-list filter on one row (the same rules the test re-implements independently). `booked` is
 * the booking-date filter as instants: its days are the site's (lib/time.ts), bookings are stamped in UTC.
 */
export function matches(row: BookingRow, f: TBookingFilter, queue: TicketQueue | null, booked: InstantRange): boolean {
  if (!f.domestic && row.isDomestic) return false;
  if (!f.international && !row.isDomestic) return false;
  if (f.pnrOrTicket) {
    const q = f.pnrOrTicket.toUpperCase();
    if (!row.pnr.toUpperCase().includes(q) && !row.ticketNumbers.some((t) => t.toUpperCase().includes(q))) return false;
  }
  if (f.airlineCode && row.airlineCode.toUpperCase() !== f.airlineCode.toUpperCase()) return false;
  if (f.passenger) {
    const q = f.passenger.toLowerCase();
    if (!row.paxNames.some((n) => n.includes(q))) return false;
  }
  if (!isWithin(row.createdAt, booked)) return false;
  if (!inDays(row.travelDate, f.travelFrom, f.travelTo)) return false;
  if (f.userId && row.userId !== f.userId) return false;
  if (f.status && row.statusId !== STATUS_FILTER_IDS[f.status]) return false;
  // Holds stay out of the ticket queue unless asked for (the agent's "Held" filter).
  if (queue === 'tickets')
    return (f.status === 'held' || row.statusId !== BOOKING_STATUS.held) && row.statusId !== BOOKING_STATUS.failed;
  if (queue === 'changeRequests') return row.hasChangeRequest;
  if (queue === 'holds') return row.statusId === BOOKING_STATUS.held;
  return true;
}

export function compareRows(sort: TBookingFilter['sort']) {
  return (a: BookingRow, b: BookingRow): number => {
    // LT: most urgent first (soonest last ticketing time); bookings without one last.
    if (sort === 'LT')
      return (a.lastTicketDate ?? '~').localeCompare(b.lastTicketDate ?? '~') || a.bookingId.localeCompare(b.bookingId);
    const field = sort === 'BD' || sort === 'BA' ? 'createdAt' : 'travelDate';
    const asc = sort === 'BA' || sort === 'TA';
    const c = a[field].localeCompare(b[field]) || a.bookingId.localeCompare(b.bookingId);
    return asc ? c : -c;
  };
}

const endOfDay = (day: string) => `${day}T~`;

/**
 * Whose bookings a list reads: the site's (staff), one user's (a customer, or staff filtering by creator), or a
 * legal entity's (the admin or approver of an agency or company account: every member's bookings).
 */
type ListScope = { kind: 'site' } | { kind: 'user'; userId: string } | { kind: 'legalEntity'; leId: string };

const userOf = (s: ListScope) => (s.kind === 'user' ? s.userId : null);

/** Reads the partition that fits the filter (see indexes.ts) and returns the matching rows, sorted. */
async function filteredRows(
  site: SiteRecord,
  who: ListScope,
  f: TBookingFilter,
  queue: TicketQueue | null,
): Promise<{ rows: BookingRow[]; loaded: Map<string, BookingRecord> }> {
  const loaded = new Map<string, BookingRecord>();
  let rows: BookingRow[];
  const byTravel =
    f.sort === 'TD' || f.sort === 'TA' || ((f.travelFrom || f.travelTo) && !f.bookingFrom && !f.bookingTo);
  if (who.kind === 'legalEntity') {
    // The account's own partitions hold every member's rows, holds included (matches() keeps what the queue wants).
    const booking = dayRangeInZone(f.bookingFrom, f.bookingTo ?? f.travelTo, siteTimeZone(site));
    rows = byTravel
      ? await repo.legalEntityRows(site.siteId, who.leId, 'travel', {
          from: f.travelFrom,
          to: f.travelTo && endOfDay(f.travelTo),
        })
      : await repo.legalEntityRows(site.siteId, who.leId, 'booked', { from: booking.start, to: booking.end });
  } else if (queue === 'holds' || f.status === 'held') {
    const userId = userOf(who);
    const held = await repo.bookingsByIds(site.siteId, await repo.heldBookingIds(site.siteId));
    for (const b of held) loaded.set(b.bookingId, b);
    rows = held.filter((b) => !userId || b.userId === userId).map(toRow);
  } else if (byTravel) {
    rows = await repo.rowsByTravelDate(site.siteId, userOf(who), {
      from: f.travelFrom,
      to: f.travelTo && endOfDay(f.travelTo),
    });
  } else {
    // A booking is made before its travel date: a travel range also bounds the booking dates from above.
    // The end is the next day's first instant: a key there reads `instant#bookingId`, past the bound.
    const range = dayRangeInZone(f.bookingFrom, f.bookingTo ?? f.travelTo, siteTimeZone(site));
    const bookings = await repo.bookingsByBookingDate(site.siteId, userOf(who), { from: range.start, to: range.end });
    for (const b of bookings) loaded.set(b.bookingId, b);
    rows = bookings.map(toRow);
  }
  const booked = dayRangeInZone(f.bookingFrom, f.bookingTo, siteTimeZone(site));
  return { rows: rows.filter((r) => matches(r, f, queue, booked)).sort(compareRows(f.sort)), loaded };
}

/**
 * Whose bookings the caller may list: their own; their account's (its admin or approver), where a creator filter
 * narrows to one member of that account; or (staff, with the queue's permission) the site's.
 */
async function scopeUser(scope: TicketScope, f: TBookingFilter, queue: TicketQueue | null): Promise<ListScope> {
  const p = scope.principal;
  if (!isStaff(p)) {
    // An account's whole-account reader may narrow to one of its members; any other creator filter is ignored,
    // never widened (and only the account's rows are read either way).
    if (seesAccountRecords(p)) {
      const creator = f.userId ? await getUser(scope.site.siteId, f.userId) : null;
      if (creator?.legalEntityId !== p.legalEntityId) delete f.userId;
      return { kind: 'legalEntity', leId: p.legalEntityId };
    }
    // Everyone else is pinned to themselves; a creator filter they send is ignored.
    delete f.userId;
    return { kind: 'user', userId: p.userId };
  }
  if (queue && queue !== 'tickets' && !(await permissionsOf(p)).has(QUEUE_PERMISSION[queue])) throw fail.forbidden();
  return f.userId ? { kind: 'user', userId: f.userId } : { kind: 'site' };
}

/**
 * Whether a filter narrows a queue (so a page may skip rows, and the queue's counter is not the list's total).
 * The status "held" is the hold queue itself, wherever it is asked.
 */
export function narrowsQueue(f: TBookingFilter, queue: TicketQueue): boolean {
  const held = f.status === 'held' && queue !== 'changeRequests';
  return Boolean(
    !f.domestic ||
    !f.international ||
    f.pnrOrTicket ||
    f.airlineCode ||
    f.passenger ||
    f.bookingFrom ||
    f.bookingTo ||
    f.travelFrom ||
    f.travelTo ||
    f.userId ||
    (f.status && !held),
  );
}

/** Rows a narrowing filter may look at for one page before it answers a shorter page with a cursor. */
export const QUEUE_READ_AHEAD = 500;

/** Which queue's rows a staff list reads, in which order and between which keys (bookings/queues.ts). */
function queuePlan(site: SiteRecord, f: TBookingFilter, queue: TicketQueue) {
  const partition: TicketQueue = queue === 'tickets' && f.status === 'held' ? 'holds' : queue;
  const { order, forward } = readOrder(f.sort);
  // A booking is made before its travel date: a travel range also bounds the booking dates from above.
  const booked = dayRangeInZone(f.bookingFrom, f.bookingTo ?? f.travelTo, siteTimeZone(site));
  const range =
    order === 'B'
      ? orderRange('B', booked.start, booked.end)
      : order === 'T'
        ? orderRange('T', f.travelFrom, f.travelTo && endOfDay(f.travelTo))
        : orderRange('L');
  return { partition, forward, range, sort: f.sort };
}
type QueuePlan = ReturnType<typeof queuePlan>;

/**
 * A page cursor names its queue and sort, so it cannot be replayed on another list; its key lies in the range. It
 * also carries how many rows the pages before it held (`n`), so a filtered list counts on from there.
 */
const queueCursor = (plan: QueuePlan, sk: string, seen: number) =>
  Buffer.from(JSON.stringify({ q: plan.partition, s: plan.sort, k: sk, n: seen }), 'utf8').toString('base64url');
function cursorKey(plan: QueuePlan, cursor: string): { key: string; seen: number } {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      q?: unknown;
      s?: unknown;
      k?: unknown;
      n?: unknown;
    };
    const seen = c.n;
    if (c.q === plan.partition && c.s === plan.sort && typeof c.k === 'string' && Number.isSafeInteger(seen)) {
      if (c.k >= plan.range.lo && c.k <= plan.range.hi && (seen as number) >= 0)
        return { key: c.k, seen: seen as number };
    }
  } catch {
    // fall through
  }
  throw fail.validation('Invalid page cursor', { cursor: 'Invalid page cursor' });
}

/**
 * A staff queue of the site, one page read from the queue's own rows: the page (with a cursor to the next), its
 * bookings by id, and the total from the queue's counter; a narrowing filter pages with a bounded read-ahead and
 * counts as far as it has read. Page N without a cursor steps over the N−1 pages before it.
 */
async function siteQueuePage(
  site: SiteRecord,
  f: TBookingFilter,
  queue: TicketQueue,
  cursor: string | undefined,
): Promise<TTicketPage> {
  const plan = queuePlan(site, f, queue);
  const read = repo.queueReader(site.siteId, plan.partition, plan.range, plan.forward);
  const narrowed = narrowsQueue(f, queue);
  const booked = dayRangeInZone(f.bookingFrom, f.bookingTo, siteTimeZone(site));
  const match = narrowed ? (row: BookingRow) => matches(row, f, queue, booked) : undefined;
  const from = cursor ? cursorKey(plan, cursor) : null;
  let start = from?.key ?? null;
  // Rows on the pages before this one: as the cursor says, else the full pages a page number steps over.
  const before = from?.seen ?? (f.page - 1) * f.pageSize;
  if (!from && before > 0) {
    const skipped = await readQueuePage(read, { start: null, want: before, match, readAhead: Infinity });
    if (skipped.rows.length < before) {
      const total = narrowed ? skipped.rows.length : (await repo.queueCounts(site.siteId))[plan.partition];
      return {
        records: [],
        totalRecords: total,
        totalPages: Math.max(1, Math.ceil(total / f.pageSize)),
        page: f.page,
        nextCursor: null,
        totalKnown: true,
      };
    }
    start = skipped.rows.at(-1)!.sk;
  }
  const [page, counts] = await Promise.all([
    readQueuePage(read, { start, want: f.pageSize, match, readAhead: QUEUE_READ_AHEAD }),
    narrowed ? null : repo.queueCounts(site.siteId),
  ]);
  const bookings = await repo.bookingsByIds(
    site.siteId,
    page.rows.map((r) => r.row.bookingId),
  );
  const totalRecords = counts ? counts[plan.partition] : before + page.rows.length + (page.next ? 1 : 0);
  return {
    records: bookings.map(ticketView),
    totalRecords,
    totalPages: counts ? Math.max(1, Math.ceil(totalRecords / f.pageSize)) : f.page + (page.next ? 1 : 0),
    page: f.page,
    nextCursor: page.next && queueCursor(plan, page.next, before + page.rows.length),
    totalKnown: !narrowed || !page.next,
  };
}

export async function listTickets(
  scope: TicketScope,
  f: TBookingFilter,
  queue: TicketQueue | null,
  cursor?: string,
): Promise<TTicketPage> {
  const who = await scopeUser(scope, f, queue);
  if (queue && who.kind === 'site') return siteQueuePage(scope.site, f, queue, cursor);
  const { rows, loaded } = await filteredRows(scope.site, who, f, queue);
  const totalPages = Math.max(1, Math.ceil(rows.length / f.pageSize));
  const page = rows.slice((f.page - 1) * f.pageSize, f.page * f.pageSize);
  const missing = page.filter((r) => !loaded.has(r.bookingId)).map((r) => r.bookingId);
  for (const b of await repo.bookingsByIds(scope.site.siteId, missing)) loaded.set(b.bookingId, b);
  return {
    records: page.flatMap((r) => {
      const b = loaded.get(r.bookingId);
      return b ? [ticketView(b)] : [];
    }),
    totalRecords: rows.length,
    totalPages,
    page: f.page,
  };
}

/** The export's columns, in the order of each row below (widths in characters). */
const EXCEL_COLUMNS: ExportColumn[] = [
  { header: 'Booking ID', width: 14 },
  { header: 'PNR', width: 10 },
  { header: 'Status', width: 16 },
  { header: 'Booked on', width: 20 },
  { header: 'Travel date', width: 20 },
  { header: 'Airline', width: 8 },
  { header: 'Route', width: 16 },
  { header: 'Passengers', width: 30 },
  { header: 'Ticket numbers', width: 30 },
  { header: 'Domestic', width: 10 },
  { header: 'Amount', width: 12 },
  { header: 'Currency', width: 8 },
  { header: 'Created by', width: 28 },
  { header: 'User type', width: 12 },
];

const excelRow = (b: BookingRecord): ExportCell[] => [
  b.bookingId,
  b.pnr,
  ticketView(b).displayStatus,
  b.createdAt,
  b.travelDate,
  b.airlineCode,
  routeText(b.segments).replaceAll(' → ', '-'),
  b.passengers.map((p) => `${p.firstName} ${p.lastName}`).join(', '),
  b.passengers.flatMap((p) => (p.ticket ? [p.ticket.ticketNumber] : [])).join(', '),
  b.isDomestic ? 'Yes' : 'No',
  b.accounting.amountCharged,
  b.accounting.currency,
  b.user.email,
  b.user.userType,
];

/** What the tickets export stores on its job: the queue, the filter, and whose bookings the caller may export. */
interface TicketsExportFilter {
  queue: TicketQueue;
  filter: TBookingFilter;
  who: ListScope;
}

/** Staff Download Excel: checks the caller's queue permission now, then exports in the background. */
export async function startTicketsExport(
  scope: TicketScope,
  f: Omit<TBookingFilter, 'page' | 'pageSize'>,
  queue: TicketQueue,
) {
  const filter: TBookingFilter = { ...f, page: 1, pageSize: TICKETS_PAGE_SIZE };
  const who = await scopeUser(scope, filter, queue);
  const stored: TicketsExportFilter = { queue, filter, who };
  return startExport(scope, {
    kind: 'tickets',
    filter: { ...stored },
    fileName: `tickets-${queue}-${scope.now.toISOString().slice(0, 10)}.xlsx`,
  });
}

/**
 * The tickets export in the worker: the queue's rows as the list reads them (index rows, sorted), then the
 * bookings a page at a time.
 */
export const ticketsExport: ExportSource = async (site, stored) => {
  const { queue, filter, who } = stored as unknown as TicketsExportFilter;
  if (who.kind === 'site') return siteQueueExport(site, filter, queue);
  const { rows, loaded } = await filteredRows(site, who, filter, queue);
  async function* pages() {
    for (let i = 0; i < rows.length; i += EXPORT_LIMITS.pageRows) {
      const page = rows.slice(i, i + EXPORT_LIMITS.pageRows);
      const missing = page.filter((r) => !loaded.has(r.bookingId)).map((r) => r.bookingId);
      const read = new Map((await repo.bookingsByIds(site.siteId, missing)).map((b) => [b.bookingId, b]));
      yield page.flatMap((r) => {
        const b = loaded.get(r.bookingId) ?? read.get(r.bookingId);
        // Loaded rows are let go as they are written: the export holds a page of bookings, not the queue's.
        loaded.delete(r.bookingId);
        return b ? [excelRow(b)] : [];
      });
    }
  }
  return {
    total: rows.length,
    creator: site.companyName,
    sheets: [{ name: 'Tickets', columns: EXCEL_COLUMNS, pages }],
  };
};

/**
 * A staff queue's export: the queue's rows page by page, as the list reads them, each page's bookings by id. The
 * total shown while it runs is the queue's count (for a narrowing filter, what the rows are at most).
 */
async function siteQueueExport(site: SiteRecord, filter: TBookingFilter, queue: TicketQueue) {
  const plan = queuePlan(site, filter, queue);
  const read = repo.queueReader(site.siteId, plan.partition, plan.range, plan.forward);
  const booked = dayRangeInZone(filter.bookingFrom, filter.bookingTo, siteTimeZone(site));
  const match = narrowsQueue(filter, queue) ? (row: BookingRow) => matches(row, filter, queue, booked) : undefined;
  async function* pages() {
    let start: string | null = null;
    do {
      const page = await readQueuePage(read, { start, want: EXPORT_LIMITS.pageRows, match, readAhead: Infinity });
      const bookings = await repo.bookingsByIds(
        site.siteId,
        page.rows.map((r) => r.row.bookingId),
      );
      yield bookings.map(excelRow);
      start = page.next;
    } while (start);
  }
  return {
    total: (await repo.queueCounts(site.siteId))[plan.partition],
    creator: site.companyName,
    sheets: [{ name: 'Tickets', columns: EXCEL_COLUMNS, pages }],
  };
}

// The tickets Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetBookedFlights = answers(api.getBookedFlights, (input, scope) => listTickets(scope, input, null));
export const answerGetTickets = answers(api.getTickets, ({ queue, cursor, ...filter }, scope) =>
  listTickets(scope, filter, queue, cursor),
);
export const answerExportTickets = answers(api.exportTickets, ({ queue, ...filter }, scope) =>
  startTicketsExport(scope, filter, queue),
);
