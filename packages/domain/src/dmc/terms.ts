/**
 * Dates, times and pax bands as rates use them. Dates are `YYYY-MM-DD`, so string order is date order;
 * ranges and bands are inclusive at both ends and a null band end is open.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written `YYYY-MM-DD` (2026-02-30 is not). */
export function isIsoDate(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

/** A clock time `HH:MM`, 00:00–23:59. */
export const isTime = (s: unknown): s is string => typeof s === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(s);

export const dateWithin = (date: string, from: string, till: string): boolean => from <= date && date <= till;

export const rangesOverlap = (aFrom: string, aTill: string, bFrom: string, bTill: string): boolean =>
  aFrom <= bTill && bFrom <= aTill;

export interface Band {
  minPax: number | null;
  maxPax: number | null;
}

export const bandContains = (b: Band, pax: number): boolean =>
  (b.minPax === null || pax >= b.minPax) && (b.maxPax === null || pax <= b.maxPax);

export const bandsOverlap = (a: Band, b: Band): boolean =>
  Math.max(a.minPax ?? 0, b.minPax ?? 0) <= Math.min(a.maxPax ?? Infinity, b.maxPax ?? Infinity);

/**
 * "Number-type text inputs convert to integers" (§5): the whole part of what was typed, or null when
 * nothing numeric was typed (the rules then report the field as required).
 */
export function intFromInput(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  if (typeof text === 'string' && text.trim() === '') return null;
  const n = Math.trunc(Number(text));
  return Number.isFinite(n) ? n : null;
}
