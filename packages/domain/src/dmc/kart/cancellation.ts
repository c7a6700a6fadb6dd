/**
 * Cancellation terms of a quotation (docs/dmc.md "Cancellation"): a schedule of fees by days before arrival, kept
 * with the payment terms (the site's, a quotation's override, frozen at share). The fee is a percentage of the grand
 * total; what was collected beyond it goes back. Amounts are summed in minor units (money.ts).
 */
import { daysBetween } from './dates.ts';
import { fromMinor, toMinor } from './money.ts';

/** Cancelled `daysBefore` days or more before arrival, the fee is `feePercent` of the grand total. */
export interface CancellationFeeRow {
  daysBefore: number;
  feePercent: number;
}

/** The trade's usual schedule (dmc.md §2): free 30+ days out, then 25 %, 50 %, and all inside a week. */
export const DEFAULT_CANCELLATION_FEES: CancellationFeeRow[] = [
  { daysBefore: 30, feePercent: 0 },
  { daysBefore: 15, feePercent: 25 },
  { daysBefore: 7, feePercent: 50 },
  { daysBefore: 0, feePercent: 100 },
];

export const MAX_CANCELLATION_ROWS = 10;

/** The problems of a schedule, keyed `<row>.<field>` (or `''` for the whole); empty when it holds. */
export function cancellationFeesProblems(rows: readonly CancellationFeeRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (rows.length > MAX_CANCELLATION_ROWS) out[''] = `At most ${MAX_CANCELLATION_ROWS} cancellation fee rows`;
  const seen = new Set<number>();
  rows.forEach((r, i) => {
    if (!Number.isInteger(r.daysBefore) || r.daysBefore < 0 || r.daysBefore > 365)
      out[`${i}.daysBefore`] = 'Days before arrival must be a whole number from 0 to 365';
    else if (seen.has(r.daysBefore)) out[`${i}.daysBefore`] = 'Each row needs its own number of days';
    seen.add(r.daysBefore);
    if (!Number.isFinite(r.feePercent) || r.feePercent < 0 || r.feePercent > 100)
      out[`${i}.feePercent`] = 'A fee percentage is from 0 to 100';
    else if (Math.round(r.feePercent * 100) / 100 !== r.feePercent)
      out[`${i}.feePercent`] = 'A fee percentage takes at most 2 decimals';
  });
  return out;
}

export interface CancellationSettlement {
  /** Whole days from the cancellation day to arrival (negative once travel began). */
  daysBefore: number;
  feePercent: number;
  /** The fee the schedule asks (of the grand total) and what of it the collected money covers. */
  fee: number;
  feeKept: number;
  /** What goes back: collected less the fee kept, never below 0. */
  refund: number;
}

/**
 * What a cancellation on `today` keeps and gives back. The row with the most days the cancellation still meets
 * applies; closer to arrival than every row (or after it) the whole total is the fee. A fee is never more than the
 * total; a customer who paid less than the fee gets nothing back and is not asked for more here.
 */
export function cancellationSettlement(
  rows: readonly CancellationFeeRow[],
  arrivalDate: string,
  today: string,
  grandTotal: number,
  collected: number,
): CancellationSettlement {
  const daysBefore = daysBetween(today, arrivalDate);
  const row = [...rows].sort((a, b) => b.daysBefore - a.daysBefore).find((r) => daysBefore >= r.daysBefore);
  const feePercent = row ? row.feePercent : 100;
  const total = Math.max(0, toMinor(grandTotal));
  const fee = Math.min(total, Math.round((total * toMinor(feePercent)) / 10_000));
  const paid = Math.max(0, toMinor(collected));
  const kept = Math.min(paid, fee);
  return { daysBefore, feePercent, fee: fromMinor(fee), feeKept: fromMinor(kept), refund: fromMinor(paid - kept) };
}

/**
 * How a refund goes back over the receipts that paid: newest first, each receipt at most what it brought in, so a
 * gateway payment is refunded through its gateway, a wallet payment to the wallet, an offline one by hand.
 */
export function allocateRefund<R extends { id: string; amount: number }>(
  receipts: readonly R[],
  refund: number,
): { receipt: R; amount: number }[] {
  let left = toMinor(refund);
  const out: { receipt: R; amount: number }[] = [];
  for (const r of [...receipts].reverse()) {
    if (left <= 0) break;
    const take = Math.min(left, toMinor(r.amount));
    if (take > 0) out.push({ receipt: r, amount: fromMinor(take) });
    left -= take;
  }
  return out;
}
