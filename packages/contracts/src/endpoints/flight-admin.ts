/**
 * Staff flight back office (spec 000 §2 staff menu: /staff/flightSettings, /staff/supplierWallets,
 * /staff/supplierProfitLoss and, on test hosts, /staff/infozealExcelDataExport and
 * /staff/tboRefundExcelImport). The spec shows these screens only by path, so every call here is OUR
 * OWN design (none is in shared/contract/api.tsv); docs/flight-backoffice.md explains each decision.
 * Served by the flights Lambda (functions/src/flight-admin).
 */
import * as z from 'zod/mini';
import { endpoint, type Endpoint } from '../endpoint.ts';
import { zEmpty, zRequired } from '../common.ts';
import * as MSG from '../messages.ts';
import { zId, zRemarks, zSecret, zShortText, zUrl } from '../fields.ts';
import { GATEWAYS } from './wallet.ts';
import { lazy } from '../lazy.ts';

// ---------------------------------------------------------------------------------------------------
// Shared pieces

export const FLIGHT_ADMIN_MSG = {
  suppliedBySite: (name: string) => `This site's flights are supplied by ${name}; the supply source cannot be changed.`,
  secretRequired: 'Enter it once; it is kept and never shown again',
  notTestHost: 'This screen is available on test hosts only',
  dateRange: 'The start date must be on or before the end date',
  rangeTooLong: 'Choose a range of at most 366 days',
  unknownSupplier: 'Choose a supplier of this site',
  sandboxForbidden: 'Sandbox payments are not allowed on this stage',
  callbackPair: 'Enter both the callback user name and password',
  duffelTestForbidden:
    'A Duffel test token books Duffel’s fake airline: enter a live token (duffel_live_…) on this stage',
} as const;

const zDay = (message = 'Enter a valid date') =>
  z.string({ error: MSG.required }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, message));
const zMoney = (label: string) =>
  z.pipe(
    z.coerce.number({ error: MSG.required }).check(z.refine(Number.isFinite, `${label} must be a number`)),
    z.transform((n) => Math.round(n * 100) / 100),
  );
const zPageNo = () => z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1);
const zPageSize = (max = 500) => z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(max)), 25);

const span = (v: object) => {
  const { from, to } = v as { from: string; to: string };
  return Date.parse(to) - Date.parse(from);
};
/** An inclusive day range, at most a year long (a report past that is a different tool). */
const dayRange = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.object({ from: zDay(), to: zDay(), ...shape }).check(
    z.refine((v) => span(v) >= 0, { message: FLIGHT_ADMIN_MSG.dateRange, path: ['to'] }),
    z.refine((v) => span(v) <= 366 * 86_400_000, {
      message: FLIGHT_ADMIN_MSG.rangeTooLong,
      path: ['from'],
    }),
  );

const paging = lazy(() =>
  z.object({ page: z.number(), pageSize: z.number(), totalRecords: z.number(), totalPages: z.number() }),
);

// ---------------------------------------------------------------------------------------------------
// Flight settings

export const ZLookToBookSetting = lazy(() =>
  z.object({
    ratio: z.coerce
      .number({ error: MSG.required })
      .check(z.int(), z.minimum(1, 'At least 1 search per booking'), z.maximum(100_000)),
    freeLooks: z.coerce.number({ error: MSG.required }).check(z.int(), z.minimum(0), z.maximum(1_000_000)),
  }),
);

const simulatorShape = () => ({
  latencyMs: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(120_000))),
  failureRate: z.optional(z.coerce.number().check(z.minimum(0), z.maximum(1))),
  maxOptions: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(5000))),
});
const tboShape = () => ({
  baseUrl: zUrl('Enter the API base URL (https://…)'),
  /** Secrets: blank keeps the stored value (they are write-only and never read back). */
  clientId: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  userName: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  password: z.optional(z.string().check(z.maxLength(200))),
  searchTimeoutMs: z.optional(z.coerce.number().check(z.int(), z.minimum(1000), z.maximum(120_000))),
  bookingTimeoutMs: z.optional(z.coerce.number().check(z.int(), z.minimum(1000), z.maximum(300_000))),
});

