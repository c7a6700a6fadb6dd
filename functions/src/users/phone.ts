import type { CountryCode } from 'libphonenumber-js/core';
import type { TPhoneEntry } from '@tp/contracts/endpoints/users';
import { isValidPhone, parsePhone } from '@tp/domain/phone';
import { rememberRecent } from '@tp/domain/recent';

/** The identity of a phone number for uniqueness: country + E.164, so "098765 43210" and "9876543210" collide. */
export interface PhoneIdentity {
  countryCode: string;
  e164: string;
}

/** A valid number's E.164 form by `<COUNTRY>|<number>`: a phone change computes the primary's before and after. */
const e164 = /* @__PURE__ */ rememberRecent((key) => {
  const [country, phoneNumber] = key.split('|') as [CountryCode, string];
  return parsePhone(phoneNumber, country)?.number ?? null;
}, 256);

export function phoneIdentity(phoneNumber: string, countryCode: string): PhoneIdentity | null {
  if (!isValidPhone(phoneNumber, countryCode)) return null;
  const number = e164(`${countryCode.toUpperCase()}|${phoneNumber}`);
  return number ? { countryCode: countryCode.toLowerCase(), e164: number } : null;
}

/** The first entry labelled Primary, if any. */
export const primaryPhone = (phones: readonly TPhoneEntry[]): TPhoneEntry | undefined =>
  phones.find((p) => p.label === 'Primary');

export function primaryIdentity(phones: readonly TPhoneEntry[]): PhoneIdentity | null {
  const p = primaryPhone(phones);
  return p ? phoneIdentity(p.phoneNumber, p.phoneCountryCode) : null;
}

export const samePhone = (a: PhoneIdentity | null, b: PhoneIdentity | null): boolean =>
  a?.countryCode === b?.countryCode && a?.e164 === b?.e164;
