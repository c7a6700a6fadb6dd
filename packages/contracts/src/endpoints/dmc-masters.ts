/**
 * DMC masters (spec 001 §2 /staff/dmc_master, /staff/dmc-activities; §7 "DMC", "Manage activities"): markets,
 * accommodations, activities, tour options, drivers, locations, the cities they sit in and the exchange rates. Served by the dmc
 * Lambda (functions/src/dmc). A save call with an `id` edits that record; without one it creates.
 */
import * as z from 'zod/mini';
import { endpoint, type Endpoint } from '../endpoint.ts';
import { zEmpty } from '../common.ts';
import * as MSG from '../messages.ts';
import { zAddress, zEmailText, zId, zName, zPhoneText, zRemarks, zShortText } from '../fields.ts';
import { lazy } from '../lazy.ts';
import {
  ZAccommodation,
  ZActivity,
  ZDmcCity,
  ZDriver,
  ZLocation,
  ZMarket,
  ZPaymentTerms,
  ZTourOption,
  blankAsMissing,
  pageOf,
  zCityId,
  zDmcId,
  zIntInput,
  zListPaging,
  zOptionalDmcId,
  zTimeText,
} from './dmc-common.ts';

const masters = { domain: 'dmc', auth: 'staff', permission: 'dmc.masters', api: 'site' } as const;
/** The city's name as the screen's city picker (master/dbCities) showed it; kept beside the id. */
const zCityName = () => z.optional(zName({ required: false }));

// ---------------------------------------------------------------------------------------------------
// Markets

export const createNewMarket = endpoint({
  ...masters,
  id: 'dmc.createNewMarket',
  method: 'POST',
  path: 'dmc/createNewMarket',
  request: lazy(() =>
    z.object({
      /** Present: edits that market. */
      marketId: zOptionalDmcId(),
      name: zName(),
      /** ISO 4217; the market's rates are contracted in it. */
      currency: z._default(zShortText({ max: 3 }), 'AED'),
      /** The market of customers who have none assigned; at most one per site. */
      isDefault: z._default(z.boolean(), false),
    }),
  ),
  response: ZMarket,
  summary: 'Creates a market (or edits one with marketId); names are unique per site.',
});

export const searchMarket = endpoint({
  ...masters,
  id: 'dmc.searchMarket',
  method: 'GET',
  path: 'dmc/searchMarket',
  request: lazy(() => z.object(zListPaging())),
  response: lazy(() => pageOf(ZMarket)),
  summary: 'Markets whose name contains `search`, by name, a cursor page (the screen debounces 500 ms).',
});

export const getDefaultMarketOptions = endpoint({
  ...masters,
  id: 'dmc.getDefaultMarketOptions',
  method: 'GET',
  path: 'dmc/getDefaultMarketOptions',
  request: lazy(() => z.object({ userId: z.optional(zId()) })),
  response: lazy(() =>
    z.object({
      /** The site's markets by name (up to 500): the picker's options, and the names of the markets rates point at. */
      markets: z.array(ZMarket),
      defaultMarketId: z.nullable(z.string()),
      /** The market assigned to `userId` (null: none, the default applies); absent without userId. */
      customerMarketId: z.optional(z.nullable(z.string())),
    }),
  ),
  summary: "Market picker options, the site's default market and, with userId, that customer's market.",
});

export const updateMarketForCustomer = endpoint({
  ...masters,
  id: 'dmc.updateMarketForCustomer',
  method: 'POST',
  path: 'dmc/updateMarketForCustomer',
  request: lazy(() => z.object({ userId: zId(), marketId: z.nullable(zDmcId()) })),
  response: lazy(() => z.object({ userId: z.string(), marketId: z.nullable(z.string()) })),
  summary: 'Assigns a market to a customer of the site (null: back to the default market).',
});

// ---------------------------------------------------------------------------------------------------
// Accommodations

export const getAccomodation = endpoint({
  ...masters,
  id: 'dmc.getAccomodation',
  method: 'GET',
  path: 'dmc/getAccomodation',
  request: lazy(() => z.object({ ...zListPaging(), cityId: blankAsMissing(zCityId()) })),
  response: lazy(() => pageOf(ZAccommodation)),
  summary: 'Accommodations by name, optionally of one city or containing `search`, a cursor page.',
});

