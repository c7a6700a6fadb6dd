/**
 * Areas and area transfers (spec 001 §2 /staff/areas, /staff/area-transfer; §5 "Area", "Area transfer"; §7
 * "Manage activities and areas", "Area transfers"). Served by the areas Lambda (functions/src/areas). Amounts
 * are US dollars with 2 decimals (§9). createTransfers with an `id` edits (the spec's edit "does nothing").
 */
import * as z from 'zod/mini';
import { endpoint, type Endpoint } from '../endpoint.ts';
import { zName, zRemarks, zShortText } from '../fields.ts';
import * as MSG from '../messages.ts';
import { lazy } from '../lazy.ts';
import {
  AREA_SHARING_BASES,
  TRANSFER_DIRECTIONS,
  ZActivity,
  ZArea,
  ZAreaTransfer,
  ZAuditEntry,
  blankAsMissing,
  pageOf,
  savedWithOverlaps,
  zAmountInput,
  zCityId,
  zDateText,
  zDmcId,
  zIntInput,
  zListPaging,
  zOptionalDmcId,
} from './dmc-common.ts';
import { AREA_AUDIT_ENTITIES, auditRequest } from './dmc-data.ts';

const areas = { api: 'site', domain: 'areas', auth: 'staff', permission: 'dmc.areas' } as const;
const deleted = lazy(() => z.object({ id: z.string() }));

export const mapAreaActivity = endpoint({
  ...areas,
  // The /staff/dmc-activities screen edits activities: the masters permission.
  permission: 'dmc.masters',
  id: 'areas.mapAreaActivity',
  method: 'POST',
  path: 'areas/mapAreaActivity',
  request: lazy(() => z.object({ activityId: zDmcId(), areaId: zOptionalDmcId() })),
  response: ZActivity,
  summary: 'Sets the area of an activity (null or absent: none).',
});

export const searchAreas = endpoint({
  ...areas,
  id: 'areas.searchAreas',
  method: 'GET',
  path: 'areas/searchAreas',
  request: lazy(() => z.object({ ...zListPaging(), cityId: blankAsMissing(zCityId()) })),
  response: lazy(() => pageOf(ZArea)),
  summary: 'Areas by name, optionally of one city or containing `search`, a cursor page.',
});

export const addArea = endpoint({
  ...areas,
  id: 'areas.addArea',
  method: 'POST',
  path: 'areas/addArea',
  request: lazy(() =>
    z.object({
      /** Present: renames that area. */
      id: zOptionalDmcId(),
      /** 'Please fill the name' when blank (§5). */
      name: blankAsMissing(zName()),
      cityId: zCityId(),
      cityName: z.optional(zName({ required: false })),
    }),
  ),
  response: ZArea,
  summary: "Adds an area to a city (or renames one); 'Please fill the name' without a name.",
});

export const deleteArea = endpoint({
  ...areas,
  id: 'areas.deleteArea',
  method: 'POST',
  path: 'areas/deleteArea',
  request: lazy(() => z.object({ areaId: zDmcId() })),
  response: deleted,
  summary: 'Deletes an area no hotel, activity or area transfer uses (409 naming what still does).',
});

export const getTransfers = endpoint({
  ...areas,
  id: 'areas.getTransfers',
  method: 'GET',
  path: 'areas/getTransfers',
  request: lazy(() =>
    z.object({
      /** Text in the route's area names or the description. */
      query: z.optional(zShortText({ required: false })),
      from: blankAsMissing(zDmcId()),
      to: blankAsMissing(zDmcId()),
      marketId: blankAsMissing(zDmcId()),
      cursor: zListPaging().cursor,
      limit: zListPaging().limit,
    }),
  ),
  response: lazy(() => pageOf(ZAreaTransfer)),
  summary: "Area transfers by route, optionally filtered; the screen shows 'No area transfers found' when empty.",
});

