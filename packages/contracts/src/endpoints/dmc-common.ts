/**
 * Pieces every DMC endpoint file shares (spec 001 §3 records, ids, paging, number inputs). Field names are the
 * spec's, its spellings included (`accomodation`, `validTillDate`). docs/dmc.md "API" explains each choice.
 */
import * as z from 'zod/mini';
import {
  AREA_SHARING_BASES,
  KART_TRANSFER_TYPES,
  RATE_SHARING_BASES,
  SHARING_BASES,
  TRANSFER_DIRECTIONS,
  type DmcMessages,
} from '@tp/domain/dmc';
import * as MSG from '../messages.ts';
import { INVALID_EMAIL, zCursor as zCursorText, zId, zPreprocess, zShortText } from '../fields.ts';
import { lazy } from '../lazy.ts';

export { AREA_SHARING_BASES, KART_TRANSFER_TYPES, RATE_SHARING_BASES, SHARING_BASES, TRANSFER_DIRECTIONS };

/**
 * The texts the DMC domain rules report, the same on the server and in the dialogs: the spec's own (MSG), named
 * one by one (a spread of MSG would put every text of the platform in each bundle that reads these).
 */
export const DMC_RULE_MESSAGES: DmcMessages = {
  required: MSG.required,
  invalidValue: MSG.invalidValue,
  invalidOption: MSG.invalidOption,
  invalidPhone: MSG.invalidPhone,
  tooSmall: MSG.tooSmall,
  minPaxPrivate: MSG.minPaxPrivate,
  maxPaxPrivate: MSG.maxPaxPrivate,
  selectTourOption: MSG.selectTourOption,
  tourAlreadyAdded: MSG.tourAlreadyAdded,
  validAmount: MSG.validAmount,
  fillName: MSG.fillName,
  fromAreaRequired: MSG.fromAreaRequired,
  toAreaRequired: MSG.toAreaRequired,
  marketIdRequired: MSG.marketIdRequired,
  amountPositive: MSG.amountPositive,
  invalidDate: MSG.invalidDate,
  minMaxPaxPrivate: MSG.minMaxPaxPrivate,
  tooLarge: MSG.tooLarge,
  selectItinerary: MSG.selectItinerary,
  passengerMismatch: MSG.passengerMismatch,
  collectedTooHigh: MSG.collectedTooHigh,
  startDateActivities: MSG.startDateActivities,
  startDateMisc: MSG.startDateMisc,
  pickupTransferActivity: MSG.pickupTransferActivity,
  pickupTransferAccomodation: MSG.pickupTransferAccomodation,
  transferActivity: MSG.transferActivity,
  transferAccomodation: MSG.transferAccomodation,
  sharingBasisActivity: MSG.sharingBasisActivity,
  sharingBasisAccomodation: MSG.sharingBasisAccomodation,
  invalidEmail: INVALID_EMAIL,
};

/** Our own wording for DMC answers the spec does not quote (the quoted ones are MSG). */
export const DMC_MSG = {
  marketSaved: 'Market saved',
  customerMarketSaved: 'Market updated for the customer',
  accommodationSaved: 'Accommodation saved',
  tourOptionSaved: 'Tour option saved',
  driverSaved: 'Driver saved',
  locationSaved: 'Location saved',
  rateSaved: 'Rate saved',
  rateDeleted: 'Rate deleted',
  priorityChanged: 'Priority updated',
  stopSaleSaved: 'Stop-sale saved',
  stopSaleDeleted: 'Stop-sale deleted',
  areaSaved: 'Area saved',
  areaDeleted: 'Area deleted',
  areaTransferSaved: 'Area transfer saved',
  areaTransferDeleted: 'Area transfer deleted',
  areaMapped: 'Area updated for the activity',
  imported: 'Spreadsheet imported',
  importChecked: 'Spreadsheet checked: nothing was written',
  /** An import with errors: nothing written; `shortError` lists each problem by sheet, row and column. */
  importRefused: (n: number) => `${n} problem${n === 1 ? '' : 's'} in the spreadsheet: nothing was imported`,
  notSpreadsheet: 'Please upload an .xlsx spreadsheet',
  fileTooLarge: 'The spreadsheet is too large (at most 730 KB)',
  overlapWarning: (n: number) =>
    `Overlaps ${n} saved rate${n === 1 ? '' : 's'} of the same market and pax band: priority decides which one prices`,
  unknownMarket: 'Please choose a market of this site',
  unknownTourOption: 'Please choose a tour option of this site',
  unknownActivity: 'Please choose an activity of this site',
  unknownArea: 'Please choose an area of this site',
  /** Pickers list these by name: two alike (up to case and spaces) could not be told apart. */
  nameTaken: (what: string, where: string) => `There is already ${what} with this name${where}`,
  unknownRate: 'This rate no longer exists; reload the list',
  areaInUse: (what: string) => `This area is used by ${what}; change those first`,
  sameArea: 'From and to areas must differ',
} as const;

