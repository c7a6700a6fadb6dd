/**
 * /staff/supplierProfitLoss and /staff/infozealExcelDataExport: per-booking accounting over a day range,
 * read by Query from the booking-date index (gsi1) or the travel-date projection (ticket queue indexes),
 * filtered in memory, totalled over the whole filter and paged. The arithmetic is profit.ts.
 */
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import type { TProfitFilter, TVoucherRow } from '@tp/contracts/endpoints/flight-admin';
import type { BookingRecord } from '../bookings/index.ts';
import * as ticketsRepo from '../tickets/index.ts';
import { bookingProfit, isTicketed, profitTotals, voucherRows } from './profit.ts';
import type { AdminScope } from './scope.ts';
import type { SiteId } from '#lib/keys';
import * as api from '@tp/contracts/endpoints/flight-admin';
import { onTestHost } from './scope.ts';
import { answers } from '#lib/answers';

const STATUS_IDS: Record<NonNullable<TProfitFilter['status']>, number> = {
  ticketed: BOOKING_STATUS.ticketed,
  cancelled: BOOKING_STATUS.cancelled,
  partiallyCancelled: BOOKING_STATUS.partiallyCancelled,
  reissued: BOOKING_STATUS.reissued,
  changeRequested: BOOKING_STATUS.changeRequested,
};
const endOf = (day: string) => `${day}T~`;

function pageOf<T>(all: T[], page: number, pageSize: number) {
  return {
    records: all.slice((page - 1) * pageSize, page * pageSize),
    page,
    pageSize,
    totalRecords: all.length,
    totalPages: Math.max(1, Math.ceil(all.length / pageSize)),
  };
}

/** The filter's bookings: by booking date from gsi1, or by travel date from the projection (pre-filtered on it). */
async function filteredBookings(siteId: SiteId, f: TProfitFilter): Promise<BookingRecord[]> {
  const statusId = f.status ? STATUS_IDS[f.status] : null;
  const airline = f.airlineCode || null;
  let bookings: BookingRecord[];
  if (f.dateBasis === 'travel') {
    const rows = (await ticketsRepo.rowsByTravelDate(siteId, null, { from: f.from, to: endOf(f.to) })).filter(
      (r) => (!statusId || r.statusId === statusId) && (!airline || r.airlineCode === airline),
    );
    bookings = await ticketsRepo.bookingsByIds(
      siteId,
      rows.map((r) => r.bookingId),
    );
  } else {
    bookings = await ticketsRepo.bookingsByBookingDate(siteId, null, { from: f.from, to: endOf(f.to) });
  }
  const q = f.customer?.toLowerCase();
  return bookings.filter(
    (b) =>
      isTicketed(b) &&
      (!statusId || b.statusId === statusId) &&
      (!airline || b.airlineCode.toUpperCase() === airline) &&
      (!q ||
        [b.user.email, `${b.user.firstName} ${b.user.lastName}`, b.user.companyName ?? ''].some((s) =>
          s.toLowerCase().includes(q),
        )),
  );
}

export async function profitLoss(scope: AdminScope, f: TProfitFilter) {
  const key = f.dateBasis === 'travel' ? 'travelDate' : 'bookedAt';
  const rows = (await filteredBookings(scope.site.siteId, f))
    .map(bookingProfit)
    .sort((a, b) => a[key].localeCompare(b[key]) || a.bookingId.localeCompare(b.bookingId));
  return { ...pageOf(rows, f.page, f.pageSize), totals: profitTotals(rows) };
}

/**
 * Sales are dated on the booking day and refunds on their credit day, which can fall long after the
 * booking: the read covers every booking made up to the range's end.
 */
export async function vouchers(scope: AdminScope, input: { from: string; to: string; page: number; pageSize: number }) {
  const bookings = await ticketsRepo.bookingsByBookingDate(scope.site.siteId, null, { to: endOf(input.to) });
  const rows: TVoucherRow[] = bookings
    .flatMap((b) => voucherRows(b, input.from, input.to))
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) || a.invoiceNo.localeCompare(b.invoiceNo) || a.ticketNo.localeCompare(b.ticketNo),
    );
  return pageOf(rows, input.page, input.pageSize);
}

// The flight-admin Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetSupplierProfitLoss = answers(api.getSupplierProfitLoss, (input, scope) =>
  profitLoss(scope, input),
);
export const answerGetInfozealVouchers = answers(api.getInfozealVouchers, (input, scope) =>
  vouchers(onTestHost(scope), input),
);
