import type { CountryCode, PhoneNumber } from 'libphonenumber-js/core';
import { phoneLib } from '#phone-lib';
import { phoneMetadata } from '#phone-metadata';
import { rememberRecent } from './recent.ts';

export { preparePhoneLib } from '#phone-lib';

// libphonenumber's core functions with the "min" metadata passed in: the same behaviour as
// 'libphonenumber-js/min', but the metadata can live outside a Lambda's JS bundle (phone-metadata.node.ts),
// and the library itself is loaded on first use there (phone-lib.lambda.ts).
const getCountries = (): CountryCode[] => phoneLib().getCountries(phoneMetadata());
const getCountryCallingCode = (c: CountryCode): string => phoneLib().getCountryCallingCode(c, phoneMetadata());
const isValidPhoneNumber = (text: string, c: CountryCode): boolean =>
  phoneLib().isValidPhoneNumber(text, c, phoneMetadata());
/** Parses a number, national (with its country) or international. */
export const parsePhone = (text: string, country?: CountryCode): PhoneNumber | undefined =>
  country
    ? phoneLib().parsePhoneNumberFromString(text, country, phoneMetadata())
    : phoneLib().parsePhoneNumberFromString(text, phoneMetadata());

/** Countries the phone inputs never offer (spec 000 §5). */
export const EXCLUDED_PHONE_COUNTRIES = ['pk', 'af', 'iq', 'ir', 'kp', 'ps'] as const;
/** Preferred and default country: India, listed first. */
export const PREFERRED_PHONE_COUNTRY = 'in';

/** `phoneCountryCode` value that means "no country code recorded" (spec 000 §3). */
export const INVALID_COUNTRY_CODE = 'INVALID';

export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, lower case (the spec's country keys). */
  code: string;
  name: string;
  /** With leading +, e.g. +91. */
  dial_code: string;
}

const excluded = new Set<string>(EXCLUDED_PHONE_COUNTRIES);

/** Country list for phone inputs: India first, then by name; excluded countries left out. */
export function phoneCountries(locale = 'en'): PhoneCountry[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const all = getCountries()
    .filter((c) => !excluded.has(c.toLowerCase()))
    .map((c) => ({ code: c.toLowerCase(), name: names.of(c) ?? c, dial_code: `+${getCountryCallingCode(c)}` }));
  all.sort((a, b) =>
    a.code === PREFERRED_PHONE_COUNTRY ? -1 : b.code === PREFERRED_PHONE_COUNTRY ? 1 : a.name.localeCompare(b.name),
  );
  return all;
}

/**
 * The dial code ("+91") of an offered country (lower- or upper-case ISO code), or undefined: what a list of
 * people shows beside each number, without building the whole country list (names, sort) for it.
 */
export function dialCodeOf(countryCode: string): string | undefined {
  return isPhoneCountryAllowed(countryCode)
    ? `+${getCountryCallingCode(countryCode.toUpperCase() as CountryCode)}`
    : undefined;
}

let knownCountries: Set<string> | undefined;

export function isPhoneCountryAllowed(countryCode: string): boolean {
  knownCountries ??= new Set(getCountries());
  return !excluded.has(countryCode.toLowerCase()) && knownCountries.has(countryCode.toUpperCase());
}

/**
 * Parsing against the metadata is the costly part of a phone check, and a request checks the same number
 * several times (its schema, the uniqueness key of the number before and after): answers are remembered
 * by `<COUNTRY>|<digits>`. Marked pure: a bundle that never checks a number drops it, and the metadata.
 */
const validForCountry = /* @__PURE__ */ rememberRecent((key) => {
  const [country, digits] = key.split('|') as [CountryCode, string];
  return isValidPhoneNumber(digits, country);
}, 256);

/** A national number is valid for a country (lower- or upper-case ISO code). Excluded countries never are. */
export function isValidPhone(phoneNumber: string, countryCode: string): boolean {
  if (!phoneNumber || !countryCode || countryCode === INVALID_COUNTRY_CODE) return false;
  if (!isPhoneCountryAllowed(countryCode)) return false;
  const digits = phoneNumber.replace(/[\s()-]/g, '');
  if (!/^\+?\d{4,15}$/.test(digits)) return false;
  return validForCountry(`${countryCode.toUpperCase()}|${digits}`);
}

/** True when a stored phone has a usable country code (drives the phone-verification modal). */
export function hasValidCountryCode(phoneCountryCode: string | undefined | null): boolean {
  return !!phoneCountryCode && phoneCountryCode !== INVALID_COUNTRY_CODE && isPhoneCountryAllowed(phoneCountryCode);
}

/** A number written in international form (`+91 98765 43210`) as national number and country code, when valid. */
export function phoneFromInternational(value: string): { phoneNumber: string; phoneCountryCode: string } | null {
  const parsed = parsePhone(value.trim());
  if (!parsed?.country || !parsed.isValid()) return null;
  const phoneCountryCode = parsed.country.toLowerCase();
  return isPhoneCountryAllowed(phoneCountryCode)
    ? { phoneNumber: String(parsed.nationalNumber), phoneCountryCode }
    : null;
}