const duffelShape = () => ({
  baseUrl: zUrl('Enter the API base URL (https://…)'),
  /** Write-only like the TBO secrets: blank keeps the stored token. */
  accessToken: z.optional(z.string().check(z.trim(), z.maxLength(400))),
  /** The secret Duffel showed for the site's webhook (its events are checked with it); write-only, blank keeps it. */
  webhookSecret: z.optional(zSecret({ max: 200, required: false })),
  searchTimeoutMs: z.optional(z.coerce.number().check(z.int(), z.minimum(1000), z.maximum(120_000))),
  bookingTimeoutMs: z.optional(z.coerce.number().check(z.int(), z.minimum(1000), z.maximum(300_000))),
});

export const ZSupplyInput = lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('simulator'), ...simulatorShape() }),
    z.object({ kind: z.literal('tbo'), ...tboShape() }),
    z.object({ kind: z.literal('duffel'), ...duffelShape() }),
  ]),
);
export type TSupplyInput = z.infer<typeof ZSupplyInput>;

/**
 * The site's payment gateway. Secrets are write-only like the supply's; the sandbox gateway (and
 * PhonePe's SANDBOX environment) are offered only on stages that allow sandbox payments.
 */
export const ZPaymentGatewayInput = lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('none') }),
    z.object({ kind: z.literal('sandbox') }),
    z.object({
      kind: z.literal('phonepe'),
      clientId: z.optional(z.string().check(z.trim(), z.maxLength(200))),
      clientSecret: z.optional(z.string().check(z.maxLength(200))),
      clientVersion: z.coerce.number({ error: MSG.required }).check(z.int(), z.minimum(1), z.maximum(1000)),
      env: z.enum(['SANDBOX', 'PRODUCTION']),
      /**
       * The S2S callback's user name and password set on PhonePe's dashboard (optional: without them no
       * callback is accepted and payments are confirmed by status checks). Credentials: length rule only.
       */
      callbackUsername: z.optional(zSecret({ max: 200, required: false })),
      callbackPassword: z.optional(zSecret({ max: 200, required: false })),
    }),
  ]),
);
export type TPaymentGatewayInput = z.infer<typeof ZPaymentGatewayInput>;

export const ZPaymentGatewayView = lazy(() =>
  z.object({
    active: z.nullable(z.enum(GATEWAYS)),
    /** Whether this stage permits sandbox payments (the sandbox choices are hidden when it does not). */
    sandboxAllowed: z.boolean(),
    isSandbox: z.boolean(),
    phonepe: z.nullable(
      z.object({
        clientIdSet: z.boolean(),
        clientSecretSet: z.boolean(),
        clientVersion: z.number(),
        env: z.enum(['SANDBOX', 'PRODUCTION']),
        callbackSet: z.boolean(),
      }),
    ),
  }),
);

/** What the screen reads: never a secret, only whether each is set (and the user name's last 4). */
export const ZFlightSettingsView = lazy(() =>
  z.object({
    supply: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('simulator'), ...simulatorShape() }),
      z.object({
        kind: z.literal('tbo'),
        baseUrl: z.string(),
        clientIdSet: z.boolean(),
        userNameSet: z.boolean(),
        userNameLast4: z.nullable(z.string()),
        passwordSet: z.boolean(),
        searchTimeoutMs: z.optional(z.number()),
        bookingTimeoutMs: z.optional(z.number()),
      }),
      z.object({
        kind: z.literal('duffel'),
        baseUrl: z.string(),
        accessTokenSet: z.boolean(),
        /** Whether the webhook secret is kept (without it, Duffel's schedule-change events are refused). */
        webhookSecretSet: z.boolean(),
        /** A Duffel test-mode token (`duffel_test_…`): bookings are Duffel's fake airline, not real tickets. */
        testMode: z.boolean(),
        searchTimeoutMs: z.optional(z.number()),
        bookingTimeoutMs: z.optional(z.number()),
      }),
    ]),
    /** Set when an approved Flights supplier site serves this site: the source is then not ours to change. */
    suppliedBy: z.nullable(z.object({ siteId: z.string(), name: z.string() })),
    /**
     * Whether this stage lets the simulator serve a site (SIMULATED_SUPPLY). Where not, a `simulator` supply
     * means none: flights are refused until a supplier API account is entered or a supplier site linked.
     */
    simulatorAllowed: z.boolean(),
    lookToBook: ZLookToBookSetting,
    holdsOffered: z.boolean(),
    payment: ZPaymentGatewayView,
    updatedAt: z.nullable(z.string()),
  }),
);
export type TFlightSettingsView = z.infer<typeof ZFlightSettingsView>;

