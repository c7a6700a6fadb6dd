/**
 * Countries (country-state-city data; scripts/data/build-reference.ts): India first (the platform's
 * home market, spec: phone code and nationality default to IN), then by name.
 */
import data from './data/countries.json' with { type: 'json' };

/** The spec's Country entry. `dial_code` is "+<digits>" ("+91", "+1684"). */
export interface Country {
  name: string;
  dial_code: string;
  /** ISO 3166-1 alpha-2. */
  code: string;
}

export const HOME_COUNTRY = 'IN';

/**
 * The data file is already in name order (build-reference.ts sorts it), so only the home country moves: a
 * localeCompare sort here would load the ICU collator, ~10 ms of every importing Lambda's cold start.
 */
const ROWS = (data as [string, string, string][]).map(([name, code, dial_code]) => ({ name, dial_code, code }));
export const COUNTRIES: readonly Country[] = Object.freeze([
  ...ROWS.filter((c) => c.code === HOME_COUNTRY),
  ...ROWS.filter((c) => c.code !== HOME_COUNTRY),
]);

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));

export function countryByCode(code: string): Country | undefined {
  return BY_CODE.get(code.trim().toUpperCase());
}
