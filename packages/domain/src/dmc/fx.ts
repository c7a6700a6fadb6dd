/**
 * Conversions through a site's one exchange-rate table (docs/dmc.md "Exchange rates"). Each row says what one unit
 * of `currency` is worth in the base currency from `validFrom` on, with a `buffer` (a percentage added to every
 * amount converted with it, so a quote survives the rate moving before the DMC pays). The base currency is AED:
 * the DMC contracts and sells in it (markets are AED), and the dirham is pegged to the dollar (3.6725).
 *
 *   X → base   amount × rateX × (1 + bufferX / 100)
 *   base → Y   amount ÷ rateY × (1 + bufferY / 100)
 *   X → Y      through the base, both rows applied
 *
 * A conversion names every row it used (`RateUsed`), which the quotation line keeps and a shared or vouchered
 * quotation freezes.
 */
import { round2 } from '../pricing.ts';
import type { RateUsed } from './kart/types.ts';

/** The site's base currency: what exchange-rate rows are quoted in. */
export const FX_BASE_CURRENCY = 'AED';

export interface FxRow {
  currency: string;
  rate: number;
  /** Percentage added to every converted amount (0 when absent). */
  buffer?: number | null;
  validFrom: string;
}

/** The row of a currency in force on a day: the latest `validFrom` not after it. */
export function rowInForce(rows: readonly FxRow[], currency: string, day: string): FxRow | null {
  let best: FxRow | null = null;
  for (const r of rows)
    if (r.currency === currency && r.validFrom <= day && (!best || r.validFrom > best.validFrom)) best = r;
  return best;
}

export type Converted = { ok: true; amount: number; used: RateUsed[] } | { ok: false; missing: string };

const usedOf = (r: FxRow, from: string, to: string): RateUsed => ({
  from,
  to,
  rate: r.rate,
  buffer: r.buffer ?? 0,
  validFrom: r.validFrom,
});

/**
 * `amount` of `from` in `to` on `day`. `frozen`: rates a shared or vouchered quotation already used, tried before
 * the table so its prices do not move. Fails naming the currency the table has no row for.
 */
export function convert(
  amount: number,
  from: string,
  to: string,
  rows: readonly FxRow[],
  day: string,
  frozen: readonly RateUsed[] = [],
): Converted {
  if (from === to) return { ok: true, amount: round2(amount), used: [] };
  const legs: { currency: string; from: string; to: string }[] = [];
  if (from !== FX_BASE_CURRENCY) legs.push({ currency: from, from, to: FX_BASE_CURRENCY });
  if (to !== FX_BASE_CURRENCY) legs.push({ currency: to, from: FX_BASE_CURRENCY, to });
  let value = amount;
  const used: RateUsed[] = [];
  for (const leg of legs) {
    const kept = frozen.find((u) => u.from === leg.from && u.to === leg.to);
    const row: FxRow | null = kept
      ? { currency: leg.currency, rate: kept.rate, buffer: kept.buffer, validFrom: kept.validFrom }
      : rowInForce(rows, leg.currency, day);
    if (!row) return { ok: false, missing: leg.currency };
    const factor = 1 + (row.buffer ?? 0) / 100;
    value = leg.from === FX_BASE_CURRENCY ? (value / row.rate) * factor : value * row.rate * factor;
    used.push(usedOf(row, leg.from, leg.to));
  }
  return { ok: true, amount: round2(value), used };
}

/**
 * What one unit of `from` is worth in `to` on `day` (both rows and their buffers applied, unrounded), naming the rows:
 * how a document that states a rate per unit (an Indian tax invoice: "₹22.75 per AED") reads the table.
 */
export function unitRate(
  from: string,
  to: string,
  rows: readonly FxRow[],
  day: string,
): { ok: true; perUnit: number; used: RateUsed[] } | { ok: false; missing: string } {
  let perUnit = 1;
  const used: RateUsed[] = [];
  if (from !== to && from !== FX_BASE_CURRENCY) {
    const row = rowInForce(rows, from, day);
    if (!row) return { ok: false, missing: from };
    perUnit *= row.rate * (1 + (row.buffer ?? 0) / 100);
    used.push(usedOf(row, from, FX_BASE_CURRENCY));
  }
  if (from !== to && to !== FX_BASE_CURRENCY) {
    const row = rowInForce(rows, to, day);
    if (!row) return { ok: false, missing: to };
    perUnit *= (1 + (row.buffer ?? 0) / 100) / row.rate;
    used.push(usedOf(row, FX_BASE_CURRENCY, to));
  }
  return { ok: true, perUnit, used };
}

/**
 * The rates a kart freezes (when shared or vouchered): those it froze before, plus every rate its lines used now,
 * one per pair (the earlier one kept).
 */
export function freezeRates(
  before: readonly RateUsed[] | undefined,
  kart: { [S in 'accomodations' | 'activities']: readonly { ratesUsed?: RateUsed[] }[] },
): RateUsed[] {
  const all = [...(before ?? []), ...[...kart.accomodations, ...kart.activities].flatMap((l) => l.ratesUsed ?? [])];
  return all.filter((u, i) => all.findIndex((v) => v.from === u.from && v.to === u.to) === i);
}

/** How a conversion reads on the staff view: "USD 1 = AED 3.6725 + 2 % from 2026-01-01". */
export function describeRate(u: RateUsed): string {
  const base =
    u.from === FX_BASE_CURRENCY ? `${u.to} 1 = ${FX_BASE_CURRENCY} ${u.rate}` : `${u.from} 1 = ${u.to} ${u.rate}`;
  return `${base}${u.buffer ? ` + ${u.buffer} %` : ''} from ${u.validFrom}`;
}
