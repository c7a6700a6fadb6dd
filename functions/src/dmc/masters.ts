/**
 * Accommodations, activities, tour options, drivers, locations and the DMC's cities (spec 001 §3, §5 "Masters";
 * /staff/dmc_master and /staff/dmc-activities). A save with an id edits that record of the site; without one it
 * creates. Every rule is the domain's (packages/domain/src/dmc/masters.ts), checked before anything is written.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/dmc';
import { DMC_MSG, type TAccommodation, type TActivity, type TTourOption } from '@tp/contracts/endpoints/dmc';
import {
  accommodationErrors,
  activityErrors,
  driverErrors,
  locationErrors,
  tourOptionErrors,
  withActivityDefaults,
} from '@tp/domain/dmc';
import { newId } from '#lib/crypto';
import type { Page, TransactItem } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { fail, refuseIfAny } from '#lib/errors';
import { RULE_MESSAGES, saveRecord, siteOf, type DmcScope } from './changes.ts';
import { listByName, listUnder, namesById, refuseNameTwin, type ListInput } from './lists.ts';
import {
  cityLabel,
  type ActivityRec,
  type AreaRec,
  type DriverRec,
  type HotelRec,
  type DmcRecords,
} from './records.ts';
import type { DmcKind } from './keys.ts';
import * as repo from './repo.ts';
import * as MSG from '@tp/contracts/messages';
import { answers, reply } from '#lib/answers';

type In<E> = ParsedRequestOf<E>;

/** The record an edit names, on this site (another site's id finds nothing: 404). */
export async function existing<K extends DmcKind>(
  scope: DmcScope,
  kind: K,
  id: string | null | undefined,
): Promise<DmcRecords[K] | null> {
  if (!id) return null;
  const found = await repo.getRecord(siteOf(scope), kind, id);
  if (!found) throw fail.notFound();
  return found;
}

/** A referenced record that must exist on this site; its absence is a 400 on the referencing field. */
export async function requireRef<K extends DmcKind>(
  scope: DmcScope,
  kind: K,
  id: string,
  field: string,
  message: string,
): Promise<DmcRecords[K]> {
  const found = await repo.getRecord(siteOf(scope), kind, id);
  if (!found) throw fail.validation(message, { [field]: message });
  return found;
}

// ---------------------------------------------------------------------------------------------------
// Cities

/**
 * The city's name for a saved record, and the write that keeps the DMC's city list (the filter of
 * /staff/dmc-activities) knowing it. The name is the picker's (master/dbCities); else the one known already.
 */
export async function cityOf(
  scope: DmcScope,
  cityId: number,
  cityName: string | undefined,
): Promise<{ cityName: string; writes: TransactItem[] }> {
  const known = await repo.getCity(siteOf(scope), cityId);
  const name = cityLabel(cityId, cityName || known?.cityName);
  return { cityName: name, writes: known?.cityName === name ? [] : [repo.putCity(siteOf(scope), cityId, name)] };
}

export async function allCities(scope: DmcScope) {
  const cities = await repo.allCities(siteOf(scope));
  return cities.sort((a, b) => a.cityName.localeCompare(b.cityName));
}

// ---------------------------------------------------------------------------------------------------
// Views with the names of what a record points at

async function areaNames(scope: DmcScope, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  const areas = await repo.getRecords(siteOf(scope), 'area', wanted);
  return namesById(
    areas,
    (a: AreaRec) => a.id,
    (a) => a.name,
  );
}

const withArea = <T extends { area: string | null }>(rec: T, names: Map<string, string>) => ({
  ...rec,
  areaName: rec.area ? (names.get(rec.area) ?? null) : null,
});

async function hotelViews(scope: DmcScope, recs: HotelRec[]): Promise<TAccommodation[]> {
  const names = await areaNames(
    scope,
    recs.map((r) => r.area),
  );
  return recs.map((r) => withArea(r, names));
}

export async function activityViews(scope: DmcScope, recs: ActivityRec[]): Promise<TActivity[]> {
  const names = await areaNames(
    scope,
    recs.map((r) => r.area),
  );
  return recs.map((r) => withArea(r, names));
}

export async function tourOptionViews(scope: DmcScope, recs: DmcRecords['tourOption'][]): Promise<TTourOption[]> {
  const activities = await repo.getRecords(siteOf(scope), 'activity', [...new Set(recs.map((r) => r.activityId))]);
  const names = namesById(
    activities,
    (a) => a.id,
    (a) => a.name,
  );
  return recs.map((r) => ({ ...r, activityName: names.get(r.activityId) ?? '' }));
}

const mapPage = async <T, U>(page: Page<T>, views: (recs: T[]) => Promise<U[]>): Promise<Page<U>> => ({
  records: await views(page.records),
  nextCursor: page.nextCursor,
});

// ---------------------------------------------------------------------------------------------------
// Accommodations

