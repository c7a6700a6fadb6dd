import { schemaResolver, type FormErrors } from '@mantine/form';
import * as z from 'zod/mini';
import {
  type TPassengerInput,
  type TPaxFare,
  type TSsrCatalogue,
  validateBooking,
} from '@tp/contracts/endpoints/flights';
import { itemiseExtras, type ChargedExtra } from '@tp/domain/charge';
import { validatePassengers } from '@tp/domain/passengers';
import { phoneCountries } from '@tp/domain/phone';

/** One passenger as the form holds it (strings for inputs; SSR as code per segment `origin-destination`). */
export interface PaxForm {
  paxType: 1 | 2 | 3;
  title: string;
  firstName: string;
  lastName: string;
  gender: string;
  dateOfBirth: string;
  passportNo: string;
  passportExpiry: string;
  passportIssueCountryCode: string;
  nationality: string;
  /** Lead passenger only: PhoneInput's country (e.g. 'in') and number, email. */
  phoneCountry: string;
  mobileNo: string;
  email: string;
  baggage: Record<string, string>;
  meal: Record<string, string>;
  seat: Record<string, string>;
}

export const TITLES: Record<1 | 2 | 3, string[]> = { 1: ['Mr', 'Mrs', 'Ms'], 2: ['Mstr', 'Miss'], 3: ['Mstr', 'Miss'] };
export { PAX_NAME } from '@tp/contracts/endpoints/flights';

const blank = (paxType: 1 | 2 | 3): PaxForm => ({
  paxType,
  title: '',
  firstName: '',
  lastName: '',
  gender: '',
  dateOfBirth: '',
  passportNo: '',
  passportExpiry: '',
  passportIssueCountryCode: '',
  nationality: '',
  phoneCountry: 'in',
  mobileNo: '',
  email: '',
  baggage: {},
  meal: {},
  seat: {},
});

/**
 * One form entry per travelling passenger (adults first), from the fare's per-type counts. `previous`
 * (the first leg of a return) prefills names and documents by position within each type.
 */
export function initialPassengers(
  breakdown: Pick<TPaxFare, 'passengerType' | 'count'>[],
  previous: TPassengerInput[] = [],
  contact: { email?: string | undefined } = {},
): PaxForm[] {
  const out: PaxForm[] = [];
  for (const type of [1, 2, 3] as const) {
    const count = breakdown.filter((b) => b.passengerType === type).reduce((n, b) => n + b.count, 0);
    const prev = previous.filter((p) => p.paxType === type);
    for (let i = 0; i < count; i++) {
      const p = prev[i];
      const code = p?.phoneCode ? phoneCountries().find((c) => c.dial_code === p.phoneCode)?.code : undefined;
      out.push({
        ...blank(type),
        ...(p && {
          title: p.title,
          firstName: p.firstName,
          lastName: p.lastName,
          gender: String(p.gender),
          dateOfBirth: p.dateOfBirth ?? '',
          passportNo: p.passportNo ?? '',
          passportExpiry: p.passportExpiry ?? '',
          passportIssueCountryCode: p.passportIssueCountryCode ?? '',
          nationality: p.nationality ?? '',
          mobileNo: p.mobileNo ?? '',
          email: p.email ?? '',
          ...(code ? { phoneCountry: code } : {}),
        }),
      });
    }
  }
  if (out[0] && !out[0].email && contact.email) out[0].email = contact.email;
  return out;
}

const opt = (s: string) => (s.trim() ? s.trim() : undefined);
const picks = (m: Record<string, string>) =>
  Object.entries(m)
    .filter(([, code]) => code)
    .map(([segment, code]) => {
      const [origin = '', destination = ''] = segment.split('-');
      return { code, origin, destination };
    });

