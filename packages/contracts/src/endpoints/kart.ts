/**
 * READY: the kart (quotation) contract. Paths, request and response shapes below are stable; additive
 * changes only (docs/dmc.md "Karts" → "API" explains every choice the spec leaves open).
 *
 * Spec 001 §3 field names and spellings (`accomodations`, `quoteValidyInDays`, `child`), the domain's types
 * (packages/domain/src/dmc/kart/types.ts). Served by the kart Lambda (functions/src/kart), staff with
 * `dmc.karts`, except `kart/getSharedQuotation`, the public read of a shared quotation by its slug.
 *
 * - Saves take an optional `id` (edit) with the `version` the screen loaded: a kart changed meanwhile is a 409.
 *   Every §5 rule is checked before anything is written; a failure is a 400 whose `shortError` maps each field
 *   path (`activities.0.startDate`, `itinerary`, `passengers`) to the spec's message.
 * - Prices: activities are priced again by the rate engine, hotel lines and totals computed on the server; any
 *   `price` / `totalPrice` the client sends for them is ignored (misc and flight prices are the staff's input).
 * - `isVouchered: true` vouchers (§4: the vouchered rules apply; the transfers are written), `isCancelled: true`
 *   cancels (open transfers cancelled); `kart/voucherKart` and `kart/cancelKart` are the same on a saved kart.
 * - Lists are cursor pages (`{ records, nextCursor }`), newest first.
 */
import * as z from 'zod/mini';
import {
  KART_TRANSFER_TYPES,
  PAX_TYPES,
  PRICE_BREAKUPS,
  SHARING_BASES,
  isIsoDate,
  type KartDeadlineState,
  type KartMargins,
  type KartTotals,
  type QuotationView,
} from '@tp/domain/dmc';
import { endpoint, type Endpoint } from '../endpoint.ts';
import * as MSG from '../messages.ts';
import { zName, zPnr, zRemarks, zShortText, zToken } from '../fields.ts';
import { lazy } from '../lazy.ts';
import {
  blankAsMissing,
  pageOf,
  zAmountInput,
  zDateText,
  zDmcId,
  zIntInput,
  zListPaging,
  ZComboShare,
  ZPaymentTerms,
  ZRateUsed,
  zTimeText,
} from './dmc-common.ts';
import { ZContractStay, ZContractStayInput } from './dmc-hotels.ts';
import { ZKartCancellation } from './dmc-payables.ts';

const kart = { domain: 'kart', auth: 'staff', permission: 'dmc.karts', api: 'site' } as const;

/** Lines of each kind one kart may hold (keeps a kart one item, far below DynamoDB's 400 KB). */
export const MAX_KART_LINES = 60;
/** Passengers of one kart. */
export const MAX_KART_PASSENGERS = 100;

/** Our wording for kart answers the spec does not quote (the §5 texts are MSG). */
export const KART_MSG = {
  saved: 'Quotation saved',
  vouchered: 'Quotation vouchered',
  cancelled: 'Quotation cancelled',
  lineRemoved: 'Line removed',
  shared: 'Share link ready',
  /** Optimistic concurrency: someone saved the kart after this screen loaded it. */
  changedMeanwhile: 'This quotation was changed by someone else meanwhile; reload it and apply your changes again',
  versionRequired: 'Reload the quotation before saving it',
  unknownCustomer: 'Please choose a customer of this site',
  unknownLine: 'This line is no longer on the quotation; reload it',
  notPriced: 'This tour option cannot be priced for the quotation',
  wrongActivity: 'This tour option belongs to another activity',
  sharedNotFound: 'This quotation link is not valid',
  /** A shared link of an older version: the customer is told, never shown the newer one unasked. */
  newerShared: (sharedOn: string) =>
    `A newer version of this quotation was shared on ${sharedOn}: ask for the latest link before you book`,
  sharedCancelled: 'This quotation has been cancelled',
  noExchangeRate: (currency: string) =>
    `No exchange rate for ${currency} in the exchange-rate table: add one to price this line`,
  tooManyTransfers: (n: number) => `A quotation can change at most ${n} transfers at once; voucher it in parts`,
  tooManyWrites: 'This change touches too many transfers, payables and refunds at once; voucher the quotation in parts',
} as const;

/** Payments of a quotation: acceptance on the shared link, gateway / wallet / offline receipts (docs/dmc.md). */
export const KART_PAY_MSG = {
  accepted: 'Quotation accepted',
  receiptRecorded: 'Receipt recorded',
  /** An older link: the standing's newer share names when the latest one was shared. */
  outdatedVersion: (sharedOn: string) =>
    `This is not the latest version: a newer one was shared on ${sharedOn}. Open the latest link to accept it`,
  revised: 'This quotation is being revised: ask for the latest link before you accept it',
  notAcceptable: 'This quotation can no longer be accepted',
  expired: 'This quotation has expired: ask for a new one',
  acceptFirst: 'Accept the quotation before you pay',
  nothingDue: 'Nothing is due on this quotation',
  depositPaid: 'The deposit is paid: pay the balance instead',
  cancelled: 'This quotation is cancelled: it takes no payment',
  walletSignIn: "Sign in as the quotation's agent to pay from your wallet",
  walletCurrency: (currency: string) => `Your wallet is not in ${currency}: pay through the gateway instead`,
  walletShort: 'Your wallet and credit line do not cover this payment',
  receiptNotFound: 'This receipt does not exist',
} as const;

