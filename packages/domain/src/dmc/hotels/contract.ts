/**
 * A hotel contract as DMCs sign it (docs/dmc.md "Hotel contracts"; the trade's primer §1–§2): per hotel, its room
 * types, the meal plans it sells, rate rows per market and validity priced per room per night by occupancy, child
 * bands, stop-sales and allotments. One contract per hotel, saved whole; its rate rows are kept in the order the
 * pricing tries them (top first), like a tour option's rates.
 */
import { isIsoDate, rangesOverlap } from '../terms.ts';

/** Room only, bed & breakfast, half board, full board, all inclusive. */
export const MEAL_PLANS = ['RO', 'BB', 'HB', 'FB', 'AI'] as const;
export type MealPlan = (typeof MEAL_PLANS)[number];
export const MEAL_PLAN_LABELS: Record<MealPlan, string> = {
  RO: 'Room only',
  BB: 'Bed & breakfast',
  HB: 'Half board',
  FB: 'Full board',
  AI: 'All inclusive',
};

/**
 * The columns of a rate row, each a price per room (or per extra person) per night: a room for one, for two
 * (double or twin), for three, each adult past that, and a child with or without its own bed.
 */
export const OCCUPANCY_PRICES = [
  'single',
  'double',
  'triple',
  'extraAdult',
  'childWithBed',
  'childWithoutBed',
] as const;
export type OccupancyPrice = (typeof OCCUPANCY_PRICES)[number];
export const OCCUPANCY_LABELS: Record<OccupancyPrice, string> = {
  single: 'Single',
  double: 'Double/twin',
  triple: 'Triple',
  extraAdult: 'Extra adult',
  childWithBed: 'Child with bed',
  childWithoutBed: 'Child without bed',
};
/** A column left empty is not sold (a room type without a triple rate takes no third adult at the triple price). */
export type OccupancyPrices = Record<OccupancyPrice, number | null>;

/** What a child of a band pays: nothing, or the rate row's child column. */
export const CHILD_CHARGES = ['free', 'childWithBed', 'childWithoutBed'] as const;
export type ChildCharge = (typeof CHILD_CHARGES)[number];

export interface HotelRoomType {
  id: string;
  name: string;
  maxAdults: number;
  maxChildren: number;
  /** Adults and children together. */
  maxOccupancy: number;
}

export interface HotelRateRow {
  id: string;
  marketId: string;
  roomTypeId: string;
  mealPlan: MealPlan;
  validFromDate: string;
  validTillDate: string;
  /** Nights a stay must last for this row to price it (1: any stay). */
  minStay: number;
  /** What the hotel charges the DMC. */
  cost: OccupancyPrices;
  /** What the DMC sells at; null when the row sells at cost plus `markupPercent`. */
  sell: OccupancyPrices | null;
  /** Markup on cost (dmc.md §1: 100 → 110 is 10 %); used only when `sell` is null. */
  markupPercent: number | null;
}

/** Children aged `minAge`–`maxAge` (inclusive) pay `charge`; older than every band is an adult, younger is free. */
export interface HotelChildBand {
  id: string;
  minAge: number;
  maxAge: number;
  charge: ChildCharge;
}

/** A stop-sale or blackout: no quoting for nights inside it, for one room type or all, one market or all. */
export interface HotelStopSale {
  id: string;
  roomTypeId: string | null;
  marketId: string | null;
  fromDate: string;
  tillDate: string;
  reason: string;
}

/**
 * Rooms the hotel holds for the DMC every night of a period; inside `releaseDays` before a night the unsold rooms
 * go back to the hotel and the room is on request.
 */
export interface HotelAllotment {
  id: string;
  roomTypeId: string;
  fromDate: string;
  tillDate: string;
  rooms: number;
  releaseDays: number;
}

export interface HotelContract {
  hotelId: string;
  roomTypes: HotelRoomType[];
  mealPlans: MealPlan[];
  /** Top first: the first row that matches a night prices it; rows never add up. */
  rates: HotelRateRow[];
  childBands: HotelChildBand[];
  stopSales: HotelStopSale[];
  allotments: HotelAllotment[];
}