export async function saveAccommodation(
  scope: DmcScope,
  input: In<typeof api.createNewAccomodation>,
): Promise<TAccommodation> {
  refuseIfAny(accommodationErrors(input, RULE_MESSAGES));
  const before = await existing(scope, 'hotel', input.id);
  if (input.area) await requireRef(scope, 'area', input.area, 'area', DMC_MSG.unknownArea);
  await refuseNameTwin(scope, 'hotel', input.name, before?.id, {
    field: 'name',
    message: DMC_MSG.nameTaken('an accommodation', ' in this city'),
    equals: { cityId: input.cityId },
  });
  const city = await cityOf(scope, input.cityId, input.cityName);
  const after: HotelRec = {
    id: before?.id ?? newId(),
    name: input.name,
    address: input.address,
    area: input.area ?? null,
    cityId: input.cityId,
    cityName: city.cityName,
    phoneNumber: input.phoneNumber,
    email: input.email,
  };
  const saved = await saveRecord(scope, 'hotel', before, after, city.writes);
  return (await hotelViews(scope, [saved]))[0]!;
}

export async function listAccommodations(
  scope: DmcScope,
  input: In<typeof api.getAccomodation>,
): Promise<Page<TAccommodation>> {
  const page = await listByName(
    scope,
    'hotel',
    input,
    input.cityId === undefined ? {} : { equals: { cityId: input.cityId } },
  );
  return mapPage(page, (recs) => hotelViews(scope, recs));
}

// ---------------------------------------------------------------------------------------------------
// Activities

export async function saveActivity(scope: DmcScope, input: In<typeof api.saveActivity>): Promise<TActivity> {
  const before = await existing(scope, 'activity', input.id);
  // An edit that does not send a priority keeps the one set on /staff/dmc-activities.
  const draft = withActivityDefaults({ ...input, priority: input.priority ?? before?.priority });
  refuseIfAny(activityErrors(draft, RULE_MESSAGES));
  if (draft.area) await requireRef(scope, 'area', draft.area, 'area', DMC_MSG.unknownArea);
  await refuseNameTwin(scope, 'activity', input.name, before?.id, {
    field: 'name',
    message: DMC_MSG.nameTaken('an activity', ' in this city'),
    equals: { cityId: input.cityId },
  });
  const city = await cityOf(scope, input.cityId, input.cityName);
  const after: ActivityRec = {
    id: before?.id ?? newId(),
    name: input.name,
    description: draft.description,
    cityId: input.cityId,
    cityName: city.cityName,
    priority: draft.priority,
    area: draft.area,
  };
  return (await activityViews(scope, [await saveRecord(scope, 'activity', before, after, city.writes)]))[0]!;
}

export async function listActivities(scope: DmcScope, input: In<typeof api.getActivities>): Promise<Page<TActivity>> {
  const page = await listByName(
    scope,
    'activity',
    input,
    input.cityId === undefined ? {} : { equals: { cityId: input.cityId } },
  );
  return mapPage(page, (recs) => activityViews(scope, recs));
}

/** A city's activities, highest priority first (gsi2). */
export async function activitiesOfCity(scope: DmcScope, cityId: number, q: ListInput): Promise<Page<TActivity>> {
  const page = await listUnder(scope, 'activity', ['CITY', String(cityId)], q);
  return mapPage(page, (recs) => activityViews(scope, recs));
}

/** Changes one field set of an activity (priority, area) through the same rules and audit as a save. */
async function patchActivity(scope: DmcScope, activityId: string, patch: Partial<ActivityRec>): Promise<TActivity> {
  const before = (await existing(scope, 'activity', activityId))!;
  const after = { ...before, ...patch };
  refuseIfAny(activityErrors(after, RULE_MESSAGES));
  return (await activityViews(scope, [await saveRecord(scope, 'activity', before, after)]))[0]!;
}

export function setActivityPriority(scope: DmcScope, input: In<typeof api.updateActivityPriority>) {
  if (input.priority === null) refuseIfAny({ priority: RULE_MESSAGES.required });
  return patchActivity(scope, input.activityId, { priority: input.priority as number });
}

export async function mapActivityArea(
  scope: DmcScope,
  activityId: string,
  areaId: string | null | undefined,
): Promise<TActivity> {
  if (areaId) await requireRef(scope, 'area', areaId, 'areaId', DMC_MSG.unknownArea);
  return patchActivity(scope, activityId, { area: areaId ?? null });
}

// ---------------------------------------------------------------------------------------------------
// Tour options

export async function saveTourOption(scope: DmcScope, input: In<typeof api.saveTourOptions>): Promise<TTourOption> {
  const draft = { ...input, pickupTime: input.pickupTime ?? null, dropPickupTime: input.dropPickupTime ?? null };
  refuseIfAny(tourOptionErrors(draft, RULE_MESSAGES));
  const before = await existing(scope, 'tourOption', input.id);
  await requireRef(scope, 'activity', input.activityId, 'activityId', DMC_MSG.unknownActivity);
  await refuseNameTwin(scope, 'tourOption', input.name, before?.id, {
    field: 'name',
    message: DMC_MSG.nameTaken('a tour option', ' for this activity'),
    equals: { activityId: input.activityId },
  });
  const after: DmcRecords['tourOption'] = {
    id: before?.id ?? newId(),
    activityId: input.activityId,
    name: input.name,
    description: input.description,
    hasTimeSlots: input.hasTimeSlots,
    timeSlots: input.hasTimeSlots ? input.timeSlots : [],
    hasMeal: input.hasMeal,
    hasGuide: input.hasGuide,
    hasTicket: input.hasTicket,
    pickupTime: draft.pickupTime,
    dropPickupTime: draft.dropPickupTime,
  };
  const saved = await saveRecord(scope, 'tourOption', before, after, [
    repo.recordExists(siteOf(scope), 'activity', input.activityId),
  ]);
  return (await tourOptionViews(scope, [saved]))[0]!;
}

