/**
 * Hotel contracts (ours, issue #32 §1; docs/dmc.md "Hotel contracts"): per hotel its room types, meal plans, rate
 * rows per market and validity priced per room per night by occupancy, child bands, stop-sales and allotments,
 * saved whole with its version; a stay priced night by night from it; the contract as .xlsx out and in. Served by
 * the dmc Lambda (functions/src/dmc/hotel-contracts.ts).
 */
import * as z from 'zod/mini';
import {
  ALLOTMENT_STATES,
  CHILD_CHARGES,
  HOTEL_UNAVAILABLE_CODES,
  MEAL_PLANS,
  OCCUPANCY_PRICES,
  type OccupancyPrice,
} from '@tp/domain/dmc';
import { endpoint, type Endpoint } from '../endpoint.ts';
import * as MSG from '../messages.ts';
import { zName, zRemarks } from '../fields.ts';
import { lazy } from '../lazy.ts';
import { ZExportJob } from './exports.ts';
import { zDmcId, zDateText } from './dmc-common.ts';
import { zXlsxBase64 } from './dmc-data.ts';

export const HOTEL_CONTRACT_MSG = {
  saved: 'Hotel contract saved',
  imported: 'Hotel contract imported',
  checked: 'Hotel contract checked: nothing was imported',
  invalidCode: 'Use 1 to 40 letters, digits, - or _',
  tooManyRows: (max: number) => `At most ${max} rows`,
} as const;

/** Rows of each kind one contract holds: the contract is one stored item, read whole to price a stay. */
export const MAX_HOTEL_RATE_ROWS = 400;
export const MAX_HOTEL_OTHER_ROWS = 100;

/** Row ids are short codes the staff may type in the sheet (room type "DLX"); the screen makes them for new rows. */
export const zContractCode = () =>
  z.string({ error: MSG.required }).check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, HOTEL_CONTRACT_MSG.invalidCode));
const zCount = (min: number, max: number) =>
  z
    .number({ error: MSG.invalidValue })
    .check(z.int(MSG.invalidValue), z.minimum(min, MSG.tooSmall(min)), z.maximum(max, MSG.tooLarge(max)));
/** A price per night: at most 2 decimals, 0–100,000,000; null when the column is not sold. */
const zPrice = () =>
  z.nullable(
    z.number({ error: MSG.invalidValue }).check(
      z.minimum(0, MSG.tooSmall(0)),
      z.maximum(100_000_000, MSG.tooLarge(100_000_000)),
      z.refine((v) => Math.round(v * 100) / 100 === v, MSG.invalidValue),
    ),
  );
const zPrices = () =>
  z.object(
    Object.fromEntries(OCCUPANCY_PRICES.map((k) => [k, zPrice()])) as Record<OccupancyPrice, ReturnType<typeof zPrice>>,
  );
const rows = <T extends z.core.$ZodType>(item: T, max: number) =>
  z.array(item).check(z.maxLength(max, HOTEL_CONTRACT_MSG.tooManyRows(max)));

export const zHotelRoomType = () =>
  z.object({
    id: zContractCode(),
    name: zName(),
    maxAdults: zCount(1, 20),
    maxChildren: zCount(0, 20),
    maxOccupancy: zCount(1, 30),
  });
export const zHotelRateRow = () =>
  z.object({
    id: zContractCode(),
    marketId: zDmcId(),
    roomTypeId: zContractCode(),
    mealPlan: z.enum(MEAL_PLANS, MSG.invalidOption),
    validFromDate: zDateText(),
    validTillDate: zDateText(),
    minStay: zCount(1, 90),
    cost: zPrices(),
    sell: z.nullable(zPrices()),
    markupPercent: z.nullable(
      z.number({ error: MSG.invalidValue }).check(z.minimum(0, MSG.tooSmall(0)), z.maximum(1000, MSG.tooLarge(1000))),
    ),
  });
export const zHotelChildBand = () =>
  z.object({
    id: zContractCode(),
    minAge: zCount(0, 17),
    maxAge: zCount(0, 17),
    charge: z.enum(CHILD_CHARGES, MSG.invalidOption),
  });
export const zHotelStopSale = () =>
  z.object({
    id: zContractCode(),
    roomTypeId: z.nullable(zContractCode()),
    marketId: z.nullable(zDmcId()),
    fromDate: zDateText(),
    tillDate: zDateText(),
    reason: z._default(zRemarks({ max: 300, required: false }), ''),
  });
export const zHotelAllotment = () =>
  z.object({
    id: zContractCode(),
    roomTypeId: zContractCode(),
    fromDate: zDateText(),
    tillDate: zDateText(),
    rooms: zCount(0, 1000),
    releaseDays: zCount(0, 90),
  });

