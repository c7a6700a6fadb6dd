/**
 * A hotel stay priced night by night from the hotel's contract (docs/dmc.md "Hotel contracts"). Pure: the caller
 * loads the contract, the market and the rooms already taken from allotments, and passes them in.
 *
 * 1. The request: at least one night (at most 90), at least one room, an adult in every room, child ages 0–17.
 * 2. Guests: a child older than every band is an adult; younger than every band stays free; inside a band pays
 *    the band's charge. Each room must fit the room type (max adults, children, guests).
 * 3. Stop-sales and blackouts covering any night, for the room type (or all) and the market (or all), refuse.
 * 4. Each night, the contract's rows for the market, room type and meal plan are tried top first: the first valid
 *    on that night whose minimum stay the whole stay meets prices it. Rows never add up.
 * 5. A room per night: single (1 adult), double (2), triple (3; a double plus an extra adult when the row has no
 *    triple price), each adult past three an extra adult, each charged child its column. Cost the same way.
 * 6. Allotment: every night the room type has an allotment outside its release period and rooms left is
 *    "allotted"; otherwise the stay is on request (quoting goes on; vouchering takes only allotted nights).
 */
import { addDays } from '../kart/dates.ts';
import { isIsoDate } from '../terms.ts';
import {
  HOTEL_TEXT,
  sellPrices,
  type HotelAllotment,
  type HotelContract,
  type HotelRateRow,
  type MealPlan,
  type OccupancyPrice,
  type OccupancyPrices,
} from './contract.ts';

/** §9: a kart lasts at most 90 nights. */
export const MAX_STAY_NIGHTS = 90;
/** A child is 0–17; 18 and over is an adult whatever the bands say. */
export const MAX_CHILD_AGE = 17;

export interface RoomOccupancy {
  adults: number;
  childAges: number[];
}

export interface HotelStayRequest {
  marketId: string;
  roomTypeId: string;
  mealPlan: MealPlan;
  checkinDate: string;
  nights: number;
  rooms: RoomOccupancy[];
}

/** Rooms of a room type already taken from its allotment, per night (`YYYY-MM-DD` → rooms). */
export type TakenRooms = ReadonlyMap<string, number>;

export interface StayContext {
  contract: HotelContract | null;
  market: { marketId: string; name: string; currency: string };
  taken: TakenRooms;
  /** The site's calendar day, for release periods. */
  today: string;
}

/** One charged unit of a night: `units` × the column's price. */
export interface NightPart {
  column: OccupancyPrice;
  units: number;
  sell: number;
  cost: number;
}

/** A night's allotment: held and left, inside the release period, none left, or none held (on request). */
export const ALLOTMENT_STATES = ['allotted', 'release', 'soldOut', 'none'] as const;
export type AllotmentState = (typeof ALLOTMENT_STATES)[number];

export interface PricedNight {
  date: string;
  rateId: string;
  parts: NightPart[];
  /** All rooms for the night. */
  sell: number;
  cost: number;
  allotment: AllotmentState;
}

/** Nights in a row priced alike, for the working ("2 × AED 150.00 + 2 × AED 180.00"). */
export interface WorkingStep {
  nights: number;
  perNight: number;
  rateId: string;
  fromDate: string;
}

export const HOTEL_UNAVAILABLE_CODES = [
  'invalidRequest',
  'noContract',
  'occupancy',
  'stopSale',
  'noRate',
  'minStay',
  'notPriced',
] as const;
export type HotelUnavailableCode = (typeof HOTEL_UNAVAILABLE_CODES)[number];

export type HotelStayPrice =
  | {
      available: true;
      currency: string;
      nights: PricedNight[];
      working: WorkingStep[];
      sell: number;
      cost: number;
      /** Some night is not held by an allotment: the hotel must confirm. */
      onRequest: boolean;
    }
  | { available: false; reason: { code: HotelUnavailableCode; message: string } };

const refuse = (code: HotelUnavailableCode, message: string): HotelStayPrice => ({
  available: false,
  reason: { code, message },
});

const minor = (v: number) => Math.round(v * 100);

/** The dates a stay sleeps: check-in, check-in + 1, … (check-out is not a night). */
export const stayNights = (checkinDate: string, nights: number): string[] =>
  Array.from({ length: nights }, (_, i) => addDays(checkinDate, i));

