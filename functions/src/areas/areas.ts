/**
 * Areas and area transfers (spec 001 §3, §4, §5 "Area", "Area transfer", §9; /staff/areas, /staff/area-transfer),
 * served by the areas Lambda. They are DMC records: kept in the DMC's record store through its index (one store,
 * one import, one audit trail). Every §5 message comes from the domain rules; per pax
 * is forced by the sharing basis and amounts are dollars to the cent (normaliseAreaTransfer). Edit is real.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/areas';
import { DMC_MSG, type TArea, type TAreaTransfer } from '@tp/contracts/endpoints/dmc';
import {
  areaErrors,
  areaTransferErrors,
  areaTransferOverlaps,
  dateWithin,
  normaliseAreaTransfer,
  type AreaTransfer,
} from '@tp/domain/dmc';
import { newId } from '#lib/crypto';
import type { Page } from '#lib/db';
import { fail, refuseIfAny } from '#lib/errors';
import { answers, reply } from '#lib/answers';
import {
  allDmcRecords,
  cityOf,
  dmcRecordExists,
  existingDmcRecord as existing,
  getDmcRecords,
  listByName,
  namesById,
  refuseNameTwin,
  removeRecord,
  requireMarket,
  requireRef,
  RULE_MESSAGES,
  saveRecord,
  siteOf,
  type AreaRec,
  type DmcScope,
  auditTrailOf,
  mapActivityArea,
} from '../dmc/index.ts';

type In<E> = ParsedRequestOf<E>;

/** Rows of one route a save compares itself with (a route holds a few markets × seasons × bases). */
const ROUTE_ROWS = 1000;

// ---------------------------------------------------------------------------------------------------
// Areas

export const searchAreas = (scope: DmcScope, input: In<typeof api.searchAreas>): Promise<Page<TArea>> =>
  listByName(scope, 'area', input, input.cityId === undefined ? {} : { equals: { cityId: input.cityId } });

export async function saveArea(scope: DmcScope, input: In<typeof api.addArea>): Promise<TArea> {
  refuseIfAny(areaErrors({ name: input.name ?? null, cityId: input.cityId }, RULE_MESSAGES));
  const before = await existing(scope, 'area', input.id);
  await refuseNameTwin(scope, 'area', input.name!, before?.id, {
    field: 'name',
    message: DMC_MSG.nameTaken('an area', ' in this city'),
    equals: { cityId: input.cityId },
  });
  const city = await cityOf(scope, input.cityId, input.cityName);
  const after: AreaRec = {
    id: before?.id ?? newId(),
    name: input.name!,
    cityId: input.cityId,
    cityName: city.cityName,
  };
  return saveRecord(scope, 'area', before, after, city.writes);
}

/** Deletes an area nothing points at: hotels, activities and area transfers keep their references valid. */
export async function deleteArea(scope: DmcScope, areaId: string): Promise<{ id: string }> {
  const before = (await existing(scope, 'area', areaId))!;
  const probe = { limit: 1 };
  const [hotels, activities, transfers] = await Promise.all([
    listByName(scope, 'hotel', probe, { equals: { area: areaId } }),
    listByName(scope, 'activity', probe, { equals: { area: areaId } }),
    listByName(scope, 'areaTransfer', probe, { anyOf: { fields: ['from', 'to'], values: [areaId] } }),
  ]);
  const users = [
    hotels.records.length ? 'hotels' : '',
    activities.records.length ? 'activities' : '',
    transfers.records.length ? 'area transfers' : '',
  ].filter(Boolean);
  if (users.length) throw fail.conflict(DMC_MSG.areaInUse(users.join(', ')));
  await removeRecord(scope, 'area', before);
  return { id: areaId };
}

// ---------------------------------------------------------------------------------------------------
// Area transfers

async function transferViews(scope: DmcScope, rows: AreaTransfer[]): Promise<TAreaTransfer[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.from, r.to]))];
  const names = namesById(
    await getDmcRecords(siteOf(scope), 'area', ids),
    (a) => a.id,
    (a) => a.name,
  );
  return rows.map((r) => ({ ...r, fromName: names.get(r.from) ?? '', toName: names.get(r.to) ?? '' }));
}

const routePrefix = (from: string, to?: string) => (to ? `${from}#${to}#` : `${from}#`);

/** The transfers of one route (or from one area), in route order. */
const routeRows = (scope: DmcScope, from: string, to?: string) =>
  listByName(scope, 'areaTransfer', { limit: ROUTE_ROWS }, { skPrefix: routePrefix(from, to) });

export async function listTransfers(scope: DmcScope, input: In<typeof api.getTransfers>): Promise<Page<TAreaTransfer>> {
  const equals: Record<string, string> = {};
  if (input.marketId) equals.marketId = input.marketId;
  if (input.to && !input.from) equals.to = input.to;
  let anyOf: { fields: string[]; values: string[] } | undefined;
  let search: string | undefined;
  if (input.query?.trim()) {
    // Text finds the areas named so, and the transfers from or to them; failing that, it searches descriptions.
    const areas = await listByName(scope, 'area', { search: input.query, limit: 50 });
    if (areas.records.length) anyOf = { fields: ['from', 'to'], values: areas.records.map((a) => a.id) };
    else search = input.query;
  }
  const page = await listByName(
    scope,
    'areaTransfer',
    { search, cursor: input.cursor, limit: input.limit },
    { equals, ...(anyOf ? { anyOf } : {}), ...(input.from ? { skPrefix: routePrefix(input.from, input.to) } : {}) },
  );
  return { records: await transferViews(scope, page.records), nextCursor: page.nextCursor };
}

