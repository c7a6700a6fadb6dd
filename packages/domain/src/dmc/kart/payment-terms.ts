/**
 * Payment terms of a quotation (docs/dmc.md "Payment terms"): a deposit due on acceptance, a percentage of the
 * grand total or a fixed amount, and the balance due a number of days before arrival (the trade's 20–50 % and
 * ~14 days). A site sets its terms; a quotation may override them. Amounts are summed in minor units (money.ts).
 */
import { cancellationFeesProblems, type CancellationFeeRow } from './cancellation.ts';
import { addDays } from './dates.ts';
import { fromMinor, toMinor } from './money.ts';

export type DepositKind = 'percent' | 'amount';

export interface PaymentTerms {
  depositKind: DepositKind;
  /** A percentage (0–100) of the grand total, or an amount in the quotation's currency. */
  depositValue: number;
  /** The balance falls due this many days before the arrival date (0: on arrival). */
  balanceDaysBeforeArrival: number;
  /** The cancellation fee schedule (cancellation.ts); absent: the platform's `DEFAULT_CANCELLATION_FEES`. */
  cancellationFees?: CancellationFeeRow[] | undefined;
}

/** What a site without terms of its own asks: a 30 % deposit, the balance 14 days before travel. */
export const DEFAULT_PAYMENT_TERMS: PaymentTerms = {
  depositKind: 'percent',
  depositValue: 30,
  balanceDaysBeforeArrival: 14,
};

export const MAX_BALANCE_DAYS_BEFORE_ARRIVAL = 365;

export interface PaymentSchedule {
  terms: PaymentTerms;
  /** Due on acceptance: never more than the grand total. */
  deposit: number;
  /** The rest of the grand total. */
  balance: number;
  /** The day the balance is due: a deadline staff typed wins over the terms' day. */
  balanceDueDate: string;
  /** Of the deposit and of the whole, what is still unpaid given what was collected (never below 0). */
  depositOutstanding: number;
  totalOutstanding: number;
}

/** The problem with a set of terms (one message per field), empty when they hold. */
export function paymentTermsProblems(t: PaymentTerms): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {};
  for (const [k, v] of Object.entries(cancellationFeesProblems(t.cancellationFees ?? [])))
    out[k ? `cancellationFees.${k}` : 'cancellationFees'] = v;
  if (!Number.isFinite(t.depositValue) || t.depositValue < 0) out.depositValue = 'Deposit cannot be negative';
  else if (t.depositKind === 'percent' && t.depositValue > 100)
    out.depositValue = 'A deposit percentage is at most 100';
  else if (Math.round(t.depositValue * 100) / 100 !== t.depositValue)
    out.depositValue = 'Deposit takes at most 2 decimals';
  const days = t.balanceDaysBeforeArrival;
  if (!Number.isInteger(days) || days < 0 || days > MAX_BALANCE_DAYS_BEFORE_ARRIVAL)
    out.balanceDaysBeforeArrival = `Days before arrival must be a whole number from 0 to ${MAX_BALANCE_DAYS_BEFORE_ARRIVAL}`;
  return out;
}

/**
 * The schedule of a quotation under its terms: the deposit (rounded to the cent, capped at the total), the
 * balance and its due day, and what is outstanding of each after `collected`.
 */
export function paymentSchedule(
  terms: PaymentTerms,
  kart: { arrivalDate: string; paymentDeadline: string | null },
  grandTotal: number,
  collected: number,
): PaymentSchedule {
  const total = Math.max(0, toMinor(grandTotal));
  const wanted =
    terms.depositKind === 'percent'
      ? Math.round((total * toMinor(terms.depositValue)) / 10_000)
      : toMinor(terms.depositValue);
  const deposit = Math.min(total, Math.max(0, wanted));
  const paid = Math.max(0, toMinor(collected));
  return {
    terms,
    deposit: fromMinor(deposit),
    balance: fromMinor(total - deposit),
    balanceDueDate: kart.paymentDeadline ?? addDays(kart.arrivalDate, -terms.balanceDaysBeforeArrival),
    depositOutstanding: fromMinor(Math.max(0, deposit - paid)),
    totalOutstanding: fromMinor(Math.max(0, total - paid)),
  };
}

/** An amount a payer may pay now: more than 0 and at most what is outstanding (an overpayment is refused). */
export function paymentAmountProblem(amount: number, outstanding: number): string | null {
  if (!Number.isFinite(amount) || toMinor(amount) <= 0) return 'Amount must be greater than 0';
  if (Math.round(amount * 100) / 100 !== amount) return 'Amount takes at most 2 decimals';
  if (toMinor(amount) > toMinor(outstanding)) return 'This payment is more than the balance due';
  return null;
}

/** A receipt's number: `RCT/26-27/00001`, consecutive per site and financial year (`2026-27`). */
export function receiptNumber(fy: string, sequence: number): string {
  if (!/^\d{4}-\d{2}$/.test(fy)) throw new RangeError(`invalid financial year: ${fy}`);
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError(`invalid sequence: ${sequence}`);
  return `RCT/${fy.slice(2, 4)}-${fy.slice(5, 7)}/${String(sequence).padStart(5, '0')}`;
}

/** What was collected after a payment (+) or a refund (−), to the cent. */
export const collectedAfter = (collected: number | null, change: number): number =>
  fromMinor(toMinor(collected) + toMinor(change));
