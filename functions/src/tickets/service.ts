/**
 * After the booking: the ticket queues and booking list, the e-ticket, markup/discount on it, holds
 * (release by hand and automatically at the last ticketing date), change requests with their refund,
 * the e-ticket mail and a booking's transactions. Agents and customers reach their own bookings only;
 * staff the site's (permissions per queue); another site's booking is never found.
 */
import { BOOKING_STATUS, type BookingStatusId } from '@tp/contracts/flights';
import { MSG } from '@tp/contracts/messages';
import {
  STATUS_FILTER_IDS,
  TICKET_MSG,
  routeText,
  type TBookingFilter,
  type TChangeRequestRequest,
  type TETicket,
  type TicketQueue,
  type TTicketPage,
} from '@tp/contracts/tickets';
import { holdReleasedMail } from '@tp/mail';
import { round2 } from '@tp/domain/pricing';
import { AppError, fail } from '#lib/errors';
import { log as rootLog, type Logger } from '#lib/logger';
import { appLink, enqueueEmail, mailBrand } from '#lib/mail';
import { permissionsOf } from '#lib/permissions';
import type { Principal } from '#lib/principal';
import { siteById, type SiteRecord } from '#lib/tenancy';
import { xlsx, type XlsxCell, type XlsxColumn } from '#lib/xlsx';
import { bookingIdByPnr, getBooking, saveBooking, type BookingRecord } from '../flights/bookings-repo.ts';
import { supplyFor } from '../flights/supply/index.ts';
import {
  SupplyError,
  type ChangeRequestStatus,
  type FlightSupply,
  type SupplyContext,
} from '../flights/supply/types.ts';
import { creditItems, type TransactItem } from '../wallet/ledger.ts';
import { toRow, type BookingRow } from './indexes.ts';
import { sendETicketMail } from './eticket-mail.ts';
import * as repo from './repo.ts';
import { eTicketView, ticketView } from './views.ts';

export interface TicketScope {
  site: SiteRecord;
  now: Date;
  principal: Principal;
  ip: string;
  log: Logger;
}

export interface TicketDeps {
  supplyFor(site: SiteRecord): Promise<FlightSupply>;
  enqueueEmail: typeof enqueueEmail;
}
export const defaultDeps: TicketDeps = { supplyFor: async (site) => supplyFor(site), enqueueEmail };

const isStaff = (p: Principal | undefined) => p?.userType === 'staff';

const supplyContext = (site: SiteRecord, now: Date, ip = '127.0.0.1', log: Logger = rootLog): SupplyContext => ({
  siteId: site.siteId,
  now,
  endUserIp: ip,
  log,
});

/** Supplier refusals as a clear 400, timeouts as the spec's 502 message. */
async function supplied<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof SupplyError)) throw err;
    if (err.kind === 'timeout') throw fail.supplierTimeout();
    throw new AppError('VALIDATION', err.message || 'The supplier could not process the request');
  }
}

/** A booking of this site the caller may act on; others' bookings read as not found. */
async function ownBooking(
  scope: { site: SiteRecord; principal: Principal },
  bookingId: string,
): Promise<BookingRecord> {
  const b = await getBooking(scope.site.siteId, bookingId);
  if (!b || (!isStaff(scope.principal) && b.userId !== scope.principal.userId)) throw fail.notFound();
  return b;
}

/**
 * Read-modify-write with the booking's version: `change` gets the current booking and returns the next
 * one (or null for no change) with extra items for the same transaction; retried when someone else won.
 */
async function mutate(
  siteId: string,
  bookingId: string,
  change: (b: BookingRecord) => { next: BookingRecord; extra?: TransactItem[] } | null,
): Promise<BookingRecord> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const prev = await getBooking(siteId, bookingId);
    if (!prev) throw fail.notFound();
    const r = change(prev);
    if (!r) return prev;
    if (await saveBooking(r.next, prev.version, r.extra ?? [], prev)) return { ...r.next, version: prev.version + 1 };
  }
  throw fail.conflict('The booking changed meanwhile. Please try again.');
}

// ---------------------------------------------------------------------------------------------------
// Queues and the booking list

const QUEUE_PERMISSION: Record<TicketQueue, string> = {
  tickets: 'flights.ticketQueue',
  changeRequests: 'flights.changeRequests',
  holds: 'flights.holdQueue',
};