export const createNewAccomodation = endpoint({
  ...masters,
  id: 'dmc.createNewAccomodation',
  method: 'POST',
  path: 'dmc/createNewAccomodation',
  request: lazy(() =>
    z.object({
      id: zOptionalDmcId(),
      name: zName(),
      address: zAddress(),
      area: zOptionalDmcId(),
      cityId: zCityId(),
      cityName: zCityName(),
      phoneNumber: z._default(zPhoneText({ required: false }), ''),
      /** Shape only, no top-level-domain check (§5): the domain rule decides. */
      email: z._default(zEmailText(), ''),
    }),
  ),
  response: ZAccommodation,
  summary: 'Creates or edits an accommodation: name, address and city required, email of a valid shape.',
});

// ---------------------------------------------------------------------------------------------------
// Activities

export const saveActivity = endpoint({
  ...masters,
  id: 'dmc.saveActivity',
  method: 'POST',
  path: 'dmc/saveActivity',
  request: lazy(() =>
    z.object({
      id: zOptionalDmcId(),
      name: zName(),
      description: z._default(zRemarks({ required: false }), ''),
      cityId: zCityId(),
      cityName: zCityName(),
      /** Default 1 (§9). */
      priority: zIntInput(),
      area: zOptionalDmcId(),
    }),
  ),
  response: ZActivity,
  summary: "Creates or edits an activity (name and city required); answers 'Activity Saved Successfully'.",
});

export const getActivities = endpoint({
  ...masters,
  id: 'dmc.getActivities',
  method: 'GET',
  path: 'dmc/getActivities',
  request: lazy(() => z.object({ ...zListPaging(), cityId: blankAsMissing(zCityId()) })),
  response: lazy(() => pageOf(ZActivity)),
  summary: 'Activities by name, optionally of one city or containing `search`, a cursor page.',
});

export const fetchActivities = endpoint({
  ...masters,
  id: 'dmc.fetchActivities',
  method: 'GET',
  path: 'manageActivity/fetchActivities/{cityId}',
  request: lazy(() => z.object({ ...zListPaging(100, 50), cityId: zCityId() })),
  response: lazy(() => pageOf(ZActivity)),
  summary: 'Activities of a city, highest priority first (the /staff/dmc-activities list), a cursor page.',
});

export const updateActivityPriority = endpoint({
  ...masters,
  id: 'dmc.updateActivityPriority',
  method: 'POST',
  path: 'manageActivity/updateActivityPriority',
  request: lazy(() => z.object({ activityId: zDmcId(), priority: zIntInput() })),
  response: ZActivity,
  summary: 'Sets an activity’s priority (a whole number ≥ 1; higher shows first).',
});

export const getAllCities = endpoint({
  ...masters,
  id: 'dmc.getAllCities',
  method: 'GET',
  path: 'manageActivity/getAllCities',
  request: zEmpty,
  response: lazy(() => z.array(ZDmcCity)),
  summary: 'The cities the DMC has activities, areas or hotels in, by name (the city filter).',
});

// ---------------------------------------------------------------------------------------------------
// Tour options

export const getTourOptions = endpoint({
  ...masters,
  id: 'dmc.getTourOptions',
  method: 'GET',
  path: 'dmc/getTourOptions',
  request: lazy(() =>
    z.object({
      ...zListPaging(),
      activityId: blankAsMissing(zDmcId()),
      /** Ours: that one tour option of the site (a screen opened on it by its link); 404 when there is none. */
      id: blankAsMissing(zDmcId()),
    }),
  ),
  response: lazy(() => pageOf(ZTourOption)),
  summary:
    'Tour options by name, of one activity or of all, optionally containing `search`, a cursor page; with `id` (ours) that one.',
});

export const saveTourOptions = endpoint({
  ...masters,
  id: 'dmc.saveTourOptions',
  method: 'POST',
  path: 'dmc/saveTourOptions',
  request: lazy(() =>
    z.object({
      id: zOptionalDmcId(),
      activityId: zDmcId(),
      name: zName(),
      description: z._default(zRemarks({ required: false }), ''),
      hasTimeSlots: z._default(z.boolean(), false),
      /** `HH:MM`, when it has time slots. */
      timeSlots: z._default(z.array(zShortText({ max: 5, tooLong: MSG.invalidValue })).check(z.maxLength(48)), []),
      hasMeal: z._default(z.boolean(), false),
      hasGuide: z._default(z.boolean(), false),
      /** False: sold without a ticket (prices from transfer rates alone). */
      hasTicket: z._default(z.boolean(), true),
      pickupTime: zTimeText(),
      dropPickupTime: zTimeText(),
    }),
  ),
  response: ZTourOption,
  summary: 'Creates or edits a tour option of an activity: flags, time slots, pickup and drop pickup times.',
});