/**
 * DMC record ids: the 24-hex ids we issue, or the `dmc-…` ids of seeded and imported demo data. Stricter than
 * zId (a stray word in a path is a 400, not a lookup).
 */
export const DMC_ID = /^(?:[0-9a-f]{24}|dmc-[a-z0-9-]{1,60})$/;
export const zDmcId = (message: string = MSG.invalidReference) => zId(message).check(z.regex(DMC_ID, message));

/** A blank string reads as absent, so the domain rule reports the spec's own message ('From area is required'). */
export const blankAsMissing = <T extends z.core.$ZodType>(schema: T) =>
  zPreprocess((v) => (typeof v === 'string' && !v.trim() ? undefined : v), z.optional(schema));

/** An optional DMC id (absent, blank or null: none). */
export const zOptionalDmcId = () => blankAsMissing(z.nullable(zDmcId()));

/** Reference city ids (master/dbCities): a whole number; text from a query string converts. */
export const zCityId = () =>
  z.pipe(
    z.union([z.number(), zShortText({ max: 12 })]),
    z.transform((v, ctx) => {
      // Number('') is 0: blank text is no city, not city 0.
      const n = typeof v === 'string' && !v.trim() ? NaN : Number(v);
      if (Number.isInteger(n) && n >= 0 && n <= 10_000_000) return n;
      ctx.issues.push({ code: 'custom', message: MSG.invalidValue, input: v });
      return z.NEVER;
    }),
  );

/**
 * "Number-type text inputs convert to integers" (§5): a number, or text holding one (its whole part); blank or
 * absent is null. Text that is no number reads as NaN, so the domain rule reports it beside every other field.
 */
export const zIntInput = () =>
  z.pipe(
    z.optional(z.union([z.number(), zShortText({ required: false, max: 32 }), z.null()])),
    z.transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = Math.trunc(Number(v));
      if (Math.abs(n) > 1_000_000) {
        ctx.issues.push({ code: 'custom', message: MSG.tooLarge(1_000_000), input: v });
        return z.NEVER;
      }
      return n;
    }),
  );

/** An amount as typed (number or numeric text, decimals kept); absent is null, text that is no number NaN. */
export const zAmountInput = (message: string = MSG.invalidValue) =>
  z.pipe(
    z.optional(z.union([z.number({ error: message }), zShortText({ required: false, max: 32 }), z.null()])),
    z.transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = Number(v);
      if (Math.abs(n) > 100_000_000) {
        ctx.issues.push({ code: 'custom', message, input: v });
        return z.NEVER;
      }
      return n;
    }),
  );

/** `YYYY-MM-DD` as typed; whether it is a real date is the domain's 'Invalid date format'. */
export const zDateText = () => blankAsMissing(zShortText({ max: 10, tooLong: MSG.invalidDate }));
/** `HH:MM`. */
export const zTimeText = () => blankAsMissing(z.nullable(zShortText({ max: 5, tooLong: MSG.invalidValue })));

