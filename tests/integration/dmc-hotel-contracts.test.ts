/**
 * Hotel contracts through the gateway: a contract saved whole on its version (a stale one is a 409, a bad row a 400
 * naming it, both writing nothing), a stay priced night by night across a season boundary, children under, inside
 * and over the age band, a stop-sale refusal, and the contract as .xlsx out and back in, all-or-nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  createNewAccomodation,
  createNewMarket,
  exportHotelContract,
  getDmcAuditTrail,
  getHotelContract,
  getHotelStayChoices,
  DMC_MSG,
  importHotelContract,
  priceHotelStay,
  saveHotelContract,
  type THotelContractView,
} from '@tp/contracts/endpoints/dmc';
import { HOTEL_TEXT, workingText, type HotelContract, type OccupancyPrices } from '@tp/domain/dmc';
import { xlsx, type XlsxCell } from '../../functions/src/lib/xlsx.ts';
import { readXlsx } from '../../functions/src/lib/xlsx-read.ts';
import { exported } from '../support/api.ts';
import { freshCityId, ok, refused, SKYWAY, staff, tag } from './dmc-helpers.ts';

type Client = Awaited<ReturnType<typeof staff>>;

const prices = (p: Partial<OccupancyPrices>): OccupancyPrices => ({
  single: null,
  double: null,
  triple: null,
  extraAdult: null,
  childWithBed: null,
  childWithoutBed: null,
  ...p,
});

/** A hotel with two markets: low and high season for GCC, one season for India at cost + 10 %. */
async function hotelWithContract(c: Client) {
  const t = tag();
  const gcc = await ok(c, createNewMarket, { name: `GCC ${t}`, currency: 'AED' });
  const india = await ok(c, createNewMarket, { name: `India ${t}`, currency: 'AED' });
  const hotel = await ok(c, createNewAccomodation, {
    name: `Creek Hotel ${t}`,
    address: 'Baniyas Road',
    cityId: freshCityId(),
  });
  const contract: Omit<HotelContract, 'hotelId'> = {
    roomTypes: [{ id: 'DLX', name: 'Deluxe', maxAdults: 3, maxChildren: 2, maxOccupancy: 4 }],
    mealPlans: ['BB'],
    rates: [
      {
        id: 'GCC-LOW',
        marketId: gcc.marketId,
        roomTypeId: 'DLX',
        mealPlan: 'BB',
        validFromDate: '2027-05-01',
        validTillDate: '2027-09-30',
        minStay: 1,
        cost: prices({ single: 120, double: 150, extraAdult: 50, childWithoutBed: 20 }),
        sell: prices({ single: 140, double: 180, extraAdult: 60, childWithoutBed: 25 }),
        markupPercent: null,
      },
      {
        id: 'GCC-HIGH',
        marketId: gcc.marketId,
        roomTypeId: 'DLX',
        mealPlan: 'BB',
        validFromDate: '2027-10-01',
        validTillDate: '2028-04-30',
        minStay: 1,
        cost: prices({ single: 200, double: 250, extraAdult: 80, childWithoutBed: 30 }),
        sell: prices({ single: 240, double: 300, extraAdult: 100, childWithoutBed: 40 }),
        markupPercent: null,
      },
      {
        id: 'INDIA',
        marketId: india.marketId,
        roomTypeId: 'DLX',
        mealPlan: 'BB',
        validFromDate: '2027-05-01',
        validTillDate: '2028-04-30',
        minStay: 1,
        cost: prices({ double: 100 }),
        sell: null,
        markupPercent: 10,
      },
    ],
    childBands: [
      { id: 'FREE', minAge: 0, maxAge: 5, charge: 'free' },
      { id: 'CNB', minAge: 6, maxAge: 11, charge: 'childWithoutBed' },
    ],
    stopSales: [
      {
        id: 'GALA',
        roomTypeId: null,
        marketId: null,
        fromDate: '2027-12-31',
        tillDate: '2027-12-31',
        reason: 'Gala night',
      },
    ],
    allotments: [],
  };
  const saved = await ok<THotelContractView>(c, saveHotelContract, { hotelId: hotel.id, version: 0, ...contract });
  return { hotel, gcc, india, contract, saved };
}

