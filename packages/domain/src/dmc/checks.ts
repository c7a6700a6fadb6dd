/**
 * Field checks the master and rate rules share. Every rule returns `Errors`: field → first message, empty
 * when the record is valid (the same map serves a dialog's inline errors and a 400's field list).
 */
import type { DmcMessages } from './messages.ts';
import { DMC_TEXT } from './messages.ts';
import { isIsoDate } from './terms.ts';

/** A record as a form or a request body holds it: any field may still be missing. */
export type Draft<T> = { [K in keyof T]?: T[K] | null | undefined };
export type Errors<T> = Partial<Record<keyof T & string, string>>;

export const isBlank = (s: unknown): boolean => typeof s !== 'string' || s.trim() === '';
export const isMissing = (v: unknown): boolean => v === null || v === undefined || (typeof v === 'string' && !v.trim());

/** Sets the first message a field earns; later checks never overwrite it. */
export function flag<T>(errors: Errors<T>, field: keyof T & string, message: string | null): void {
  if (message !== null && errors[field] === undefined) errors[field] = message;
}

/** A non-negative amount (rate amounts, §5 "amount non-negative"). */
export function amountProblem(v: unknown, m: DmcMessages): string | null {
  if (v === null || v === undefined) return m.required;
  if (typeof v !== 'number' || !Number.isFinite(v)) return m.invalidValue;
  return v < 0 ? m.tooSmall(0) : null;
}

/** An optional amount (a rate's cost): absent is fine, else a number ≥ 0. */
export const optionalAmountProblem = (v: unknown, m: DmcMessages): string | null =>
  v === null || v === undefined ? null : amountProblem(v, m);

/** A pax bound: a whole number of at least 1, when present. */
export function paxProblem(v: unknown, m: DmcMessages): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'number' || !Number.isInteger(v)) return m.invalidValue;
  return v < 1 ? m.tooSmall(1) : null;
}

export function oneOf<T extends string>(v: unknown, values: readonly T[], m: DmcMessages): string | null {
  if (isMissing(v)) return m.required;
  return values.includes(v as T) ? null : m.invalidOption;
}

interface BandDraft {
  minPax?: number | null | undefined;
  maxPax?: number | null | undefined;
}

/** Band shape: whole numbers ≥ 1, max not below min. Which bounds are required is the caller's rule. */
export function bandErrors<T extends BandDraft>(r: T, m: DmcMessages, errors: Errors<T>): void {
  flag(errors, 'minPax' as keyof T & string, paxProblem(r.minPax, m));
  flag(errors, 'maxPax' as keyof T & string, paxProblem(r.maxPax, m));
  if (typeof r.minPax === 'number' && typeof r.maxPax === 'number' && r.maxPax < r.minPax)
    flag(errors, 'maxPax' as keyof T & string, DMC_TEXT.maxPaxBelowMin);
}

/**
 * A date range: both ends required and real dates ('Invalid date format', §5), the end not before the
 * start. `fields` names the pair (rates: validFromDate/validTillDate; stop-sales: fromDate/tillDate).
 */
export function rangeErrors<T, F extends keyof T & string, U extends keyof T & string>(
  r: T,
  fields: readonly [F, U],
  m: DmcMessages,
  errors: Errors<T>,
  endBeforeStart: string,
): void {
  const [from, till] = fields;
  for (const f of fields) flag(errors, f, isMissing(r[f]) ? m.required : isIsoDate(r[f]) ? null : m.invalidDate);
  const a: unknown = r[from];
  const b: unknown = r[till];
  if (isIsoDate(a) && isIsoDate(b) && b < a) flag(errors, till, endBeforeStart);
}