/** A quotation as its documents word it: still a quotation (subject to availability), confirmed, or cancelled. */
export const QUOTATION_STANDINGS = ['quotation', 'confirmed', 'cancelled'] as const;
export type QuotationStanding = (typeof QUOTATION_STANDINGS)[number];
export const standingOf = (k: { isVouchered: boolean; isCancelled: boolean }): QuotationStanding =>
  k.isCancelled ? 'cancelled' : k.isVouchered ? 'confirmed' : 'quotation';

/** The SPA page of a shared quotation (public, no login): `kart/shareKart` answers its absolute url. */
export const SHARED_QUOTATION_PATH = '/quotation/:slug';
export const sharedQuotationPath = (slug: string): string => SHARED_QUOTATION_PATH.replace(':slug', slug);
/** The printable receipt of a shared quotation's payment (public, like its link). */
export const SHARED_RECEIPT_PATH = '/quotation/:slug/receipt/:receiptId';
export const sharedReceiptPath = (slug: string, receiptId: string): string =>
  SHARED_RECEIPT_PATH.replace(':slug', slug).replace(':receiptId', receiptId);
/** The staff's printable receipt. */
export const KART_RECEIPT_PATH = '/staff/kart/receipt/:receiptId';

/** Line ids: ours (24 hex), or what a screen made up for a new line (letters, digits, dashes). */
const LINE_ID = /^[A-Za-z0-9-]{1,40}$/;
const zLineId = () => blankAsMissing(zShortText({ max: 40 }).check(z.regex(LINE_ID, MSG.invalidReference)));
/** Optional text (absent reads as empty). */
const zText = (max = 300) => z._default(zRemarks({ max, required: false }), '');
const zOptionalName = () => blankAsMissing(zName({ required: false }));
const zFlagInput = () => z._default(z.boolean(), false);
/** A `true` / `false` filter of a GET query (text) or a JSON body. */
const zQueryFlag = () =>
  blankAsMissing(
    z.pipe(
      z.union([z.boolean(), z.enum(['true', 'false'])]),
      z.transform((v) => v === true || v === 'true'),
    ),
  );
const zDraftLines = <T extends z.core.$ZodType>(line: T, max = MAX_KART_LINES) =>
  z._default(z.array(line).check(z.maxLength(max)), []);

// ---------------------------------------------------------------------------------------------------
// Requests: permissive shapes (lengths, characters, types); the §5 rules are the domain's `kartErrors`.

const ZLegInput = lazy(() =>
  z.nullable(
    z.object({
      date: z.optional(z.nullable(zDateText())),
      time: zTimeText(),
      pickupLocation: zText(300),
      dropLocation: zText(300),
      remarks: zText(500),
    }),
  ),
);
const transfersInput = () => ({
  transferType: blankAsMissing(z.nullable(z.enum(KART_TRANSFER_TYPES))),
  sharingBasis: blankAsMissing(z.nullable(z.enum(SHARING_BASES))),
  pickupTransfer: z.optional(ZLegInput),
  dropTransfer: z.optional(ZLegInput),
});
/** A price set by hand over the computed one, with why (docs/dmc.md "Cost, sell and margin"). */
const ZOverrideInput = lazy(() => blankAsMissing(z.nullable(z.object({ price: zAmountInput(), reason: zText(300) }))));
const lineInput = () => ({
  /** Absent: a new line (the server gives it an id). */
  id: zLineId(),
  confirmationNumber: z.optional(zShortText({ required: false })),
  /** What the line costs the DMC: typed on misc and flight lines; the server's own on contract-priced lines. */
  cost: zAmountInput(),
  override: z.optional(ZOverrideInput),
  /** Ignored: how a line was priced and the exchange rates it used are the server's. */
  working: z.optional(z.unknown()),
  ratesUsed: z.optional(z.unknown()),
});
const ZRoomInput = lazy(() => z.optional(z.nullable(z.object({ price: zAmountInput(), count: zIntInput() }))));

