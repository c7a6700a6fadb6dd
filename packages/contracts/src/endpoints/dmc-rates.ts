/**
 * DMC rates, stop-sales, pricing and combos (spec 001 §2 /staff/dmc_rate_management, /staff/dmc-combos; §4
 * priority; §5 "Tour rate", "Combo"). Served by the dmc Lambda (functions/src/dmc). Rates of one tour option are
 * listed whole, in the order the rate engine tries them (at most MAX_RATES_PER_OPTION of each kind).
 */
import * as z from 'zod/mini';
import { endpoint, type Endpoint } from '../endpoint.ts';
import * as MSG from '../messages.ts';
import { zCursor, zName, zRemarks, zShortText } from '../fields.ts';
import { lazy } from '../lazy.ts';
import {
  KART_TRANSFER_TYPES,
  RATE_SHARING_BASES,
  SHARING_BASES,
  TRANSFER_DIRECTIONS,
  ZActivity,
  ZCombo,
  ZComboSummary,
  ZStopSale,
  ZTicketRate,
  ZTourOption,
  ZTourOptionPrice,
  ZTransferRate,
  blankAsMissing,
  pageOf,
  savedWithOverlaps,
  zAmountInput,
  zCityId,
  zDateText,
  zDmcId,
  zIntInput,
  zListPaging,
  zOptionalDmcId,
} from './dmc-common.ts';

const rates = { domain: 'dmc', auth: 'staff', permission: 'dmc.masters', api: 'site' } as const;

/** Rates of each kind one tour option may hold: one screen list, one priority transaction. */
export const MAX_RATES_PER_OPTION = 200;

const rateTerms = () => ({
  /** Present: edits that rate (its priority stays). */
  id: zOptionalDmcId(),
  tourOptionId: zDmcId(),
  marketId: blankAsMissing(zDmcId()),
  /** Per person when true; per vehicle / boat / group when false (then both pax bounds are needed). */
  isPerPax: z._default(z.boolean(), true),
  minPax: zIntInput(),
  maxPax: zIntInput(),
  validFromDate: zDateText(),
  validTillDate: zDateText(),
});

export const ZTicketRateInput = lazy(() =>
  z.object({
    ...rateTerms(),
    adultAmount: zAmountInput(),
    childAmount: zAmountInput(),
    /** Ours: what the DMC pays per adult / child (or per group); blank: not known. */
    adultCost: zAmountInput(),
    childCost: zAmountInput(),
  }),
);
export const ZTransferRateInput = lazy(() =>
  z.object({
    ...rateTerms(),
    description: z._default(zRemarks({ max: 300, required: false }), ''),
    transferType: blankAsMissing(z.enum(TRANSFER_DIRECTIONS)),
    /** SIC or PVT (§5); PVT needs min and max pax. */
    sharingBasis: blankAsMissing(z.enum(RATE_SHARING_BASES)),
    amount: zAmountInput(),
    /** Ours: what the DMC pays per person or vehicle; blank: not known. */
    cost: zAmountInput(),
  }),
);

const ratesOf = lazy(() => z.object({ tourOptionId: zDmcId(), marketId: blankAsMissing(zDmcId()) }));
const rateRef = lazy(() => z.object({ id: zDmcId() }));
const deleted = lazy(() => z.object({ id: z.string() }));
const reorder = lazy(() =>
  z.object({
    tourOptionId: zDmcId(),
    /** Every rate id of the tour option, bottom of the screen list first ("sent in reverse order", §4). */
    newPriority: z.array(zDmcId()).check(z.minLength(1), z.maxLength(MAX_RATES_PER_OPTION)),
  }),
);

// ---------------------------------------------------------------------------------------------------
// Ticket rates

export const saveActivityTicketRates = endpoint({
  ...rates,
  id: 'dmc.saveActivityTicketRates',
  method: 'POST',
  path: 'dmc/saveActivityTicketRates',
  request: ZTicketRateInput,
  response: lazy(() => savedWithOverlaps(ZTicketRate)),
  summary: 'Creates (on top of the priority list) or edits a ticket rate; names the saved rates it overlaps.',
});

export const getTourOptionTicketRates = endpoint({
  ...rates,
  id: 'dmc.getTourOptionTicketRates',
  method: 'GET',
  path: 'dmc/getTourOptionTicketRates',
  request: ratesOf,
  response: lazy(() => z.array(ZTicketRate)),
  summary: 'Ticket rates of a tour option (optionally one market), highest priority first.',
});

export const deleteTourOptionTicketRates = endpoint({
  ...rates,
  id: 'dmc.deleteTourOptionTicketRates',
  method: 'POST',
  path: 'dmc/deleteTourOptionTicketRates',
  request: rateRef,
  response: deleted,
  summary: 'Deletes a ticket rate.',
});