interface Guests {
  adults: number;
  charged: { column: OccupancyPrice; units: number }[];
  children: number;
}

function guestsOf(contract: HotelContract, room: RoomOccupancy): Guests | string {
  const bands = contract.childBands;
  const topAge = bands.reduce((m, b) => Math.max(m, b.maxAge), -1);
  const lowAge = bands.reduce((m, b) => Math.min(m, b.minAge), Infinity);
  let adults = room.adults;
  let children = 0;
  const counts = new Map<OccupancyPrice, number>();
  for (const age of room.childAges) {
    if (age > topAge) {
      adults += 1;
      continue;
    }
    children += 1;
    if (age < lowAge) continue;
    const band = bands.find((b) => b.minAge <= age && age <= b.maxAge);
    if (!band) return HOTEL_TEXT.noBandForAge(age);
    if (band.charge !== 'free') counts.set(band.charge, (counts.get(band.charge) ?? 0) + 1);
  }
  return { adults, children, charged: [...counts].map(([column, units]) => ({ column, units })) };
}

/** The adult part of a room: single, double, triple (or double + extra adult), then extra adults. */
function adultParts(adults: number, p: OccupancyPrices): { column: OccupancyPrice; units: number }[] {
  if (adults === 1) return [{ column: 'single', units: 1 }];
  if (adults === 2) return [{ column: 'double', units: 1 }];
  const [base, extra]: [OccupancyPrice, number] = p.triple !== null ? ['triple', adults - 3] : ['double', adults - 2];
  return extra > 0
    ? [
        { column: base, units: 1 },
        { column: 'extraAdult', units: extra },
      ]
    : [{ column: base, units: 1 }];
}

function requestProblem(r: HotelStayRequest): string | null {
  if (!isIsoDate(r.checkinDate)) return HOTEL_TEXT.invalidDate;
  if (!Number.isInteger(r.nights) || r.nights < 1) return HOTEL_TEXT.noNights;
  if (r.nights > MAX_STAY_NIGHTS) return HOTEL_TEXT.tooManyNights(MAX_STAY_NIGHTS);
  if (r.rooms.length === 0) return HOTEL_TEXT.noRooms;
  if (r.rooms.some((room) => !Number.isInteger(room.adults) || room.adults < 1)) return HOTEL_TEXT.adultPerRoom;
  if (r.rooms.some((room) => room.childAges.some((a) => !Number.isInteger(a) || a < 0 || a > MAX_CHILD_AGE)))
    return HOTEL_TEXT.childAge;
  return null;
}

/** The allotment of a room type holding a night, the first listed when several do. */
export const allotmentOn = (contract: HotelContract, roomTypeId: string, date: string): HotelAllotment | undefined =>
  contract.allotments.find((a) => a.roomTypeId === roomTypeId && a.fromDate <= date && date <= a.tillDate);

/** Whether `rooms` more can be taken on `date`: none held, inside release, sold out, or held and left. */
export function allotmentState(
  contract: HotelContract,
  roomTypeId: string,
  date: string,
  rooms: number,
  taken: TakenRooms,
  today: string,
): AllotmentState {
  const a = allotmentOn(contract, roomTypeId, date);
  if (!a) return 'none';
  if (addDays(today, a.releaseDays) >= date) return 'release';
  return (taken.get(date) ?? 0) + rooms <= a.rooms ? 'allotted' : 'soldOut';
}

function pickRow(
  rows: readonly HotelRateRow[],
  date: string,
  nights: number,
): { row: HotelRateRow } | { minStay: number } | null {
  let shortest: number | null = null;
  for (const row of rows) {
    if (date < row.validFromDate || date > row.validTillDate) continue;
    if (row.minStay > nights) {
      shortest = Math.min(shortest ?? Infinity, row.minStay);
      continue;
    }
    return { row };
  }
  return shortest === null ? null : { minStay: shortest };
}

