/**
 * A quotation's hotel line priced from the hotel's contract, and the allotment through the gateway: the line is
 * priced night by night for the quotation's market (its working and cost kept), a refused stay names why, ten
 * quotations vouchered at once for the last room leave exactly one holding it, and a cancellation gives it back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createDetailPendingCustomerForDmc } from '@tp/contracts/endpoints/customers';
import {
  createNewAccomodation,
  createNewMarket,
  getHotelContract,
  saveHotelContract,
  type THotelContractView,
} from '@tp/contracts/endpoints/dmc';
import { cancelKart, saveKart, voucherKart } from '@tp/contracts/endpoints/kart';
import { HOTEL_TEXT, type OccupancyPrices } from '@tp/domain/dmc';
import type { Client } from '../support/api.ts';
import { uniquePhone } from './users-helpers.ts';
import { freshCityId, ok, refused, staff, tag } from './dmc-helpers.ts';

const prices = (p: Partial<OccupancyPrices>): OccupancyPrices => ({
  single: null,
  double: null,
  triple: null,
  extraAdult: null,
  childWithBed: null,
  childWithoutBed: null,
  ...p,
});

let c: Client;
let hotelId: string;
let marketId: string;
let customerId: string;

beforeAll(async () => {
  c = await staff();
  const t = tag();
  marketId = (await ok(c, createNewMarket, { name: `GCC ${t}`, currency: 'AED' })).marketId;
  const hotel = await ok(c, createNewAccomodation, {
    name: `Palm Resort ${t}`,
    address: 'Crescent Rd',
    cityId: freshCityId(),
  });
  hotelId = hotel.id;
  const row = {
    marketId,
    roomTypeId: 'DLX',
    mealPlan: 'HB',
    minStay: 1,
    sell: null,
    markupPercent: 20,
  };
  await ok<THotelContractView>(c, saveHotelContract, {
    hotelId,
    version: 0,
    roomTypes: [{ id: 'DLX', name: 'Deluxe', maxAdults: 2, maxChildren: 2, maxOccupancy: 4 }],
    mealPlans: ['HB'],
    rates: [
      {
        ...row,
        id: 'WINTER',
        validFromDate: '2027-01-01',
        validTillDate: '2027-03-10',
        cost: prices({ double: 500, childWithBed: 100 }),
      },
      {
        ...row,
        id: 'SPRING',
        validFromDate: '2027-03-11',
        validTillDate: '2027-05-31',
        cost: prices({ double: 400, childWithBed: 80 }),
      },
    ],
    childBands: [
      { id: 'INF', minAge: 0, maxAge: 2, charge: 'free' },
      { id: 'CWB', minAge: 3, maxAge: 11, charge: 'childWithBed' },
    ],
    stopSales: [],
    allotments: [
      { id: 'ONE', roomTypeId: 'DLX', fromDate: '2027-03-01', tillDate: '2027-03-31', rooms: 1, releaseDays: 7 },
    ],
  });
  customerId = (
    await ok(c, createDetailPendingCustomerForDmc, {
      firstName: 'Noura',
      lastName: 'Saeed',
      phone: uniquePhone(),
      phoneCode: 'in',
    })
  ).id;
});

/** A quotation of one contract-priced hotel line: 2 adults and a child of `age`, 2 nights from 10 March 2027. */
const kart = (age = 5, checkinDate = '2027-03-10') => ({
  customerId,
  kartName: `Palm stay ${tag()}`,
  adults: 2,
  child: 1,
  infant: 0,
  arrivalDate: checkinDate,
  quoteValidyInDays: 7,
  marketId,
  accomodations: [
    {
      accomodationId: hotelId,
      accomodationName: 'Palm Resort',
      noOfNights: 2,
      checkinDate,
      numberOfRooms: 1,
      transferPrice: 0,
      bookedByCustomer: false,
      transferType: null,
      sharingBasis: null,
      contractStay: { roomTypeId: 'DLX', mealPlan: 'HB', occupancy: [{ adults: 2, childAges: [age] }] },
    },
  ],
  activities: [],
  miscellaneous: [],
  passengers: [],
  serviceCharge: 0,
  discount: 0,
  collectedPayment: 0,
  totalPrice: 1,
  noOfDays: 3,
  noOfNights: 2,
  priceBreakup: 'full',
});

const taken = async () => (await ok<THotelContractView>(c, getHotelContract, { hotelId })).allotmentTaken.ONE;

describe('hotel lines priced from the contract', () => {
  it('prices each night from its season at cost + markup, the child in its band, with the working and cost', async () => {
    const saved = await ok(c, saveKart, kart(5));
    const line = saved.accomodations[0];
    // 10 March (winter): (500 + 100) × 1.2 = 720; 11 March (spring): (400 + 80) × 1.2 = 576.
    expect(line.contractStay).toMatchObject({ roomsPrice: 1296, roomsCost: 1080, roomTypeName: 'Deluxe' });
    expect(line.price).toBe(1296);
    expect(line.cost).toBe(1080);
    expect(line.working).toMatch(/^1 × AED\s?720\.00 \+ 1 × AED\s?576\.00$/);
    expect(saved.totalPrice).toBe(1296);
  });

  it('a child under the band stays free; a room over the room type is refused on the line', async () => {
    const infant = await ok(c, saveKart, kart(1));
    expect(infant.accomodations[0].contractStay.roomsPrice).toBe(1080);
    const teen = await refused(c, saveKart, kart(12));
    expect(teen.shortError).toEqual({ 'accomodations.0.contractStay': HOTEL_TEXT.tooManyAdults(1, 2) });
  });
});

describe('allotments', () => {
  it('ten vouchers of the last room at once: one takes it, nine are refused; a cancel gives it back', async () => {
    const karts = await Promise.all(Array.from({ length: 10 }, () => ok(c, saveKart, kart(5, '2027-03-20'))));
    expect(await taken()).toBe(0);
    const results = await Promise.all(karts.map((k) => c.call(voucherKart, { id: k.id })));
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.errorMessage).toBe(HOTEL_TEXT.soldOut('DLX', '2027-03-20'));
    }
    expect(await taken()).toBe(1);

    const winner = won[0]!.body.result as { id: string };
    await ok(c, cancelKart, { id: winner.id });
    expect(await taken()).toBe(0);
    // Cancelling again changes nothing (a cancelled kart is final): the room is not given back twice.
    expect((await c.call(cancelKart, { id: winner.id })).status).toBe(400);
    expect(await taken()).toBe(0);

    const next = karts.find((k) => k.id !== winner.id)!;
    await ok(c, voucherKart, { id: next.id });
    expect(await taken()).toBe(1);
    // Vouchering again or saving it unchanged takes nothing more.
    await ok(c, voucherKart, { id: next.id });
    expect(await taken()).toBe(1);
  });
});