export const createTransfers = endpoint({
  ...areas,
  id: 'areas.createTransfers',
  method: 'POST',
  path: 'areas/createTransfers',
  request: lazy(() =>
    z.object({
      /** Present: edits that transfer. */
      id: zOptionalDmcId(),
      from: blankAsMissing(zDmcId()),
      to: blankAsMissing(zDmcId()),
      marketId: blankAsMissing(zDmcId()),
      description: z._default(zRemarks({ max: 300, required: false }), ''),
      transferType: blankAsMissing(z.enum(TRANSFER_DIRECTIONS)),
      sharingBasis: blankAsMissing(z.enum(AREA_SHARING_BASES)),
      amount: zAmountInput(MSG.amountPositive),
      /** Ours: what the DMC pays, US dollars; blank: not known. */
      cost: zAmountInput(),
      isStandAlone: z._default(z.boolean(), false),
      /** Ignored: forced on for sharing and off for private (§4). */
      isPerPax: z.optional(z.boolean()),
      minPax: zIntInput(),
      maxPax: zIntInput(),
      validFromDate: zDateText(),
      validTillDate: zDateText(),
    }),
  ),
  response: lazy(() => savedWithOverlaps(ZAreaTransfer)),
  summary: 'Creates or edits an area transfer with every check of §5; names the transfers it overlaps.',
});

export const deleteTransfers = endpoint({
  ...areas,
  id: 'areas.deleteTransfers',
  method: 'POST',
  path: 'areas/deleteTransfers/{id}',
  request: lazy(() => z.object({ id: zDmcId() })),
  response: deleted,
  summary: 'Deletes an area transfer.',
});

const routeFilter = () => ({ marketId: blankAsMissing(zDmcId()), cityId: blankAsMissing(zCityId()) });

export const getFilteredAreas = endpoint({
  ...areas,
  id: 'areas.getFilteredAreas',
  method: 'GET',
  path: 'areas/getFilteredAreas',
  request: lazy(() => z.object(routeFilter())),
  response: lazy(() => z.array(ZArea)),
  summary: 'Areas some area transfer starts from (of a market, in a city), by name: the "from" picker.',
});

export const getFilteredAreasTransfers = endpoint({
  ...areas,
  id: 'areas.getFilteredAreasTransfers',
  method: 'GET',
  path: 'areas/getFilteredAreasTransfers',
  request: lazy(() => z.object({ ...routeFilter(), from: zDmcId() })),
  response: lazy(() => z.array(ZArea)),
  summary: 'Areas reachable from `from` by an area transfer (of a market), by name: the "to" picker.',
});

export const getFilteredAreasTransfersType = endpoint({
  ...areas,
  id: 'areas.getFilteredAreasTransfersType',
  method: 'GET',
  path: 'areas/getFilteredAreasTransfersType',
  request: lazy(() =>
    z.object({
      ...routeFilter(),
      from: zDmcId(),
      to: zDmcId(),
      /** Only transfers valid on this day. */
      date: zDateText(),
    }),
  ),
  response: lazy(() => z.array(ZAreaTransfer)),
  summary: 'The transfers of one route (direction, sharing basis, amount, band): the "type" picker.',
});

export const getAreasAuditTrail = endpoint({
  ...areas,
  id: 'areas.getAuditTrail',
  method: 'POST',
  path: 'areas/getAuditTrail',
  request: lazy(() => auditRequest(AREA_AUDIT_ENTITIES)),
  response: lazy(() => pageOf(ZAuditEntry)),
  summary: 'Ours: who changed an area or area transfer, when, and its fields before and after; newest first.',
});

export const areasEndpoints: Endpoint[] = [
  mapAreaActivity,
  searchAreas,
  addArea,
  deleteArea,
  getTransfers,
  createTransfers,
  deleteTransfers,
  getFilteredAreas,
  getFilteredAreasTransfers,
  getFilteredAreasTransfersType,
  getAreasAuditTrail,
];