const stay = (hotelId: string, marketId: string, over: Record<string, unknown> = {}) => ({
  hotelId,
  marketId,
  roomTypeId: 'DLX',
  mealPlan: 'BB',
  checkinDate: '2027-09-29',
  nights: 4,
  rooms: [{ adults: 2, childAges: [] }],
  ...over,
});

const aed = (n: number) => `AED ${n.toFixed(2)}`;

describe('hotel contracts', () => {
  it('saves a contract whole on its version, audits it, and refuses a stale version', async () => {
    const c = await staff();
    const { hotel, contract, saved } = await hotelWithContract(c);
    expect(saved).toMatchObject({ hotelId: hotel.id, hotelName: hotel.name, version: 1, overlaps: [] });
    expect(await ok(c, getHotelContract, { hotelId: hotel.id })).toEqual(saved);

    const stale = await refused(c, saveHotelContract, { hotelId: hotel.id, version: 0, ...contract }, 409);
    expect(stale.success).toBe(false);
    const promo = { ...contract.rates[0]!, id: 'PROMO' };
    const next = await ok<THotelContractView>(c, saveHotelContract, {
      hotelId: hotel.id,
      version: 1,
      ...contract,
      rates: [promo, ...contract.rates],
    });
    expect(next.version).toBe(2);
    expect(next.overlaps).toEqual([['PROMO', 'GCC-LOW']]);
    const trail = await ok(c, getDmcAuditTrail, { entity: 'hotelContract', id: hotel.id });
    expect(trail.records.map((r: { action: string }) => r.action)).toEqual(['update', 'create']);
  });

  it('refuses a bad row by its path and writes nothing', async () => {
    const c = await staff();
    const { hotel, contract, saved } = await hotelWithContract(c);
    const bad = await refused(c, saveHotelContract, {
      hotelId: hotel.id,
      version: 1,
      ...contract,
      rates: [{ ...contract.rates[0]!, roomTypeId: 'STD', validTillDate: '2027-01-01' }],
    });
    expect(bad.shortError).toEqual({
      'rates.0.roomTypeId': HOTEL_TEXT.unknownRoomType,
      'rates.0.validTillDate': HOTEL_TEXT.tillBeforeFrom,
    });
    expect(await ok(c, getHotelContract, { hotelId: hotel.id })).toEqual(saved);
  });

  it('prices night by night across the season boundary, with the working', async () => {
    const c = await staff();
    const { hotel, gcc, india } = await hotelWithContract(c);
    const { price, marketName } = await ok(c, priceHotelStay, stay(hotel.id, gcc.marketId));
    expect(marketName).toBe(gcc.name);
    expect(price.nights.map((n: { rateId: string; sell: number }) => [n.rateId, n.sell])).toEqual([
      ['GCC-LOW', 180],
      ['GCC-LOW', 180],
      ['GCC-HIGH', 300],
      ['GCC-HIGH', 300],
    ]);
    expect([price.sell, price.cost, price.currency]).toEqual([960, 800, 'AED']);
    expect(workingText(price.working, aed)).toBe('2 × AED 180.00 + 2 × AED 300.00');

    const marked = await ok(c, priceHotelStay, stay(hotel.id, india.marketId, { nights: 2 }));
    expect([marked.price.sell, marked.price.cost]).toEqual([220, 200]);
  });

  it('a child under the band stays free, inside it pays, over it is an extra adult', async () => {
    const c = await staff();
    const { hotel, gcc } = await hotelWithContract(c);
    const sellFor = async (age: number) =>
      (
        await ok(
          c,
          priceHotelStay,
          stay(hotel.id, gcc.marketId, {
            nights: 1,
            checkinDate: '2027-06-01',
            rooms: [{ adults: 2, childAges: [age] }],
          }),
        )
      ).price.sell;
    expect(await sellFor(4)).toBe(180);
    expect(await sellFor(9)).toBe(205);
    expect(await sellFor(12)).toBe(240);
  });

  it('a stop-sale refuses quoting with its reason', async () => {
    const c = await staff();
    const { hotel, gcc } = await hotelWithContract(c);
    const { price } = await ok(c, priceHotelStay, stay(hotel.id, gcc.marketId, { checkinDate: '2027-12-30' }));
    expect(price).toEqual({
      available: false,
      reason: { code: 'stopSale', message: HOTEL_TEXT.stopSale('2027-12-31', '2027-12-31', 'Gala night') },
    });
  });

  it('exports the contract as .xlsx and imports it back; a bad row refuses the whole file', async () => {
    const c = await staff();
    const { hotel, saved } = await hotelWithContract(c);
    const out = await exported(c, exportHotelContract, { hotelId: hotel.id });
    expect(out.job.fileName).toMatch(/^hotel-contract-creek-hotel-.*\.xlsx$/);
    const file = { base64: out.file.toString('base64') };

    const checked = await ok(c, importHotelContract, { hotelId: hotel.id, file: file.base64, dryRun: true });
    expect(checked.rows).toMatchObject({ 'Room types': 1, Rates: 3, 'Child bands': 2, 'Stop sales': 1 });
    const imported = await ok(c, importHotelContract, { hotelId: hotel.id, file: file.base64 });
    expect(imported.view.contract).toEqual(saved.contract);
    expect(imported.view.version).toBe(2);

    // Read the export, break two rows (an unknown room type, a till date before the from date), import: refused whole.
    const sheets = readXlsx(Buffer.from(file.base64, 'base64'));
    const rates = sheets.find((s) => s.name === 'Rates')!;
    const head = rates.rows[0]!.map(String);
    const broken = rates.rows.map((r, i) => {
      if (i === 1) return r.map((v, j) => (head[j] === 'roomTypeId' ? 'STD' : v));
      if (i === 3) return r.map((v, j) => (head[j] === 'validTillDate' ? '2027-01-01' : v));
      return r;
    });
    const bad = xlsx(
      sheets.map((s) => ({
        name: s.name,
        columns: (s.rows[0] ?? []).map((h) => ({ header: String(h) })),
        rows: (s.name === 'Rates' ? broken : s.rows).slice(1) as XlsxCell[][],
      })),
    ).toString('base64');
    const body = await refused(c, importHotelContract, { hotelId: hotel.id, file: bad });
    expect(body.errorMessage).toBe(DMC_MSG.importRefused(2));
    expect(body.shortError).toEqual({
      'Rates row 2: roomTypeId': HOTEL_TEXT.unknownRoomType,
      'Rates row 4: validTillDate': HOTEL_TEXT.tillBeforeFrom,
    });
    expect((await ok(c, getHotelContract, { hotelId: hotel.id })).version).toBe(2);
  });

  it("offers the quotation builder the contract's room types and meal plans, none before a contract", async () => {
    const c = await staff();
    const { hotel } = await hotelWithContract(c);
    expect(await ok(c, getHotelStayChoices, { hotelId: hotel.id })).toEqual({
      roomTypes: [{ id: 'DLX', name: 'Deluxe', maxAdults: 3, maxChildren: 2, maxOccupancy: 4 }],
      mealPlans: ['BB'],
    });
    const bare = await ok(c, createNewAccomodation, {
      name: `Bare ${tag()}`,
      address: 'Al Fahidi',
      cityId: freshCityId(),
    });
    expect(await ok(c, getHotelStayChoices, { hotelId: bare.id })).toEqual({ roomTypes: [], mealPlans: [] });
  });

  it("keeps each site's contracts its own", async () => {
    const c = await staff();
    const { hotel, contract } = await hotelWithContract(c);
    const theirs = await staff(SKYWAY);
    expect((await theirs.call(getHotelContract, { hotelId: hotel.id })).status).toBe(404);
    expect((await theirs.call(getHotelStayChoices, { hotelId: hotel.id })).status).toBe(404);
    expect((await theirs.call(saveHotelContract, { hotelId: hotel.id, version: 1, ...contract })).status).toBe(404);
  });
});