export const getFlightSettings = endpoint({
  id: 'flights.getFlightSettings',
  api: 'flight',
  method: 'GET',
  path: 'staff/getFlightSettings',
  domain: 'flight-admin',
  auth: 'staff',
  permission: 'flights.settings',
  request: zEmpty,
  response: ZFlightSettingsView,
  summary: "Ours: the site's flight supply (secrets as set/not set only), look-to-book policy and hold switch.",
});

export const saveFlightSettings = endpoint({
  id: 'flights.saveFlightSettings',
  api: 'flight',
  method: 'POST',
  path: 'staff/saveFlightSettings',
  domain: 'flight-admin',
  auth: 'staff',
  permission: 'flights.settings',
  request: lazy(() =>
    z.object({
      /** Omitted on a site supplied by another site (the source is not ours to change there). */
      supply: z.optional(ZSupplyInput),
      /** Omitted: the payment gateway stays as it is. */
      payment: z.optional(ZPaymentGatewayInput),
      lookToBook: ZLookToBookSetting,
      holdsOffered: z.boolean({ error: MSG.required }),
    }),
  ),
  response: ZFlightSettingsView,
  summary: 'Ours: saves the flight settings; blank secrets keep the stored ones; the next search uses them.',
});

export const testFlightSupply = endpoint({
  id: 'flights.testFlightSupply',
  api: 'flight',
  method: 'POST',
  path: 'staff/testFlightSupply',
  domain: 'flight-admin',
  auth: 'staff',
  permission: 'flights.settings',
  /** Unsaved TBO values to try (blank secrets fall back to the stored ones); omitted: the saved setting. */
  request: lazy(() => z.object({ supply: z.optional(ZSupplyInput) })),
  response: lazy(() =>
    z.object({
      ok: z.boolean(),
      message: z.string(),
      /** The agency's live balance at the consolidator, when it reports one. */
      agencyBalance: z.nullable(z.object({ amount: z.number(), currency: z.string() })),
    }),
  ),
  summary: 'Ours: authenticates against the TBO-style endpoint (or checks the simulator) and reports the outcome.',
});

// ---------------------------------------------------------------------------------------------------
// Supplier wallets

export const ZSupplierAccount = lazy(() =>
  z.object({
    /** 'simulator', 'tbo' or 'site:<supplierSiteId>' (the booking's `supplier`). */
    supplier: z.string(),
    label: z.string(),
    isCurrent: z.boolean(),
    currency: z.string(),
    deposits: z.number(),
    consumption: z.number(),
    balance: z.number(),
    ticketedBookings: z.number(),
  }),
);
export type TSupplierAccount = z.infer<typeof ZSupplierAccount>;

export const getSupplierAccounts = endpoint({
  id: 'flights.getSupplierAccounts',
  api: 'flight',
  method: 'POST',
  path: 'staff/getSupplierAccounts',
  domain: 'flight-admin',
  auth: 'staff',
  permission: 'flights.supplierAccounts',
  request: zEmpty,
  response: lazy(() =>
    z.object({
      accounts: z.array(ZSupplierAccount),
      /** The current TBO account's live balance (null: not TBO, or the supplier did not report one). */
      liveBalance: z.nullable(z.object({ supplier: z.string(), amount: z.number(), currency: z.string() })),
    }),
  ),
  summary: 'Ours: what the site holds at each flight supplier: deposits − consumption of ticketed bookings.',
});

export const STATEMENT_KINDS = ['deposit', 'booking', 'refund'] as const;
export const ZStatementLine = lazy(() =>
  z.object({
    id: z.string(),
    date: z.string(),
    kind: z.enum(STATEMENT_KINDS),
    reference: z.string(),
    description: z.string(),
    /** Deposits add, bookings take, supplier refunds give back; signed from the site's side. */
    amount: z.number(),
    balance: z.number(),
  }),
);
export type TStatementLine = z.infer<typeof ZStatementLine>;

export const getSupplierStatement = endpoint({
  id: 'flights.getSupplierStatement',
  api: 'flight',
  method: 'POST',
  path: 'staff/getSupplierStatement',
  domain: 'flight-admin',
  auth: 'staff',
  permission: 'flights.supplierAccounts',
  request: lazy(() =>
    dayRange({ supplier: zId(FLIGHT_ADMIN_MSG.unknownSupplier), page: zPageNo(), pageSize: zPageSize(200) }),
  ),
  response: lazy(() =>
    z.extend(paging, {
      supplier: z.string(),
      currency: z.string(),
      openingBalance: z.number(),
      closingBalance: z.number(),
      records: z.array(ZStatementLine),
    }),
  ),
  summary: 'Ours: one supplier account between two days, oldest first, with running balance (pages).',
});