export const ZKartAccomodationInput = lazy(() =>
  z.object({
    ...lineInput(),
    accomodationId: blankAsMissing(zDmcId()),
    accomodationName: zOptionalName(),
    noOfNights: zIntInput(),
    checkinDate: z.optional(z.nullable(zDateText())),
    numberOfRooms: zIntInput(),
    rooms: z._default(
      z.object({
        single: ZRoomInput,
        double: ZRoomInput,
        extraAdult: ZRoomInput,
        childWithBed: ZRoomInput,
        childWithoutBed: ZRoomInput,
      }),
      {},
    ),
    transferPrice: zAmountInput(),
    /** Ours: the airport's area; with a transfer type the server prices the transfer from the area transfers. */
    airportAreaId: blankAsMissing(z.nullable(zDmcId())),
    /** Ignored: the server's. */
    transferCost: z.optional(z.unknown()),
    bookedByCustomer: zFlagInput(),
    /** Ours: priced night by night from the hotel's contract instead of `rooms` (null or absent: by hand). */
    contractStay: z.optional(z.nullable(ZContractStayInput)),
    ...transfersInput(),
  }),
);

export const ZKartActivityInput = lazy(() =>
  z.object({
    ...lineInput(),
    activityId: blankAsMissing(zDmcId()),
    tourOptionId: blankAsMissing(zDmcId()),
    activityName: zOptionalName(),
    tourOptionName: zOptionalName(),
    /** Ignored: the server prices the line through the rate engine. */
    price: z.optional(z.unknown()),
    startDate: z.optional(z.nullable(zDateText())),
    time: zTimeText(),
    transfers: z._default(z.object(transfersInput()), {}),
  }),
);

export const ZKartMiscellaneousInput = lazy(() =>
  z.object({
    ...lineInput(),
    name: zText(100),
    description: zText(1000),
    price: zAmountInput(),
    startDate: z.optional(z.nullable(zDateText())),
  }),
);

export const ZKartFlightInput = lazy(() =>
  z.object({
    ...lineInput(),
    airlineCode: zText(3),
    flightNo: zText(10),
    origin: zText(3),
    destination: zText(3),
    price: zAmountInput(),
    departureDate: z.optional(z.nullable(zDateText())),
    departureTime: zTimeText(),
    arrivalDate: z.optional(z.nullable(zDateText())),
    arrivalTime: zTimeText(),
    /** Blank until the airline has booked; otherwise letters and digits only, like every PNR of the platform. */
    pnr: z._default(z.union([z.literal(''), zPnr()]), ''),
  }),
);

export const ZKartPassengerInput = lazy(() =>
  z.object({
    title: zText(20),
    firstName: zText(100),
    lastName: zText(100),
    paxType: blankAsMissing(z.enum(PAX_TYPES)),
  }),
);

export const ZKartInput = lazy(() =>
  z.object({
    /** Present: edits that kart of the site (then `version` is required). */
    id: blankAsMissing(zDmcId()),
    /** The `version` the screen loaded (optimistic concurrency: a newer one on the server is a 409). */
    version: z.optional(z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000_000)))),
    customerId: blankAsMissing(zShortText({ max: 64 }).check(z.regex(/^[A-Za-z0-9_.:-]+$/, MSG.invalidReference))),
    kartName: zText(100),
    adults: zIntInput(),
    child: zIntInput(),
    infant: zIntInput(),
    arrivalDate: zDateText(),
    quoteValidyInDays: zIntInput(),
    /** Ours: the market activities are priced in; absent = the customer's market, else the site's default. */
    marketId: blankAsMissing(z.nullable(zDmcId())),
    accomodations: zDraftLines(ZKartAccomodationInput),
    activities: zDraftLines(ZKartActivityInput),
    miscellaneous: zDraftLines(ZKartMiscellaneousInput),
    flightDetails: zDraftLines(ZKartFlightInput),
    passengers: zDraftLines(ZKartPassengerInput, MAX_KART_PASSENGERS),
    /** Ignored: the total is always computed on the server from the lines. */
    totalPrice: z.optional(z.unknown()),
    serviceCharge: zAmountInput(),
    remittanceCharge: zAmountInput(),
    discount: zAmountInput(),
    remark: zText(2000),
    priceBreakup: z._default(blankAsMissing(z.enum(PRICE_BREAKUPS)), 'full'),
    noOfDays: zIntInput(),
    noOfNights: zIntInput(),
    isVouchered: zFlagInput(),
    isCancelled: zFlagInput(),
    paymentDeadline: z.optional(z.nullable(zDateText())),
    /** Ignored: what was collected is derived from the quotation's receipts and refunds. */
    collectedPayment: z.optional(z.unknown()),
    /** Ours: this quotation's own payment terms; absent or null: the site's. */
    paymentTerms: z.optional(z.nullable(ZPaymentTerms)),
    internalRemark: zText(2000),
    remarkForCustomer: zText(2000),
    currencySymbol: z._default(zShortText({ max: 8, required: false }), 'AED'),
    isAgentBranding: zFlagInput(),
  }),
);
export type TKartInput = z.infer<typeof ZKartInput>;

// ---------------------------------------------------------------------------------------------------
// Answers: the domain's types