export const changeTourOptionTicketRatePriority = endpoint({
  ...rates,
  id: 'dmc.changeTourOptionTicketRatePriority',
  method: 'POST',
  path: 'dmc/changeTourOptionTicketRatePriority',
  request: reorder,
  response: lazy(() => z.array(ZTicketRate)),
  summary: 'Reorders the ticket rates of a tour option (newPriority bottom first); answers the new order.',
});

// ---------------------------------------------------------------------------------------------------
// Transfer rates

export const saveTourOptionTransferRates = endpoint({
  ...rates,
  id: 'dmc.saveTourOptionTransferRates',
  method: 'POST',
  path: 'dmc/saveTourOptionTransferRates',
  request: ZTransferRateInput,
  response: lazy(() => savedWithOverlaps(ZTransferRate)),
  summary: 'Creates or edits a transfer rate (SIC or PVT, Pickup / Drop / Pickup & Drop); names overlaps.',
});

export const getTourOptionTransferRates = endpoint({
  ...rates,
  id: 'dmc.getTourOptionTransferRates',
  method: 'GET',
  path: 'dmc/getTourOptionTransferRates',
  request: ratesOf,
  response: lazy(() => z.array(ZTransferRate)),
  summary: 'Transfer rates of a tour option (optionally one market), highest priority first.',
});

export const deleteTourOptionTransferRates = endpoint({
  ...rates,
  id: 'dmc.deleteTourOptionTransferRates',
  method: 'POST',
  path: 'dmc/deleteTourOptionTransferRates',
  request: rateRef,
  response: deleted,
  summary: 'Deletes a transfer rate.',
});

export const changeTourOptionTransferRatePriority = endpoint({
  ...rates,
  id: 'dmc.changeTourOptionTransferRatePriority',
  method: 'POST',
  path: 'dmc/changeTourOptionTransferRatePriority',
  request: reorder,
  response: lazy(() => z.array(ZTransferRate)),
  summary: 'Reorders the transfer rates of a tour option (newPriority bottom first); answers the new order.',
});

export const checkRateOverlaps = endpoint({
  ...rates,
  id: 'dmc.checkRateOverlaps',
  method: 'POST',
  path: 'dmc/checkRateOverlaps',
  request: lazy(() =>
    z.object({
      kind: z.enum(['ticket', 'transfer']),
      ...rateTerms(),
      transferType: blankAsMissing(z.enum(TRANSFER_DIRECTIONS)),
      sharingBasis: blankAsMissing(z.enum(RATE_SHARING_BASES)),
    }),
  ),
  response: lazy(() => z.object({ overlaps: z.array(z.string()), warning: z.nullable(z.string()) })),
  summary: 'Ours: the saved rates a rate being edited would overlap (same slot, validity and band), before saving.',
});

// ---------------------------------------------------------------------------------------------------
// Stop-sales (ours)

export const saveStopSale = endpoint({
  ...rates,
  id: 'dmc.saveStopSale',
  method: 'POST',
  path: 'dmc/saveStopSale',
  request: lazy(() =>
    z.object({
      id: zOptionalDmcId(),
      tourOptionId: zDmcId(),
      /** Absent: every market. */
      marketId: zOptionalDmcId(),
      fromDate: zDateText(),
      tillDate: zDateText(),
      reason: z._default(zRemarks({ max: 300, required: false }), ''),
    }),
  ),
  response: ZStopSale,
  summary: 'Ours: a date range in which a tour option cannot be sold (to every market or one), with a reason.',
});

export const getStopSales = endpoint({
  ...rates,
  id: 'dmc.getStopSales',
  method: 'GET',
  path: 'dmc/getStopSales',
  request: lazy(() => z.object({ tourOptionId: zDmcId() })),
  response: lazy(() => z.array(ZStopSale)),
  summary: 'Ours: stop-sales of a tour option, earliest first.',
});

export const deleteStopSale = endpoint({
  ...rates,
  id: 'dmc.deleteStopSale',
  method: 'POST',
  path: 'dmc/deleteStopSale',
  request: rateRef,
  response: deleted,
  summary: 'Ours: deletes a stop-sale.',
});

// ---------------------------------------------------------------------------------------------------
// Pricing (the rate engine, packages/domain/src/dmc/engine.ts)

const party = () => ({
  /** Absent: the site's default market. */
  marketId: blankAsMissing(zDmcId()),
  date: zShortText({ max: 10, tooLong: MSG.invalidDate }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalidDate)),
  adults: z.pipe(zIntInput(), z.number().check(z.int(), z.minimum(1))),
  children: z.pipe(
    z.pipe(
      zIntInput(),
      z.transform((n) => n ?? 0),
    ),
    z.number().check(z.int(), z.minimum(0)),
  ),
});

