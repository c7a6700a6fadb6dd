import { describe, expect, it } from 'vitest';
import {
  HOTEL_TEXT,
  allotmentTakes,
  hotelContractErrors,
  hotelRateOverlaps,
  priceHotelStay,
  sellPrices,
  workingText,
  type HotelContract,
  type HotelRateRow,
  type HotelStayRequest,
  type OccupancyPrices,
  type StayContext,
} from './index.ts';

const prices = (p: Partial<OccupancyPrices>): OccupancyPrices => ({
  single: null,
  double: null,
  triple: null,
  extraAdult: null,
  childWithBed: null,
  childWithoutBed: null,
  ...p,
});

const row = (over: Partial<HotelRateRow> = {}): HotelRateRow => ({
  id: 'low',
  marketId: 'gcc',
  roomTypeId: 'dlx',
  mealPlan: 'BB',
  validFromDate: '2026-05-01',
  validTillDate: '2026-09-30',
  minStay: 1,
  cost: prices({ single: 120, double: 150, extraAdult: 50, childWithBed: 40, childWithoutBed: 20 }),
  sell: prices({ single: 140, double: 180, extraAdult: 60, childWithBed: 50, childWithoutBed: 25 }),
  markupPercent: null,
  ...over,
});

const contract = (over: Partial<HotelContract> = {}): HotelContract => ({
  hotelId: 'h1',
  roomTypes: [{ id: 'dlx', name: 'Deluxe', maxAdults: 3, maxChildren: 2, maxOccupancy: 4 }],
  mealPlans: ['BB', 'HB'],
  rates: [
    row(),
    row({
      id: 'high',
      validFromDate: '2026-10-01',
      validTillDate: '2027-04-30',
      cost: prices({ single: 200, double: 250, extraAdult: 80, childWithBed: 60, childWithoutBed: 30 }),
      sell: prices({ single: 240, double: 300, extraAdult: 100, childWithBed: 75, childWithoutBed: 40 }),
    }),
  ],
  childBands: [
    { id: 'infant', minAge: 0, maxAge: 5, charge: 'free' },
    { id: 'kid', minAge: 6, maxAge: 11, charge: 'childWithoutBed' },
  ],
  stopSales: [],
  allotments: [],
  ...over,
});

const ctx = (c: HotelContract | null = contract(), taken = new Map<string, number>()): StayContext => ({
  contract: c,
  market: { marketId: 'gcc', name: 'GCC', currency: 'AED' },
  taken,
  today: '2026-05-01',
});

const stay = (over: Partial<HotelStayRequest> = {}): HotelStayRequest => ({
  marketId: 'gcc',
  roomTypeId: 'dlx',
  mealPlan: 'BB',
  checkinDate: '2026-06-10',
  nights: 2,
  rooms: [{ adults: 2, childAges: [] }],
  ...over,
});

const aed = (n: number) => `AED ${n.toFixed(2)}`;