/** Our wording for the contract rules and the pricing refusals (the spec quotes none). */
export const HOTEL_TEXT = {
  required: 'This is required field.',
  invalidDate: 'Invalid date format',
  tillBeforeFrom: 'Till date must not be before from date',
  unknownRoomType: 'Choose a room type of this contract',
  duplicateRoomType: 'Another room type has this name',
  mealPlanNotSold: 'Add this meal plan to the contract first',
  occupancyTooSmall: 'Max occupancy must hold at least one adult',
  occupancyBelowAdults: 'Max occupancy must not be below max adults',
  noPrice: 'Enter at least one price',
  sellOrMarkup: 'Enter sell prices or a markup, not both',
  sellMissing: 'Enter the sell price for each cost price (or a markup)',
  costMissing: 'Enter the cost price for each sell price',
  ageOrder: 'Max age must not be below min age',
  bandsOverlap: 'This age band overlaps another band',
  // Pricing
  noNights: 'A stay needs at least one night',
  tooManyNights: (max: number) => `A stay is at most ${max} nights`,
  noRooms: 'Add at least one room',
  adultPerRoom: 'Every room needs at least one adult',
  tooManyAdults: (room: number, max: number) => `Room ${room}: at most ${max} adults in this room type`,
  tooManyChildren: (room: number, max: number) => `Room ${room}: at most ${max} children in this room type`,
  overOccupancy: (room: number, max: number) => `Room ${room}: at most ${max} guests in this room type`,
  childAge: 'Child ages are whole numbers from 0 to 17',
  noBandForAge: (age: number) => `No child policy for a child aged ${age}`,
  roomTypeUnknown: 'This hotel has no such room type',
  mealPlanUnknown: (plan: string) => `This hotel does not sell ${plan}`,
  noContract: 'This hotel has no contract yet',
  stopSale: (from: string, till: string, reason: string) =>
    `Stop sale from ${from} to ${till}${reason.trim() ? `: ${reason.trim()}` : ''}`,
  noRate: (date: string, market: string) => `No rate for the ${market} market on ${date}`,
  minStay: (date: string, nights: number) => `Minimum stay on ${date} is ${nights} nights`,
  notPriced: (what: string, date: string) => `The rate for ${date} has no ${what} price`,
  soldOut: (roomType: string, date: string) => `No ${roomType} room left in the allotment on ${date}`,
  tooManyAllotmentNights: 'Too many allotment nights change in one save: voucher or change fewer hotel lines at once',
} as const;

export type ContractErrors = Record<string, string>;

function rangeProblems(
  errors: ContractErrors,
  path: string,
  r: { fromDate: string; tillDate: string },
  names: [string, string] = ['fromDate', 'tillDate'],
) {
  const [f, t] = names;
  if (!isIsoDate(r.fromDate)) errors[`${path}.${f}`] ??= HOTEL_TEXT.invalidDate;
  if (!isIsoDate(r.tillDate)) errors[`${path}.${t}`] ??= HOTEL_TEXT.invalidDate;
  else if (isIsoDate(r.fromDate) && r.tillDate < r.fromDate) errors[`${path}.${t}`] ??= HOTEL_TEXT.tillBeforeFrom;
}

function rateProblems(errors: ContractErrors, path: string, row: HotelRateRow, c: HotelContract) {
  if (!c.roomTypes.some((t) => t.id === row.roomTypeId)) errors[`${path}.roomTypeId`] = HOTEL_TEXT.unknownRoomType;
  if (!c.mealPlans.includes(row.mealPlan)) errors[`${path}.mealPlan`] = HOTEL_TEXT.mealPlanNotSold;
  if (!row.marketId.trim()) errors[`${path}.marketId`] = HOTEL_TEXT.required;
  rangeProblems(errors, path, { fromDate: row.validFromDate, tillDate: row.validTillDate }, [
    'validFromDate',
    'validTillDate',
  ]);
  const costs = OCCUPANCY_PRICES.filter((k) => row.cost[k] !== null);
  if (costs.length === 0) errors[`${path}.cost.double`] = HOTEL_TEXT.noPrice;
  if (row.sell && row.markupPercent !== null) errors[`${path}.markupPercent`] = HOTEL_TEXT.sellOrMarkup;
  if (!row.sell && row.markupPercent === null) errors[`${path}.markupPercent`] = HOTEL_TEXT.sellMissing;
  if (row.sell)
    for (const k of OCCUPANCY_PRICES) {
      if (row.cost[k] !== null && row.sell[k] === null) errors[`${path}.sell.${k}`] ??= HOTEL_TEXT.sellMissing;
      if (row.cost[k] === null && row.sell[k] !== null) errors[`${path}.cost.${k}`] ??= HOTEL_TEXT.costMissing;
    }
}

