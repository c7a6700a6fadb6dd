/**
 * Passenger rules of a booking (flight-supply.md "Passengers"): counts match the search, ages on the
 * travel date match the passenger type, one lead passenger carries the contact, passports where the
 * fare asks for them. Pure; returns one message per field path (`passengers.<i>.<field>`).
 */

import { countOf } from './format.ts';

export const REQUIRED = 'This is required field.';

export interface PassengerLike {
  title: string;
  firstName: string;
  lastName: string;
  paxType: 1 | 2 | 3;
  gender: 1 | 2;
  dateOfBirth?: string | undefined;
  isLeadPax?: boolean | undefined;
  phoneCode?: string | undefined;
  mobileNo?: string | undefined;
  email?: string | undefined;
  passportNo?: string | undefined;
  passportExpiry?: string | undefined;
  passportIssueCountryCode?: string | undefined;
}

export interface PassengerRules {
  adultCount: number;
  childCount: number;
  infantCount: number;
  isPassportRequired: boolean;
  /** `YYYY-MM-DD` of the last flight: ages and passport validity are checked against it. */
  travelDate: string;
  /** `YYYY-MM-DD` today, to refuse dates of birth in the future. */
  today: string;
}

/** Whole years between two `YYYY-MM-DD` dates. */
export function ageOn(dateOfBirth: string, on: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [oy, om, od] = on.split('-').map(Number) as [number, number, number];
  return oy - by - (om < bm || (om === bm && od < bd) ? 1 : 0);
}

const addMonths = (date: string, months: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

/** Titles a gender takes (1 male, 2 female); a title outside its gender's list is refused. */
export const TITLES_BY_GENDER: Record<1 | 2, readonly string[]> = { 1: ['Mr', 'Mstr'], 2: ['Mrs', 'Ms', 'Miss'] };
const GENDER_NAME = { 1: 'male', 2: 'female' } as const;

/** Why a title contradicts the gender (e.g. Mr with Female), or null when they agree or one is unset. */
export function titleGenderProblem(title: string, gender: number): string | null {
  if (!title || (gender !== 1 && gender !== 2)) return null;
  if (TITLES_BY_GENDER[gender].includes(title)) return null;
  const other = gender === 1 ? 2 : 1;
  if (!TITLES_BY_GENDER[other].includes(title)) return null;
  return `${title} is a title for a ${GENDER_NAME[other]} passenger; choose the title that matches the gender`;
}

const AGE_RANGE = { 1: [12, 120], 2: [2, 11], 3: [0, 1] } as const;
const TYPE_NAME = { 1: 'An adult', 2: 'A child', 3: 'An infant' } as const;

export function validatePassengers(pax: readonly PassengerLike[], rules: PassengerRules): Record<string, string> {
  const errors: Record<string, string> = {};
  const count = (t: 1 | 2 | 3) => pax.filter((p) => p.paxType === t).length;
  if (count(1) !== rules.adultCount || count(2) !== rules.childCount || count(3) !== rules.infantCount)
    errors.passengers = `Enter ${countOf(rules.adultCount, 'adult')}, ${countOf(rules.childCount, 'child')} and ${countOf(rules.infantCount, 'infant')} as searched`;

  const leads = pax.filter((p) => p.isLeadPax);
  const leadIndex = leads.length ? pax.indexOf(leads[0]!) : pax.findIndex((p) => p.paxType === 1);
  if (leads.length > 1) errors.passengers = 'Only one lead passenger';
  if (leadIndex >= 0 && pax[leadIndex]!.paxType !== 1)
    errors[`passengers.${leadIndex}.isLeadPax`] = 'The lead passenger must be an adult';

  pax.forEach((p, i) => {
    const at = (field: string, message: string) => (errors[`passengers.${i}.${field}`] ??= message);
    const needsDob = p.paxType !== 1 || rules.isPassportRequired;
    if (needsDob && !p.dateOfBirth) at('dateOfBirth', REQUIRED);
    if (p.dateOfBirth) {
      if (p.dateOfBirth > rules.today) at('dateOfBirth', 'Date of birth cannot be in the future');
      else {
        const age = ageOn(p.dateOfBirth, rules.travelDate);
        const [min, max] = AGE_RANGE[p.paxType];
        if (age < min || age > max)
          at('dateOfBirth', `${TYPE_NAME[p.paxType]} must be ${min}–${max} years old on the travel date`);
      }
    }
    if (p.paxType === 3 && !['Mstr', 'Miss'].includes(p.title)) at('title', 'An infant is titled Mstr or Miss');
    const mismatch = titleGenderProblem(p.title, p.gender);
    if (mismatch) at('title', mismatch);
    if (i === leadIndex) {
      if (!p.email) at('email', REQUIRED);
      else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(p.email)) at('email', 'Please enter a valid email');
      if (!p.mobileNo) at('mobileNo', REQUIRED);
      if (!p.phoneCode) at('phoneCode', REQUIRED);
    }
    if (rules.isPassportRequired) {
      if (!p.passportNo) at('passportNo', REQUIRED);
      else if (!/^[A-Z0-9]{6,9}$/.test(p.passportNo)) at('passportNo', 'Enter a valid passport number');
      if (!p.passportExpiry) at('passportExpiry', REQUIRED);
      else if (p.passportExpiry < addMonths(rules.travelDate, 6))
        at('passportExpiry', 'The passport must be valid for 6 months after travel');
      if (!p.passportIssueCountryCode) at('passportIssueCountryCode', REQUIRED);
    }
  });
  return errors;
}