export const ZDepositInput = lazy(() =>
  z.object({
    supplier: zId(FLIGHT_ADMIN_MSG.unknownSupplier),
    amount: zMoney('Amount').check(z.refine((n) => n > 0, 'Amount must be more than 0')),
    date: zDay(),
    reference: zShortText({ max: 80 }),
    note: z._default(zRemarks({ max: 300, required: false }), ''),
    /** Idempotency key of one submit (a double click records one deposit). */
    requestId: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, MSG.required)),
  }),
);

export const addSupplierDeposit = endpoint({
  id: 'flights.addSupplierDeposit',
  api: 'flight',
  method: 'POST',
  path: 'staff/addSupplierDeposit',
  domain: 'flight-admin',
  auth: 'staff',
  permission: 'flights.supplierDeposits',
  request: ZDepositInput,
  response: lazy(() => z.object({ line: z.omit(ZStatementLine, { balance: true }), duplicate: z.boolean() })),
  summary: 'Ours: records money the site sent to a flight supplier (once per requestId).',
});

// ---------------------------------------------------------------------------------------------------
// Profit and loss, accounting vouchers

export const ZProfitRow = lazy(() =>
  z.object({
    bookingId: z.string(),
    pnr: z.string(),
    bookedAt: z.string(),
    travelDate: z.string(),
    customer: z.string(),
    customerType: z.string(),
    airlineCode: z.string(),
    sector: z.string(),
    status: z.string(),
    supplier: z.string(),
    currency: z.string(),
    /** What the supplier charges (its offered fare plus extras), less the supplier's refunds. */
    netFare: z.number(),
    markup: z.number(),
    gstOnMarkup: z.number(),
    /** Earned from the supplier (commission, incentive, PLB). */
    commissionEarned: z.number(),
    /** Passed on to the customer (agents, consumers). */
    commissionPassed: z.number(),
    tds: z.number(),
    discount: z.number(),
    txnFee: z.number(),
    /** What the customer paid, less what was refunded to them. */
    customerPaid: z.number(),
    profit: z.number(),
  }),
);
export type TProfitRow = z.infer<typeof ZProfitRow>;
export const PROFIT_AMOUNT_KEYS = [
  'netFare',
  'markup',
  'gstOnMarkup',
  'commissionEarned',
  'commissionPassed',
  'tds',
  'discount',
  'txnFee',
  'customerPaid',
  'profit',
] as const;
export const ZProfitTotals = lazy(() =>
  z.extend(
    z.pick(
      ZProfitRow,
      Object.fromEntries(PROFIT_AMOUNT_KEYS.map((k) => [k, true])) as {
        [K in (typeof PROFIT_AMOUNT_KEYS)[number]]: true;
      },
    ),
    { bookings: z.number() },
  ),
);
export type TProfitTotals = z.infer<typeof ZProfitTotals>;

export const PL_STATUSES = ['ticketed', 'cancelled', 'partiallyCancelled', 'reissued', 'changeRequested'] as const;
export const ZProfitFilter = lazy(() =>
  dayRange({
    dateBasis: z._default(z.enum(['booking', 'travel']), 'booking'),
    customer: z.optional(zShortText({ required: false })),
    airlineCode: z.optional(zShortText({ required: false, max: 3 }).check(z.toUpperCase())),
    status: z.optional(z.enum(PL_STATUSES)),
    page: zPageNo(),
    pageSize: zPageSize(500),
  }),
);
export type TProfitFilter = z.infer<typeof ZProfitFilter>;

export const getSupplierProfitLoss = endpoint({
  id: 'flights.getSupplierProfitLoss',
  api: 'flight',
  method: 'POST',
  path: 'staff/getSupplierProfitLoss',
  domain: 'flight-admin',
  auth: 'staff',
  permission: 'flights.supplierAccounts',
  request: ZProfitFilter,
  response: lazy(() => z.extend(paging, { records: z.array(ZProfitRow), totals: ZProfitTotals })),
  summary: 'Ours: per booking, supplier cost against what the customer paid, with totals of the whole filter.',
});

export const ZVoucherRow = lazy(() =>
  z.object({
    date: z.string(),
    voucherType: z.enum(['Sale', 'Refund']),
    invoiceNo: z.string(),
    party: z.string(),
    pnr: z.string(),
    ticketNo: z.string(),
    passenger: z.string(),
    sector: z.string(),
    airline: z.string(),
    basic: z.number(),
    taxes: z.number(),
    markup: z.number(),
    gst: z.number(),
    commission: z.number(),
    tds: z.number(),
    net: z.number(),
  }),
);
export type TVoucherRow = z.infer<typeof ZVoucherRow>;

