/**
 * The accounting arithmetic of a stored booking (pure). Every amount comes from the booking's priced
 * fare, which the shared pricing rules (packages/domain pricing.ts `priceFare`) computed at booking time;
 * nothing here prices again, it only reads those parts and books the supplier's refunds against them:
 *
 *   supplier cost  = offeredFare + extras (at cost) − supplier refunds of completed change requests
 *   earned         = publishedFare − offeredFare                (commission + incentive + PLB)
 *   customer paid  = amount charged − refunds credited to the customer
 *   profit         = customer paid − supplier cost − GST on markup − TDS   (both owed to the tax office)
 *                  = markup − discount + earned − commission passed on     (before refunds)
 */
import { round2 } from '@tp/domain/pricing';
import type { TProfitRow, TProfitTotals, TVoucherRow } from '@tp/contracts/endpoints/flight-admin';
import { PROFIT_AMOUNT_KEYS } from '@tp/contracts/endpoints/flight-admin';
import type { BookingRecord } from '../bookings/index.ts';

export type AccountedBooking = Pick<
  BookingRecord,
  | 'bookingId'
  | 'pnr'
  | 'createdAt'
  | 'travelDate'
  | 'airlineCode'
  | 'segments'
  | 'status'
  | 'supplier'
  | 'fare'
  | 'accounting'
  | 'user'
  | 'passengers'
  | 'ticketCRInfo'
>;

/** A booking the supplier ticketed (what it charges for): some passenger holds a ticket. */
export const isTicketed = (b: Pick<BookingRecord, 'passengers'>): boolean => b.passengers.some((p) => p.ticket);

const extrasOf = (b: AccountedBooking) => b.fare.baggagePrice + b.fare.mealPrice + b.fare.seatPrice;

/** What the supplier charged for the booking (its net fare plus extras), before refunds. */
export const supplierCharge = (b: AccountedBooking): number => round2(b.fare.offeredFare + extrasOf(b));

/** The refunds of completed change requests, when the supplier credited them. */
export function supplierRefunds(b: AccountedBooking): { changeRequestId: string; amount: number; at: string }[] {
  return b.ticketCRInfo.flatMap((c) =>
    c.creditedAt && c.status === 'Completed' && (c.refundedAmount ?? 0) > 0
      ? [{ changeRequestId: c.changeRequestId, amount: c.refundedAmount!, at: c.creditedAt }]
      : [],
  );
}

export const sectorOf = (b: Pick<BookingRecord, 'segments'>): string => {
  const legs = b.segments.flat();
  return legs.length ? [legs[0]!.originAirportCode, ...legs.map((s) => s.destinationAirportCode)].join('-') : '';
};

export const partyOf = (b: Pick<BookingRecord, 'user'>): string =>
  b.user.companyName || `${b.user.firstName} ${b.user.lastName}`.trim() || b.user.email;

export function bookingProfit(b: AccountedBooking): TProfitRow {
  const f = b.fare;
  const refunds = supplierRefunds(b).reduce((n, r) => n + r.amount, 0);
  const netFare = round2(supplierCharge(b) - refunds);
  const customerPaid = round2(b.accounting.amountCharged - b.accounting.refundedAmount);
  return {
    bookingId: b.bookingId,
    pnr: b.pnr,
    bookedAt: b.createdAt,
    travelDate: b.travelDate,
    customer: `${partyOf(b)} <${b.user.email}>`,
    customerType: b.user.userType,
    airlineCode: b.airlineCode,
    sector: sectorOf(b),
    status: b.status,
    supplier: b.supplier,
    currency: b.accounting.currency,
    netFare,
    markup: f.markup,
    gstOnMarkup: f.gstOnMarkup,
    commissionEarned: round2(f.publishedFare - f.offeredFare),
    commissionPassed: f.commissionEarned,
    tds: f.tds,
    discount: f.discount,
    txnFee: f.txnFee,
    customerPaid,
    profit: round2(customerPaid - netFare - f.gstOnMarkup - f.tds),
  };
}