/** Cursor pages over one partition: `nextCursor` null on the last page. */
export const zListPaging = (maxLimit = 100, defaultLimit = 20) => ({
  search: z.optional(zShortText({ required: false })),
  cursor: z.optional(zCursorText()),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(maxLimit)), defaultLimit),
});
export const pageOf = <T extends z.core.$ZodType>(item: T) =>
  z.object({ records: z.array(item), nextCursor: z.nullable(z.string()) });

// ---------------------------------------------------------------------------------------------------
// Records as the calls answer them

const dates = () => ({ validFromDate: z.string(), validTillDate: z.string() });
const band = () => ({ minPax: z.nullable(z.number()), maxPax: z.nullable(z.number()) });

export const ZMarket = lazy(() =>
  z.object({ marketId: z.string(), name: z.string(), currency: z.string(), isDefault: z.boolean() }),
);
export type TMarket = z.infer<typeof ZMarket>;

export const ZDmcCity = lazy(() => z.object({ cityId: z.number(), cityName: z.string() }));

export const ZArea = lazy(() =>
  z.object({ id: z.string(), name: z.string(), cityId: z.number(), cityName: z.string() }),
);
export type TArea = z.infer<typeof ZArea>;

export const ZAccommodation = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    address: z.string(),
    /** Area id, and its name for lists. */
    area: z.nullable(z.string()),
    areaName: z.nullable(z.string()),
    cityId: z.number(),
    cityName: z.string(),
    phoneNumber: z.string(),
    email: z.string(),
  }),
);
export type TAccommodation = z.infer<typeof ZAccommodation>;

export const ZActivity = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    cityId: z.number(),
    cityName: z.string(),
    /** Higher first in lists and searches; 1 when never set (§9). */
    priority: z.number(),
    area: z.nullable(z.string()),
    areaName: z.nullable(z.string()),
  }),
);
export type TActivity = z.infer<typeof ZActivity>;

export const ZTourOption = lazy(() =>
  z.object({
    id: z.string(),
    activityId: z.string(),
    activityName: z.string(),
    name: z.string(),
    description: z.string(),
    hasTimeSlots: z.boolean(),
    timeSlots: z.array(z.string()),
    hasMeal: z.boolean(),
    hasGuide: z.boolean(),
    hasTicket: z.boolean(),
    pickupTime: z.nullable(z.string()),
    dropPickupTime: z.nullable(z.string()),
  }),
);
export type TTourOption = z.infer<typeof ZTourOption>;

export const ZDriver = lazy(() =>
  z.object({
    driverId: z.string(),
    driverName: z.string(),
    phone: z.string(),
    vehicleCapacity: z.optional(z.nullable(z.number())),
  }),
);
export type TDriver = z.infer<typeof ZDriver>;

export const ZLocation = lazy(() => z.object({ id: z.string(), location: z.string() }));
export type TLocation = z.infer<typeof ZLocation>;

export const ZTicketRate = lazy(() =>
  z.object({
    id: z.string(),
    tourOptionId: z.string(),
    marketId: z.string(),
    adultAmount: z.number(),
    childAmount: z.number(),
    adultCost: z.optional(z.nullable(z.number())),
    childCost: z.optional(z.nullable(z.number())),
    isPerPax: z.boolean(),
    ...band(),
    ...dates(),
    /** Tried highest first (docs/dmc.md "Priority"). */
    priority: z.number(),
  }),
);
export type TTicketRate = z.infer<typeof ZTicketRate>;

export const ZTransferRate = lazy(() =>
  z.object({
    id: z.string(),
    tourOptionId: z.string(),
    marketId: z.string(),
    description: z.string(),
    transferType: z.enum(TRANSFER_DIRECTIONS),
    sharingBasis: z.enum(RATE_SHARING_BASES),
    amount: z.number(),
    cost: z.optional(z.nullable(z.number())),
    isPerPax: z.boolean(),
    ...band(),
    ...dates(),
    priority: z.number(),
  }),
);
export type TTransferRate = z.infer<typeof ZTransferRate>;