const ZLeg = lazy(() =>
  z.nullable(
    z.object({
      date: z.optional(z.nullable(z.string())),
      time: z.optional(z.nullable(z.string())),
      pickupLocation: z.string(),
      dropLocation: z.string(),
      remarks: z.optional(z.string()),
    }),
  ),
);
const transfers = () => ({
  transferType: z.nullable(z.enum(KART_TRANSFER_TYPES)),
  sharingBasis: z.nullable(z.enum(SHARING_BASES)),
  pickupTransfer: ZLeg,
  dropTransfer: ZLeg,
});
const line = () => ({
  id: z.string(),
  confirmationNumber: z.optional(z.string()),
  cost: z.optional(z.nullable(z.number())),
  override: z.optional(z.nullable(z.object({ price: z.number(), reason: z.string() }))),
  working: z.optional(z.nullable(z.string())),
  ratesUsed: z.optional(z.array(ZRateUsed)),
});
const ZRoom = lazy(() => z.optional(z.object({ price: z.number(), count: z.number() })));

export const ZKartAccomodation = lazy(() =>
  z.object({
    ...line(),
    accomodationId: z.string(),
    accomodationName: z.optional(z.string()),
    noOfNights: z.number(),
    checkinDate: z.nullable(z.string()),
    numberOfRooms: z.number(),
    rooms: z.object({
      single: ZRoom,
      double: ZRoom,
      extraAdult: ZRoom,
      childWithBed: ZRoom,
      childWithoutBed: ZRoom,
    }),
    transferPrice: z.number(),
    airportAreaId: z.optional(z.nullable(z.string())),
    transferCost: z.optional(z.nullable(z.number())),
    bookedByCustomer: z.boolean(),
    /** Computed: nights × rooms (0 when booked by the customer) + transfer. */
    price: z.optional(z.number()),
    contractStay: z.optional(z.nullable(ZContractStay)),
    ...transfers(),
  }),
);
export const ZKartActivity = lazy(() =>
  z.object({
    ...line(),
    activityId: z.string(),
    tourOptionId: z.string(),
    activityName: z.optional(z.string()),
    tourOptionName: z.optional(z.string()),
    /** The rate engine's price (ticket + transfers) for the kart's party on the start date. */
    price: z.number(),
    startDate: z.nullable(z.string()),
    time: z.nullable(z.string()),
    transfers: z.object(transfers()),
    /** Ours, server-written: the combo this line is sold in (its price is the line's share of the combo's). */
    combo: z.optional(z.nullable(ZComboShare)),
  }),
);
export const ZKartMiscellaneous = lazy(() =>
  z.object({
    ...line(),
    name: z.string(),
    description: z.string(),
    price: z.number(),
    startDate: z.nullable(z.string()),
  }),
);
export const ZKartFlight = lazy(() =>
  z.object({
    ...line(),
    airlineCode: z.string(),
    flightNo: z.string(),
    origin: z.string(),
    destination: z.string(),
    price: z.number(),
    departureDate: z.nullable(z.string()),
    departureTime: z.nullable(z.string()),
    arrivalDate: z.nullable(z.string()),
    arrivalTime: z.nullable(z.string()),
    pnr: z.string(),
  }),
);
export const ZKartPassenger = lazy(() =>
  z.object({ title: z.string(), firstName: z.string(), lastName: z.string(), paxType: z.enum(PAX_TYPES) }),
);

const amounts = () => ({
  subtotal: z.number(),
  serviceCharge: z.number(),
  remittanceCharge: z.number(),
  discount: z.number(),
  grandTotal: z.number(),
  collectedPayment: z.number(),
  balanceDue: z.number(),
});
const sectionTotals = () =>
  z.object({
    accomodations: z.number(),
    activities: z.number(),
    miscellaneous: z.number(),
    flightDetails: z.number(),
  });
const lineTotal = () => z.object({ id: z.string(), total: z.number() });

/** `kartTotals`: line, section and kart totals, computed on the server. */
export const ZKartTotals = lazy(() =>
  z.object({
    lines: z.object({
      accomodations: z.array(z.object({ id: z.string(), total: z.number(), rooms: z.number(), transfer: z.number() })),
      activities: z.array(lineTotal()),
      miscellaneous: z.array(lineTotal()),
      flightDetails: z.array(lineTotal()),
    }),
    sections: sectionTotals(),
    ...amounts(),
  }),
) as unknown as z.ZodMiniType<KartTotals>;

const marginFigures = () => ({
  cost: z.number(),
  sell: z.number(),
  margin: z.number(),
  markupPercent: z.nullable(z.number()),
  marginPercent: z.nullable(z.number()),
});
const ZLineMargin = lazy(() =>
  z.object({
    id: z.string(),
    ...marginFigures(),
    computedPrice: z.number(),
    override: z.nullable(z.object({ price: z.number(), reason: z.string() })),
    costKnown: z.boolean(),
  }),
);
/** `kartMargins`: cost, sell and margin per line and in total; staff only, never on a quotation document. */
export const ZKartMargins = lazy(() =>
  z.object({
    lines: z.object({
      accomodations: z.array(ZLineMargin),
      activities: z.array(ZLineMargin),
      miscellaneous: z.array(ZLineMargin),
      flightDetails: z.array(ZLineMargin),
    }),
    ...marginFigures(),
    overridden: z.number(),
  }),
) as unknown as z.ZodMiniType<KartMargins>;