/** The request shape of a form passenger; the first adult is the lead and carries the contact. */
export function toPassengerInput(p: PaxForm, index: number): TPassengerInput {
  const lead = index === 0;
  return {
    title: p.title as TPassengerInput['title'],
    firstName: p.firstName.trim(),
    lastName: p.lastName.trim(),
    paxType: p.paxType,
    gender: Number(p.gender) as 1 | 2,
    dateOfBirth: opt(p.dateOfBirth),
    isLeadPax: lead,
    ...(lead && {
      phoneCode: phoneCountries().find((c) => c.code === p.phoneCountry)?.dial_code,
      mobileNo: opt(p.mobileNo.replace(/[\s-]/g, '')),
      email: opt(p.email)?.toLowerCase(),
    }),
    passportNo: opt(p.passportNo)?.toUpperCase(),
    passportExpiry: opt(p.passportExpiry),
    passportIssueCountryCode: opt(p.passportIssueCountryCode),
    nationality: opt(p.nationality),
    ssr: { baggage: picks(p.baggage), mealDynamic: picks(p.meal), seat: picks(p.seat) },
  };
}

export interface PassengerFormRules {
  isPassportRequired: boolean;
  /** The last travel date (ages and passport validity are checked against it); a time part is ignored. */
  travelDate: string;
  /** `YYYY-MM-DD` today. */
  today: string;
}

/**
 * The passengers' rules as one schema: the contract's (`validateBooking`'s `passengers`: required fields,
 * name characters, lengths) refined with the booking rules the server applies on the same request
 * (domain `validatePassengers`: ages on the travel date, title and gender, lead contact, passports).
 */
export function passengersSchema(rules: PassengerFormRules) {
  return z.pick(validateBooking.request, { passengers: true }).check(
    z.superRefine(
      ({ passengers }, ctx) => {
        const count = (t: 1 | 2 | 3) => passengers.filter((p) => p.paxType === t).length;
        const problems = validatePassengers(passengers, {
          ...rules,
          travelDate: rules.travelDate.slice(0, 10),
          adultCount: count(1),
          childCount: count(2),
          infantCount: count(3),
        });
        for (const [path, message] of Object.entries(problems))
          ctx.addIssue({
            code: 'custom',
            message,
            path: path.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)),
          });
      },
      // Also when a field already failed, so the first submit shows every problem (as the server's 400 does).
      { when: () => true },
    ),
  );
}

/**
 * Form errors by path (`passengers.<i>.<field>`), the first for each field, so the user sees them before
 * any call. The lead's phone is the PhoneInput pair: its country field is `phoneCountry` in the form.
 */
export function validatePassengerForm(pax: PaxForm[], rules: PassengerFormRules): FormErrors {
  const errors = schemaResolver(passengersSchema(rules), { sync: true })({ passengers: pax.map(toPassengerInput) });
  if (errors['passengers.0.phoneCode']) errors['passengers.0.phoneCountry'] = errors['passengers.0.phoneCode'];
  return errors;
}

/** SSR options of a catalogue grouped by segment key `origin-destination`. */
export function ssrBySegment(ssr: TSsrCatalogue | undefined) {
  const group = <T extends { origin: string; destination: string }>(items: T[]) => {
    const m = new Map<string, T[]>();
    for (const it of items) {
      const k = `${it.origin}-${it.destination}`;
      m.set(k, [...(m.get(k) ?? []), it]);
    }
    return m;
  };
  return { baggage: group(ssr?.baggage ?? []), meal: group(ssr?.mealDynamic ?? []) };
}

/**
 * The extras picked in the form, itemised per passenger and segment with catalogue prices (domain
 * `itemiseExtras`, as the server does with the same picks). A preview: the server's charge replaces it.
 */
export function chosenExtras(pax: PaxForm[], ssr: TSsrCatalogue | undefined): ChargedExtra[] {
  if (!ssr) return [];
  const seats = ssr.seatDynamic.flatMap((s) => s.rows.flat());
  const resolve = <T extends { code: string; origin: string; destination: string }>(
    list: readonly T[],
    m: Record<string, string>,
  ): T[] =>
    Object.entries(m).flatMap(([seg, code]) => {
      const hit = code ? list.find((x) => x.code === code && `${x.origin}-${x.destination}` === seg) : undefined;
      return hit ? [hit] : [];
    });
  return itemiseExtras(
    pax.map((p) => ({
      baggage: resolve(ssr.baggage, p.baggage),
      mealDynamic: resolve(ssr.mealDynamic, p.meal),
      seat: resolve(seats, p.seat),
    })),
  );
}