describe('a stay priced night by night', () => {
  it('prices each night from the row valid that night, across a season boundary', () => {
    const p = priceHotelStay(ctx(), stay({ checkinDate: '2026-09-29', nights: 4 }));
    expect(p.available && p.nights.map((n) => [n.date, n.rateId, n.sell])).toEqual([
      ['2026-09-29', 'low', 180],
      ['2026-09-30', 'low', 180],
      ['2026-10-01', 'high', 300],
      ['2026-10-02', 'high', 300],
    ]);
    expect(p.available && [p.sell, p.cost]).toEqual([960, 800]);
    expect(p.available && workingText(p.working, aed)).toBe('2 × AED 180.00 + 2 × AED 300.00');
  });

  it('charges by occupancy: single, double, double + extra adult without a triple, triple when contracted', () => {
    const one = priceHotelStay(ctx(), stay({ nights: 1, rooms: [{ adults: 1, childAges: [] }] }));
    expect(one.available && one.sell).toBe(140);
    const three = priceHotelStay(ctx(), stay({ nights: 1, rooms: [{ adults: 3, childAges: [] }] }));
    expect(three.available && three.nights[0]?.parts).toEqual([
      { column: 'double', units: 1, sell: 180, cost: 150 },
      { column: 'extraAdult', units: 1, sell: 60, cost: 50 },
    ]);
    const triple = contract({
      rates: [row({ sell: prices({ double: 180, triple: 230 }), cost: prices({ double: 150, triple: 190 }) })],
    });
    const t = priceHotelStay(ctx(triple), stay({ nights: 1, rooms: [{ adults: 3, childAges: [] }] }));
    expect(t.available && t.sell).toBe(230);
    const two = priceHotelStay(
      ctx(),
      stay({
        nights: 1,
        rooms: [
          { adults: 2, childAges: [] },
          { adults: 1, childAges: [] },
        ],
      }),
    );
    expect(two.available && two.sell).toBe(320);
  });

  it('a child under the band stays free, inside it pays its column, over it counts as an adult', () => {
    const under = priceHotelStay(ctx(), stay({ nights: 1, rooms: [{ adults: 2, childAges: [4] }] }));
    expect(under.available && under.sell).toBe(180);
    const inside = priceHotelStay(ctx(), stay({ nights: 1, rooms: [{ adults: 2, childAges: [8] }] }));
    expect(inside.available && inside.sell).toBe(205);
    const over = priceHotelStay(ctx(), stay({ nights: 1, rooms: [{ adults: 2, childAges: [12] }] }));
    expect(over.available && over.sell).toBe(240);
  });

  it('refuses a room the room type cannot hold and an age no band covers', () => {
    expect(priceHotelStay(ctx(), stay({ rooms: [{ adults: 4, childAges: [] }] }))).toMatchObject({
      available: false,
      reason: { code: 'occupancy', message: HOTEL_TEXT.tooManyAdults(1, 3) },
    });
    expect(priceHotelStay(ctx(), stay({ rooms: [{ adults: 3, childAges: [2, 3] }] }))).toMatchObject({
      reason: { message: HOTEL_TEXT.overOccupancy(1, 4) },
    });
    const gap = contract({
      childBands: [
        { id: 'a', minAge: 0, maxAge: 2, charge: 'free' },
        { id: 'b', minAge: 6, maxAge: 11, charge: 'childWithBed' },
      ],
    });
    expect(priceHotelStay(ctx(gap), stay({ rooms: [{ adults: 1, childAges: [4] }] }))).toMatchObject({
      reason: { message: HOTEL_TEXT.noBandForAge(4) },
    });
  });

  it('a stop-sale on any night refuses with its reason; one for another market does not', () => {
    const stop = {
      id: 's',
      roomTypeId: null,
      marketId: null,
      fromDate: '2026-06-11',
      tillDate: '2026-06-11',
      reason: 'Full house',
    };
    expect(priceHotelStay(ctx(contract({ stopSales: [stop] })), stay())).toEqual({
      available: false,
      reason: { code: 'stopSale', message: 'Stop sale from 2026-06-11 to 2026-06-11: Full house' },
    });
    expect(priceHotelStay(ctx(contract({ stopSales: [{ ...stop, marketId: 'india' }] })), stay()).available).toBe(true);
  });

  it('the first row that matches wins; a promotion needing a longer stay is skipped for a short one', () => {
    const promo = row({ id: 'promo', minStay: 3, sell: prices({ double: 150 }), cost: prices({ double: 120 }) });
    const c = contract({ rates: [promo, row()] });
    const short = priceHotelStay(ctx(c), stay({ nights: 2 }));
    expect(short.available && short.nights.map((n) => n.rateId)).toEqual(['low', 'low']);
    const long = priceHotelStay(ctx(c), stay({ nights: 3 }));
    expect(long.available && long.sell).toBe(450);
    expect(priceHotelStay(ctx(contract({ rates: [promo] })), stay({ nights: 2 }))).toMatchObject({
      reason: { code: 'minStay', message: HOTEL_TEXT.minStay('2026-06-10', 3) },
    });
  });

  it('names the market and night without a rate, and refuses without a contract', () => {
    expect(priceHotelStay(ctx(), stay({ checkinDate: '2027-04-30', nights: 2 }))).toMatchObject({
      reason: { code: 'noRate', message: HOTEL_TEXT.noRate('2027-05-01', 'GCC') },
    });
    expect(priceHotelStay(ctx(null), stay())).toMatchObject({ reason: { code: 'noContract' } });
    expect(priceHotelStay(ctx(), stay({ mealPlan: 'AI' }))).toMatchObject({
      reason: { message: HOTEL_TEXT.mealPlanUnknown('AI') },
    });
  });

  it('sells at cost plus markup to the cent when the row has no sell prices', () => {
    expect(sellPrices({ cost: prices({ double: 100, single: 33.33 }), sell: null, markupPercent: 10 })).toEqual(
      prices({ double: 110, single: 36.66 }),
    );
  });
});