/** `kartDeadlineState` on the site's today. */
export const ZKartDeadline = lazy(() =>
  z.object({
    status: z.enum(['quotation', 'expired', 'vouchered', 'cancelled']),
    validTill: z.string(),
    payment: z.enum(['none', 'paid', 'noDeadline', 'pending', 'dueSoon', 'overdue']),
    daysToPaymentDeadline: z.nullable(z.number()),
    remindToday: z.boolean(),
  }),
) as unknown as z.ZodMiniType<KartDeadlineState>;

/** `paymentSchedule`: the deposit due on acceptance, the balance and its day, and what is outstanding of each. */
export const ZPaymentSchedule = lazy(() =>
  z.object({
    terms: ZPaymentTerms,
    deposit: z.number(),
    balance: z.number(),
    balanceDueDate: z.string(),
    depositOutstanding: z.number(),
    totalOutstanding: z.number(),
  }),
);

export const RECEIPT_METHODS = ['gateway', 'wallet', 'bankTransfer', 'cash'] as const;
export const RECEIPT_METHOD_LABELS: Record<(typeof RECEIPT_METHODS)[number], string> = {
  gateway: 'Online payment',
  wallet: 'Wallet',
  bankTransfer: 'Bank transfer',
  cash: 'Cash',
};

/** A numbered receipt of a quotation payment (ours). */
export const ZReceipt = lazy(() =>
  z.object({
    id: z.string(),
    number: z.string(),
    kartId: z.string(),
    quotationId: z.string(),
    kartName: z.string(),
    customerName: z.string(),
    amount: z.number(),
    currency: z.string(),
    method: z.enum(RECEIPT_METHODS),
    reference: z.string(),
    receivedAt: z.string(),
    totalPrice: z.number(),
    collectedAfter: z.number(),
  }),
);
export type TReceipt = z.infer<typeof ZReceipt>;

/** A receipt with whose name and contact it is printed under (the site's, or the agent's on an agent-branded link). */
export const ZPrintableReceipt = lazy(() =>
  z.object({
    receipt: ZReceipt,
    issuer: z.object({
      companyName: z.string(),
      logoUrl: z.string(),
      adminContact: z.string(),
      adminEmail: z.string(),
    }),
  }),
);

/** The latest share of a kart: its public slug, the kart version it froze, and the link. */
export const ZKartShare = lazy(() =>
  z.object({ slug: z.string(), version: z.number(), url: z.string(), sharedAt: z.string() }),
);

export const ZKart = lazy(() =>
  z.object({
    id: z.string(),
    /** Ours: bumped by every change; the version a save must name, and the quotation's version number. */
    version: z.number(),
    quotationId: z.string(),
    customerId: z.string(),
    /** Ours: the customer's name and phone when the kart was saved (lists, job sheet, itineraries). */
    customerName: z.string(),
    customerPhone: z.string(),
    kartName: z.string(),
    adults: z.number(),
    child: z.number(),
    infant: z.number(),
    arrivalDate: z.string(),
    quoteValidyInDays: z.nullable(z.number()),
    quoteDate: z.string(),
    marketId: z.nullable(z.string()),
    accomodations: z.array(ZKartAccomodation),
    activities: z.array(ZKartActivity),
    miscellaneous: z.array(ZKartMiscellaneous),
    flightDetails: z.array(ZKartFlight),
    passengers: z.array(ZKartPassenger),
    totalPrice: z.number(),
    serviceCharge: z.nullable(z.number()),
    remittanceCharge: z.nullable(z.number()),
    discount: z.nullable(z.number()),
    remark: z.string(),
    priceBreakup: z.enum(PRICE_BREAKUPS),
    noOfDays: z.number(),
    noOfNights: z.number(),
    isVouchered: z.boolean(),
    isCancelled: z.boolean(),
    paymentDeadline: z.nullable(z.string()),
    collectedPayment: z.nullable(z.number()),
    internalRemark: z.string(),
    remarkForCustomer: z.string(),
    currencySymbol: z.string(),
    isAgentBranding: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    totals: ZKartTotals,
    /** Ours: cost, sell and margin (staff only), with the site's minimum margin and whether it is under it. */
    margins: ZKartMargins,
    minimumMarginPercent: z.nullable(z.number()),
    marginBelowMinimum: z.boolean(),
    deadline: ZKartDeadline,
    share: z.nullable(ZKartShare),
    /** Ours: this quotation's own payment terms (null: the site's), and the schedule they give. */
    paymentTerms: z.nullable(ZPaymentTerms),
    schedule: ZPaymentSchedule,
    /** Ours: the shared version the customer accepted, and when. */
    acceptance: z.nullable(z.object({ version: z.number(), at: z.string() })),
    /** Ours: what a cancellation kept and refunded (docs/dmc.md "Cancellation"); absent until cancelled. */
    cancellation: z.optional(z.nullable(ZKartCancellation)),
    /**
     * Ours: once vouchered, the money actually made: collected (receipts − refunds) less what the voucher owes its
     * suppliers (payables less reversals), staff only like the margins.
     */
    realised: z.optional(z.nullable(z.object({ collected: z.number(), owed: z.number(), margin: z.number() }))),
  }),
);
export type TKart = z.infer<typeof ZKart>;