const dayOf = (iso: string) => iso.slice(0, 10);
const inDays = (iso: string, from?: string, to?: string) => (!from || dayOf(iso) >= from) && (!to || dayOf(iso) <= to);

/** The booking-list filter on one row (the same rules the test re-implements independently). */
export function matches(row: BookingRow, f: TBookingFilter, queue: TicketQueue | null): boolean {
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
  if (!inDays(row.createdAt, f.bookingFrom, f.bookingTo)) return false;
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

/** Reads the partition that fits the filter (see indexes.ts) and returns the matching rows, sorted. */
async function filteredRows(
  site: SiteRecord,
  userId: string | null,
  f: TBookingFilter,
  queue: TicketQueue | null,
): Promise<{ rows: BookingRow[]; loaded: Map<string, BookingRecord> }> {
  const loaded = new Map<string, BookingRecord>();
  let rows: BookingRow[];
  if (queue === 'holds' || f.status === 'held') {
    const held = await repo.bookingsByIds(site.siteId, await repo.heldBookingIds(site.siteId));
    for (const b of held) loaded.set(b.bookingId, b);
    rows = held.filter((b) => !userId || b.userId === userId).map(toRow);
  } else if (f.sort === 'TD' || f.sort === 'TA' || ((f.travelFrom || f.travelTo) && !f.bookingFrom && !f.bookingTo)) {
    rows = await repo.rowsByTravelDate(site.siteId, userId, {
      from: f.travelFrom,
      to: f.travelTo && endOfDay(f.travelTo),
    });
  } else {
    // A booking is made before its travel date: a travel range also bounds the booking dates from above.
    const to = f.bookingTo ?? f.travelTo;
    const bookings = await repo.bookingsByBookingDate(site.siteId, userId, {
      from: f.bookingFrom,
      to: to && endOfDay(to),
    });
    for (const b of bookings) loaded.set(b.bookingId, b);
    rows = bookings.map(toRow);
  }
  return { rows: rows.filter((r) => matches(r, f, queue)).sort(compareRows(f.sort)), loaded };
}

/** Whose bookings the caller may list: their own, or (staff, with the queue's permission) the site's. */
async function scopeUser(scope: TicketScope, f: TBookingFilter, queue: TicketQueue | null): Promise<string | null> {
  // Non-staff are pinned to themselves; a creator filter they send is ignored, never widened.
  if (!isStaff(scope.principal)) {
    delete f.userId;
    return scope.principal.userId;
  }
  if (queue && queue !== 'tickets' && !(await permissionsOf(scope.principal)).has(QUEUE_PERMISSION[queue]))
    throw fail.forbidden();
  return f.userId ?? null;
}

export async function listTickets(
  scope: TicketScope,
  f: TBookingFilter,
  queue: TicketQueue | null,
): Promise<TTicketPage> {
  const userId = await scopeUser(scope, f, queue);
  const { rows, loaded } = await filteredRows(scope.site, userId, f, queue);
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

/** Rows beyond this are left out of one export (the file would be unwieldy; filter further). */
export const EXCEL_MAX_ROWS = 5000;

/** The export's columns, in the order of each row below (widths in characters). */
const EXCEL_COLUMNS: XlsxColumn[] = [
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

export async function exportExcel(
  scope: TicketScope,
  f: Omit<TBookingFilter, 'page' | 'pageSize'>,
  queue: TicketQueue,
): Promise<{ filename: string; contentBase64: string; rows: number }> {
  const filter = { ...f, page: 1, pageSize: EXCEL_MAX_ROWS };
  const userId = await scopeUser(scope, filter, queue);
  const { rows, loaded } = await filteredRows(scope.site, userId, filter, queue);
  const used = rows.slice(0, EXCEL_MAX_ROWS);
  const missing = used.filter((r) => !loaded.has(r.bookingId)).map((r) => r.bookingId);
  for (const b of await repo.bookingsByIds(scope.site.siteId, missing)) loaded.set(b.bookingId, b);

  const rowsOut: XlsxCell[][] = [];
  for (const r of used) {
    const b = loaded.get(r.bookingId);
    if (!b) continue;
    rowsOut.push([
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
    ]);
  }
  const file = xlsx([{ name: 'Tickets', columns: EXCEL_COLUMNS, rows: rowsOut }], {
    creator: scope.site.companyName,
    created: scope.now,
  });
  const stamp = scope.now.toISOString().slice(0, 10);
  return {
    filename: `tickets-${queue}-${stamp}.xlsx`,
    contentBase64: file.toString('base64'),
    rows: rowsOut.length,
  };
}

// ---------------------------------------------------------------------------------------------------
// E-ticket

/** Public by bookingId + PNR; prices and editing only for the booking's user or staff. */
export async function ticketDetail(
  scope: { site: SiteRecord; principal: Principal | undefined },
  ref: { bookingId: string; pnr: string },
): Promise<TETicket> {
  const b = await getBooking(scope.site.siteId, ref.bookingId);
  // The PNR must match too: a booking id alone (sequential-looking) does not open a ticket.
  if (!b || b.pnr.toUpperCase() !== ref.pnr.toUpperCase()) throw fail.notFound();
  const p = scope.principal;
  return eTicketView(b, scope.site, !!p && (isStaff(p) || p.userId === b.userId));
}

export async function updateDetails(
  scope: TicketScope,
  input: { bookingId: string; markup?: number | undefined; discount?: number | undefined },
): Promise<TETicket> {
  await ownBooking(scope, input.bookingId);
  const next = await mutate(scope.site.siteId, input.bookingId, (b) => ({
    next: {
      ...b,
      agentMarkup: input.markup === undefined ? b.agentMarkup : round2(input.markup),
      agentDiscount: input.discount === undefined ? b.agentDiscount : round2(input.discount),
    },
  }));
  return eTicketView(next, scope.site, true);
}

// ---------------------------------------------------------------------------------------------------
// Holds

const STATUS_TEXT: Record<BookingStatusId, string> = {
  1: 'Held',
  2: 'Failed',
  3: 'Ticketed',
  4: 'Cancelled',
  5: 'ChangeRequested',
  6: 'Released',
  7: 'PartiallyCancelled',
  8: 'Reissued',
};
const withStatus = (b: BookingRecord, statusId: BookingStatusId): BookingRecord => ({
  ...b,
  statusId,
  status: STATUS_TEXT[statusId],
});

async function releaseAtSupplier(
  site: SiteRecord,
  b: BookingRecord,
  now: Date,
  deps: TicketDeps,
  options: { ctx?: SupplyContext; lapsed?: boolean } = {},
): Promise<BookingRecord> {
  const supply = await deps.supplyFor(site);
  try {
    await supply.release(
      { supplierBookingId: b.supplierBookingId, source: b.source },
      options.ctx ?? supplyContext(site, now),
    );
  } catch (err) {
    // A lapsed hold the supplier no longer knows (or already dropped) holds nothing: it is released
    // on our side all the same. Only an unanswered call is retried on the next run.
    const retry = !(err instanceof SupplyError) || err.kind === 'timeout' || err.kind === 'failed';
    if (!options.lapsed || retry) await supplied(() => Promise.reject(err));
  }
  return mutate(site.siteId, b.bookingId, (cur) =>
    cur.statusId === BOOKING_STATUS.held ? { next: withStatus(cur, BOOKING_STATUS.released) } : null,
  );
}

export async function release(scope: TicketScope, input: { BookingId: string }, deps: TicketDeps = defaultDeps) {
  const b = await ownBooking(scope, input.BookingId);
  if (b.statusId !== BOOKING_STATUS.held) throw fail.validation(TICKET_MSG.notHeld);
  const next = await releaseAtSupplier(scope.site, b, scope.now, deps, {
    ctx: supplyContext(scope.site, scope.now, scope.ip, scope.log),
  });
  return ticketView(next);
}

/**
 * Releases every hold of a site whose last ticketing date is before `now` and tells the customer.
 * Run by the scheduled worker (workers/hold-release.ts); `now` is a parameter so tests control the clock.
 */
export async function releaseExpiredHolds(
  siteId: string,
  now: Date,
  deps: TicketDeps = defaultDeps,
): Promise<string[]> {
  const site = await siteById(siteId);
  if (!site) return [];
  const nowText = now.toISOString().slice(0, 19);
  const released: string[] = [];
  for (const b of await repo.bookingsByIds(siteId, await repo.heldBookingIds(siteId, nowText))) {
    const due = b.lastTicketDate && Date.parse(b.lastTicketDate) <= now.getTime();
    if (b.statusId !== BOOKING_STATUS.held || !due) continue;
    try {
      await releaseAtSupplier(site, b, now, deps, { lapsed: true });
    } catch (err) {
      // One stubborn booking must not stop the others; it is tried again on the next run.
      rootLog.error('automatic hold release failed', { siteId, bookingId: b.bookingId, error: String(err) });
      continue;
    }
    released.push(b.bookingId);
    const lead = b.passengers.find((p) => p.isLeadPax) ?? b.passengers[0];
    const mail = holdReleasedMail(mailBrand(site), {
      firstName: b.user.firstName,
      pnr: b.pnr,
      lastTicketDate: b.lastTicketDate!.slice(0, 16).replace('T', ' '),
      searchLink: appLink(site, '/flight/search'),
    });
    const to = [...new Set([b.user.email, lead?.email].filter((e): e is string => !!e))];
    await deps.enqueueEmail({ siteId, to, ...mail, idempotencyKey: `hold-released-${b.bookingId}` });
  }
  return released;
}

// ---------------------------------------------------------------------------------------------------
// Change requests

const FINAL_CR = new Set(['Completed', 'Rejected', 'Closed']);
const CHANGEABLE = new Set<number>([
  BOOKING_STATUS.ticketed,
  BOOKING_STATUS.partiallyCancelled,
  BOOKING_STATUS.reissued,
]);

function ticketIdsFor(b: BookingRecord, input: TChangeRequestRequest): string[] | undefined {
  const own = new Set(b.passengers.flatMap((p) => (p.ticket ? [p.ticket.ticketId] : [])));
  if (input.RequestType === 1) return undefined;
  const ids = input.TicketId ?? [];
  if (!ids.length) throw fail.validation(MSG.required, { TicketId: MSG.required });
  if (ids.some((id) => !own.has(id)))
    throw fail.validation(TICKET_MSG.noTickets4Pax, { TicketId: TICKET_MSG.noTickets4Pax });
  return [...new Set(ids)];
}

function sectorsFor(b: BookingRecord, input: TChangeRequestRequest) {
  if (input.RequestType !== 2) return undefined;
  const sectors = input.Sectors ?? [];
  if (!sectors.length) throw fail.validation(MSG.required, { Sectors: MSG.required });
  const legs = new Set(b.segments.flat().map((s) => `${s.originAirportCode}-${s.destinationAirportCode}`));
  if (sectors.some((s) => !legs.has(`${s.Origin}-${s.Destination}`)))
    throw fail.validation('Choose sectors of this booking', { Sectors: 'Choose sectors of this booking' });
  return sectors.map((s) => ({ origin: s.Origin, destination: s.Destination }));
}

export async function sendChangeRequest(
  scope: TicketScope,
  input: TChangeRequestRequest,
  deps: TicketDeps = defaultDeps,
) {
  const b = await ownBooking(scope, input.BookingId);
  if (b.statusId === BOOKING_STATUS.changeRequested) throw fail.conflict('A change request is already in progress');
  if (!CHANGEABLE.has(b.statusId)) throw fail.validation(TICKET_MSG.notTicketed);
  const ticketIds = ticketIdsFor(b, input);
  const sectors = sectorsFor(b, input);
  const supply = await deps.supplyFor(scope.site);
  const res = await supplied(() =>
    supply.changeRequest(
      {
        supplierBookingId: b.supplierBookingId,
        requestType: input.RequestType,
        cancellationType: input.CancellationType,
        ...(sectors ? { sectors } : {}),
        ...(ticketIds ? { ticketIds } : {}),
        remarks: input.Remarks,
      },
      supplyContext(scope.site, scope.now, scope.ip, scope.log),
    ),
  );
  const created = res.changeRequests.map((cr) => ({
    changeRequestId: cr.changeRequestId,
    ticketId: cr.ticketId,
    requestType: input.RequestType,
    status: 'Unassigned',
    remarks: input.Remarks,
    createdAt: scope.now.toISOString(),
  }));
  const next = await mutate(scope.site.siteId, b.bookingId, (cur) => ({
    next: {
      ...withStatus(cur, BOOKING_STATUS.changeRequested),
      ticketCRInfo: [
        ...cur.ticketCRInfo.filter((x) => !created.some((c) => c.changeRequestId === x.changeRequestId)),
        ...created,
      ],
      supplierChangeReqStatus: { statusText: 'ChangeRequested' },
    },
    extra: created.map((c) => repo.changeRequestItem(scope.site.siteId, c.changeRequestId, b.bookingId)),
  }));
  return { booking: ticketView(next), changeRequests: created };
}

export async function cancellationCharges(
  scope: TicketScope,
  input: { BookingId: string; RequestType: 1 | 2 | 3; TicketId?: string[] | undefined },
  deps: TicketDeps = defaultDeps,
) {
  const b = await ownBooking(scope, input.BookingId);
  if (!CHANGEABLE.has(b.statusId)) throw fail.validation(TICKET_MSG.notTicketed);
  const supply = await deps.supplyFor(scope.site);
  return supplied(() =>
    supply.cancellationCharges(
      {
        supplierBookingId: b.supplierBookingId,
        requestType: input.RequestType,
        ...(input.TicketId?.length ? { ticketIds: input.TicketId } : {}),
      },
      supplyContext(scope.site, scope.now, scope.ip, scope.log),
    ),
  );
}

/** The booking's status once every change request is final. */
function settledStatus(b: BookingRecord): BookingStatusId {
  const done = b.ticketCRInfo.filter((c) => c.status === 'Completed');
  if (done.some((c) => c.requestType === 1)) return BOOKING_STATUS.cancelled;
  if (done.some((c) => c.requestType === 2)) return BOOKING_STATUS.partiallyCancelled;
  if (done.some((c) => c.requestType === 3)) return BOOKING_STATUS.reissued;
  return BOOKING_STATUS.ticketed;
}

/**
 * Applies a supplier status to the booking. A completed refund is credited to the booking's legal
 * entity wallet in the same transaction that marks it credited (entry `cr-<id>-refund`), so it happens
 * once however often the status is asked; the supplier's cancellation charge is kept.
 */
function applyCrStatus(cur: BookingRecord, s: ChangeRequestStatus, now: Date, byUserId: string) {
  const at = cur.ticketCRInfo.findIndex((c) => c.changeRequestId === s.changeRequestId);
  if (at < 0) return null;
  const cr = cur.ticketCRInfo[at]!;
  // A final status never moves back (a supplier answering from a stale replica, or a lagging clock).
  if (FINAL_CR.has(cr.status)) return null;
  const extra: TransactItem[] = [];
  const nextCr = { ...cr, status: s.status, cancellationCharge: s.cancellationCharge };
  let accounting = cur.accounting;
  if (s.status === 'Completed' && cr.requestType !== 3 && !cr.creditedAt) {
    const amount = round2(Math.min(s.refundedAmount, cur.accounting.amountCharged - cur.accounting.refundedAmount));
    nextCr.refundedAmount = Math.max(0, amount);
    nextCr.creditedAt = now.toISOString();
    if (amount > 0) {
      extra.push(
        ...creditItems({
          siteId: cur.siteId,
          legalEntityId: cur.accounting.legalEntityId,
          entryId: `cr-${s.changeRequestId}-refund`,
          amount,
          currency: cur.accounting.currency,
          kind: 'refund',
          remark: `Refund for PNR ${cur.pnr} (change request ${s.changeRequestId})`,
          byUserId,
          reference: { bookingId: cur.bookingId, pnr: cur.pnr, orderId: cur.orderId },
          now,
        }),
      );
      accounting = { ...accounting, refundedAmount: round2(accounting.refundedAmount + amount) };
    }
  }
  if (cr.status === nextCr.status && !extra.length && cr.cancellationCharge === nextCr.cancellationCharge) return null;
  const ticketCRInfo = cur.ticketCRInfo.map((c, i) => (i === at ? nextCr : c));
  let next: BookingRecord = { ...cur, ticketCRInfo, accounting };
  if (ticketCRInfo.every((c) => FINAL_CR.has(c.status)))
    next = { ...withStatus(next, settledStatus(next)), supplierChangeReqStatus: null };
  return { next, extra };
}

export async function crStatus(
  scope: TicketScope,
  input: { ChangeRequestId: string; BookingId?: string | undefined },
  deps: TicketDeps = defaultDeps,
) {
  const bookingId = input.BookingId || (await repo.bookingIdOfChangeRequest(scope.site.siteId, input.ChangeRequestId));
  if (!bookingId) throw fail.notFound(TICKET_MSG.crNotFound);
  const b = await ownBooking(scope, bookingId);
  if (!b.ticketCRInfo.some((c) => c.changeRequestId === input.ChangeRequestId))
    throw fail.notFound(TICKET_MSG.crNotFound);
  const supply = await deps.supplyFor(scope.site);
  const s = await supplied(() =>
    supply.changeRequestStatus(
      { changeRequestId: input.ChangeRequestId },
      supplyContext(scope.site, scope.now, scope.ip, scope.log),
    ),
  );
  const next = await mutate(scope.site.siteId, bookingId, (cur) =>
    applyCrStatus(cur, s, scope.now, scope.principal.userId),
  );
  const cr = next.ticketCRInfo.find((c) => c.changeRequestId === input.ChangeRequestId)!;
  return { ...cr, bookingId, displayStatus: ticketView(next).displayStatus };
}

/**
 * Applies a supplier's change-request status learnt elsewhere (the TBO refund statement import of
 * flight-admin) through the same path as crStatus: one credit per change request (`cr-<id>-refund`),
 * never again once final. `applied`: this call changed the booking (a concurrent one did not).
 */
export async function applyChangeRequestStatus(
  siteId: string,
  bookingId: string,
  s: ChangeRequestStatus,
  now: Date,
  byUserId: string,
): Promise<{ booking: BookingRecord; applied: boolean }> {
  let applied = false;
  const booking = await mutate(siteId, bookingId, (cur) => {
    const change = applyCrStatus(cur, s, now, byUserId);
    applied = change !== null; // the last attempt decides: it is the one that was saved (or not)
    return change;
  });
  return { booking, applied };
}

// ---------------------------------------------------------------------------------------------------
// Mail and transactions

export async function emailTicket(
  scope: TicketScope,
  input: { to: string; bookingId: string; pnr: string; pax?: number | undefined; hidePrice: boolean },
  deps: TicketDeps = defaultDeps,
): Promise<{ ok: true }> {
  const b = await ownBooking(scope, input.bookingId);
  if (b.pnr.toUpperCase() !== input.pnr.toUpperCase()) throw fail.notFound();
  if (input.pax !== undefined && !b.passengers.some((p) => p.paxIndex === input.pax)) throw fail.notFound();
  await sendETicketMail(
    scope.site,
    b,
    scope.now,
    { to: [input.to], hidePrice: input.hidePrice, ...(input.pax === undefined ? {} : { pax: input.pax }) },
    deps,
  );
  return { ok: true };
}

export async function transactionsByPnr(scope: TicketScope, pnr: string) {
  const id = await bookingIdByPnr(scope.site.siteId, pnr.trim());
  if (!id) throw fail.notFound();
  const b = await ownBooking(scope, id);
  // Entries come from the order's payment on: a day before the booking covers a lapsed-then-paid order.
  const since = new Date(Date.parse(b.createdAt) - 86_400_000).toISOString();
  const entries = await repo.walletEntriesOfBooking(scope.site.siteId, b.accounting.legalEntityId, since, b);
  return {
    bookingId: b.bookingId,
    pnr: b.pnr,
    amountCharged: b.accounting.amountCharged,
    paymentMode: b.accounting.paymentMode,
    transactionId: b.accounting.transactionId,
    entries: entries.map((e) => ({
      entryId: String(e.entryId),
      amount: Number(e.amount),
      currency: String(e.currency),
      kind: String(e.kind),
      remark: String(e.remark ?? ''),
      createdAt: String(e.createdAt),
      ...(e.bookingId ? { bookingId: String(e.bookingId) } : {}),
      ...(e.orderId ? { orderId: String(e.orderId) } : {}),
      ...(e.pnr ? { pnr: String(e.pnr) } : {}),
    })),
  };
}