export const ZStopSale = lazy(() =>
  z.object({
    id: z.string(),
    tourOptionId: z.string(),
    /** Null: every market. */
    marketId: z.nullable(z.string()),
    fromDate: z.string(),
    tillDate: z.string(),
    reason: z.string(),
  }),
);
export type TStopSale = z.infer<typeof ZStopSale>;

export const ZAreaTransfer = lazy(() =>
  z.object({
    id: z.string(),
    from: z.string(),
    fromName: z.string(),
    to: z.string(),
    toName: z.string(),
    marketId: z.string(),
    description: z.string(),
    transferType: z.enum(TRANSFER_DIRECTIONS),
    /** `private` is shown as PVT (§3). */
    sharingBasis: z.enum(AREA_SHARING_BASES),
    /** US dollars, 2 decimals (§9). */
    amount: z.number(),
    cost: z.optional(z.nullable(z.number())),
    isStandAlone: z.boolean(),
    /** Forced: on for sharing, off for private (§4). */
    isPerPax: z.boolean(),
    ...band(),
    ...dates(),
  }),
);
export type TAreaTransfer = z.infer<typeof ZAreaTransfer>;

/** A saved rate or area transfer, with the saved rows it overlaps (a warning: priority decides, §1 of dmc.md). */
export const savedWithOverlaps = <T extends z.core.$ZodType>(record: T) =>
  z.object({ record, overlaps: z.array(z.string()), warning: z.nullable(z.string()) });

export const ZComboTourOption = lazy(() =>
  z.object({
    tourOptionId: z.string(),
    name: z.string(),
    description: z.string(),
    onwardTransfer: z.nullable(z.enum(RATE_SHARING_BASES)),
    returnTransfer: z.nullable(z.enum(RATE_SHARING_BASES)),
    /** Each rate with its market (ours): of every market unless one is asked for. */
    ticketRates: z.array(
      z.object({
        marketId: z.string(),
        adultAmount: z.number(),
        childAmount: z.number(),
        isPerPax: z.boolean(),
        ...dates(),
      }),
    ),
    transferRates: z.array(
      z.object({
        marketId: z.string(),
        transferType: z.enum(TRANSFER_DIRECTIONS),
        sharingBasis: z.enum(RATE_SHARING_BASES),
        amount: z.number(),
        isPerPax: z.boolean(),
        ...band(),
        ...dates(),
      }),
    ),
  }),
);

/** A combo with its tour options and their rates in priority order (§3 Combo). */
export const ZCombo = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    currency: z.string(),
    /** Per person, in `currency`. */
    amount: z.number(),
    createdAt: z.string(),
    tourOptions: z.array(ZComboTourOption),
  }),
);
export type TCombo = z.infer<typeof ZCombo>;

/** The light combo row of `combo/getAllCombos` (pickers). */
export const ZComboSummary = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    currency: z.string(),
    amount: z.number(),
    createdAt: z.string(),
    tourOptionIds: z.array(z.string()),
  }),
);

// ---------------------------------------------------------------------------------------------------
// The rate engine's answer (packages/domain/src/dmc/engine.ts `TourOptionPrice`)

