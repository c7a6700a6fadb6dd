/**
 * /staff/tboRefundExcelImport: TBO's refund statement, parsed in the browser, matched here row by row to
 * a booking ticket and its refund change request. Applying completes the change request through the
 * ticket service's own path (applyChangeRequestStatus: the `cr-<id>-refund` wallet entry in the same
 * transaction that marks it credited), so a row is credited once whatever happens next: a second import,
 * a concurrent apply, or a later status refresh from the supplier all find it final and credit nothing.
 */
import { ZRefundRow, type TRefundRow, type TRefundRowResult } from '@tp/contracts/endpoints/flight-admin';
import type { ChangeRequestStatus } from '../supply/index.ts';
import { formatDate, formatMoney } from '@tp/domain/format';
import { round2 } from '@tp/domain/pricing';
import { METRICS } from '@tp/contracts/platform';
import { emitMetric } from '#lib/metrics';
import { bookingIdByPnr, getBooking, type BookingRecord } from '../bookings/index.ts';
import { auditActor } from '#lib/audit';
import { applyChangeRequestStatus, type RefundWiring } from '../tickets/index.ts';
import type { AdminScope } from './scope.ts';
import * as api from '@tp/contracts/endpoints/flight-admin';
import { onTestHost } from './scope.ts';
import { answers } from '#lib/answers';

/** What the back office needs from the entry: the refund hooks of the TBO refund import's credited refunds. */
export type FlightAdminWiring = RefundWiring;

const FINAL = new Set(['Completed', 'Rejected', 'Closed']);

interface Checked {
  result: TRefundRowResult;
  row?: TRefundRow;
}

const result = (
  line: number,
  pnr: string,
  ticketNumber: string,
  rest: Partial<TRefundRowResult>,
): TRefundRowResult => ({
  line,
  pnr,
  ticketNumber,
  outcome: 'unmatched',
  message: '',
  bookingId: null,
  changeRequestId: null,
  customer: null,
  amount: null,
  ...rest,
});

/** Matches one valid row to its booking's refund change request (or says why it cannot). */
function match(line: number, row: TRefundRow, b: BookingRecord | null): TRefundRowResult {
  const base = (rest: Partial<TRefundRowResult>) => result(line, row.pnr, row.ticketNumber, rest);
  if (!b) return base({ message: 'No booking with this PNR on this site' });
  const who = { bookingId: b.bookingId, customer: b.user.email };
  const pax = b.passengers.find((p) => p.ticket?.ticketNumber.toUpperCase() === row.ticketNumber.toUpperCase());
  if (!pax?.ticket) return base({ ...who, message: 'This ticket number is not on the booking' });
  const crs = b.ticketCRInfo.filter(
    (c) => c.requestType !== 3 && (c.ticketId === pax.ticket!.ticketId || c.ticketId === null),
  );
  // An open request first, else the latest one (already credited, rejected…), to say what became of it.
  const cr = crs.find((c) => !FINAL.has(c.status)) ?? crs.at(-1);
  if (!cr) return base({ ...who, message: 'No refund change request for this ticket' });
  const withCr = { ...who, changeRequestId: cr.changeRequestId };
  if (cr.creditedAt || cr.status === 'Completed')
    return base({
      ...withCr,
      outcome: 'alreadyCredited',
      amount: cr.refundedAmount ?? 0,
      message: `Already credited${cr.creditedAt ? ` on ${formatDate(cr.creditedAt)}` : ''}; nothing more is credited`,
    });
  if (FINAL.has(cr.status)) return base({ ...withCr, message: `The change request was ${cr.status.toLowerCase()}` });
  return base({ ...withCr, outcome: 'ready', message: 'Will be credited to the customer' });
}