/** A row of the kart list, with its payment-deadline flags. */
export const ZKartRow = lazy(() =>
  z.object({
    id: z.string(),
    version: z.number(),
    quotationId: z.string(),
    kartName: z.string(),
    customerId: z.string(),
    customerName: z.string(),
    arrivalDate: z.string(),
    noOfDays: z.number(),
    noOfNights: z.number(),
    adults: z.number(),
    child: z.number(),
    infant: z.number(),
    currencySymbol: z.string(),
    totalPrice: z.number(),
    collectedPayment: z.nullable(z.number()),
    balanceDue: z.number(),
    paymentDeadline: z.nullable(z.string()),
    isVouchered: z.boolean(),
    isCancelled: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    deadline: ZKartDeadline,
  }),
);
export type TKartRow = z.infer<typeof ZKartRow>;

const quotationLine = () =>
  z.object({ id: z.string(), title: z.string(), details: z.array(z.string()), price: z.nullable(z.number()) });

/** `quotationView`: the printable quotation for its break-up mode (never the internal remark). */
export const ZQuotationView = lazy(() =>
  z.object({
    mode: z.enum(PRICE_BREAKUPS),
    kartName: z.string(),
    quotationId: z.string(),
    arrivalDate: z.string(),
    noOfDays: z.number(),
    noOfNights: z.number(),
    pax: z.object({ adults: z.number(), child: z.number(), infant: z.number() }),
    passengers: z.array(z.object({ title: z.string(), firstName: z.string(), lastName: z.string() })),
    currencySymbol: z.string(),
    isAgentBranding: z.boolean(),
    remarkForCustomer: z.string(),
    validTill: z.string(),
    paymentDeadline: z.nullable(z.string()),
    sections: z.array(
      z.object({
        section: z.enum(['accomodations', 'activities', 'miscellaneous', 'flightDetails']),
        title: z.string(),
        lines: z.array(quotationLine()),
        total: z.nullable(z.number()),
      }),
    ),
    charges: z.array(
      z.object({
        key: z.enum(['serviceCharge', 'remittanceCharge', 'discount']),
        label: z.string(),
        amount: z.number(),
      }),
    ),
    grandTotal: z.nullable(z.number()),
    payment: z.nullable(z.object({ collectedPayment: z.number(), balanceDue: z.number() })),
    /** Ours: the deposit and the balance with its day; absent on links shared before terms were printed. */
    schedule: z.optional(
      z.nullable(
        z.object({
          depositKind: z.enum(['percent', 'amount']),
          depositValue: z.number(),
          deposit: z.number(),
          balance: z.number(),
          balanceDueDate: z.string(),
        }),
      ),
    ),
  }),
) as unknown as z.ZodMiniType<QuotationView>;

/**
 * What a shared link shows: the frozen quotation and whose branding it carries; nothing internal. `brandedBy`
 * 'agent' (the kart's agent branding is on): `branding` is the kart customer's (agent's) company, logo, phone
 * and email as they were when shared, `domain` empty, none of the site's.
 */
export const ZSharedQuotation = lazy(() =>
  z.object({
    slug: z.string(),
    /** The kart version frozen by this share. */
    version: z.number(),
    sharedAt: z.string(),
    quotation: ZQuotationView,
    /**
     * Where the quotation stands now (ours): `confirmed` once vouchered, `cancelled`; and when a later version was
     * shared since this one, the time of that share.
     */
    standing: z.object({
      status: z.enum(QUOTATION_STANDINGS),
      newerSharedAt: z.nullable(z.string()),
      /** Ours: when this version was accepted (null: not yet). */
      acceptedAt: z.optional(z.nullable(z.string())),
    }),
    /**
     * Ours: what the link's holder (the customer) may pay now and the receipts so far; null while the quotation
     * shows no price or takes no payment (cancelled).
     */
    money: z.nullable(
      z.object({
        currency: z.string(),
        collected: z.number(),
        depositDue: z.number(),
        totalDue: z.number(),
        receipts: z.array(ZReceipt),
      }),
    ),
    /** Ours, with `payment` asked: where that gateway payment stands, and its receipt once issued. */
    payment: z.optional(
      z.nullable(z.object({ status: z.enum(['pending', 'received', 'failed']), receiptId: z.nullable(z.string()) })),
    ),
    brandedBy: z.enum(['site', 'agent']),
    branding: z.object({
      companyName: z.string(),
      logoUrl: z.string(),
      adminContact: z.string(),
      adminEmail: z.string(),
      domain: z.string(),
    }),
  }),
);
export type TSharedQuotation = z.infer<typeof ZSharedQuotation>;

