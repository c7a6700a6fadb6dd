/**
 * Ours: the money a quotation moves after it is paid (docs/dmc.md "Getting paid" → "Cancellation", "Paying
 * suppliers"): a cancellation's settlement and refunds, and what vouchering owes the suppliers (payables), their
 * payments and the payables list. Served by the kart Lambda: refunds need `dmc.karts`, payables `dmc.payables`.
 */
import * as z from 'zod/mini';
import { AGEING_BUCKETS, SUPPLIER_KINDS } from '@tp/domain/dmc';
import { endpoint, type Endpoint } from '../endpoint.ts';
import * as MSG from '../messages.ts';
import { zShortText, zToken } from '../fields.ts';
import { lazy } from '../lazy.ts';
import { pageOf, zDmcId, zListPaging } from './dmc-common.ts';
import { ZExportJob } from './exports.ts';

export const PAYABLES_MSG = {
  refundPaid: 'Refund marked paid',
  refundNotFound: 'This refund does not exist',
  refundNotManual: 'Only a refund paid by hand is marked paid here',
  supplierPaid: 'Supplier payment recorded',
  payableNotFound: 'This payable does not exist',
  overpaid: 'This payment is more than what is owed to the supplier',
  changedMeanwhile: 'This payable was changed meanwhile; reload it and try again',
  profileSaved: 'Supplier details saved',
  profileChanged: "This supplier's details were changed meanwhile; reload them and try again",
  unknownSupplier: 'This supplier does not exist',
  badMonths: 'Choose at most 12 months, the last not before the first',
  badPeriod: 'Choose a period of at most a year, its start before its end',
} as const;

export const REFUND_ROUTES = ['gateway', 'wallet', 'manual'] as const;

/** One refund of a cancelled quotation: back over one receipt, the way that receipt's money came in. */
export const ZKartRefund = lazy(() =>
  z.object({
    receiptId: z.string(),
    receiptNumber: z.string(),
    amount: z.number(),
    /** Through the gateway refund machinery, credited to the agent's wallet, or paid by staff (marked paid). */
    via: z.enum(REFUND_ROUTES),
    gatewayRefundId: z.nullable(z.string()),
    paidAt: z.nullable(z.string()),
    paidReference: z.nullable(z.string()),
  }),
);
export type TKartRefund = z.infer<typeof ZKartRefund>;

/** What a cancellation kept and gave back under the quotation's cancellation terms. */
export const ZKartCancellation = lazy(() =>
  z.object({
    at: z.string(),
    daysBefore: z.number(),
    feePercent: z.number(),
    fee: z.number(),
    feeKept: z.number(),
    refund: z.number(),
    refunds: z.array(ZKartRefund),
  }),
);
export type TKartCancellation = z.infer<typeof ZKartCancellation>;

export const markKartRefundPaid = endpoint({
  domain: 'kart',
  api: 'site',
  auth: 'staff',
  permission: 'dmc.karts',
  id: 'kart.markKartRefundPaid',
  method: 'POST',
  path: 'kart/markKartRefundPaid',
  request: lazy(() =>
    z.object({
      id: zDmcId(),
      receiptId: zDmcId(PAYABLES_MSG.refundNotFound),
      reference: zShortText({ max: 100 }),
    }),
  ),
  response: ZKartCancellation,
  summary:
    "Ours: staff mark a cancelled quotation's hand-paid refund (of an offline receipt) paid, with its reference.",
});

// ---------------------------------------------------------------------------------------------------
// Payables

const payables = { domain: 'kart', api: 'site', auth: 'staff', permission: 'dmc.payables' } as const;

/** `hotel:<id>`, `activity:<id>`, `driver:<id>`: a supplier by the master it is. */
const zSupplierKey = () =>
  zShortText({ max: 120 }).check(z.regex(/^(hotel|activity|driver):[A-Za-z0-9_-]+$/, MSG.invalidReference));

export const ZPayable = lazy(() =>
  z.object({
    id: z.string(),
    kartId: z.string(),
    quotationId: z.string(),
    supplier: z.object({ kind: z.enum(SUPPLIER_KINDS), id: z.string(), name: z.string() }),
    service: z.string(),
    serviceDate: z.string(),
    dueDate: z.string(),
    currency: z.string(),
    amount: z.number(),
    reversed: z.number(),
    paid: z.number(),
    outstanding: z.number(),
    ageing: z.enum(AGEING_BUCKETS),
    raisedAt: z.string(),
    reversedAt: z.nullable(z.string()),
    version: z.number(),
  }),
);
export type TPayable = z.infer<typeof ZPayable>;

export const getPayables = endpoint({
  ...payables,
  id: 'kart.getPayables',
  method: 'GET',
  path: 'kart/getPayables',
  request: lazy(() =>
    z.object({
      ...zListPaging(100, 25),
      /** One supplier's payables (`hotel:<id>`, `activity:<id>`): all of them, by date; else what is open. */
      supplier: z.optional(zSupplierKey()),
    }),
  ),
  response: lazy(() => pageOf(ZPayable)),
  summary: 'Ours: payables still owed, by due date (or one supplier’s, all), a cursor page at a time.',
});

export const recordSupplierPayment = endpoint({
  ...payables,
  id: 'kart.recordSupplierPayment',
  method: 'POST',
  path: 'kart/recordSupplierPayment',
  request: lazy(() =>
    z.object({
      payableId: zToken(PAYABLES_MSG.payableNotFound),
      amount: z.number({ error: MSG.invalidValue }),
      reference: zShortText({ max: 100 }),
      /** One payment per key: a retried click never pays twice. */
      idempotencyKey: zToken(),
    }),
  ),
  response: ZPayable,
  summary: 'Ours: records a payment to a supplier against a payable (part payments allowed; more than owed refused).',
});