export async function saveTransfer(
  scope: DmcScope,
  input: In<typeof api.createTransfers>,
): Promise<{ record: TAreaTransfer; overlaps: string[]; warning: string | null }> {
  const draft = {
    from: input.from ?? null,
    to: input.to ?? null,
    marketId: input.marketId ?? null,
    description: input.description,
    transferType: input.transferType ?? null,
    sharingBasis: input.sharingBasis ?? null,
    amount: input.amount,
    ...(typeof input.cost === 'number' ? { cost: input.cost } : {}),
    isStandAlone: input.isStandAlone,
    isPerPax: input.sharingBasis === 'sharing',
    minPax: input.minPax,
    maxPax: input.maxPax,
    validFromDate: input.validFromDate ?? null,
    validTillDate: input.validTillDate ?? null,
  };
  const errors = areaTransferErrors(draft, RULE_MESSAGES);
  if (draft.from && draft.from === draft.to) errors.to ??= DMC_MSG.sameArea;
  refuseIfAny(errors);
  const before = await existing(scope, 'areaTransfer', input.id);
  await requireRef(scope, 'area', draft.from!, 'from', DMC_MSG.unknownArea);
  await requireRef(scope, 'area', draft.to!, 'to', DMC_MSG.unknownArea);
  await requireMarket(scope, draft.marketId!);
  const after = normaliseAreaTransfer({ ...draft, id: before?.id ?? newId() } as AreaTransfer);
  const route = await routeRows(scope, after.from, after.to);
  const overlaps = areaTransferOverlaps(after, route.records);
  const siteId = siteOf(scope);
  const saved = await saveRecord(scope, 'areaTransfer', before, after, [
    dmcRecordExists(siteId, 'area', after.from),
    dmcRecordExists(siteId, 'area', after.to),
    dmcRecordExists(siteId, 'market', after.marketId),
  ]);
  return {
    record: (await transferViews(scope, [saved]))[0]!,
    overlaps,
    warning: overlaps.length ? DMC_MSG.overlapWarning(overlaps.length) : null,
  };
}

export async function deleteTransfer(scope: DmcScope, id: string): Promise<{ id: string }> {
  const before = (await existing(scope, 'areaTransfer', id))!;
  await removeRecord(scope, 'areaTransfer', before);
  return { id };
}

// ---------------------------------------------------------------------------------------------------
// The cascading pickers of a kart hotel line: from → to → the transfer

const byName = (areas: AreaRec[]) => [...areas].sort((a, b) => a.name.localeCompare(b.name));

async function areasByIds(scope: DmcScope, ids: Iterable<string>, cityId?: number): Promise<TArea[]> {
  const areas = await getDmcRecords(siteOf(scope), 'area', [...new Set(ids)]);
  return byName(areas.filter((a) => cityId === undefined || a.cityId === cityId));
}

export async function fromAreas(scope: DmcScope, input: In<typeof api.getFilteredAreas>): Promise<TArea[]> {
  const rows = await allDmcRecords(siteOf(scope), 'areaTransfer');
  const from = rows.filter((r) => !input.marketId || r.marketId === input.marketId).map((r) => r.from);
  return areasByIds(scope, from, input.cityId);
}

export async function toAreas(scope: DmcScope, input: In<typeof api.getFilteredAreasTransfers>): Promise<TArea[]> {
  await existing(scope, 'area', input.from);
  const rows = await routeRows(scope, input.from);
  const to = rows.records.filter((r) => !input.marketId || r.marketId === input.marketId).map((r) => r.to);
  return areasByIds(scope, to, input.cityId);
}

export async function routeTransfers(
  scope: DmcScope,
  input: In<typeof api.getFilteredAreasTransfersType>,
): Promise<TAreaTransfer[]> {
  await existing(scope, 'area', input.from);
  const rows = await routeRows(scope, input.from, input.to);
  const fits = rows.records.filter(
    (r) =>
      (!input.marketId || r.marketId === input.marketId) &&
      (!input.date || dateWithin(input.date, r.validFromDate, r.validTillDate)),
  );
  return transferViews(scope, fits);
}

// The areas Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerMapAreaActivity = answers(api.mapAreaActivity, async (input, scope) =>
  reply(await mapActivityArea(scope, input.activityId, input.areaId), { message: DMC_MSG.areaMapped }),
);
export const answerSearchAreas = answers(api.searchAreas, (input, scope) => searchAreas(scope, input));
export const answerAddArea = answers(api.addArea, async (input, scope) =>
  reply(await saveArea(scope, input), { message: DMC_MSG.areaSaved }),
);
export const answerDeleteArea = answers(api.deleteArea, async (input, scope) =>
  reply(await deleteArea(scope, input.areaId), { message: DMC_MSG.areaDeleted }),
);
export const answerGetTransfers = answers(api.getTransfers, (input, scope) => listTransfers(scope, input));
export const answerCreateTransfers = answers(api.createTransfers, async (input, scope) =>
  reply(await saveTransfer(scope, input), { message: DMC_MSG.areaTransferSaved }),
);
export const answerDeleteTransfers = answers(api.deleteTransfers, async (input, scope) =>
  reply(await deleteTransfer(scope, input.id), { message: DMC_MSG.areaTransferDeleted }),
);
export const answerGetFilteredAreas = answers(api.getFilteredAreas, (input, scope) => fromAreas(scope, input));
export const answerGetFilteredAreasTransfers = answers(api.getFilteredAreasTransfers, (input, scope) =>
  toAreas(scope, input),
);
export const answerGetFilteredAreasTransfersType = answers(api.getFilteredAreasTransfersType, (input, scope) =>
  routeTransfers(scope, input),
);
export const answerGetAreasAuditTrail = answers(api.getAreasAuditTrail, (input, scope) => auditTrailOf(scope, input));
