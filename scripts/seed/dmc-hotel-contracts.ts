/**
 * The Dubai demo hotels' contracts (docs/dmc.md "Hotel contracts"): two room types, BB and HB, two seasons (high
 * October–April, low May–September) for both markets (GCC with its own sell prices, India at cost plus a thin
 * markup), children under 6 free and 6–11 without a bed, a winter allotment with a 7-day release, and a New Year's
 * Eve blackout at Atlantis. Prices are ours, scaled from each hotel's double room (indicative AED). Data only.
 */
import {
  OCCUPANCY_PRICES,
  type HotelContract,
  type HotelRateRow,
  type MealPlan,
  type OccupancyPrices,
} from '@tp/domain/dmc';
import { DUBAI_HOTELS } from './dmc-dubai.ts';

const INDIA = 'dmc-mkt-india';
const GCC = 'dmc-mkt-gcc';
const HIGH = { validFromDate: '2026-10-01', validTillDate: '2027-04-30', key: 'high', factor: 1 };
const LOW = { validFromDate: '2027-05-01', validTillDate: '2027-09-30', key: 'low', factor: 0.7 };

/** The hotel's high-season double room, bed and breakfast, cost to the DMC (AED a night). */
const DOUBLE_COST: Record<string, number> = {
  'dmc-hotel-radisson-deira': 420,
  'dmc-hotel-citymax-bur-dubai': 300,
  'dmc-hotel-rove-downtown': 380,
  'dmc-hotel-jw-marquis': 760,
  'dmc-hotel-novotel-al-barsha': 400,
  'dmc-hotel-jumeirah-beach': 1300,
  'dmc-hotel-hilton-jbr': 820,
  'dmc-hotel-atlantis-palm': 1750,
};

/** Each column as a share of the double room: single 90 %, triple 130 %, extra adult 30 %, children 20 / 10 %. */
const SHARE: Record<keyof OccupancyPrices, number> = {
  single: 0.9,
  double: 1,
  triple: 1.3,
  extraAdult: 0.3,
  childWithBed: 0.2,
  childWithoutBed: 0.1,
};
/** Half board over bed and breakfast. */
const MEAL_FACTOR: Record<'BB' | 'HB', number> = { BB: 1, HB: 1.25 };
const ROOMS = [
  { id: 'STD', name: 'Standard room', maxAdults: 2, maxChildren: 1, maxOccupancy: 3, factor: 1 },
  { id: 'FAM', name: 'Family room', maxAdults: 3, maxChildren: 2, maxOccupancy: 5, factor: 1.45 },
];

const pricesOf = (double: number, columns: readonly (keyof OccupancyPrices)[]): OccupancyPrices =>
  Object.fromEntries(
    OCCUPANCY_PRICES.map((k) => [k, columns.includes(k) ? Math.round(double * SHARE[k]) : null]),
  ) as OccupancyPrices;

function contractOf(hotelId: string): HotelContract {
  const base = DOUBLE_COST[hotelId] ?? 400;
  const rates: HotelRateRow[] = [];
  for (const season of [HIGH, LOW])
    for (const room of ROOMS)
      for (const meal of ['BB', 'HB'] as const) {
        const double = base * season.factor * room.factor * MEAL_FACTOR[meal];
        const columns: (keyof OccupancyPrices)[] =
          room.id === 'FAM'
            ? ['double', 'triple', 'extraAdult', 'childWithBed', 'childWithoutBed']
            : ['single', 'double', 'childWithBed', 'childWithoutBed'];
        const cost = pricesOf(double, columns);
        const common = {
          roomTypeId: room.id,
          mealPlan: meal as MealPlan,
          validFromDate: season.validFromDate,
          validTillDate: season.validTillDate,
          minStay: 1,
          cost,
        };
        // GCC: sell prices of their own (about 15 % over cost); India: cost plus a thin 8 % markup.
        rates.push({
          ...common,
          id: `GCC-${room.id}-${meal}-${season.key}`,
          marketId: GCC,
          sell: pricesOf(double * 1.15, columns),
          markupPercent: null,
        });
        rates.push({
          ...common,
          id: `IN-${room.id}-${meal}-${season.key}`,
          marketId: INDIA,
          sell: null,
          markupPercent: 8,
        });
      }
  return {
    hotelId,
    roomTypes: ROOMS.map(({ factor: _f, ...r }) => r),
    mealPlans: ['BB', 'HB'],
    rates,
    childBands: [
      { id: 'FREE', minAge: 0, maxAge: 5, charge: 'free' },
      { id: 'CNB', minAge: 6, maxAge: 11, charge: 'childWithoutBed' },
    ],
    stopSales:
      hotelId === 'dmc-hotel-atlantis-palm'
        ? [
            {
              id: 'NYE',
              roomTypeId: null,
              marketId: null,
              fromDate: '2026-12-31',
              tillDate: '2026-12-31',
              reason: "New Year's Eve gala: sold by the hotel only",
            },
          ]
        : [],
    allotments: [
      { id: 'WINTER-STD', roomTypeId: 'STD', fromDate: '2026-12-01', tillDate: '2027-03-31', rooms: 5, releaseDays: 7 },
      {
        id: 'WINTER-FAM',
        roomTypeId: 'FAM',
        fromDate: '2026-12-01',
        tillDate: '2027-03-31',
        rooms: 2,
        releaseDays: 14,
      },
    ],
  };
}

export const DUBAI_HOTEL_CONTRACTS: HotelContract[] = DUBAI_HOTELS.map((h) => contractOf(h.id));