export const getTourOptionPriceForQuotationBuilder = endpoint({
  ...rates,
  permission: 'dmc.karts',
  id: 'dmc.getTourOptionPriceForQuotationBuilder',
  method: 'POST',
  path: 'dmc/getTourOptionPriceForQuotationBuilder',
  request: lazy(() =>
    z
      .object({
        tourOptionId: zDmcId(),
        ...party(),
        /** oneway: the pickup only; return: both legs. Absent: no transfer. */
        transferType: blankAsMissing(z.nullable(z.enum(KART_TRANSFER_TYPES))),
        sharingBasis: blankAsMissing(z.nullable(z.enum(SHARING_BASES))),
      })
      .check(
        z.refine((r) => !r.transferType || !!r.sharingBasis, {
          message: MSG.sharingBasisActivity,
          path: ['sharingBasis'],
        }),
      ),
  ),
  response: ZTourOptionPrice,
  summary: 'Prices a tour option for a market, date, party and transfer choice (ticket + transfers, by priority).',
});

export const getTourOptionsByCity = endpoint({
  ...rates,
  permission: 'dmc.karts',
  id: 'dmc.getTourOptionsByCity',
  method: 'POST',
  path: 'dmc/getTourOptionsByCity',
  request: lazy(() =>
    z.object({
      cityId: zCityId(),
      ...party(),
      search: z.optional(zShortText({ required: false })),
      cursor: z.optional(zCursor()),
      limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 20),
    }),
  ),
  response: lazy(() =>
    pageOf(
      z.object({
        activity: ZActivity,
        tourOptions: z.array(
          z.object({
            tourOption: ZTourOption,
            /** The ticket price for the party without transfers, or why it cannot be sold that day. */
            price: ZTourOptionPrice,
            /** Transfer bases with a rate for the market on the date (what the transfer picker offers). */
            transferBases: z.array(z.enum(RATE_SHARING_BASES)),
          }),
        ),
      }),
    ),
  ),
  summary: "Activities of a city (highest priority first) with their tour options priced for the party's date.",
});

// ---------------------------------------------------------------------------------------------------
// Combos

export const createDmcCombo = endpoint({
  ...rates,
  id: 'dmc.createDmcCombo',
  method: 'POST',
  path: 'dmc/createDmcCombo',
  request: lazy(() =>
    z.object({
      id: zOptionalDmcId(),
      name: zName(),
      currency: z._default(zShortText({ max: 3 }), 'AED'),
      /** Per person; 'Please enter a valid amount' unless a number ≥ 0. */
      amount: zAmountInput(MSG.validAmount),
      tourOptions: z._default(
        z
          .array(
            z.object({
              tourOptionId: blankAsMissing(zDmcId(MSG.selectTourOption)),
              onwardTransfer: blankAsMissing(z.nullable(z.enum(RATE_SHARING_BASES))),
              returnTransfer: blankAsMissing(z.nullable(z.enum(RATE_SHARING_BASES))),
            }),
          )
          .check(z.maxLength(30)),
        [],
      ),
    }),
  ),
  response: ZCombo,
  summary: "Creates or edits a combo of tour options; answers 'Combo created successfully'.",
});

export const getCombos = endpoint({
  ...rates,
  id: 'dmc.getCombos',
  method: 'POST',
  path: 'dmc/getCombos',
  request: lazy(() => z.object({ ...zListPaging(50, 20), marketId: blankAsMissing(zDmcId()) })),
  response: lazy(() => pageOf(ZCombo)),
  summary: "Combos by name with each tour option's ticket and transfer rates (of one market when given).",
});

export const getAllCombos = endpoint({
  ...rates,
  id: 'dmc.getAllCombos',
  method: 'GET',
  path: 'combo/getAllCombos',
  request: lazy(() => z.object(zListPaging(200, 100))),
  response: lazy(() => pageOf(ZComboSummary)),
  summary: 'Combos by name without their rates (pickers), a cursor page.',
});

export const dmcRateEndpoints: Endpoint[] = [
  saveActivityTicketRates,
  getTourOptionTicketRates,
  deleteTourOptionTicketRates,
  changeTourOptionTicketRatePriority,
  saveTourOptionTransferRates,
  getTourOptionTransferRates,
  deleteTourOptionTransferRates,
  changeTourOptionTransferRatePriority,
  checkRateOverlaps,
  saveStopSale,
  getStopSales,
  deleteStopSale,
  getTourOptionPriceForQuotationBuilder,
  getTourOptionsByCity,
  createDmcCombo,
  getCombos,
  getAllCombos,
];
