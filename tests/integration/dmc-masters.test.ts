/**
 * The DMC masters through the gateway: markets (search, default, a customer's market),
 * accommodations, activities ('Activity Saved Successfully', priority default 1, the city list by priority),
 * tour options, drivers and locations; lists paged with a cursor; the spec's rules with nothing written on bad
 * input; the seeded Dubai destination at a glance; another site's records found nowhere.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getCustomers } from '@tp/contracts/endpoints/customers';
import {
  DMC_MSG,
  createNewAccomodation,
  createNewMarket,
  fetchActivities,
  getAccomodation,
  getActivities,
  getAllCities,
  getAllDmcData,
  getDefaultMarketOptions,
  getDmcAuditTrail,
  getDrivers,
  getLocationOptions,
  getTourOptions,
  saveActivity,
  saveDriver,
  saveLocationOption,
  saveTourOptions,
  searchMarket,
  updateActivityPriority,
  updateMarketForCustomer,
  saveActivityTicketRates,
  getTourOptionTicketRates,
  deleteTourOptionTicketRates,
  changeTourOptionTicketRatePriority,
  getTourOptionPriceForQuotationBuilder,
} from '@tp/contracts/endpoints/dmc';
import {
  addArea,
  createTransfers,
  deleteArea,
  deleteTransfers,
  getAreasAuditTrail,
  getFilteredAreasTransfers,
  getTransfers,
  mapAreaActivity,
  searchAreas,
} from '@tp/contracts/endpoints/areas';
import { INVALID_EMAIL } from '@tp/contracts/fields';
import * as MSG from '@tp/contracts/messages';
import { DMC_TEXT } from '@tp/domain/dmc';
import { DUBAI_DEMO } from '../../scripts/seed/dmc-dubai.ts';
import type { Client } from '../support/api.ts';
import * as dmcRepo from '../../functions/src/dmc/repo.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import {
  SEASON,
  SKYWAY,
  callAt,
  destination,
  freshCityId,
  ok,
  refused,
  staff,
  tag,
  type Destination,
} from './dmc-helpers.ts';

let c: Client;
let d: Destination;

beforeAll(async () => {
  c = await staff();
  d = await destination(c);
});

describe('markets', () => {
  it('creates, finds by text and refuses a second market of the same name', async () => {
    const t = tag();
    const m = await ok(c, createNewMarket, { name: `Europe ${t}`, currency: 'eur' });
    expect(m).toMatchObject({ name: `Europe ${t}`, currency: 'EUR', isDefault: false });
    const found = await ok(c, searchMarket, { search: t });
    expect(found.records).toEqual([m]);
    const twin = await refused(c, createNewMarket, { name: `europe ${t}` }, 409);
    expect(twin.shortError).toEqual({ name: 'A market with this name already exists' });
    const renamed = await ok(c, createNewMarket, { marketId: m.marketId, name: `Europe West ${t}`, currency: 'EUR' });
    expect(renamed.marketId).toBe(m.marketId);
  });

  it('offers the seeded markets with the default, and assigns a market to a customer', async () => {
    const options = await ok(c, getDefaultMarketOptions, {});
    expect(options.defaultMarketId).toBe('dmc-mkt-india');
    expect(options.markets.map((x: { marketId: string }) => x.marketId)).toEqual(
      expect.arrayContaining(['dmc-mkt-india', 'dmc-mkt-gcc']),
    );
    const customers = await c.call(getCustomers, { page: 1 });
    const customer = customers.body.data.records.find((r: { userType: string }) => r.userType !== 'staff');
    const set = await ok(c, updateMarketForCustomer, { userId: customer.id, marketId: 'dmc-mkt-gcc' });
    expect(set).toEqual({ userId: customer.id, marketId: 'dmc-mkt-gcc' });
    const mine = await ok(c, getDefaultMarketOptions, { userId: customer.id });
    expect(mine.customerMarketId).toBe('dmc-mkt-gcc');
    await ok(c, updateMarketForCustomer, { userId: customer.id, marketId: null });
    expect((await ok(c, getDefaultMarketOptions, { userId: customer.id })).customerMarketId).toBeNull();
    const trail = await ok(c, getDmcAuditTrail, { entity: 'customerMarket', id: customer.id });
    expect(trail.records[0].changes).toEqual([{ field: 'marketId', before: 'dmc-mkt-gcc', after: null }]);
    expect((await c.call(updateMarketForCustomer, { userId: 'nobody-here', marketId: null })).status).toBe(404);
  });
});

describe('market names beyond one page', () => {
  it('offers every market of the site, so a rate never shows a bare market id', async () => {
    const t = tag();
    // More than one index page (100): the options are read page by page.
    const made = await Promise.all(
      Array.from({ length: 105 }, (_, i) => ok(c, createNewMarket, { name: `Zz ${t} ${i}`, currency: 'USD' })),
    );
    const offered = new Set(
      (await ok(c, getDefaultMarketOptions, {})).markets.map((m: { marketId: string }) => m.marketId),
    );
    expect(made.filter((m) => !offered.has(m.marketId))).toEqual([]);
  });
});

describe('accommodations', () => {
  it('needs name, address and city; an email of a valid shape (no TLD check)', async () => {
    const body = await refused(c, createNewAccomodation, { name: 'Creek Hotel', address: '', cityId: d.cityId });
    expect(body.shortError).toEqual({ address: MSG.required });
    const email = await refused(c, createNewAccomodation, {
      name: 'Creek Hotel',
      address: 'Baniyas Road',
      cityId: d.cityId,
      email: 'not-an-email',
    });
    expect(email.shortError).toEqual({ email: INVALID_EMAIL });
    const saved = await ok(c, createNewAccomodation, {
      name: 'Creek Hotel',
      address: 'Baniyas Road',
      cityId: d.cityId,
      area: d.areaIds[0],
      email: 'frontdesk@localhotel',
      phoneNumber: '+971 4 555 0199',
    });
    expect(saved).toMatchObject({ email: 'frontdesk@localhotel', area: d.areaIds[0], areaName: expect.any(String) });
    const list = await ok(c, getAccomodation, { cityId: d.cityId });
    expect(list.records.map((h: { id: string }) => h.id)).toEqual([saved.id]);
  });
});

describe('activities', () => {
  it("saves with 'Activity Saved Successfully', priority 1 by default; name and city required", async () => {
    const res = await c.call(saveActivity, { name: `Dhow cruise ${tag()}`, cityId: d.cityId });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.activitySaved);
    expect(res.body.result.priority).toBe(1);
    const body = await refused(c, saveActivity, { name: '', cityId: d.cityId });
    expect(body.shortError).toEqual({ name: MSG.required });
    const noCity = await refused(c, saveActivity, { name: 'X' });
    expect(noCity.shortError).toEqual({ cityId: MSG.required });
  });

  it('lists a city’s activities highest priority first, and moves one up', async () => {
    const cityId = freshCityId();
    const names = ['Alpha', 'Bravo', 'Charlie'].map((n) => `${n} ${tag()}`);
    const saved = [];
    for (const name of names) saved.push(await ok(c, saveActivity, { name, cityId, cityName: 'Test city' }));
    const page = async () => (await callAt(c, fetchActivities, { cityId })).body.result;
    expect((await page()).records.map((a: { name: string }) => a.name)).toEqual(names);
    await ok(c, updateActivityPriority, { activityId: saved[2].id, priority: '5' });
    expect((await page()).records.map((a: { name: string }) => a.name)).toEqual([names[2], names[0], names[1]]);
    const zero = await refused(c, updateActivityPriority, { activityId: saved[2].id, priority: 0 });
    expect(zero.shortError).toEqual({ priority: MSG.tooSmall(1) });
    const cities = await ok(c, getAllCities, {});
    expect(cities).toEqual(
      expect.arrayContaining([
        { cityId, cityName: 'Test city' },
        { cityId: 26, cityName: 'Dubai' },
      ]),
    );
  });

  it('refuses a second name told apart only by case or spaces in the same city (areas, activities, hotels, tour options)', async () => {
    const cityId = freshCityId();
    const t = tag();
    const deira = await ok(c, addArea, { name: `Deira ${t}`, cityId, cityName: 'Twin city' });
    const area = await refused(c, addArea, { name: ` deira ${t.toUpperCase()} `, cityId }, 409);
    expect(area.shortError).toEqual({ name: DMC_MSG.nameTaken('an area', ' in this city') });
    // The same name elsewhere, and an edit of the record itself, are fine.
    await ok(c, addArea, { name: `Deira ${t}`, cityId: freshCityId(), cityName: 'Other city' });
    await ok(c, addArea, { id: deira.id, name: `Deira ${t}`, cityId });

    const safari = await ok(c, saveActivity, { name: `Desert safari ${t}`, cityId });
    const activity = await refused(c, saveActivity, { name: `Desert Safari ${t}`, cityId }, 409);
    expect(activity.shortError).toEqual({ name: DMC_MSG.nameTaken('an activity', ' in this city') });
    await ok(c, createNewAccomodation, { name: `Creek Inn ${t}`, address: 'Creek road', cityId });
    const hotel = await refused(
      c,
      createNewAccomodation,
      { name: `CREEK INN ${t}`, address: 'Other road', cityId },
      409,
    );
    expect(hotel.shortError).toEqual({ name: DMC_MSG.nameTaken('an accommodation', ' in this city') });
    await ok(c, saveTourOptions, { activityId: safari.id, name: 'Evening SIC' });
    const option = await refused(c, saveTourOptions, { activityId: safari.id, name: 'evening sic' }, 409);
    expect(option.shortError).toEqual({ name: DMC_MSG.nameTaken('a tour option', ' for this activity') });
    expect((await ok(c, getActivities, { cityId })).records.map((a: { name: string }) => a.name)).toEqual([
      `Desert safari ${t}`,
    ]);
  });

  it('pages a list with a cursor, every record once', async () => {
    const cityId = freshCityId();
    const made = new Set<string>();
    for (let i = 0; i < 5; i++) made.add((await ok(c, saveActivity, { name: `Paged ${i} ${tag()}`, cityId })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { records: { id: string }[]; nextCursor: string | null } = await ok(c, getActivities, {
        cityId,
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.records.length).toBeLessThanOrEqual(2);
      seen.push(...page.records.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual([...made].sort());
    const forged = await c.call(getActivities, {
      cursor: Buffer.from('{"gsi1pk":"SITE#site-skyway"}').toString('base64url'),
    });
    expect(forged.status).toBe(400);
  });
});

describe('tour options, drivers, locations', () => {
  it('saves a tour option with slots and times; refuses bad slots and an unknown activity', async () => {
    const slots = await refused(c, saveTourOptions, { activityId: d.activityId, name: 'Sunset', hasTimeSlots: true });
    expect(slots.shortError).toEqual({ timeSlots: DMC_TEXT.timeSlotsRequired });
    const time = await refused(c, saveTourOptions, { activityId: d.activityId, name: 'Sunset', pickupTime: '25:00' });
    expect(time.shortError).toEqual({ pickupTime: DMC_TEXT.invalidTime });
    const unknown = await refused(c, saveTourOptions, { activityId: 'dmc-act-nowhere', name: 'Sunset' });
    expect(unknown.shortError).toEqual({ activityId: DMC_MSG.unknownActivity });
    const saved = await ok(c, saveTourOptions, {
      activityId: d.activityId,
      name: 'Sunset',
      hasMeal: true,
      hasGuide: true,
      hasTicket: false,
      pickupTime: '16:30',
    });
    expect(saved).toMatchObject({ hasMeal: true, hasTicket: false, pickupTime: '16:30', dropPickupTime: null });
    const options = await ok(c, getTourOptions, { activityId: d.activityId });
    expect(options.records.map((o: { name: string }) => o.name)).toEqual(['Evening SIC', 'Sunset']);
    expect(options.records[0].activityName).toContain('Desert safari');
  });

  it('drivers need a name, locations a location', async () => {
    expect((await refused(c, saveDriver, { driverName: ' ' })).shortError).toEqual({ driverName: MSG.required });
    const driver = await ok(c, saveDriver, { driverName: `Driver ${tag()}`, phone: '+971 50 555 0100' });
    expect((await ok(c, getDrivers, { search: driver.driverName })).records).toEqual([driver]);
    // The job sheet assigns drivers by name: a second of the same name is refused.
    const twin = await refused(c, saveDriver, { driverName: driver.driverName.toLowerCase() }, 409);
    expect(twin.shortError).toEqual({ driverName: DMC_MSG.nameTaken('a driver', '') });
    expect((await refused(c, saveLocationOption, { location: '' })).shortError).toEqual({ location: MSG.required });
    const loc = await ok(c, saveLocationOption, { location: `Gate ${tag()}` });
    expect((await ok(c, getLocationOptions, { search: loc.location })).records).toEqual([loc]);
  });
});

describe('the site’s data at a glance', () => {
  it('counts the seeded Dubai destination with everything added since', async () => {
    const { counts, cities } = await ok(c, getAllDmcData, {});
    expect(counts.tourOptions).toBeGreaterThanOrEqual(DUBAI_DEMO.tourOptions.length);
    expect(counts.ticketRates).toBeGreaterThanOrEqual(DUBAI_DEMO.ticketRates.length);
    expect(counts.activities).toBeGreaterThanOrEqual(20);
    expect(counts.combos).toBeGreaterThanOrEqual(DUBAI_DEMO.combos.length);
    expect(cities).toEqual(expect.arrayContaining([{ cityId: 26, cityName: 'Dubai' }]));
  });
});

describe("the masters' counters", () => {
  it('move with every create and delete, in parallel and in an import batch, and equal the records', async () => {
    // A site of its own: other files add records to the demo site while this runs.
    const site = asSiteId(
      `site-dmccount${tag()
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')}`,
    );
    const loc = (n: number) => ({ id: `loc-${n}`, location: `Gate ${n}` });
    await Promise.all([1, 2, 3, 4].map((n) => dmcRepo.commit([dmcRepo.putRecord(site, 'location', loc(n), 'create')])));
    expect(await dmcRepo.commit([dmcRepo.putRecord(site, 'location', loc(1), 'create')])).toBe(false);
    await dmcRepo.commit([dmcRepo.putRecord(site, 'location', { ...loc(2), location: 'Renamed' }, 'update')]);
    await Promise.all([dmcRepo.commit([dmcRepo.deleteRecord(site, 'location', 'loc-3')])]);
    await dmcRepo.commitGroups(
      Array.from({ length: 120 }, (_, n) => [dmcRepo.putRecord(site, 'location', loc(100 + n), 'create')]),
    );
    const counts = await dmcRepo.recordCounts(site);
    expect(counts.location).toBe(3 + 120);
    expect(counts.location).toBe(await dmcRepo.countRecords(site, 'location'));
    expect(counts.market).toBe(0);
  });
});

describe('another site', () => {
  it("finds none of this site's DMC records", async () => {
    const other = await staff(SKYWAY);
    expect((await other.call(getTourOptions, { activityId: d.activityId })).status).toBe(404);
    const edit = await other.call(saveActivity, { id: d.activityId, name: 'Hijacked', cityId: d.cityId });
    expect(edit.status).toBe(404);
    const rate = await other.call(updateMarketForCustomer, { userId: 'x', marketId: d.marketId });
    expect([400, 404]).toContain(rate.status);
    const mine = await ok(c, getActivities, { cityId: d.cityId });
    expect(mine.records.map((a: { name: string }) => a.name)).not.toContain('Hijacked');
  });

  it("reaches none of this site's rates, areas, transfers or trails by their ids, and changes nothing", async () => {
    const ticket = await ok(c, saveActivityTicketRates, {
      tourOptionId: d.tourOptionId,
      marketId: d.marketId,
      adultAmount: 100,
      childAmount: 80,
      ...SEASON,
    });
    const transfer = await ok(c, createTransfers, {
      from: d.areaIds[0],
      to: d.areaIds[1],
      marketId: d.marketId,
      description: 'Hotel to pier',
      transferType: 'Pickup',
      sharingBasis: 'sharing',
      amount: 12,
      ...SEASON,
    });
    const [from, to] = d.areaIds;
    const rateId = ticket.record.id as string;
    const transferId = transfer.record.id as string;
    const other = await staff(SKYWAY);
    const notFound: [string, Promise<{ status: number }>][] = [
      ['getTourOptions by id', other.call(getTourOptions, { id: d.tourOptionId })],
      ['getTourOptionTicketRates', other.call(getTourOptionTicketRates, { tourOptionId: d.tourOptionId })],
      [
        'saveActivityTicketRates edit',
        other.call(saveActivityTicketRates, {
          id: rateId,
          tourOptionId: d.tourOptionId,
          marketId: d.marketId,
          adultAmount: 1,
          childAmount: 1,
          ...SEASON,
        }),
      ],
      ['deleteTourOptionTicketRates', other.call(deleteTourOptionTicketRates, { id: rateId })],
      [
        'changeTourOptionTicketRatePriority',
        other.call(changeTourOptionTicketRatePriority, { tourOptionId: d.tourOptionId, newPriority: [rateId] }),
      ],
      [
        'getTourOptionPriceForQuotationBuilder',
        other.call(getTourOptionPriceForQuotationBuilder, {
          tourOptionId: d.tourOptionId,
          date: '2026-12-01',
          adults: 1,
        }),
      ],
      ['updateActivityPriority', other.call(updateActivityPriority, { activityId: d.activityId, priority: 9 })],
      ['mapAreaActivity', other.call(mapAreaActivity, { activityId: d.activityId, areaId: null })],
      ['addArea rename', other.call(addArea, { id: from, name: 'Hijacked', cityId: d.cityId })],
      ['deleteArea', other.call(deleteArea, { areaId: to })],
      [
        'createTransfers edit',
        other.call(createTransfers, {
          id: transferId,
          from,
          to,
          marketId: d.marketId,
          description: 'Hijacked',
          transferType: 'Pickup',
          sharingBasis: 'sharing',
          amount: 1,
          ...SEASON,
        }),
      ],
      ['deleteTransfers', callAt(other, deleteTransfers, { id: transferId }, {})],
      ['getFilteredAreasTransfers', other.call(getFilteredAreasTransfers, { from })],
    ];
    for (const [name, call] of notFound) expect((await call).status, name).toBe(404);
    // Trails keyed by another site's ids answer nothing.
    expect((await ok(other, getDmcAuditTrail, { entity: 'ticketRate', id: rateId })).records).toEqual([]);
    expect((await ok(other, getAreasAuditTrail, { entity: 'areaTransfer', id: transferId })).records).toEqual([]);

    // Nothing changed here.
    const rates = await ok(c, getTourOptionTicketRates, { tourOptionId: d.tourOptionId });
    expect(rates.find((r: { id: string }) => r.id === rateId)).toMatchObject({ adultAmount: 100 });
    const transfers = await ok(c, getTransfers, { from, to });
    expect(transfers.records.find((t: { id: string }) => t.id === transferId)).toMatchObject({ amount: 12 });
    const areas = await ok(c, searchAreas, { cityId: String(d.cityId) });
    expect(areas.records.map((a: { id: string; name: string }) => a.id)).toEqual(expect.arrayContaining([from, to]));
    expect(areas.records.map((a: { name: string }) => a.name)).not.toContain('Hijacked');
  });
});

describe('a tour option by id', () => {
  it('answers that one tour option (a screen opened from its link), or 404', async () => {
    const one = await ok(c, getTourOptions, { id: d.tourOptionId });
    expect(one.records).toHaveLength(1);
    expect(one.records[0]).toMatchObject({
      id: d.tourOptionId,
      activityId: d.activityId,
      activityName: expect.any(String),
    });
    expect(one.nextCursor).toBeNull();
    expect((await c.call(getTourOptions, { id: 'dmc-option-nowhere' })).status).toBe(404);
  });
});
