/**
 * Shared by the dmc-*.test.ts files: signed-in staff, and a fresh destination of its own per test (a city id,
 * a market, an activity, a tour option) so no test depends on another's data or on the seeded Dubai.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Endpoint } from '@tp/contracts/endpoint';
import { urlPath } from '@tp/contracts/endpoint';
import { addArea } from '@tp/contracts/endpoints/areas';
import {
  createNewAccomodation,
  createNewMarket,
  saveActivity,
  saveHotelContract,
  saveTourOptions,
} from '@tp/contracts/endpoints/dmc';
import { Client, type ApiResponse } from '../support/api.ts';
import { demo, FLIGHTDEALS, SKYWAY } from './customers-helpers.ts';
import { useStackTable } from './users-helpers.ts';

export { FLIGHTDEALS, SKYWAY };

export const tag = (): string => randomUUID().slice(0, 8);
/** A reference city id no other test (nor the seeded Dubai, 26) uses. */
export const freshCityId = (): number => randomInt(500_000, 9_000_000);

export async function staff(site = FLIGHTDEALS, who = 'admin'): Promise<Client> {
  useStackTable();
  return demo(site, who);
}

/** A call that must succeed; its payload. */
export async function ok<T = any>(c: Client, e: Endpoint, input?: Record<string, unknown>): Promise<T> {
  const res = await c.call(e, input);
  expect(res.status, `${e.path}: ${JSON.stringify(res.body).slice(0, 400)}`).toBe(200);
  expect(res.body.success).toBe(true);
  return res.body.result as T;
}

/** A call with a path parameter (`{id}` replaced). */
export function callAt(c: Client, e: Endpoint, params: Record<string, string | number>, input?: unknown) {
  const path = urlPath(e).replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(params[k])));
  return c.raw(e.method, path, input);
}

/** A refused call: its status and field errors. */
export async function refused(
  c: Client,
  e: Endpoint,
  input: Record<string, unknown>,
  status = 400,
): Promise<ApiResponse['body']> {
  const res = await c.call(e, input);
  expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(status);
  expect(res.body.success).toBe(false);
  return res.body;
}

export interface Destination {
  cityId: number;
  marketId: string;
  activityId: string;
  tourOptionId: string;
  areaIds: [string, string];
}

/** A market, a city with two areas, an activity and one tour option (ticket and transfers sold). */
export async function destination(c: Client): Promise<Destination> {
  const t = tag();
  const cityId = freshCityId();
  const market = await ok(c, createNewMarket, { name: `Market ${t}`, currency: 'AED' });
  const a1 = await ok(c, addArea, { name: `Old Town ${t}`, cityId, cityName: `City ${t}` });
  const a2 = await ok(c, addArea, { name: `Airport ${t}`, cityId });
  const activity = await ok(c, saveActivity, { name: `Desert safari ${t}`, cityId, cityName: `City ${t}` });
  const option = await ok(c, saveTourOptions, {
    activityId: activity.id,
    name: 'Evening SIC',
    hasTimeSlots: true,
    timeSlots: ['15:00'],
    pickupTime: '15:00',
    dropPickupTime: '21:00',
  });
  return {
    cityId,
    marketId: market.marketId,
    activityId: activity.id,
    tourOptionId: option.id,
    areaIds: [a1.id, a2.id],
  };
}

export const SEASON = { validFromDate: '2026-10-01', validTillDate: '2027-09-30' } as const;

/** A contract row's cost per room and night for two (the only occupancy these stays sell). */
export const doubleRoomCost = (double: number) => ({
  single: null,
  double,
  triple: null,
  extraAdult: null,
  childWithBed: null,
  childWithoutBed: null,
});

export interface ContractedHotel {
  marketId: string;
  hotelId: string;
  hotelName: string;
  roomTypeId: string;
}

/**
 * A market and a hotel under contract in it: one room type on bed and breakfast, `costPerNight` for two at cost,
 * sold at cost + 20 %, for all of 2099. `hotel` adds to the hotel's details (its email, phone…).
 */
export async function contractedHotel(
  c: Client,
  opts: {
    name: string;
    currency: string;
    costPerNight: number;
    roomType?: { id: string; name: string };
    hotel?: Record<string, unknown>;
  },
): Promise<ContractedHotel> {
  const t = tag();
  const roomType = opts.roomType ?? { id: 'STD', name: 'Standard' };
  const marketId = (await ok(c, createNewMarket, { name: `Market ${t}`, currency: opts.currency })).marketId;
  const hotelId = (
    await ok(c, createNewAccomodation, { name: opts.name, address: 'Creek Rd', cityId: freshCityId(), ...opts.hotel })
  ).id;
  await ok(c, saveHotelContract, {
    hotelId,
    version: 0,
    roomTypes: [{ ...roomType, maxAdults: 2, maxChildren: 1, maxOccupancy: 3 }],
    mealPlans: ['BB'],
    rates: [
      {
        id: 'ALL',
        marketId,
        roomTypeId: roomType.id,
        mealPlan: 'BB',
        minStay: 1,
        validFromDate: '2099-01-01',
        validTillDate: '2099-12-31',
        cost: doubleRoomCost(opts.costPerNight),
        sell: null,
        markupPercent: 20,
      },
    ],
    childBands: [],
    stopSales: [],
    allotments: [],
  });
  return { marketId, hotelId, hotelName: opts.name, roomTypeId: roomType.id };
}

/**
 * A quotation of two nights from 2099-03-10 in one room for two adults at `hotel`: 30 % deposit, the balance 14 days
 * before arrival; 10 % to cancel a year out, all of it inside a year. `extra` adds to or replaces its fields.
 */
export const twoNightStay = (
  hotel: ContractedHotel,
  customerId: string,
  kartName: string,
  extra: Record<string, unknown> = {},
) => ({
  customerId,
  kartName,
  adults: 2,
  child: 0,
  infant: 0,
  arrivalDate: '2099-03-10',
  quoteValidyInDays: 7,
  marketId: hotel.marketId,
  accomodations: [
    {
      accomodationId: hotel.hotelId,
      accomodationName: hotel.hotelName,
      noOfNights: 2,
      checkinDate: '2099-03-10',
      numberOfRooms: 1,
      transferPrice: 0,
      bookedByCustomer: false,
      transferType: null,
      sharingBasis: null,
      contractStay: { roomTypeId: hotel.roomTypeId, mealPlan: 'BB', occupancy: [{ adults: 2, childAges: [] }] },
    },
  ],
  activities: [],
  miscellaneous: [],
  passengers: [],
  serviceCharge: 0,
  discount: 0,
  noOfDays: 3,
  noOfNights: 2,
  priceBreakup: 'full',
  paymentTerms: {
    depositKind: 'percent',
    depositValue: 30,
    balanceDaysBeforeArrival: 14,
    cancellationFees: [
      { daysBefore: 365, feePercent: 10 },
      { daysBefore: 0, feePercent: 100 },
    ],
  },
  ...extra,
});
