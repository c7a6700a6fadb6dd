/**
 * Margin per month (docs/dmc.md "The books"): what the DMC kept of its customers' money (receipts − refunds) less
 * what it owes its suppliers for it (payables raised − reversed), per month and currency, in whole minor units.
 * Pure: no I/O.
 */
import { toPaise } from './journal.ts';

export type MarginEventKind = 'received' | 'refunded' | 'raised' | 'reversed';

export interface MarginEvent {
  /** `YYYY-MM` on the site's calendar. */
  month: string;
  currency: string;
  kind: MarginEventKind;
  amount: number;
}

export interface MonthMargin {
  month: string;
  currency: string;
  received: number;
  refunded: number;
  raised: number;
  reversed: number;
  /** (received − refunded) − (raised − reversed). */
  margin: number;
}

/** The months' margins, oldest first and by currency; a month and currency without any event has no row. */
export function monthlyMargins(events: Iterable<MarginEvent>): MonthMargin[] {
  const rows = new Map<string, Record<MarginEventKind, number> & { month: string; currency: string }>();
  for (const e of events) {
    const key = `${e.month}|${e.currency}`;
    const row = rows.get(key) ?? {
      month: e.month,
      currency: e.currency,
      received: 0,
      refunded: 0,
      raised: 0,
      reversed: 0,
    };
    row[e.kind] += toPaise(Math.abs(e.amount));
    rows.set(key, row);
  }
  return [...rows.values()]
    .sort((a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency))
    .map((r) => ({
      month: r.month,
      currency: r.currency,
      received: r.received / 100,
      refunded: r.refunded / 100,
      raised: r.raised / 100,
      reversed: r.reversed / 100,
      margin: (r.received - r.refunded - (r.raised - r.reversed)) / 100,
    }));
}

/** The months `from` … `to` (`YYYY-MM`), in order. */
export function monthRange(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  while (out.length < 1200) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > to) break;
    out.push(month);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return out;
}