const ZTransferChoice = lazy(() =>
  z.nullable(z.object({ transferType: z.enum(KART_TRANSFER_TYPES), sharingBasis: z.enum(SHARING_BASES) })),
);
const priceHeader = () => ({
  tourOptionId: z.string(),
  activityId: z.string(),
  marketId: z.string(),
  date: z.string(),
  adults: z.number(),
  children: z.number(),
  transfer: ZTransferChoice,
});
export const ZTourOptionPrice = lazy(() =>
  z.discriminatedUnion('available', [
    z.object({
      ...priceHeader(),
      available: z.literal(true),
      currency: z.string(),
      ticket: z.nullable(
        z.object({
          rateId: z.string(),
          isPerPax: z.boolean(),
          adultAmount: z.number(),
          childAmount: z.number(),
          units: z.number(),
          amount: z.number(),
          cost: z.number(),
        }),
      ),
      transfers: z.array(
        z.object({
          rateId: z.string(),
          transferType: z.enum(TRANSFER_DIRECTIONS),
          sharingBasis: z.enum(RATE_SHARING_BASES),
          isPerPax: z.boolean(),
          unitAmount: z.number(),
          units: z.number(),
          amount: z.number(),
          cost: z.number(),
        }),
      ),
      ticketPrice: z.number(),
      transferPrice: z.number(),
      price: z.number(),
      cost: z.number(),
      costKnown: z.boolean(),
      working: z.string(),
    }),
    z.object({
      ...priceHeader(),
      available: z.literal(false),
      reason: z.object({
        code: z.enum(['invalidRequest', 'stopSale', 'noTicketRate', 'noTransferRate']),
        message: z.string(),
        stopSale: z.optional(ZStopSale),
      }),
    }),
  ]),
);
export type TTourOptionPrice = z.infer<typeof ZTourOptionPrice>;

// ---------------------------------------------------------------------------------------------------
// Audit trail (functions/src/lib/audit.ts): one entry per change of one record

export const ZAuditEntry = lazy(() =>
  z.object({
    at: z.string(),
    /** create / update / delete / import, or a named step (status, block, unblock). */
    action: z.enum(['create', 'update', 'delete', 'import', 'status', 'block', 'unblock']),
    by: z.object({ userId: z.string(), name: z.string(), email: z.string() }),
    before: z.nullable(z.record(z.string(), z.unknown())),
    after: z.nullable(z.record(z.string(), z.unknown())),
    /** The fields that differ, for a readable history. */
    changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  }),
);
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

// ---------------------------------------------------------------------------------------------------
// Payment terms (docs/dmc.md "Payment terms"): the site's, and a quotation's override of them.

export const DEPOSIT_KINDS = ['percent', 'amount'] as const;
/** A deposit due on acceptance (a percentage of the total or an amount) and the balance N days before arrival. */
export const ZPaymentTerms = lazy(() =>
  z.object({
    depositKind: z.enum(DEPOSIT_KINDS),
    depositValue: z
      .number({ error: MSG.invalidValue })
      .check(z.minimum(0, MSG.tooSmall(0)), z.maximum(100_000_000, MSG.tooLarge(100_000_000))),
    balanceDaysBeforeArrival: z
      .number({ error: MSG.invalidValue })
      .check(z.int(MSG.invalidValue), z.minimum(0, MSG.tooSmall(0)), z.maximum(365, MSG.tooLarge(365))),
    /** Ours: the cancellation fee by days before arrival (docs/dmc.md "Cancellation"); absent: the platform's. */
    cancellationFees: z.optional(
      z
        .array(
          z.object({
            daysBefore: z
              .number({ error: MSG.invalidValue })
              .check(z.int(MSG.invalidValue), z.minimum(0, MSG.tooSmall(0)), z.maximum(365, MSG.tooLarge(365))),
            feePercent: z
              .number({ error: MSG.invalidValue })
              .check(z.minimum(0, MSG.tooSmall(0)), z.maximum(100, MSG.tooLarge(100))),
          }),
        )
        .check(z.maxLength(10, MSG.tooLarge(10))),
    ),
  }),
);

/** An exchange rate a price was converted with (docs/dmc.md "Exchange rates"). */
export const ZRateUsed = lazy(() =>
  z.object({ from: z.string(), to: z.string(), rate: z.number(), buffer: z.number(), validFrom: z.string() }),
);

/** A line sold as part of a combo (docs/dmc.md "Combos in quotations and carts"). */
export const ZComboShare = lazy(() =>
  z.object({
    comboId: z.string(),
    name: z.string(),
    /** The combo's whole price for the party and what its lines would have cost one by one. */
    price: z.number(),
    replaces: z.number(),
    /** The tour options it takes, by name, in the combo's order. */
    options: z.array(z.string()),
  }),
);
