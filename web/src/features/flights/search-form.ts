import {
  JOURNEY_TYPE,
  RETURN_TYPE,
  TIME_BANDS,
  ZSearchRequest,
  type TSearchRequest,
} from '@tp/contracts/endpoints/flights';
import * as MSG from '@tp/contracts/messages';
import { isoDay } from '#shared/format.ts';

/** A picked city/airport: its code and what the field shows. */
export interface CityValue {
  value: string;
  label: string;
}

export interface Leg {
  origin: CityValue | null;
  destination: CityValue | null;
  /** `YYYY-MM-DD` */
  date: string;
}

export interface SearchFormValues {
  journeyType: 1 | 2 | 3;
  returnType: 2 | 3 | 5;
  /** One leg for one way and return, 2–6 for multi stop. */
  legs: Leg[];
  returnDate: string;
  /** TIME_BANDS time. */
  time: string;
  adults: number;
  children: number;
  infants: number;
  cabinClass: string;
  sources: string[];
}

export const MULTI_STOP_LEGS = { min: 2, max: 6 } as const;

export const RETURN_TYPE_OPTIONS = [
  { value: String(RETURN_TYPE.normal), label: 'Normal Returns' },
  { value: String(RETURN_TYPE.lccSpecial), label: 'LCC Special Returns' },
  { value: String(RETURN_TYPE.gdsSpecial), label: 'GDS Special Returns' },
];
export const CABIN_OPTIONS = [
  { value: '1', label: 'All' },
  { value: '2', label: 'Economy' },
  { value: '3', label: 'Premium Economy' },
  { value: '4', label: 'Business' },
  { value: '5', label: 'Premium Business' },
  { value: '6', label: 'First' },
];

export const emptyLeg = (): Leg => ({ origin: null, destination: null, date: '' });

/**
 * Form values of a new search, or of `last` (the last search, or the one a results URL describes
 * for "Modify search"). Requests carry codes only: `labelOf` gives the city name shown for a code
 * when it is known ("Mumbai (BOM)"); otherwise the field shows the code until the name is looked up.
 */
export function initialSearchValues(
  last?: TSearchRequest | null,
  labelOf: (code: string) => string | undefined = () => undefined,
): SearchFormValues {
  const base: SearchFormValues = {
    journeyType: 1,
    returnType: RETURN_TYPE.normal,
    legs: [emptyLeg()],
    returnDate: '',
    time: TIME_BANDS[0].time,
    adults: 1,
    children: 0,
    infants: 0,
    cabinClass: '1',
    sources: [],
  };
  if (!last) return base;
  const city = (code: string): CityValue => ({ value: code, label: labelOf(code) ?? code });
  const isReturn = last.JourneyType === JOURNEY_TYPE.return || last.JourneyType === JOURNEY_TYPE.specialReturn;
  const legs = (isReturn ? last.segments.slice(0, 1) : last.segments).map((s) => ({
    origin: city(s.origin),
    destination: city(s.destination),
    date: s.preferredDepartureTime.slice(0, 10),
  }));
  return {
    ...base,
    journeyType: isReturn ? 2 : (last.JourneyType as 1 | 3),
    returnType: (last.returnType ?? RETURN_TYPE.normal) as 2 | 3 | 5,
    legs,
    returnDate: isReturn ? (last.segments[1]?.preferredDepartureTime.slice(0, 10) ?? '') : '',
    time: last.segments[0]?.preferredDepartureTime.slice(11, 19) || base.time,
    adults: last.adultCount,
    children: last.childCount ?? 0,
    infants: last.infantCount ?? 0,
    cabinClass: String(last.cabinClass ?? 1),
    sources: last.Sources ?? [],
  };
}

/** Switching journey type keeps what was typed: multi stop gets at least two legs, the others one. */
export function withJourneyType(v: SearchFormValues, journeyType: 1 | 2 | 3): SearchFormValues {
  let legs = v.legs;
  if (journeyType === 3 && legs.length < MULTI_STOP_LEGS.min) {
    const prev = legs[0]!;
    legs = [prev, { origin: prev.destination, destination: null, date: '' }];
  }
  if (journeyType !== 3) legs = legs.slice(0, 1);
  return { ...v, journeyType, legs };
}

/** Leg `i` with origin and destination exchanged (the swap button). */
export function swapLeg(v: SearchFormValues, i: number): SearchFormValues {
  return {
    ...v,
    legs: v.legs.map((leg, j) => (j === i ? { ...leg, origin: leg.destination, destination: leg.origin } : leg)),
  };
}

/** Codes the form shows without a city name (restored from a URL or the last search). */
export function unnamedCodes(v: SearchFormValues): string[] {
  const codes = new Set<string>();
  for (const leg of v.legs)
    for (const c of [leg.origin, leg.destination]) if (c && c.label === c.value) codes.add(c.value);
  return [...codes];
}