export async function listTourOptions(
  scope: DmcScope,
  input: In<typeof api.getTourOptions>,
): Promise<Page<TTourOption>> {
  if (input.id) {
    const one = (await existing(scope, 'tourOption', input.id))!;
    return { records: await tourOptionViews(scope, [one]), nextCursor: null };
  }
  if (input.activityId) await existing(scope, 'activity', input.activityId);
  const page = input.activityId
    ? await listUnder(scope, 'tourOption', ['ACTIVITY', input.activityId], input)
    : await listByName(scope, 'tourOption', input);
  return mapPage(page, (recs) => tourOptionViews(scope, recs));
}

// ---------------------------------------------------------------------------------------------------
// Drivers and locations

export async function saveDriver(scope: DmcScope, input: In<typeof api.saveDriver>): Promise<DriverRec> {
  refuseIfAny(driverErrors(input, RULE_MESSAGES));
  const before = await existing(scope, 'driver', input.driverId);
  // The job sheet assigns drivers by name.
  await refuseNameTwin(scope, 'driver', input.driverName, before?.driverId, {
    field: 'driverName',
    message: DMC_MSG.nameTaken('a driver', ''),
  });
  const after: DriverRec = {
    driverId: before?.driverId ?? newId(),
    driverName: input.driverName,
    phone: input.phone,
    // Screens that do not show the capacity keep the one recorded.
    vehicleCapacity: input.vehicleCapacity ?? before?.vehicleCapacity ?? null,
  };
  return saveRecord(scope, 'driver', before, after);
}

/** Every driver of the site (operations: bounded by nature, a DMC runs tens of drivers). */
export const allDrivers = (siteId: SiteId): Promise<DriverRec[]> => repo.allRecords(siteId, 'driver');
export const getDriver = (siteId: SiteId, driverId: string): Promise<DriverRec | null> =>
  repo.getRecord(siteId, 'driver', driverId);

export const listDrivers = (scope: DmcScope, input: In<typeof api.getDrivers>) => listByName(scope, 'driver', input);

export async function saveLocation(scope: DmcScope, input: In<typeof api.saveLocationOption>) {
  refuseIfAny(locationErrors(input, RULE_MESSAGES));
  const before = await existing(scope, 'location', input.id);
  return saveRecord(scope, 'location', before, { id: before?.id ?? newId(), location: input.location });
}

export const listLocations = (scope: DmcScope, input: In<typeof api.getLocationOptions>) =>
  listByName(scope, 'location', input);

// The dmc Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetAccomodation = answers(api.getAccomodation, (input, scope) => listAccommodations(scope, input));
export const answerCreateNewAccomodation = answers(api.createNewAccomodation, async (input, scope) =>
  reply(await saveAccommodation(scope, input), { message: DMC_MSG.accommodationSaved }),
);
export const answerSaveActivity = answers(api.saveActivity, async (input, scope) =>
  reply(await saveActivity(scope, input), { message: MSG.activitySaved }),
);
export const answerGetActivities = answers(api.getActivities, (input, scope) => listActivities(scope, input));
export const answerFetchActivities = answers(api.fetchActivities, (input, scope) =>
  activitiesOfCity(scope, input.cityId, input),
);
export const answerUpdateActivityPriority = answers(api.updateActivityPriority, async (input, scope) =>
  reply(await setActivityPriority(scope, input), { message: MSG.activitySaved }),
);
export const answerGetAllCities = answers(api.getAllCities, (_input, scope) => allCities(scope));
export const answerGetTourOptions = answers(api.getTourOptions, (input, scope) => listTourOptions(scope, input));
export const answerSaveTourOptions = answers(api.saveTourOptions, async (input, scope) =>
  reply(await saveTourOption(scope, input), { message: DMC_MSG.tourOptionSaved }),
);
export const answerSaveDriver = answers(api.saveDriver, async (input, scope) =>
  reply(await saveDriver(scope, input), { message: DMC_MSG.driverSaved }),
);
export const answerGetDrivers = answers(api.getDrivers, (input, scope) => listDrivers(scope, input));
export const answerGetLocationOptions = answers(api.getLocationOptions, (input, scope) => listLocations(scope, input));
export const answerSaveLocationOption = answers(api.saveLocationOption, async (input, scope) =>
  reply(await saveLocation(scope, input), { message: DMC_MSG.locationSaved }),
);
