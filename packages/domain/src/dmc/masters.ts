/**
 * Rules of the DMC masters (spec 001 §5 "Masters", "Area"): what a create or edit dialog checks and the
 * server checks again. Each returns field → message, empty when valid.
 */
import { flag, isBlank, isMissing, type Draft, type Errors } from './checks.ts';
import { DMC_TEXT, type DmcMessages } from './messages.ts';
import { isTime } from './terms.ts';
import {
  DEFAULT_ACTIVITY_PRIORITY,
  type Accommodation,
  type Activity,
  type Area,
  type Driver,
  type Location,
  type Market,
  type TourOption,
} from './types.ts';

const cityProblem = (cityId: unknown, m: DmcMessages): string | null =>
  isMissing(cityId) ? m.required : Number.isInteger(cityId) && (cityId as number) >= 0 ? null : m.invalidValue;

// Email "must have a valid shape (no top-level-domain check)" (§5): `someone@host` passes.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;
// Phones as typed (digits, spaces, + ( ) - .), as the platform's phone text field allows.
const PHONE_SHAPE = /^\+?[0-9 ().-]{5,32}$/;
const optionalShape = (v: unknown, shape: RegExp, message: string): string | null =>
  isBlank(v) ? null : shape.test((v as string).trim()) ? null : message;

export function marketErrors(r: Draft<Omit<Market, 'marketId'>>, m: DmcMessages): Errors<Market> {
  const e: Errors<Market> = {};
  if (isBlank(r.name)) e.name = m.required;
  flag(e, 'currency', isBlank(r.currency) ? m.required : /^[A-Z]{3}$/.test(r.currency ?? '') ? null : m.invalidValue);
  return e;
}

/** 'Please fill the name' (§5 Area). */
export function areaErrors(r: Draft<Omit<Area, 'id'>>, m: DmcMessages): Errors<Area> {
  const e: Errors<Area> = {};
  if (isBlank(r.name)) e.name = m.fillName;
  flag(e, 'cityId', cityProblem(r.cityId, m));
  return e;
}

/** Name, address and city required; email of a valid shape (§5 Accommodation). */
export function accommodationErrors(r: Draft<Omit<Accommodation, 'id'>>, m: DmcMessages): Errors<Accommodation> {
  const e: Errors<Accommodation> = {};
  if (isBlank(r.name)) e.name = m.required;
  if (isBlank(r.address)) e.address = m.required;
  flag(e, 'cityId', cityProblem(r.cityId, m));
  flag(e, 'email', optionalShape(r.email, EMAIL_SHAPE, m.invalidEmail));
  flag(e, 'phoneNumber', optionalShape(r.phoneNumber, PHONE_SHAPE, m.invalidPhone));
  return e;
}

/** Name and city required (§5 Activity); priority, when given, a whole number ≥ 1. */
export function activityErrors(r: Draft<Omit<Activity, 'id'>>, m: DmcMessages): Errors<Activity> {
  const e: Errors<Activity> = {};
  if (isBlank(r.name)) e.name = m.required;
  flag(e, 'cityId', cityProblem(r.cityId, m));
  if (r.priority !== null && r.priority !== undefined)
    flag(e, 'priority', !Number.isInteger(r.priority) ? m.invalidValue : r.priority < 1 ? m.tooSmall(1) : null);
  return e;
}

/** An activity as saved: priority 1 unless set (§9), no area unless mapped. */
export const withActivityDefaults = <T extends Draft<Omit<Activity, 'id'>>>(
  r: T,
): T & Pick<Activity, 'priority' | 'area' | 'description'> => ({
  ...r,
  priority: r.priority ?? DEFAULT_ACTIVITY_PRIORITY,
  area: r.area || null,
  description: r.description ?? '',
});

/** Name and activity required; slots when the option has time slots; times as HH:MM. */
export function tourOptionErrors(r: Draft<Omit<TourOption, 'id'>>, m: DmcMessages): Errors<TourOption> {
  const e: Errors<TourOption> = {};
  if (isBlank(r.activityId)) e.activityId = m.required;
  if (isBlank(r.name)) e.name = m.required;
  const slots = r.timeSlots ?? [];
  if (r.hasTimeSlots && slots.length === 0) e.timeSlots = DMC_TEXT.timeSlotsRequired;
  flag(e, 'timeSlots', slots.some((s) => !isTime(s)) ? DMC_TEXT.invalidTime : null);
  flag(e, 'timeSlots', new Set(slots).size !== slots.length ? DMC_TEXT.duplicateTimeSlot : null);
  for (const f of ['pickupTime', 'dropPickupTime'] as const)
    flag(e, f, isBlank(r[f]) || isTime(r[f]) ? null : DMC_TEXT.invalidTime);
  return e;
}

/** Driver name required (§5); a phone, when given, as typed digits. */
export function driverErrors(r: Draft<Omit<Driver, 'driverId'>>, m: DmcMessages): Errors<Driver> {
  const e: Errors<Driver> = {};
  if (isBlank(r.driverName)) e.driverName = m.required;
  flag(e, 'phone', optionalShape(r.phone, PHONE_SHAPE, m.invalidPhone));
  return e;
}

/** Location required (§5). */
export function locationErrors(r: Draft<Omit<Location, 'id'>>, m: DmcMessages): Errors<Location> {
  return isBlank(r.location) ? { location: m.required } : {};
}