/** The parts of a contract a save sends and a read answers. */
export const zHotelContractBody = () => ({
  roomTypes: rows(zHotelRoomType(), MAX_HOTEL_OTHER_ROWS),
  mealPlans: z.array(z.enum(MEAL_PLANS, MSG.invalidOption)).check(z.maxLength(MEAL_PLANS.length)),
  rates: rows(zHotelRateRow(), MAX_HOTEL_RATE_ROWS),
  childBands: rows(zHotelChildBand(), 20),
  stopSales: rows(zHotelStopSale(), MAX_HOTEL_OTHER_ROWS),
  allotments: rows(zHotelAllotment(), MAX_HOTEL_OTHER_ROWS),
});

const plainPrices = () =>
  z.object(
    Object.fromEntries(OCCUPANCY_PRICES.map((k) => [k, z.nullable(z.number())])) as Record<
      OccupancyPrice,
      z.ZodMiniNullable<z.ZodMiniNumber>
    >,
  );

/** A contracted room type as answered: who it can hold. */
const zRoomTypeView = () =>
  z.object({
    id: z.string(),
    name: z.string(),
    maxAdults: z.number(),
    maxChildren: z.number(),
    maxOccupancy: z.number(),
  });

/** A contract as answered (the domain's `HotelContract`). */
export const ZHotelContract = lazy(() =>
  z.object({
    hotelId: z.string(),
    roomTypes: z.array(zRoomTypeView()),
    mealPlans: z.array(z.enum(MEAL_PLANS)),
    rates: z.array(
      z.object({
        id: z.string(),
        marketId: z.string(),
        roomTypeId: z.string(),
        mealPlan: z.enum(MEAL_PLANS),
        validFromDate: z.string(),
        validTillDate: z.string(),
        minStay: z.number(),
        cost: plainPrices(),
        sell: z.nullable(plainPrices()),
        markupPercent: z.nullable(z.number()),
      }),
    ),
    childBands: z.array(
      z.object({ id: z.string(), minAge: z.number(), maxAge: z.number(), charge: z.enum(CHILD_CHARGES) }),
    ),
    stopSales: z.array(
      z.object({
        id: z.string(),
        roomTypeId: z.nullable(z.string()),
        marketId: z.nullable(z.string()),
        fromDate: z.string(),
        tillDate: z.string(),
        reason: z.string(),
      }),
    ),
    allotments: z.array(
      z.object({
        id: z.string(),
        roomTypeId: z.string(),
        fromDate: z.string(),
        tillDate: z.string(),
        rooms: z.number(),
        releaseDays: z.number(),
      }),
    ),
  }),
);

/** The domain's `HotelStayPrice`: the nights, the working, cost and sell; or why the stay cannot be priced. */
export const ZHotelStayPrice = lazy(() =>
  z.discriminatedUnion('available', [
    z.object({
      available: z.literal(true),
      currency: z.string(),
      nights: z.array(
        z.object({
          date: z.string(),
          rateId: z.string(),
          parts: z.array(
            z.object({ column: z.enum(OCCUPANCY_PRICES), units: z.number(), sell: z.number(), cost: z.number() }),
          ),
          sell: z.number(),
          cost: z.number(),
          allotment: z.enum(ALLOTMENT_STATES),
        }),
      ),
      working: z.array(
        z.object({ nights: z.number(), perNight: z.number(), rateId: z.string(), fromDate: z.string() }),
      ),
      sell: z.number(),
      cost: z.number(),
      onRequest: z.boolean(),
    }),
    z.object({
      available: z.literal(false),
      reason: z.object({ code: z.enum(HOTEL_UNAVAILABLE_CODES), message: z.string() }),
    }),
  ]),
);
export type THotelStayPrice = z.infer<typeof ZHotelStayPrice>;

/** A contract as stored and answered; `version` 0 means none saved yet. */
export const ZHotelContractView = lazy(() =>
  z.object({
    hotelId: z.string(),
    hotelName: z.string(),
    version: z.number(),
    contract: ZHotelContract,
    /** Pairs of rate row ids competing for the same nights (a warning). */
    overlaps: z.array(z.tuple([z.string(), z.string()])),
    /** Rooms taken from each allotment row (the most taken on any night of it), by allotment id. */
    allotmentTaken: z.record(z.string(), z.number()),
  }),
);
export type THotelContractView = z.infer<typeof ZHotelContractView>;

const contracts = { domain: 'dmc', auth: 'staff', permission: 'dmc.masters', api: 'site' } as const;

export const getHotelContract = endpoint({
  ...contracts,
  id: 'dmc.getHotelContract',
  method: 'GET',
  path: 'dmc/getHotelContract',
  request: lazy(() => z.object({ hotelId: zDmcId() })),
  response: ZHotelContractView,
  summary:
    "Ours: a hotel's contract (an empty one at version 0 before the first save), its overlaps and allotment use.",
});

