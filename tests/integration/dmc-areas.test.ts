/**
 * Areas and area transfers through the gateway: every §5 message exactly and nothing
 * written on bad input; per pax forced by the sharing basis; dollars to the cent; a real edit; deletes; the
 * from → to → type pickers; an activity's area; an area in use cannot go; the audit trail.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addArea,
  createTransfers,
  deleteArea,
  deleteTransfers,
  getAreasAuditTrail,
  getFilteredAreas,
  getFilteredAreasTransfers,
  getFilteredAreasTransfersType,
  getTransfers,
  mapAreaActivity,
  searchAreas,
} from '@tp/contracts/endpoints/areas';
import { createNewAccomodation, DMC_MSG, fetchActivities } from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import type { Client } from '../support/api.ts';
import { SEASON, callAt, destination, ok, refused, staff, tag, type Destination } from './dmc-helpers.ts';

let c: Client;
let d: Destination;
let from: string;
let to: string;

beforeAll(async () => {
  c = await staff();
  d = await destination(c);
  [from, to] = d.areaIds;
});

const transfer = (over: Record<string, unknown> = {}) => ({
  from,
  to,
  marketId: d.marketId,
  description: 'Hotel to airport',
  transferType: 'Drop',
  sharingBasis: 'sharing',
  amount: 13.617,
  isStandAlone: true,
  ...SEASON,
  ...over,
});

const listed = async () => (await ok(c, getTransfers, { from })).records.map((t: { id: string }) => t.id) as string[];

describe('areas', () => {
  it("refuses an area without a name: 'Please fill the name'", async () => {
    for (const name of [undefined, '', '   ']) {
      const body = await refused(c, addArea, { name, cityId: d.cityId });
      expect(body.errorMessage).toBe(MSG.fillName);
      expect(body.shortError).toEqual({ name: MSG.fillName });
    }
  });

  it('adds, renames and finds areas by city and text', async () => {
    const t = tag();
    const area = await ok(c, addArea, { name: `Creek ${t}`, cityId: d.cityId });
    expect(area).toMatchObject({ name: `Creek ${t}`, cityId: d.cityId });
    const renamed = await ok(c, addArea, { id: area.id, name: `Creekside ${t}`, cityId: d.cityId });
    expect(renamed.id).toBe(area.id);
    const found = await ok(c, searchAreas, { search: `creekside ${t}` });
    expect(found.records.map((a: { id: string }) => a.id)).toEqual([area.id]);
    const ofCity = await ok(c, searchAreas, { cityId: String(d.cityId) });
    expect(ofCity.records.map((a: { name: string }) => a.name)).toEqual(
      [...ofCity.records.map((a: { name: string }) => a.name)].sort((a, b) =>
        a.toLowerCase().localeCompare(b.toLowerCase()),
      ),
    );
    expect(ofCity.records).toHaveLength(3);
    await ok(c, deleteArea, { areaId: area.id });
    expect((await ok(c, searchAreas, { search: `creekside ${t}` })).records).toEqual([]);
  });

  it('maps an area to an activity, shown on the city list; an unknown area is refused', async () => {
    const mapped = await ok(c, mapAreaActivity, { activityId: d.activityId, areaId: from });
    expect(mapped).toMatchObject({ id: d.activityId, area: from });
    const res = await callAt(c, fetchActivities, { cityId: d.cityId });
    expect(res.body.result.records[0]).toMatchObject({ id: d.activityId, area: from, areaName: expect.any(String) });
    const body = await refused(c, mapAreaActivity, { activityId: d.activityId, areaId: 'dmc-area-nowhere' });
    expect(body.shortError).toEqual({ areaId: DMC_MSG.unknownArea });
  });
});

describe('area transfers', () => {
  let sharingId: string;

  it('answers every §5 message, field by field, and writes nothing', async () => {
    const before = await listed();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ from: undefined }, { from: MSG.fromAreaRequired }],
      [{ from: '' }, { from: MSG.fromAreaRequired }],
      [{ to: undefined }, { to: MSG.toAreaRequired }],
      [{ marketId: '' }, { marketId: MSG.marketIdRequired }],
      [{ amount: -0.01 }, { amount: MSG.amountPositive }],
      [{ amount: 'ten' }, { amount: MSG.amountPositive }],
      [{ amount: undefined }, { amount: MSG.amountPositive }],
      [{ validFromDate: '2026-13-01' }, { validFromDate: MSG.invalidDate }],
      [{ validTillDate: '31/12/2026' }, { validTillDate: MSG.invalidDate }],
      [{ sharingBasis: 'private' }, { minPax: MSG.minMaxPaxPrivate, maxPax: MSG.minMaxPaxPrivate }],
      [{ sharingBasis: 'private', minPax: 1 }, { maxPax: MSG.minMaxPaxPrivate }],
      [
        { from: undefined, to: undefined, marketId: undefined },
        { from: MSG.fromAreaRequired, to: MSG.toAreaRequired, marketId: MSG.marketIdRequired },
      ],
    ];
    for (const [over, fields] of cases) {
      const body = await refused(c, createTransfers, transfer(over));
      expect(body.shortError, JSON.stringify(over)).toEqual(fields);
      expect(body.errorMessage).toBe(Object.values(fields)[0]);
    }
    expect(await listed()).toEqual(before);
  });

  it('forces per pax on for sharing and keeps dollars to the cent', async () => {
    const saved = await ok(c, createTransfers, transfer({ isPerPax: false }));
    sharingId = saved.record.id;
    expect(saved.record).toMatchObject({
      isPerPax: true,
      amount: 13.62,
      sharingBasis: 'sharing',
      fromName: expect.any(String),
    });
    expect(saved.warning).toBeNull();
  });

  it('forces per pax off for private (shown as PVT), with its band', async () => {
    const saved = await ok(
      c,
      createTransfers,
      transfer({ sharingBasis: 'private', isPerPax: true, minPax: '1', maxPax: '3', amount: 35.4 }),
    );
    expect(saved.record).toMatchObject({ isPerPax: false, minPax: 1, maxPax: 3, amount: 35.4 });
  });

  it('edits for real (the spec’s edit did nothing), and flags an overlapping twin', async () => {
    const edited = await ok(c, createTransfers, transfer({ id: sharingId, amount: 15 }));
    expect(edited.record).toMatchObject({ id: sharingId, amount: 15 });
    const twin = await ok(c, createTransfers, transfer({ amount: 16, description: 'Peak season' }));
    expect(twin.overlaps).toEqual([sharingId]);
    expect(twin.warning).toBe(DMC_MSG.overlapWarning(1));
    expect((await callAt(c, deleteTransfers, { id: twin.record.id }, {})).status).toBe(200);
  });

  it('lists by route and text; an empty filter finds nothing', async () => {
    const page = await ok(c, getTransfers, { from, to });
    expect(page.records.length).toBe(2);
    const none = await ok(c, getTransfers, { query: `no such area ${tag()}` });
    expect(none.records).toEqual([]);
  });

  it('feeds the from → to → transfer pickers', async () => {
    const froms = await ok(c, getFilteredAreas, { marketId: d.marketId });
    expect(froms.map((a: { id: string }) => a.id)).toEqual([from]);
    const tos = await ok(c, getFilteredAreasTransfers, { from, marketId: d.marketId });
    expect(tos.map((a: { id: string }) => a.id)).toEqual([to]);
    const types = await ok(c, getFilteredAreasTransfersType, { from, to, marketId: d.marketId, date: '2026-12-01' });
    expect(types.map((t: { sharingBasis: string }) => t.sharingBasis).sort()).toEqual(['private', 'sharing']);
    expect(await ok(c, getFilteredAreasTransfersType, { from, to, date: '2030-01-01' })).toEqual([]);
  });

  it('an area in use by transfers or hotels cannot be deleted', async () => {
    const body = await refused(c, deleteArea, { areaId: from }, 409);
    expect(body.errorMessage).toBe(DMC_MSG.areaInUse('activities, area transfers'));
    await ok(c, createNewAccomodation, { name: `Hotel ${tag()}`, address: 'Main road', cityId: d.cityId, area: to });
    const hotel = await refused(c, deleteArea, { areaId: to }, 409);
    expect(hotel.errorMessage).toBe(DMC_MSG.areaInUse('hotels, area transfers'));
  });

  it('deletes an area transfer by path id, and keeps its history', async () => {
    const res = await callAt(c, deleteTransfers, { id: sharingId }, {});
    expect(res.status).toBe(200);
    expect(await listed()).not.toContain(sharingId);
    const again = await callAt(c, deleteTransfers, { id: sharingId }, {});
    expect(again.status).toBe(404);
    const trail = await ok(c, getAreasAuditTrail, { entity: 'areaTransfer', id: sharingId });
    expect(trail.records.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(trail.records[1].changes).toEqual([{ field: 'amount', before: 13.62, after: 15 }]);
  });
});
