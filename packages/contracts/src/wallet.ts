import * as z from 'zod/mini';
import * as MSG from './messages.ts';
import { zCursor as zCursorText, zEmailText, zId, zRemarks } from './fields.ts';
import { lazy } from './lazy.ts';

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

export const ZPayment = lazy(() =>
  z.object({
    paymentId: z.string(),
    gateway: z.enum([...GATEWAYS, 'offline']),
    purpose: z.enum(['flightOrder', 'walletTopUp']),
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
    // Credit line (issue #16; docs/credit-lines.md). Always sent by the server; optional for older readers.
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
    purpose: z.enum(['flightOrder', 'walletTopUp']),
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