/**
 * The contract's own rules, field path → first message (`rates.2.validTillDate`, `roomTypes.0.maxOccupancy`);
 * `{}` when it can be saved. Shapes (numbers, lengths, enums) are the request schema's; these are the rules across
 * fields and rows.
 */
export function hotelContractErrors(c: HotelContract): ContractErrors {
  const errors: ContractErrors = {};
  const names = new Set<string>();
  c.roomTypes.forEach((t, i) => {
    const key = t.name.trim().toLowerCase();
    if (!key) errors[`roomTypes.${i}.name`] = HOTEL_TEXT.required;
    else if (names.has(key)) errors[`roomTypes.${i}.name`] = HOTEL_TEXT.duplicateRoomType;
    names.add(key);
    if (t.maxOccupancy < 1) errors[`roomTypes.${i}.maxOccupancy`] = HOTEL_TEXT.occupancyTooSmall;
    else if (t.maxOccupancy < t.maxAdults) errors[`roomTypes.${i}.maxOccupancy`] = HOTEL_TEXT.occupancyBelowAdults;
    if (t.maxAdults < 1) errors[`roomTypes.${i}.maxAdults`] = HOTEL_TEXT.occupancyTooSmall;
  });
  c.rates.forEach((r, i) => rateProblems(errors, `rates.${i}`, r, c));
  c.childBands.forEach((b, i) => {
    if (b.maxAge < b.minAge) errors[`childBands.${i}.maxAge`] = HOTEL_TEXT.ageOrder;
    else if (c.childBands.some((o, j) => j !== i && o.minAge <= b.maxAge && b.minAge <= o.maxAge))
      errors[`childBands.${i}.minAge`] = HOTEL_TEXT.bandsOverlap;
  });
  c.stopSales.forEach((s, i) => {
    if (s.roomTypeId !== null && !c.roomTypes.some((t) => t.id === s.roomTypeId))
      errors[`stopSales.${i}.roomTypeId`] = HOTEL_TEXT.unknownRoomType;
    rangeProblems(errors, `stopSales.${i}`, s);
  });
  c.allotments.forEach((a, i) => {
    if (!c.roomTypes.some((t) => t.id === a.roomTypeId))
      errors[`allotments.${i}.roomTypeId`] = HOTEL_TEXT.unknownRoomType;
    rangeProblems(errors, `allotments.${i}`, a);
  });
  return errors;
}

const slotOf = (r: HotelRateRow) => `${r.marketId}|${r.roomTypeId}|${r.mealPlan}`;

/**
 * Rate rows that compete for the same nights (same market, room type and meal plan, validity sharing a day), each
 * pair once by id. A warning, not a refusal: the upper row prices, and a promotion over a season does so on purpose.
 */
export function hotelRateOverlaps(rates: readonly HotelRateRow[]): [string, string][] {
  const pairs: [string, string][] = [];
  rates.forEach((a, i) => {
    for (const b of rates.slice(i + 1))
      if (slotOf(a) === slotOf(b) && rangesOverlap(a.validFromDate, a.validTillDate, b.validFromDate, b.validTillDate))
        pairs.push([a.id, b.id]);
  });
  return pairs;
}

/** Sell = cost × (100 + markup) / 100, to the cent, computed in minor units. */
export function sellPrices(row: Pick<HotelRateRow, 'cost' | 'sell' | 'markupPercent'>): OccupancyPrices {
  if (row.sell) return row.sell;
  const markup = row.markupPercent ?? 0;
  const out = {} as OccupancyPrices;
  for (const k of OCCUPANCY_PRICES) {
    const cost = row.cost[k];
    out[k] = cost === null ? null : Math.round((Math.round(cost * 100) * (100 + markup)) / 100) / 100;
  }
  return out;
}
