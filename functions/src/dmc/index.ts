/**
 * The dmc domain's public entry: the areas Lambda serves areas and area transfers with these operations (the
 * data is the DMC's: one store, one import, one audit trail).
 */
export type { DmcScope } from './changes.ts';
export * as areaOperations from './areas.ts';
export { mapActivityArea } from './masters.ts';
export { auditTrailOf } from './data.ts';
/** The site's drivers, for operations (kart Lambda: job sheet picker, conflicts, driver page). */
export { allDrivers, getDriver } from './masters.ts';
/** The rate engine as the quotation builder prices a tour option (the kart Lambda prices activity lines with it). */
export { priceForQuotation } from './pricing.ts';
/** A city's activities with their tour options priced for a party (the activities Lambda's search). */
export { tourOptionsByCity } from './pricing.ts';
/** A tour option with its activity's name (the activity cart names its lines). */
export { existing as existingDmcRecord, tourOptionViews } from './masters.ts';
/** The cities the DMC sells in (the activities landing). */
export { allCities } from './masters.ts';