/** Validates every row (zod), reports duplicates, and matches the valid ones; reads only. */
async function check(scope: AdminScope, raw: Record<string, unknown>[]): Promise<Checked[]> {
  const bookings = new Map<string, Promise<BookingRecord | null>>();
  const bookingOf = (pnr: string) => {
    let b = bookings.get(pnr);
    if (!b) {
      b = bookingIdByPnr(scope.site.siteId, pnr).then((id) => (id ? getBooking(scope.site.siteId, id) : null));
      bookings.set(pnr, b);
    }
    return b;
  };
  const seen = new Map<string, number>();
  return Promise.all(
    raw.map(async (r): Promise<Checked> => {
      const line = Number(r.line);
      const parsed = ZRefundRow.safeParse(r);
      const text = (k: string) => (typeof r[k] === 'string' || typeof r[k] === 'number' ? String(r[k]) : '');
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return {
          result: result(line, text('pnr'), text('ticketNumber'), {
            outcome: 'invalid',
            message: `${issue.path.join('.') || 'row'}: ${issue.message}`,
          }),
        };
      }
      const row = parsed.data;
      const key = `${row.pnr}|${row.ticketNumber.toUpperCase()}`;
      const first = seen.get(key);
      if (first !== undefined)
        return {
          result: result(line, row.pnr, row.ticketNumber, {
            outcome: 'invalid',
            message: `The same ticket is already on line ${first}`,
          }),
        };
      seen.set(key, line);
      return { result: match(line, row, await bookingOf(row.pnr)), row };
    }),
  );
}

/** Ready rows by change request: a whole-booking refund covers several tickets, each its own row. */
function groups(checked: Checked[]) {
  const out = new Map<string, { bookingId: string; items: Checked[] }>();
  for (const c of checked) {
    if (c.result.outcome !== 'ready' || !c.row) continue;
    const id = c.result.changeRequestId!;
    const g = out.get(id) ?? { bookingId: c.result.bookingId!, items: [] };
    g.items.push(c);
    out.set(id, g);
  }
  return out;
}

export async function preview(scope: AdminScope, raw: Record<string, unknown>[]) {
  const checked = await check(scope, raw);
  for (const [, g] of groups(checked)) {
    const total = round2(g.items.reduce((n, c) => n + c.row!.refundAmount, 0));
    for (const c of g.items) c.result.amount = total;
  }
  return { rows: checked.map((c) => c.result) };
}

export async function apply(scope: AdminScope, raw: Record<string, unknown>[], wiring: RefundWiring) {
  const checked = await check(scope, raw);
  let credited = 0;
  for (const [changeRequestId, g] of groups(checked)) {
    const rows = g.items.map((c) => c.row!);
    const status: ChangeRequestStatus = {
      changeRequestId,
      status: 'Completed',
      refundedAmount: round2(rows.reduce((n, r) => n + r.refundAmount, 0)),
      cancellationCharge: round2(rows.reduce((n, r) => n + r.cancellationCharge, 0)),
      serviceTaxOnCharge: 0,
      creditNoteNo: rows.map((r) => r.creditNoteNo).find(Boolean) ?? null,
    };
    const { booking, applied } = await applyChangeRequestStatus(
      scope.site.siteId,
      g.bookingId,
      status,
      scope.now,
      auditActor(scope.principal),
      wiring,
    );
    const cr = booking.ticketCRInfo.find((c) => c.changeRequestId === changeRequestId);
    const amount = cr?.refundedAmount ?? 0;
    if (applied) credited += 1;
    for (const c of g.items)
      Object.assign(
        c.result,
        applied
          ? {
              outcome: 'credited',
              amount,
              message: `Credited ${formatMoney(amount, booking.fare.currency)} to ${booking.user.email}`,
            }
          : { outcome: 'alreadyCredited', amount, message: 'Already credited meanwhile; nothing more is credited' },
      );
  }
  if (credited > 0) await emitMetric(METRICS.refundApplied, credited);
  scope.log.info('tbo refund import applied', { rows: raw.length, credited, byUserId: scope.principal.userId });
  return { rows: checked.map((c) => c.result), credited };
}

// The flight-admin Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerPreviewTboRefunds = answers(api.previewTboRefunds, (input, scope) =>
  preview(onTestHost(scope), input.rows),
);
export const answerApplyTboRefunds = answers(api.applyTboRefunds, (input, scope, wiring: FlightAdminWiring) =>
  apply(onTestHost(scope), input.rows, wiring),
);
