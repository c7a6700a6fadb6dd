/**
 * A kart's status and deadlines on a given day (docs/dmc.md "Karts"). Dates are the site's
 * calendar days (`YYYY-MM-DD`); the caller passes today in the site's time zone.
 *
 * - Validity counts from the day the current version was quoted: valid through quoteDate + quoteValidyInDays
 *   (7 when unset), and never past the arrival date. Past it, a quotation (not vouchered, not cancelled) is expired.
 * - Payment, while a balance is due on a live quotation or a vouchered kart (not expired, not cancelled): overdue after the deadline, due soon within
 *   PAYMENT_DUE_SOON_DAYS of it (the deadline day included), pending before; staff are mailed the day before.
 */
import { addDays, daysBetween } from './dates.ts';
import type { KartTotals } from './totals.ts';
import { DEFAULT_QUOTE_VALIDITY_DAYS, PAYMENT_DUE_SOON_DAYS, type Kart, type KartStatus } from './types.ts';

export type PaymentState = 'none' | 'paid' | 'noDeadline' | 'pending' | 'dueSoon' | 'overdue';

export interface KartDeadlineState {
  status: KartStatus;
  /** Last day the quotation is valid. */
  validTill: string;
  payment: PaymentState;
  /** Days from today to the payment deadline (negative once past); null without a deadline. */
  daysToPaymentDeadline: number | null;
  /** Today is the day before the deadline and a balance is due: mail the staff (once, keyed by kart and day). */
  remindToday: boolean;
}

type DeadlineKart = Pick<
  Kart,
  'arrivalDate' | 'quoteDate' | 'quoteValidyInDays' | 'isVouchered' | 'isCancelled' | 'paymentDeadline'
>;

export function kartValidTill(kart: Pick<Kart, 'arrivalDate' | 'quoteDate' | 'quoteValidyInDays'>): string {
  const end = addDays(kart.quoteDate, kart.quoteValidyInDays ?? DEFAULT_QUOTE_VALIDITY_DAYS);
  return end < kart.arrivalDate ? end : kart.arrivalDate;
}

export function kartDeadlineState(
  kart: DeadlineKart,
  totals: Pick<KartTotals, 'balanceDue'>,
  today: string,
  dueSoonDays: number = PAYMENT_DUE_SOON_DAYS,
): KartDeadlineState {
  const validTill = kartValidTill(kart);
  const status: KartStatus = kart.isCancelled
    ? 'cancelled'
    : kart.isVouchered
      ? 'vouchered'
      : today > validTill
        ? 'expired'
        : 'quotation';
  const days = kart.paymentDeadline ? daysBetween(today, kart.paymentDeadline) : null;
  const payment: PaymentState =
    status === 'cancelled' || status === 'expired'
      ? 'none'
      : totals.balanceDue <= 0
        ? 'paid'
        : days === null
          ? 'noDeadline'
          : days < 0
            ? 'overdue'
            : days <= dueSoonDays
              ? 'dueSoon'
              : 'pending';
  return { status, validTill, payment, daysToPaymentDeadline: days, remindToday: payment === 'dueSoon' && days === 1 };
}