const kartRef = lazy(() => z.object({ id: zDmcId() }));
const lineRemoval = lazy(() =>
  z.object({
    /** The kart. */
    id: zDmcId(),
    lineId: zShortText({ max: 40 }).check(z.regex(LINE_ID, MSG.invalidReference)),
    version: z.optional(z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000_000)))),
  }),
);
const statusChange = lazy(() =>
  z.object({
    id: zDmcId(),
    version: z.optional(z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000_000)))),
  }),
);

// ---------------------------------------------------------------------------------------------------
// Endpoints

export const saveKart = endpoint({
  ...kart,
  id: 'kart.saveKart',
  method: 'POST',
  path: 'kart/saveKart',
  request: ZKartInput,
  response: ZKart,
  summary:
    'Creates or edits a quotation (§5 rules, prices and totals computed on the server); isVouchered / isCancelled voucher or cancel it.',
});

const removeLine = (section: string, path: string, id: string) =>
  endpoint({
    ...kart,
    id,
    method: 'POST',
    path,
    request: lineRemoval,
    response: ZKart,
    summary: `Removes one ${section} line (\`lineId\`) from a quotation; answers the kart with its totals recomputed.`,
  });

export const removeKartAccomodation = removeLine(
  'accommodation',
  'kart/removeKartAccomodation',
  'kart.removeKartAccomodation',
);
export const removeKartActivity = removeLine('activity', 'kart/removeKartActivity', 'kart.removeKartActivity');
export const removeKartMiscellaneous = removeLine(
  'miscellaneous',
  'kart/removeKartMiscellaneous',
  'kart.removeKartMiscellaneous',
);

export const getAllKartsForWl = endpoint({
  ...kart,
  id: 'kart.getAllKartsForWl',
  method: 'GET',
  path: 'kart/getAllKartsForWl',
  request: lazy(() =>
    z.object({
      ...zListPaging(),
      /** true: vouchered only; false: not vouchered only; absent: both. */
      isVouchered: zQueryFlag(),
      /** true: cancelled only; false: not cancelled only; absent: both. */
      isCancelled: zQueryFlag(),
    }),
  ),
  response: lazy(() => pageOf(ZKartRow)),
  summary: 'Quotations of the site, newest first (search: name, quotation id, customer), with deadline flags.',
});

export const getKartById = endpoint({
  ...kart,
  id: 'kart.getKartById',
  method: 'GET',
  path: 'kart/getKartById',
  request: kartRef,
  response: ZKart,
  summary: 'One quotation with its totals, deadline state and latest share.',
});

export const voucherKart = endpoint({
  ...kart,
  id: 'kart.voucherKart',
  method: 'POST',
  path: 'kart/voucherKart',
  request: statusChange,
  response: ZKart,
  summary: 'Ours: vouchers a saved quotation (the vouchered rules of §5) and writes its transfers.',
});

export const cancelKart = endpoint({
  ...kart,
  id: 'kart.cancelKart',
  method: 'POST',
  path: 'kart/cancelKart',
  request: statusChange,
  response: ZKart,
  summary: 'Ours: cancels a quotation (final); its open transfers are cancelled with it.',
});

export const shareKart = endpoint({
  ...kart,
  id: 'kart.shareKart',
  method: 'POST',
  path: 'kart/shareKart',
  request: kartRef,
  response: ZKartShare,
  summary: 'Ours: freezes the current version under an unguessable public slug (the same slug until it changes).',
});

export const getSharedQuotation = endpoint({
  id: 'kart.getSharedQuotation',
  api: 'site',
  domain: 'kart',
  auth: 'public',
  method: 'GET',
  path: 'kart/getSharedQuotation',
  request: lazy(() =>
    z.object({
      slug: zToken(KART_MSG.sharedNotFound),
      /** Ours: the gateway payment the payer came back from (its id is its credential, as on the gateway page). */
      payment: z.optional(zToken()),
    }),
  ),
  response: ZSharedQuotation,
  summary: 'Ours, public: a shared quotation as frozen when shared, with the site branding.',
});

// ---------------------------------------------------------------------------------------------------
// Payments (ours; docs/dmc.md "Payment terms", "Receipts")

const sharedRef = () => zToken(KART_MSG.sharedNotFound);
const publicKart = { api: 'site', domain: 'kart', auth: 'public' } as const;