export const exportPayables = endpoint({
  ...payables,
  id: 'kart.exportPayables',
  method: 'GET',
  path: 'kart/exportPayables',
  request: lazy(() => z.object({})),
  response: ZExportJob,
  summary: 'Ours: starts the export of every payable still owed, by due date, with its ageing, as one .xlsx.',
});

// ---------------------------------------------------------------------------------------------------
// Suppliers: the hotel, activity and driver masters are the suppliers; a profile beside each holds how they are paid

export const SUPPLIER_TERM_BASES = ['afterService', 'afterInvoice'] as const;

export const ZSupplierProfile = lazy(() =>
  z.object({
    supplier: z.string(),
    name: z.string(),
    contactName: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    /** When payables fall due: days after the service, or after the supplier's invoice (the voucher's day). */
    terms: z.object({ basis: z.enum(SUPPLIER_TERM_BASES), days: z.number() }),
    /** What the supplier invoices in (for the record: payables are in the quotation's currency). */
    currency: z.string(),
    /** 0 while the supplier has no profile of its own (the platform's terms apply). */
    version: z.number(),
  }),
);
export type TSupplierProfile = z.infer<typeof ZSupplierProfile>;

export const getSupplierProfile = endpoint({
  ...payables,
  id: 'kart.getSupplierProfile',
  method: 'GET',
  path: 'kart/getSupplierProfile',
  request: lazy(() => z.object({ supplier: zSupplierKey() })),
  response: ZSupplierProfile,
  summary: "Ours: a supplier's contact details, payment terms and currency (the platform's terms until set).",
});

export const saveSupplierProfile = endpoint({
  ...payables,
  id: 'kart.saveSupplierProfile',
  method: 'POST',
  path: 'kart/saveSupplierProfile',
  request: lazy(() =>
    z.object({
      supplier: zSupplierKey(),
      contactName: zShortText({ max: 100, required: false }),
      email: zShortText({ max: 254, required: false }),
      phone: zShortText({ max: 30, required: false }),
      address: zShortText({ max: 300, required: false }),
      terms: z.object({
        basis: z.enum(SUPPLIER_TERM_BASES),
        days: z
          .number({ error: MSG.invalidValue })
          .check(z.int(MSG.invalidValue), z.minimum(0, MSG.tooSmall(0)), z.maximum(365, MSG.tooLarge(365))),
      }),
      currency: zShortText({ max: 3 }).check(z.regex(/^[A-Z]{3}$/, MSG.invalidValue)),
      /** The version read (0: none yet): a profile changed meanwhile is a 409. */
      version: z.number().check(z.int(), z.minimum(0)),
    }),
  ),
  response: ZSupplierProfile,
  summary: "Ours: saves a supplier's contact details, payment terms and currency; later vouchers fall due by them.",
});

export const STATEMENT_LINE_KINDS = ['raised', 'payment', 'reversal'] as const;
const zDay = () => zShortText({ max: 10 }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalidDate));

/** A supplier's statement of a period: what was raised, paid and reversed, day by day, and the period's totals. */
export const ZSupplierStatement = lazy(() =>
  z.object({
    supplier: ZSupplierProfile,
    from: z.string(),
    to: z.string(),
    lines: z.array(
      z.object({
        date: z.string(),
        kind: z.enum(STATEMENT_LINE_KINDS),
        quotationId: z.string(),
        /** The service raised, or the payment's reference. */
        detail: z.string(),
        currency: z.string(),
        /** What it moves on the supplier's account: raised +, paid and reversed −. */
        amount: z.number(),
      }),
    ),
    totals: z.object({ raised: z.number(), paid: z.number(), reversed: z.number(), net: z.number() }),
  }),
);
export type TSupplierStatement = z.infer<typeof ZSupplierStatement>;

export const getSupplierStatement = endpoint({
  ...payables,
  id: 'kart.getSupplierStatement',
  method: 'GET',
  path: 'kart/getSupplierStatement',
  request: lazy(() => z.object({ supplier: zSupplierKey(), from: zDay(), to: zDay() })),
  response: ZSupplierStatement,
  summary: "Ours: a supplier's statement of a period (at most a year): payables raised, payments and reversals.",
});

const zMonth = () => zShortText({ max: 7 }).check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, MSG.invalidDate));

/** At most a year of months per call: the books' month partitions of the period are read on the request. */
export const MAX_MARGIN_MONTHS = 12;

/** Margin per month and currency (docs/dmc.md "The books"): receipts − refunds − (payables − reversals). */
export const ZMonthlyMargins = lazy(() =>
  z.object({
    from: z.string(),
    to: z.string(),
    rows: z.array(
      z.object({
        month: z.string(),
        currency: z.string(),
        received: z.number(),
        refunded: z.number(),
        raised: z.number(),
        reversed: z.number(),
        margin: z.number(),
      }),
    ),
  }),
);
export type TMonthlyMargins = z.infer<typeof ZMonthlyMargins>;

export const getMonthlyMargins = endpoint({
  ...payables,
  id: 'kart.getMonthlyMargins',
  method: 'GET',
  path: 'kart/getMonthlyMargins',
  request: lazy(() => z.object({ from: zMonth(), to: zMonth() })),
  response: ZMonthlyMargins,
  summary: 'Ours: margin per month (at most 12): receipts less refunds, less supplier payables net of reversals.',
});

export const payablesEndpoints: Endpoint[] = [
  getMonthlyMargins,
  getSupplierStatement,
  markKartRefundPaid,
  getPayables,
  recordSupplierPayment,
  exportPayables,
  getSupplierProfile,
  saveSupplierProfile,
];