export const getInfozealVouchers = endpoint({
  id: 'flights.getInfozealVouchers',
  api: 'flight',
  method: 'POST',
  path: 'staff/getInfozealVouchers',
  domain: 'flight-admin',
  auth: 'staff',
  permission: 'flights.supplierAccounts',
  request: lazy(() => dayRange({ page: zPageNo(), pageSize: zPageSize(1000) })),
  response: lazy(() => z.extend(paging, { records: z.array(ZVoucherRow) })),
  summary: 'Ours (test hosts): sale and refund vouchers per ticket for the accounting import, by page.',
});

// ---------------------------------------------------------------------------------------------------
// TBO refund statement import

/** One row of TBO's refund statement as the screen reads it (columns in docs/flight-backoffice.md). */
export const ZRefundRow = lazy(() =>
  z.object({
    pnr: z.pipe(zRequired(), z.string().check(z.toUpperCase(), z.regex(/^[A-Z0-9]{5,8}$/, 'Enter a valid PNR'))),
    ticketNumber: z.pipe(zRequired(), z.string().check(z.regex(/^[A-Z0-9-]{6,20}$/i, 'Enter a valid ticket number'))),
    refundAmount: zMoney('Refund amount').check(z.refine((n) => n >= 0, 'Refund amount cannot be negative')),
    cancellationCharge: z._default(
      zMoney('Cancellation charge').check(z.refine((n) => n >= 0, 'Cancellation charge cannot be negative')),
      0,
    ),
    creditNoteNo: z._default(zShortText({ required: false, max: 40 }), ''),
  }),
);
export type TRefundRow = z.infer<typeof ZRefundRow>;

export const REFUND_OUTCOMES = ['ready', 'credited', 'alreadyCredited', 'invalid', 'unmatched'] as const;
export const ZRefundRowResult = lazy(() =>
  z.object({
    /** The row's line in the file (the screen sends it; 1-based, header excluded). */
    line: z.number(),
    pnr: z.string(),
    ticketNumber: z.string(),
    outcome: z.enum(REFUND_OUTCOMES),
    /** Why a row does not match or is invalid; what happened otherwise. */
    message: z.string(),
    bookingId: z.nullable(z.string()),
    changeRequestId: z.nullable(z.string()),
    customer: z.nullable(z.string()),
    /** What is (or was) credited to the customer's wallet for the change request. */
    amount: z.nullable(z.number()),
  }),
);
export type TRefundRowResult = z.infer<typeof ZRefundRowResult>;

const refundRequest = lazy(() =>
  z.object({
    rows: z
      .array(z.looseObject({ line: z.coerce.number().check(z.int(), z.minimum(1)) }), { error: MSG.required })
      .check(z.minLength(1, 'The file has no rows'), z.maxLength(2000, 'At most 2000 rows per file')),
  }),
);

export const previewTboRefunds = endpoint({
  id: 'flights.previewTboRefunds',
  api: 'flight',
  method: 'POST',
  path: 'staff/previewTboRefunds',
  domain: 'flight-admin',
  auth: 'staff',
  permission: 'flights.importRefunds',
  request: refundRequest,
  response: lazy(() => z.object({ rows: z.array(ZRefundRowResult) })),
  summary: "Ours (test hosts): matches each statement row to a booking ticket's change request; changes nothing.",
});

export const applyTboRefunds = endpoint({
  id: 'flights.applyTboRefunds',
  api: 'flight',
  method: 'POST',
  path: 'staff/applyTboRefunds',
  domain: 'flight-admin',
  auth: 'staff',
  permission: 'flights.importRefunds',
  request: refundRequest,
  response: lazy(() => z.object({ rows: z.array(ZRefundRowResult), credited: z.number() })),
  summary: "Ours (test hosts): completes matched refunds, crediting each customer's wallet exactly once.",
});

export const flightAdminEndpoints: Endpoint[] = [
  getFlightSettings,
  saveFlightSettings,
  testFlightSupply,
  getSupplierAccounts,
  getSupplierStatement,
  addSupplierDeposit,
  getSupplierProfitLoss,
  getInfozealVouchers,
  previewTboRefunds,
  applyTboRefunds,
];