// ---------------------------------------------------------------------------------------------------
// Drivers and locations

export const saveDriver = endpoint({
  ...masters,
  id: 'dmc.saveDriver',
  method: 'POST',
  path: 'dmc/saveDriver',
  request: lazy(() =>
    z.object({
      driverId: zOptionalDmcId(),
      driverName: zName(),
      phone: z._default(zPhoneText({ required: false }), ''),
      /** Ours: passenger seats, 1–100; absent or blank keeps the recorded one. */
      vehicleCapacity: zIntInput().check(
        z.refine((v) => v === null || (Number.isInteger(v) && v >= 1 && v <= 100), MSG.invalidValue),
      ),
    }),
  ),
  response: ZDriver,
  summary: 'Creates or edits a driver (name required, phone optional, vehicle seats optional).',
});

export const getDrivers = endpoint({
  ...masters,
  id: 'dmc.getDrivers',
  method: 'GET',
  path: 'dmc/getDrivers',
  request: lazy(() => z.object(zListPaging())),
  response: lazy(() => pageOf(ZDriver)),
  summary: 'Drivers by name, optionally containing `search`, a cursor page.',
});

export const getLocationOptions = endpoint({
  ...masters,
  id: 'dmc.getLocationOptions',
  method: 'GET',
  path: 'dmc/getLocationOptions',
  request: lazy(() => z.object(zListPaging())),
  response: lazy(() => pageOf(ZLocation)),
  summary: 'Pickup and drop locations by name, optionally containing `search`, a cursor page.',
});

export const saveLocationOption = endpoint({
  ...masters,
  id: 'dmc.saveLocationOption',
  method: 'POST',
  path: 'dmc/saveLocationOption',
  request: lazy(() => z.object({ id: zOptionalDmcId(), location: zAddress() })),
  response: ZLocation,
  summary: 'Creates or edits a location (required).',
});

// ---------------------------------------------------------------------------------------------------
// Exchange rates (ours: the DMC contracts rates in several currencies; quotations convert with these)

/** ISO 4217 codes the runtime knows (Intl): a rate names a real currency. */
const KNOWN_CURRENCIES = (): ReadonlySet<string> => new Set(Intl.supportedValuesOf('currency'));

export const EXCHANGE_RATE_MSG = {
  saved: 'Exchange rate saved',
  unknownCurrency: 'Choose a known currency code (ISO 4217, e.g. USD)',
  ratePositive: 'Rate must be greater than 0',
  duplicate: 'This currency already has a rate valid from that date',
} as const;

/**
 * One row of a site's exchange-rate table: from `validFrom` on, one unit of `currency` is worth `rate` units
 * of the site's base currency (the DMC's rate currency), until a later row of the same currency takes over.
 */
export const ZExchangeRate = lazy(() =>
  z.object({
    id: z.string(),
    currency: z.string(),
    rate: z.number(),
    /** Ours: a percentage added to every amount converted with this row (absent on older rows: 0). */
    buffer: z.optional(z.number()),
    /** `YYYY-MM-DD`. */
    validFrom: z.string(),
    updatedAt: z.string(),
  }),
);
export type TExchangeRate = z.infer<typeof ZExchangeRate>;

export const getExchangeRates = endpoint({
  ...masters,
  id: 'dmc.getExchangeRates',
  method: 'GET',
  path: 'dmc/getExchangeRates',
  /** `search`: rows whose currency code contains it. The table is short: one page, `nextCursor` null. */
  request: lazy(() => z.object({ search: zListPaging().search })),
  response: lazy(() => pageOf(ZExchangeRate)),
  summary: "Ours: the site's exchange-rate table, by currency, the latest valid-from date first.",
});

export const saveExchangeRate = endpoint({
  ...masters,
  id: 'dmc.saveExchangeRate',
  method: 'POST',
  path: 'dmc/saveExchangeRate',
  request: lazy(() =>
    z.object({
      /** Present: edits that row. */
      id: zOptionalDmcId(),
      currency: z.pipe(
        zShortText({ max: 3, tooLong: EXCHANGE_RATE_MSG.unknownCurrency }),
        z.string().check(
          z.toUpperCase(),
          z.refine((c) => KNOWN_CURRENCIES().has(c), EXCHANGE_RATE_MSG.unknownCurrency),
        ),
      ),
      rate: z
        .number({ error: MSG.invalidValue })
        .check(z.positive(EXCHANGE_RATE_MSG.ratePositive), z.maximum(1_000_000, MSG.tooLarge(1_000_000))),
      /** Percent, 0–50, at most 2 decimals; absent: 0. */
      buffer: z._default(
        z.number({ error: MSG.invalidValue }).check(z.minimum(0, MSG.tooSmall(0)), z.maximum(50, MSG.tooLarge(50))),
        0,
      ),
      validFrom: z
        .string()
        .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalidDate), z.refine(isCalendarDate, MSG.invalidDate)),
    }),
  ),
  response: ZExchangeRate,
  summary: 'Ours: adds a row to the exchange-rate table (or edits one with id); one row per currency and date.',
});

