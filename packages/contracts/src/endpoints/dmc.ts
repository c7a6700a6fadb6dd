/**
 * READY (part 1): the DMC back office contract. Paths, request and response shapes below are stable;
 * screens build on them (docs/dmc.md "API" explains every choice the spec leaves open).
 *
 * - dmc-masters.ts: markets, accommodations, activities (+ manageActivity/*), tour options, drivers, locations;
 * - dmc-rates.ts: ticket and transfer rates with priority, overlap check, stop-sales, pricing, combos;
 * - dmc-data.ts: getAllDmcData, the .xlsx import/export and the audit trail;
 * - areas.ts: areas and area transfers (the areas Lambda);
 * - dmc-common.ts: records, ids, paging and number inputs they share.
 *
 * Lists are cursor pages (`{ records, nextCursor }`; send `cursor` back for the next page). Saves take an
 * optional id (edit) and answer the saved record; rate and area-transfer saves answer `{ record, overlaps,
 * warning }`. Rule failures are 400s whose `shortError` maps each field to the spec's message. Permissions:
 * dmc.masters (masters, rates, combos, data, audit), dmc.karts (the two pricing calls), dmc.areas (areas,
 * area transfers), dmc.importData (the import, off by default).
 */
import type { Endpoint } from '../endpoint.ts';
import { dmcMasterEndpoints } from './dmc-masters.ts';
import { dmcRateEndpoints } from './dmc-rates.ts';
import { dmcDataEndpoints } from './dmc-data.ts';
import { dmcHotelEndpoints } from './dmc-hotels.ts';

export * from './dmc-common.ts';
export * from './dmc-masters.ts';
export * from './dmc-rates.ts';
export * from './dmc-data.ts';
export * from './dmc-hotels.ts';

/** Every endpoint of the dmc Lambda (the areas Lambda's are `areasEndpoints` in areas.ts). */
export const dmcEndpoints: Endpoint[] = [
  ...dmcMasterEndpoints,
  ...dmcRateEndpoints,
  ...dmcDataEndpoints,
  ...dmcHotelEndpoints,
];