export function profitTotals(rows: readonly TProfitRow[]): TProfitTotals {
  const totals = Object.fromEntries(PROFIT_AMOUNT_KEYS.map((k) => [k, 0])) as Record<
    (typeof PROFIT_AMOUNT_KEYS)[number],
    number
  >;
  for (const r of rows) for (const k of PROFIT_AMOUNT_KEYS) totals[k] += r[k];
  for (const k of PROFIT_AMOUNT_KEYS) totals[k] = round2(totals[k]);
  return { ...totals, bookings: rows.length };
}

/**
 * Splits an amount over parts by weight, in paise, so the parts add up to the amount exactly (the last
 * part takes the rounding remainder); equal parts when every weight is 0.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  if (!weights.length) return [];
  const cents = Math.round(amount * 100);
  const sum = weights.reduce((n, w) => n + w, 0);
  const parts = weights.map((w) => Math.round((cents * (sum ? w : 1)) / (sum || weights.length)));
  parts[parts.length - 1]! += cents - parts.reduce((n, p) => n + p, 0);
  return parts.map((p) => p / 100);
}

const dayOf = (iso: string) => iso.slice(0, 10);
const inRange = (iso: string, from: string, to: string) => dayOf(iso) >= from && dayOf(iso) <= to;

/**
 * Accounting vouchers of one booking within a day range: a Sale per ticket on the booking day (the
 * booking's amounts split over its tickets by each passenger's fare) and a Refund per credited change
 * request on its credit day.
 */
export function voucherRows(b: AccountedBooking, from: string, to: string): TVoucherRow[] {
  const ticketed = b.passengers.filter((p) => p.ticket);
  if (!ticketed.length) return [];
  const common = { party: partyOf(b), pnr: b.pnr, sector: sectorOf(b), airline: b.airlineCode };
  const rows: TVoucherRow[] = [];
  if (inRange(b.createdAt, from, to)) {
    const f = b.fare;
    const weights = ticketed.map((p) => p.fare.baseFare + p.fare.tax);
    const split = (amount: number) => allocate(amount, weights);
    const basic = allocate(
      f.baseFare,
      ticketed.map((p) => p.fare.baseFare),
    );
    const taxes = split(round2(f.publishedFare - f.baseFare));
    const markup = split(f.markup);
    const gst = split(f.gstOnMarkup);
    const commission = split(f.commissionEarned);
    const tds = split(f.tds);
    const net = split(b.accounting.amountCharged);
    ticketed.forEach((p, i) =>
      rows.push({
        date: dayOf(b.createdAt),
        voucherType: 'Sale',
        invoiceNo: `INV-${b.bookingId}`,
        ...common,
        ticketNo: p.ticket!.ticketNumber,
        passenger: `${p.title} ${p.firstName} ${p.lastName}`,
        basic: basic[i]!,
        taxes: taxes[i]!,
        markup: markup[i]!,
        gst: gst[i]!,
        commission: commission[i]!,
        tds: tds[i]!,
        net: net[i]!,
      }),
    );
  }
  for (const r of supplierRefunds(b)) {
    if (!inRange(r.at, from, to)) continue;
    const cr = b.ticketCRInfo.find((c) => c.changeRequestId === r.changeRequestId)!;
    const pax = cr.ticketId ? ticketed.filter((p) => p.ticket!.ticketId === cr.ticketId) : ticketed;
    rows.push({
      date: dayOf(r.at),
      voucherType: 'Refund',
      invoiceNo: `CN-${r.changeRequestId}`,
      ...common,
      ticketNo: pax.map((p) => p.ticket!.ticketNumber).join(' '),
      passenger: pax.map((p) => `${p.title} ${p.firstName} ${p.lastName}`).join(', '),
      basic: 0,
      taxes: 0,
      markup: 0,
      gst: 0,
      commission: 0,
      tds: 0,
      net: r.amount,
    });
  }
  return rows;
}