export function priceHotelStay(ctx: StayContext, r: HotelStayRequest): HotelStayPrice {
  const problem = requestProblem(r);
  if (problem) return refuse('invalidRequest', problem);
  const c = ctx.contract;
  if (!c) return refuse('noContract', HOTEL_TEXT.noContract);
  const roomType = c.roomTypes.find((t) => t.id === r.roomTypeId);
  if (!roomType) return refuse('invalidRequest', HOTEL_TEXT.roomTypeUnknown);
  if (!c.mealPlans.includes(r.mealPlan)) return refuse('invalidRequest', HOTEL_TEXT.mealPlanUnknown(r.mealPlan));

  const rooms: Guests[] = [];
  for (const [i, room] of r.rooms.entries()) {
    const g = guestsOf(c, room);
    if (typeof g === 'string') return refuse('occupancy', g);
    if (g.adults > roomType.maxAdults) return refuse('occupancy', HOTEL_TEXT.tooManyAdults(i + 1, roomType.maxAdults));
    if (g.children > roomType.maxChildren)
      return refuse('occupancy', HOTEL_TEXT.tooManyChildren(i + 1, roomType.maxChildren));
    if (g.adults + g.children > roomType.maxOccupancy)
      return refuse('occupancy', HOTEL_TEXT.overOccupancy(i + 1, roomType.maxOccupancy));
    rooms.push(g);
  }

  const dates = stayNights(r.checkinDate, r.nights);
  const first = dates[0] as string;
  const last = dates[dates.length - 1] as string;
  const stop = c.stopSales.find(
    (s) =>
      (s.roomTypeId === null || s.roomTypeId === r.roomTypeId) &&
      (s.marketId === null || s.marketId === r.marketId) &&
      s.fromDate <= last &&
      first <= s.tillDate,
  );
  if (stop) return refuse('stopSale', HOTEL_TEXT.stopSale(stop.fromDate, stop.tillDate, stop.reason));

  const rows = c.rates.filter(
    (row) => row.marketId === r.marketId && row.roomTypeId === r.roomTypeId && row.mealPlan === r.mealPlan,
  );
  const nights: PricedNight[] = [];
  for (const date of dates) {
    const picked = pickRow(rows, date, r.nights);
    if (!picked) return refuse('noRate', HOTEL_TEXT.noRate(date, ctx.market.name));
    if ('minStay' in picked) return refuse('minStay', HOTEL_TEXT.minStay(date, picked.minStay));
    const { row } = picked;
    const sell = sellPrices(row);
    const units = new Map<OccupancyPrice, number>();
    for (const g of rooms)
      for (const p of [...adultParts(g.adults, sell), ...g.charged])
        units.set(p.column, (units.get(p.column) ?? 0) + p.units);
    const parts: NightPart[] = [];
    for (const [column, n] of units) {
      const s = sell[column];
      const k = row.cost[column];
      if (s === null || k === null) return refuse('notPriced', HOTEL_TEXT.notPriced(column, date));
      parts.push({ column, units: n, sell: s, cost: k });
    }
    const sum = (f: (p: NightPart) => number) => parts.reduce((t, p) => t + p.units * minor(f(p)), 0) / 100;
    nights.push({
      date,
      rateId: row.id,
      parts,
      sell: sum((p) => p.sell),
      cost: sum((p) => p.cost),
      allotment: allotmentState(c, r.roomTypeId, date, r.rooms.length, ctx.taken, ctx.today),
    });
  }

  const working: WorkingStep[] = [];
  for (const n of nights) {
    const prev = working[working.length - 1];
    if (prev && prev.rateId === n.rateId && prev.perNight === n.sell) prev.nights += 1;
    else working.push({ nights: 1, perNight: n.sell, rateId: n.rateId, fromDate: n.date });
  }
  const total = (f: (n: PricedNight) => number) => nights.reduce((t, n) => t + minor(f(n)), 0) / 100;
  return {
    available: true,
    currency: ctx.market.currency,
    nights,
    working,
    sell: total((n) => n.sell),
    cost: total((n) => n.cost),
    onRequest: nights.some((n) => n.allotment !== 'allotted'),
  };
}

/** "2 × AED 150.00 + 2 × AED 180.00", as the rate check writes its working. */
export const workingText = (steps: readonly WorkingStep[], money: (amount: number) => string): string =>
  steps.map((s) => `${s.nights} × ${money(s.perNight)}`).join(' + ');