export const acceptSharedQuotation = endpoint({
  ...publicKart,
  id: 'kart.acceptSharedQuotation',
  method: 'POST',
  path: 'kart/acceptSharedQuotation',
  request: lazy(() =>
    z.object({ slug: sharedRef(), version: z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000_000)) }),
  ),
  response: ZSharedQuotation,
  summary:
    'Ours, public: the link holder accepts the version they are looking at (an older or revised version is refused).',
});

export const PAYMENT_PARTS = ['deposit', 'balance'] as const;
export const paySharedQuotation = endpoint({
  ...publicKart,
  id: 'kart.paySharedQuotation',
  method: 'POST',
  path: 'kart/paySharedQuotation',
  request: lazy(() =>
    z.object({
      slug: sharedRef(),
      /** The deposit still due, or all that is due. */
      part: z.enum(PAYMENT_PARTS),
      /** The site's gateway, or (the quotation's agent, signed in) their wallet and credit line. */
      method: z.enum(['gateway', 'wallet']),
      /** One payment per key: a retried click never pays twice. */
      idempotencyKey: zToken(),
    }),
  ),
  response: lazy(() => z.object({ redirectTo: z.nullable(z.string()), receipt: z.nullable(ZReceipt) })),
  summary: 'Ours, public: pays an accepted shared quotation: a gateway payment to finish, or a wallet receipt.',
});

export const getSharedReceipt = endpoint({
  ...publicKart,
  id: 'kart.getSharedReceipt',
  method: 'GET',
  path: 'kart/getSharedReceipt',
  request: lazy(() => z.object({ slug: sharedRef(), receiptId: zDmcId(KART_PAY_MSG.receiptNotFound) })),
  response: ZPrintableReceipt,
  summary: "Ours, public: a receipt of the shared quotation's payments, printable.",
});

export const recordKartReceipt = endpoint({
  ...kart,
  id: 'kart.recordKartReceipt',
  method: 'POST',
  path: 'kart/recordKartReceipt',
  request: lazy(() =>
    z.object({
      id: zDmcId(),
      amount: z.number({ error: MSG.invalidValue }),
      method: z.enum(['bankTransfer', 'cash']),
      reference: zShortText({ max: 100 }),
      idempotencyKey: zToken(),
    }),
  ),
  response: ZReceipt,
  summary: 'Ours: staff record an offline receipt (bank transfer, cash) with its reference; an overpayment is refused.',
});

export const getKartReceipts = endpoint({
  ...kart,
  id: 'kart.getKartReceipts',
  method: 'GET',
  path: 'kart/getKartReceipts',
  request: lazy(() => z.object({ id: zDmcId(), ...zListPaging(50, 20) })),
  response: lazy(() => pageOf(ZReceipt)),
  summary: "Ours: a quotation's receipts, oldest first.",
});

export const getKartReceipt = endpoint({
  ...kart,
  id: 'kart.getKartReceipt',
  method: 'GET',
  path: 'kart/getKartReceipt',
  request: lazy(() => z.object({ receiptId: zDmcId(KART_PAY_MSG.receiptNotFound) })),
  response: ZPrintableReceipt,
  summary: 'Ours: one receipt, printable.',
});

export const ZItineraryItem = lazy(() =>
  z.object({
    kind: z.enum(['checkOut', 'inHouse', 'transfer', 'activity', 'misc', 'checkIn']),
    time: z.nullable(z.string()),
    title: z.string(),
    detail: z.string(),
    transferId: z.optional(z.string()),
  }),
);
export const ZCustomerDay = lazy(() =>
  z.object({
    kartId: z.string(),
    kartName: z.string(),
    customerName: z.string(),
    customerPhone: z.string(),
    adults: z.number(),
    child: z.number(),
    infant: z.number(),
    items: z.array(ZItineraryItem),
  }),
);
export type TCustomerDay = z.infer<typeof ZCustomerDay>;

export const getItinerariesByDate = endpoint({
  ...kart,
  id: 'kart.getItinerariesByDate',
  method: 'POST',
  path: 'dmc/getItinerariesByDate',
  request: lazy(() =>
    z.object({
      date: zShortText({ max: 10, tooLong: MSG.invalidDate }).check(z.refine(isIsoDate, MSG.invalidDate)),
    }),
  ),
  response: lazy(() => z.array(ZCustomerDay)),
  summary: "Every customer's day on a date, from the vouchered karts active then and their transfers.",
});

export const kartEndpoints: Endpoint[] = [
  saveKart,
  removeKartAccomodation,
  removeKartActivity,
  removeKartMiscellaneous,
  getAllKartsForWl,
  getKartById,
  voucherKart,
  cancelKart,
  shareKart,
  getSharedQuotation,
  getItinerariesByDate,
  acceptSharedQuotation,
  paySharedQuotation,
  getSharedReceipt,
  recordKartReceipt,
  getKartReceipts,
  getKartReceipt,
];
