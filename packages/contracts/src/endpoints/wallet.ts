import * as z from 'zod/mini';
import { endpoint, type Endpoint } from '../endpoint.ts';
import { zEmpty } from '../common.ts';
import * as MSG from '../messages.ts';
import { zCursor as zCursorText, zEmailText, zId, zRemarks, zShortText } from '../fields.ts';
import { lazy } from '../lazy.ts';
import { ZExportJob } from './exports.ts';

// Wallets and payments (spec 000 §4 calls; domain.md "Wallet", "Payment order").

export const GATEWAYS = ['sandbox', 'phonepe'] as const;
export type GatewayName = (typeof GATEWAYS)[number];

/** Lifecycle of a payment: a gateway payment or an offline transfer a user recorded. */
export const PAYMENT_STATUSES = [
  'pending', // waiting for the payer (gateway) or for staff review (offline)
  'completed', // the gateway says paid; not yet applied to the order / wallet
  'applied', // the order is paid or the wallet credited
  'failed',
  'expired',
  'refunded', // paid, but the order could not take it (lapsed or amount mismatch): money sent back
  'rejected', // offline transfer refused by staff
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * What a gateway payment pays for: a flight order, a wallet top-up, a quotation (its receipt; ours), an activity
 * cart (ours) or a visa application's fee (ours).
 */
export const PAYMENT_PURPOSES = ['flightOrder', 'walletTopUp', 'kartPayment', 'cartPayment', 'visaFee'] as const;

export const ZPayment = lazy(() =>
  z.object({
    paymentId: z.string(),
    gateway: z.enum([...GATEWAYS, 'offline']),
    purpose: z.enum(PAYMENT_PURPOSES),
    orderId: z.nullable(z.string()),
    legalEntityId: z.string(),
    userId: z.string(),
    userEmail: z.string(),
    /** Staff listings only: the payer's name (first and last name, or company), so no screen shows a raw id. */
    customerName: z.optional(z.string()),
    amount: z.number(),
    currency: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    transactionId: z.nullable(z.string()),
    remark: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type TPayment = z.infer<typeof ZPayment>;

export const ZWalletEntry = lazy(() =>
  z.object({
    entryId: z.string(),
    legalEntityId: z.string(),
    /** Signed: credits positive, debits negative. */
    amount: z.number(),
    currency: z.string(),
    kind: z.enum(['topUp', 'booking', 'refund', 'adjustment']),
    remark: z.string(),
    byUserId: z.string(),
    orderId: z.optional(z.string()),
    bookingId: z.optional(z.string()),
    pnr: z.optional(z.string()),
    paymentId: z.optional(z.string()),
    createdAt: z.string(),
  }),
);
export type TWalletEntry = z.infer<typeof ZWalletEntry>;

export const ZCreditAlert = lazy(() =>
  z.object({
    kind: z.enum(['overdue', 'dueSoon', 'lowCredit']),
    dueDay: z.optional(z.string()),
    amount: z.optional(z.number()),
    threshold: z.optional(z.number()),
    creditLeft: z.optional(z.number()),
  }),
);

export const ZWalletBalance = lazy(() =>
  z.object({
    legalEntityId: z.string(),
    balance: z.number(),
    creditLimit: z.number(),
    /** balance + creditLimit: what a booking may spend. */
    available: z.number(),
    currency: z.string(),
    // Credit line (docs/credit-lines.md). Always sent by the server; optional for older readers.
    creditDays: z.optional(z.number()),
    creditUsed: z.optional(z.number()),
    creditLeft: z.optional(z.number()),
    /** The site's calendar day (`YYYY-MM-DD`) the oldest unpaid credit is due; null when nothing is owed. */
    oldestDueDate: z.optional(z.nullable(z.string())),
    oldestDueAmount: z.optional(z.number()),
    /** The oldest unpaid credit is past its due day: new bookings are refused until it is paid. */
    overdue: z.optional(z.boolean()),
    /** Open alerts: they stay while their condition holds (overdue, due within 3 days, credit left ≤ 40 % / 20 %). */
    alerts: z.optional(z.array(ZCreditAlert)),
  }),
);
export type TWalletBalance = z.infer<typeof ZWalletBalance>;
export type TCreditAlert = z.infer<typeof ZCreditAlert>;

/** Staff set a customer's credit line: the limit (0 = none) and the days each draw is given before it is due. */
export const ZSetCreditLine = lazy(() =>
  z.object({
    userId: z.optional(zId()),
    email: z.optional(zEmailText()),
    creditLimit: z.coerce.number({ error: MSG.required }).check(
      z.refine((n: number) => Number.isFinite(n) && n >= 0, { message: 'Credit limit cannot be negative' }),
      z.refine((n: number) => n <= 10_000_000, { message: 'Amount is too large' }),
      z.refine((n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
        message: 'Amount may have at most 2 decimals',
      }),
    ),
    creditDays: z.coerce.number({ error: MSG.required }).check(
      z.refine((n: number) => Number.isInteger(n) && n >= 0 && n <= 365, {
        message: 'Credit days must be a whole number from 0 to 365',
      }),
    ),
  }),
);

/** Cursor pages: the cursor is opaque; absent nextCursor means the last page. */
export const zCursor = () => z.optional(zCursorText());
export const ZPageLimit = lazy(() =>
  z._default(z.coerce.number().check(z.int()).check(z.minimum(1)).check(z.maximum(100)), 20),
);
export const pageOf = <T extends z.core.$ZodType>(item: T) =>
  z.object({ records: z.array(item), nextCursor: z.nullable(z.string()) });

export const zAmount = () =>
  z.coerce.number({ error: MSG.required }).check(
    z.refine((n: number) => Number.isFinite(n) && n > 0, { message: 'Amount must be greater than 0' }),
    z.refine((n: number) => n <= 10_000_000, { message: 'Amount is too large' }),
    z.refine((n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
      message: 'Amount may have at most 2 decimals',
    }),
  );

export const ZAddMoney = lazy(() =>
  z.object({
    userId: z.optional(zId()),
    email: z.optional(zEmailText()),
    amount: zAmount(),
    remark: z._default(zRemarks({ max: 200, required: false }), ''),
    /** Client-generated once per dialog: a repeated or concurrent submit adds the money once. */
    requestId: z
      .string({ error: MSG.required })
      .check(z.trim())
      .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid request id')),
  }),
);

/**
 * Staff debit adjustment: takes money out of a customer's wallet (a correction, a recovered refund).
 * Its own call, with a required reason that the wallet history shows; once per requestId like Add Money.
 */
export const ZDebitMoney = lazy(() =>
  z.omit(
    z.extend(ZAddMoney, {
      reason: zRemarks({ max: 200 }),
    }),
    { remark: true },
  ),
);

export const ZActiveGateway = lazy(() =>
  z.object({
    /** null when the site has no gateway: only wallet and offline payment are offered. */
    name: z.nullable(z.enum(GATEWAYS)),
    label: z.string(),
    /** Play money (the sandbox gateway or PhonePe's SANDBOX environment): staff see a "Sandbox payments" badge. */
    isSandbox: z.boolean(),
  }),
);

export const ZBankDetails = lazy(() =>
  z.object({
    accountName: z.string(),
    accountNumber: z.string(),
    ifsc: z.string(),
    bankName: z.string(),
    branch: z.string(),
    upiId: z.string(),
  }),
);
export type TBankDetails = z.infer<typeof ZBankDetails>;

export const ZVerifyResult = lazy(() =>
  z.object({
    orderId: z.string(),
    /** success: the order is paid / the wallet credited; pending: retry; failed: stop retrying. */
    status: z.enum(['success', 'pending', 'failed']),
    purpose: z.enum(PAYMENT_PURPOSES),
    amount: z.number(),
    currency: z.string(),
  }),
);

/**
 * wl/user/userPaymentEntry: `gateway` starts a top-up through the site's gateway (the answer carries
 * redirectTo); `offline` records a bank transfer the user made, credited once staff approve it.
 */
export const ZUserPaymentEntry = lazy(() =>
  z.discriminatedUnion(
    'mode',
    [
      z.object({ mode: z.literal('gateway'), amount: zAmount() }),
      z.object({
        mode: z.literal('offline'),
        amount: zAmount(),
        transactionId: zId(),
        remark: z._default(zRemarks({ max: 200, required: false }), ''),
      }),
    ],
    { error: 'Please choose a payment mode' },
  ),
);

export const ZUserPaymentEntryResult = lazy(() => z.object({ payment: ZPayment, redirectTo: z.nullable(z.string()) }));

export const ZSandboxPayment = lazy(() =>
  z.object({
    paymentId: z.string(),
    amount: z.number(),
    currency: z.string(),
    merchant: z.string(),
    state: z.enum(['PENDING', 'COMPLETED', 'FAILED']),
    returnTo: z.string(),
  }),
);

export const ZReviewOffline = lazy(() => z.object({ paymentId: zId(), approve: z.boolean() }));

export const ZBalanceRow = lazy(() => z.extend(ZWalletBalance, { name: z.string() }));

// Wallets, gateways and payments (spec 000 §4; domain.md "Wallet", "Payment order").

const zPaging = () => ({ cursor: zCursor(), limit: ZPageLimit });
const zCustomer = () => ({ userId: z.optional(zId()), email: z.optional(zEmailText()) });

export const getActiveGateway = endpoint({
  id: 'wallet.getActiveGateway',
  api: 'site',
  method: 'POST',
  path: 'payment/getActiveGateway',
  domain: 'wallet',
  auth: 'user',
  request: zEmpty,
  response: ZActiveGateway,
  summary: "The site's active payment gateway (name only; credentials never leave the server).",
});

export const verifyPayment = endpoint({
  id: 'wallet.verifyPayment',
  api: 'site',
  method: 'POST',
  path: 'payment/phonepe/verifyPayment',
  domain: 'wallet',
  auth: 'user',
  request: lazy(() => z.object({ orderId: zId() })),
  response: ZVerifyResult,
  summary:
    'State of the gateway payment behind a flight order id (or a top-up payment id); queues a verification while it is open. The client retries 5 times, 2 s apart.',
});

export const getBankDetails = endpoint({
  id: 'wallet.getBankDetails',
  api: 'site',
  method: 'POST',
  path: 'whitelabel/getBankDetails',
  domain: 'wallet',
  auth: 'user',
  request: zEmpty,
  response: lazy(() => z.nullable(ZBankDetails)),
  summary: "The site's bank details for offline transfers (null when the site has none).",
});

export const addWalletEntry = endpoint({
  id: 'wallet.addWlUserWalletEntry',
  api: 'site',
  method: 'POST',
  path: 'wl/user/addWlUserWalletEntry',
  domain: 'wallet',
  auth: 'staff',
  permission: 'wallet.addMoney',
  request: lazy(() =>
    ZAddMoney.check(z.refine((v) => !!(v.userId || v.email), { message: MSG.required, path: ['email'] })),
  ),
  response: lazy(() => z.object({ entry: ZWalletEntry, balance: ZWalletBalance, duplicate: z.boolean() })),
  summary:
    "Staff Add Money: credits a customer's wallet once per requestId (a repeated or concurrent submit adds nothing more).",
});

/** Our own call: the staff debit adjustment (the spec has only Add Money). */
export const debitWalletEntry = endpoint({
  id: 'wallet.debitWlUserWalletEntry',
  api: 'site',
  method: 'POST',
  path: 'wl/user/debitWlUserWalletEntry',
  domain: 'wallet',
  auth: 'staff',
  permission: 'wallet.debitMoney',
  request: lazy(() =>
    ZDebitMoney.check(z.refine((v) => !!(v.userId || v.email), { message: MSG.required, path: ['email'] })),
  ),
  response: lazy(() => z.object({ entry: ZWalletEntry, balance: ZWalletBalance, duplicate: z.boolean() })),
  summary:
    "Staff debit adjustment with a required reason: takes money from a customer's wallet once per requestId, never past what the wallet may spend (balance + credit limit).",
});

/** Our own call (docs/credit-lines.md): staff set a customer's credit limit and credit days. */
export const setCreditLine = endpoint({
  id: 'wallet.setCreditLine',
  api: 'site',
  method: 'POST',
  path: 'wl/user/setCreditLine',
  domain: 'wallet',
  auth: 'staff',
  permission: 'wallet.creditLines',
  request: lazy(() =>
    ZSetCreditLine.check(z.refine((v) => !!(v.userId || v.email), { message: MSG.required, path: ['email'] })),
  ),
  response: ZWalletBalance,
  summary:
    "Staff set a customer's credit line: the limit (available moves by the difference; never below the credit in use) and the credit days given to each future draw. Audited.",
});

export const getCustomerWalletEntries = endpoint({
  id: 'wallet.getWlUserWalletEntry',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getWlUserWalletEntry',
  domain: 'wallet',
  auth: 'staff',
  permission: 'wallet.viewReports',
  request: lazy(() =>
    z
      .object({ ...zCustomer(), ...zPaging() })
      .check(z.refine((v) => !!(v.userId || v.email), { message: MSG.required, path: ['email'] })),
  ),
  response: lazy(() => z.extend(pageOf(ZWalletEntry), { balance: ZWalletBalance, customerEmail: z.string() })),
  summary: "A customer's wallet entries newest first, with the balance (cursor pages).",
});

export const getMyWalletEntries = endpoint({
  id: 'wallet.getMyWalletEntry',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getMyWalletEntry',
  domain: 'wallet',
  auth: 'user',
  request: lazy(() => z.object(zPaging())),
  response: lazy(() => pageOf(ZWalletEntry)),
  summary: "The caller's legal entity's wallet entries newest first (cursor pages).",
});

export const getWalletBalance = endpoint({
  id: 'wallet.getWlUserWalletBalance',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getWlUserWalletBalance',
  domain: 'wallet',
  auth: 'user',
  request: lazy(() => z.object(zCustomer())),
  response: ZWalletBalance,
  summary: "The caller's wallet balance; staff with wallet.viewReports may name a customer (userId or email).",
});

export const userPaymentEntry = endpoint({
  id: 'wallet.userPaymentEntry',
  api: 'site',
  method: 'POST',
  path: 'wl/user/userPaymentEntry',
  domain: 'wallet',
  auth: 'user',
  request: ZUserPaymentEntry,
  response: ZUserPaymentEntryResult,
  summary:
    "Tops up the caller's wallet: mode 'gateway' starts a gateway payment (redirectTo); mode 'offline' records a bank transfer that staff approve.",
});

export const getMyPayments = endpoint({
  id: 'wallet.getMyPayments',
  api: 'site',
  method: 'POST',
  path: 'payment/getMyPayments',
  domain: 'wallet',
  auth: 'user',
  request: lazy(() => z.object({ orderId: z.optional(zId()), ...zPaging() })),
  response: lazy(() => pageOf(ZPayment)),
  summary: "The caller's payments newest first, or those of one order / top-up (orderId).",
});

export const getGatewayTransactions = endpoint({
  id: 'wallet.getGatewayTransactions',
  api: 'site',
  method: 'POST',
  path: 'payment/getGatewayTransactions',
  domain: 'wallet',
  auth: 'staff',
  permission: 'wallet.viewReports',
  request: lazy(() => z.object(zPaging())),
  response: lazy(() => pageOf(ZPayment)),
  summary: "The site's payments (gateway and offline) newest first.",
});

export const getPendingOfflinePayments = endpoint({
  id: 'wallet.getPendingOfflinePayments',
  api: 'site',
  method: 'POST',
  path: 'payment/getPendingOfflinePayments',
  domain: 'wallet',
  auth: 'staff',
  permission: 'wallet.viewReports',
  request: lazy(() => z.object(zPaging())),
  response: lazy(() => pageOf(ZPayment)),
  summary: 'Offline transfers users recorded that wait for review, oldest first.',
});

export const reviewOfflinePayment = endpoint({
  id: 'wallet.reviewOfflinePayment',
  api: 'site',
  method: 'POST',
  path: 'payment/reviewOfflinePayment',
  domain: 'wallet',
  auth: 'staff',
  permission: 'wallet.addMoney',
  request: ZReviewOffline,
  response: ZPayment,
  summary: 'Approves (credits the wallet once) or rejects an offline transfer.',
});

export const getWalletBalances = endpoint({
  id: 'wallet.getWalletBalances',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getWalletBalances',
  domain: 'wallet',
  auth: 'staff',
  permission: 'wallet.downloadBalances',
  request: lazy(() =>
    z.object({
      cursor: zCursor(),
      limit: z._default(z.coerce.number().check(z.int()).check(z.minimum(1)).check(z.maximum(100)), 100),
    }),
  ),
  response: lazy(() => pageOf(ZBalanceRow)),
  summary: 'Every wallet balance of the site (balances download), in pages.',
});

export const exportWalletBalances = endpoint({
  id: 'wallet.exportWalletBalances',
  api: 'site',
  method: 'POST',
  path: 'wl/user/exportWalletBalances',
  domain: 'wallet',
  auth: 'staff',
  permission: 'wallet.downloadBalances',
  request: lazy(() => z.object({})),
  response: ZExportJob,
  summary:
    'Ours: starts the export of every wallet balance of the site as .xlsx (an export job; the balances download).',
});

export const getSandboxPayment = endpoint({
  id: 'wallet.getSandboxPayment',
  api: 'site',
  method: 'POST',
  path: 'payment/sandbox/getPayment',
  domain: 'wallet',
  auth: 'public',
  request: lazy(() => z.object({ paymentId: zId() })),
  response: ZSandboxPayment,
  summary: 'The embedded sandbox gateway page: the payment behind its unguessable id.',
});

export const completeSandboxPayment = endpoint({
  id: 'wallet.completeSandboxPayment',
  api: 'site',
  method: 'POST',
  path: 'payment/sandbox/complete',
  domain: 'wallet',
  auth: 'public',
  request: lazy(() =>
    z.object({ paymentId: zId(), outcome: z.enum(['pay', 'fail', 'abandon'], { error: MSG.required }) }),
  ),
  response: lazy(() => z.object({ returnTo: z.string(), state: z.enum(['PENDING', 'COMPLETED', 'FAILED']) })),
  summary: "The sandbox payer's choice: Pay / Fail settle it once and queue its verification; Abandon leaves it open.",
});

export const phonePeCallback = endpoint({
  id: 'wallet.phonePeCallback',
  api: 'site',
  method: 'POST',
  path: 'payment/phonepe/callback',
  domain: 'wallet',
  auth: 'public',
  serverToServer: true,
  request: lazy(() =>
    z.object({
      event: z.optional(zShortText({ required: false })),
      type: z.optional(zShortText({ required: false })),
      payload: z.looseObject({ merchantOrderId: zId(), state: z.optional(zShortText({ required: false })) }),
    }),
  ),
  response: lazy(() => z.object({ received: z.literal(true) })),
  summary:
    "Ours: PhonePe's server-to-server callback (the site's callback URL on PhonePe's dashboard). Checked against the site's callback username and password (Authorization: SHA256(username:password)); a genuine one queues the payment's verification with PhonePe's status API, a forged one is refused (401) and changes nothing.",
});

export const walletEndpoints: Endpoint[] = [
  getActiveGateway,
  verifyPayment,
  getBankDetails,
  addWalletEntry,
  debitWalletEntry,
  setCreditLine,
  getCustomerWalletEntries,
  getMyWalletEntries,
  getWalletBalance,
  userPaymentEntry,
  getMyPayments,
  getGatewayTransactions,
  getPendingOfflinePayments,
  reviewOfflinePayment,
  getWalletBalances,
  exportWalletBalances,
  getSandboxPayment,
  completeSandboxPayment,
  phonePeCallback,
];