export const saveHotelContract = endpoint({
  ...contracts,
  id: 'dmc.saveHotelContract',
  method: 'POST',
  path: 'dmc/saveHotelContract',
  request: lazy(() =>
    z.object({ hotelId: zDmcId(), version: zCount(0, Number.MAX_SAFE_INTEGER), ...zHotelContractBody() }),
  ),
  response: ZHotelContractView,
  summary:
    'Ours: saves a hotel contract whole on the version it read (409 when changed meanwhile); every rule failure is a 400 naming the row and field.',
});

export const exportHotelContract = endpoint({
  ...contracts,
  id: 'dmc.exportHotelContract',
  method: 'POST',
  path: 'dmc/exportHotelContract',
  request: lazy(() => z.object({ hotelId: zDmcId() })),
  response: ZExportJob,
  summary: "Ours: a hotel's contract as .xlsx, one sheet per part (HOTEL_CONTRACT_SHEETS).",
});

export const importHotelContract = endpoint({
  ...contracts,
  permission: 'dmc.importData',
  id: 'dmc.importHotelContract',
  method: 'POST',
  path: 'dmc/importHotelContract',
  request: lazy(() =>
    z.object({
      hotelId: zDmcId(),
      file: zXlsxBase64(),
      /** Check every row and report, write nothing. */
      dryRun: z._default(z.boolean(), false),
    }),
  ),
  response: lazy(() =>
    z.object({ dryRun: z.boolean(), rows: z.record(z.string(), z.number()), view: ZHotelContractView }),
  ),
  summary:
    "Ours: replaces a hotel's contract with the workbook of exportHotelContract; every row is checked first, and any problem is a 400 naming sheet, row and column with nothing written.",
});

/** One room of a stay: its adults and the ages of its children. */
export const zRoomOccupancy = () =>
  z.object({
    adults: zCount(1, 20),
    childAges: z.array(zCount(0, 17)).check(z.maxLength(20)),
  });

export const priceHotelStay = endpoint({
  domain: 'dmc',
  auth: 'staff',
  permission: 'dmc.karts',
  api: 'site',
  id: 'dmc.priceHotelStay',
  method: 'POST',
  path: 'dmc/priceHotelStay',
  request: lazy(() =>
    z.object({
      hotelId: zDmcId(),
      /** Absent: the site's default market. */
      marketId: z.optional(zDmcId()),
      roomTypeId: zContractCode(),
      mealPlan: z.enum(MEAL_PLANS, MSG.invalidOption),
      checkinDate: zDateText(),
      nights: zCount(1, 90),
      rooms: z.array(zRoomOccupancy()).check(z.minLength(1, MSG.required), z.maxLength(20)),
    }),
  ),
  response: lazy(() =>
    z.object({
      marketId: z.string(),
      marketName: z.string(),
      price: ZHotelStayPrice,
    }),
  ),
  summary:
    "Ours: a hotel stay priced night by night from the hotel's contract for a market (the working, cost and sell, allotment state per night), or why it cannot be.",
});

/**
 * What a quotation's hotel line can be priced as from the contract: the room types and meal plans (none when the
 * hotel has no contract yet). The builder's own read: quotation staff need not see the rates to choose a room.
 */
export const getHotelStayChoices = endpoint({
  domain: 'dmc',
  auth: 'staff',
  permission: 'dmc.karts',
  api: 'site',
  id: 'dmc.getHotelStayChoices',
  method: 'GET',
  path: 'dmc/getHotelStayChoices',
  request: lazy(() => z.object({ hotelId: zDmcId() })),
  response: lazy(() => z.object({ roomTypes: z.array(zRoomTypeView()), mealPlans: z.array(z.enum(MEAL_PLANS)) })),
  summary: "Ours: a hotel contract's room types and meal plans, for pricing a quotation's hotel line from it.",
});

export const dmcHotelEndpoints: Endpoint[] = [
  getHotelContract,
  saveHotelContract,
  exportHotelContract,
  importHotelContract,
  priceHotelStay,
  getHotelStayChoices,
];

/** A quotation's hotel line priced from the contract (kart.ts): the room type, meal plan and who sleeps where. */
export const ZContractStayInput = lazy(() =>
  z.object({
    roomTypeId: zContractCode(),
    roomTypeName: z.optional(zName({ required: false })),
    mealPlan: z.enum(MEAL_PLANS, MSG.invalidOption),
    occupancy: z.array(zRoomOccupancy()).check(z.minLength(1, MSG.required), z.maxLength(20)),
  }),
);
export const ZContractStay = lazy(() =>
  z.object({
    roomTypeId: z.string(),
    roomTypeName: z.optional(z.string()),
    mealPlan: z.enum(MEAL_PLANS),
    occupancy: z.array(z.object({ adults: z.number(), childAges: z.array(z.number()) })),
    roomsPrice: z.optional(z.number()),
    roomsCost: z.optional(z.number()),
    onRequest: z.optional(z.boolean()),
  }),
);