/** Ours: the site's quotation money settings (docs/dmc.md "Cost, sell and margin"). */
export const QUOTATION_SETTINGS_MSG = {
  saved: 'Quotation settings saved',
  paymentTermsSaved: 'Payment terms saved',
  cartPaymentSaved: 'Activity cart payment saved',
} as const;

/**
 * Ours: when an activity cart takes the owner's money (docs/dmc.md "The activity cart pays"): on the DMC's
 * confirmation, at the voucher, or never (the DMC bills the agency itself; a site that never chose).
 */
export const CART_PAYS_AT = ['none', 'confirmed', 'vouchered'] as const;
export type CartPaysAt = (typeof CART_PAYS_AT)[number];

export const ZQuotationSettings = lazy(() =>
  z.object({
    /** A quotation whose margin on sell is under this percentage warns before it is shared; null: no minimum. */
    minimumMarginPercent: z.nullable(z.number()),
    /** What exchange-rate rows are quoted in (`FX_BASE_CURRENCY`). */
    baseCurrency: z.string(),
    /** Ours: the site's payment terms (the platform's defaults until the site sets its own). */
    paymentTerms: ZPaymentTerms,
    /** Ours: when an activity cart debits its owner's wallet or credit line. */
    cartPaysAt: z.enum(CART_PAYS_AT),
  }),
);
export type TQuotationSettings = z.infer<typeof ZQuotationSettings>;

export const getQuotationSettings = endpoint({
  ...masters,
  id: 'dmc.getQuotationSettings',
  method: 'GET',
  path: 'dmc/getQuotationSettings',
  request: lazy(() => z.object({})),
  response: ZQuotationSettings,
  summary: "Ours: the site's minimum margin for quotations and the exchange-rate table's base currency.",
});

export const saveQuotationSettings = endpoint({
  ...masters,
  id: 'dmc.saveQuotationSettings',
  method: 'POST',
  path: 'dmc/saveQuotationSettings',
  request: lazy(() =>
    z.object({
      minimumMarginPercent: z.nullable(
        z.number({ error: MSG.invalidValue }).check(z.minimum(0, MSG.tooSmall(0)), z.maximum(90, MSG.tooLarge(90))),
      ),
    }),
  ),
  response: ZQuotationSettings,
  summary: "Ours: sets the site's minimum margin for quotations (audited).",
});

export const savePaymentTerms = endpoint({
  ...masters,
  id: 'dmc.savePaymentTerms',
  method: 'POST',
  path: 'dmc/savePaymentTerms',
  request: ZPaymentTerms,
  response: ZQuotationSettings,
  summary:
    "Ours: sets the site's payment terms for quotations (deposit on acceptance, balance before arrival; audited).",
});

export const saveCartPayment = endpoint({
  ...masters,
  id: 'dmc.saveCartPayment',
  method: 'POST',
  path: 'dmc/saveCartPayment',
  request: lazy(() => z.object({ cartPaysAt: z.enum(CART_PAYS_AT, { error: MSG.invalidValue }) })),
  response: ZQuotationSettings,
  summary:
    "Ours: sets when an activity cart debits its owner's wallet or credit line (confirmed, vouchered, none; audited).",
});

/** A real calendar day, not only its shape (2025-02-30 is refused). */
function isCalendarDate(text: string): boolean {
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

export const dmcMasterEndpoints: Endpoint[] = [
  createNewMarket,
  searchMarket,
  getDefaultMarketOptions,
  updateMarketForCustomer,
  getAccomodation,
  createNewAccomodation,
  saveActivity,
  getActivities,
  fetchActivities,
  updateActivityPriority,
  getAllCities,
  getTourOptions,
  saveTourOptions,
  saveDriver,
  getDrivers,
  getLocationOptions,
  saveLocationOption,
  getExchangeRates,
  saveExchangeRate,
  getQuotationSettings,
  saveQuotationSettings,
  savePaymentTerms,
  saveCartPayment,
];