describe('allotments', () => {
  const allotted = contract({
    allotments: [
      { id: 'a', roomTypeId: 'dlx', fromDate: '2026-06-01', tillDate: '2026-06-30', rooms: 2, releaseDays: 7 },
    ],
  });

  it('a held night outside release is allotted; sold out or inside release is on request', () => {
    const p = priceHotelStay(ctx(allotted, new Map([['2026-06-11', 2]])), stay());
    expect(p.available && p.nights.map((n) => n.allotment)).toEqual(['allotted', 'soldOut']);
    expect(p.available && p.onRequest).toBe(true);
    const late = priceHotelStay({ ...ctx(allotted), today: '2026-06-04' }, stay());
    expect(late.available && late.nights.map((n) => n.allotment)).toEqual(['release', 'release']);
  });

  it('vouchering takes the held nights outside release, each under the allotment ceiling', () => {
    expect(
      allotmentTakes(allotted, { roomTypeId: 'dlx', checkinDate: '2026-06-30', nights: 2, rooms: 1 }, '2026-05-01'),
    ).toEqual([{ roomTypeId: 'dlx', date: '2026-06-30', rooms: 1, limit: 2 }]);
    expect(
      allotmentTakes(allotted, { roomTypeId: 'dlx', checkinDate: '2026-06-10', nights: 1, rooms: 1 }, '2026-06-05'),
    ).toEqual([]);
  });
});

describe('contract rules', () => {
  it('accepts the sample contract and names rows by path', () => {
    expect(hotelContractErrors(contract())).toEqual({});
    const bad = contract({
      rates: [row({ roomTypeId: 'x', mealPlan: 'AI', validTillDate: '2026-04-01', sell: null })],
      childBands: [
        { id: 'a', minAge: 0, maxAge: 6, charge: 'free' },
        { id: 'b', minAge: 5, maxAge: 11, charge: 'childWithBed' },
      ],
    });
    expect(hotelContractErrors(bad)).toEqual({
      'rates.0.roomTypeId': HOTEL_TEXT.unknownRoomType,
      'rates.0.mealPlan': HOTEL_TEXT.mealPlanNotSold,
      'rates.0.validTillDate': HOTEL_TEXT.tillBeforeFrom,
      'rates.0.markupPercent': HOTEL_TEXT.sellMissing,
      'childBands.0.minAge': HOTEL_TEXT.bandsOverlap,
      'childBands.1.minAge': HOTEL_TEXT.bandsOverlap,
    });
  });

  it('warns of rows competing for the same nights, market, room type and meal plan', () => {
    expect(hotelRateOverlaps([row(), row({ id: 'promo' }), row({ id: 'hb', mealPlan: 'HB' })])).toEqual([
      ['low', 'promo'],
    ]);
  });
});