/** Every place `code` shows without its name now shows `label`. */
export function withCityName(v: SearchFormValues, code: string, label: string): SearchFormValues {
  const named = (c: CityValue | null) => (c && c.value === code && c.label === code ? { value: code, label } : c);
  return { ...v, legs: v.legs.map((l) => ({ ...l, origin: named(l.origin), destination: named(l.destination) })) };
}

/** Form fields of the contract's passenger counts. */
const FORM_PATH: Record<string, string> = { adultCount: 'adults', childCount: 'children', infantCount: 'infants' };

/**
 * Errors of the contract's search schema (ZSearchRequest, built on the first validation, not with the
 * form) for the request these values make, at form paths: origin ≠ destination and the passenger rules
 * (spec 000 §9) have one source of truth and the same messages as the API's.
 */
function contractErrors(v: SearchFormValues): Record<string, string> {
  const e: Record<string, string> = {};
  const parsed = ZSearchRequest.safeParse(toSearchRequest(v));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const [field, index, leg] = issue.path;
    // A return's second segment is the first leg reversed, with the same issues: only shown legs map.
    const path =
      field === 'segments' && typeof index === 'number' && index < v.legs.length && typeof leg === 'string'
        ? `legs.${index}.${leg === 'preferredDepartureTime' ? 'date' : leg}`
        : FORM_PATH[String(field)];
    if (path) e[path] ??= issue.message;
  }
  return e;
}

/**
 * Errors by form path ('legs.0.origin', 'adults', …); empty when the search can go. The form's own
 * rules (what is missing, dates against today and each other, how many legs) come first; the
 * contract's schema gives the rest.
 */
export function validateSearch(v: SearchFormValues, today: string): Record<string, string> {
  const e: Record<string, string> = {};
  let previousDate = today;
  v.legs.forEach((leg, i) => {
    if (!leg.origin) e[`legs.${i}.origin`] = MSG.required;
    if (!leg.destination) e[`legs.${i}.destination`] = MSG.required;
    if (!leg.date) e[`legs.${i}.date`] = MSG.required;
    else if (leg.date < previousDate)
      e[`legs.${i}.date`] =
        i === 0 ? 'The departure date cannot be in the past' : 'Dates must follow the previous flight';
    if (leg.date) previousDate = leg.date;
  });
  if (v.journeyType === 2) {
    if (!v.returnDate) e.returnDate = MSG.required;
    else if (v.legs[0]?.date && v.returnDate < v.legs[0].date)
      e.returnDate = 'The return cannot be before the departure';
  }
  if (v.journeyType === 3 && (v.legs.length < MULTI_STOP_LEGS.min || v.legs.length > MULTI_STOP_LEGS.max))
    e.legs = `A multi-stop search has ${MULTI_STOP_LEGS.min} to ${MULTI_STOP_LEGS.max} flights`;
  // The contract's minimum says "too small"; the form names the rule.
  if (!Number.isInteger(v.adults) || v.adults < 1) e.adults = 'At least 1 adult';
  return { ...contractErrors(v), ...e };
}

/** The api/search request of valid form values. Returns travel as JourneyType 2 with its sub type in returnType. */
export function toSearchRequest(v: SearchFormValues): TSearchRequest {
  const at = (date: string) => `${date}T${v.time}`;
  const legs = v.legs.map((l) => ({
    // Codes are there once the form is valid; validation builds the request before (missing ones are '').
    origin: l.origin?.value ?? '',
    destination: l.destination?.value ?? '',
    preferredDepartureTime: at(l.date),
  }));
  const segments =
    v.journeyType === 2
      ? [
          legs[0]!,
          { origin: legs[0]!.destination, destination: legs[0]!.origin, preferredDepartureTime: at(v.returnDate) },
        ]
      : legs;
  return {
    JourneyType: v.journeyType,
    ...(v.journeyType === 2 ? { returnType: v.returnType } : {}),
    segments,
    adultCount: v.adults,
    childCount: v.children,
    infantCount: v.infants,
    cabinClass: Number(v.cabinClass),
    ...(v.sources.length ? { Sources: v.sources } : {}),
  };
}

/** Local `YYYY-MM-DD` of a date (the user's calendar day, not UTC's). */
export const localDate = (d = new Date()): string => isoDay(d);

/** The month selector of the fare calendar: this month and the next nine (spec 000 §9), as `YYYY-MM`. */
export function calendarMonths(from = new Date(), count = 10): { value: string; label: string }[] {
  const fmt = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric' });
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(from.getFullYear(), from.getMonth() + i, 1);
    return { value: `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`, label: fmt.format(d) };
  });
}
