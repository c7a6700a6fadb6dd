import type { CountryCode } from 'libphonenumber-js/core';
import type { TPhoneEntry } from '@tp/contracts/users';
import { isValidPhone, parsePhone } from '@tp/domain/phone';

/** The identity of a phone number for uniqueness: country + E.164, so "098765 43210" and "9876543210" collide. */
export interface PhoneIdentity {
  countryCode: string;
  e164: string;
}

export function phoneIdentity(phoneNumber: string, countryCode: string): PhoneIdentity | null {
  if (!isValidPhone(phoneNumber, countryCode)) return null;
  const parsed = parsePhone(phoneNumber, countryCode.toUpperCase() as CountryCode);
  return parsed ? { countryCode: countryCode.toLowerCase(), e164: parsed.number } : null;
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
