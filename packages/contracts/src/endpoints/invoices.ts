/**
 * GST tax invoices and credit notes (docs/invoices.md). Served by the invoices Lambda
 * (functions/src/invoices). Ours: none of these paths is in api.tsv.
 *
 * - A document (invoice or credit note) is read by its id or, for the ticket screen and the transaction history,
 *   by its source (a booking, an activity cart, a kart): the customer it was issued to, or staff with
 *   `invoices.view`. Anyone else's id finds nothing (404), another site's too.
 * - Staff list a month's invoices or credit notes (cursor pages, in number order) and download the month as one
 *   .xlsx with GSTR-1 style columns (invoices and credit notes on their own sheets).
 * - The reseller's legal details printed on every invoice (legal name, address, GSTIN, state, number prefix) are
 *   the site's invoice settings, staff with `invoices.settings`.
 */
import * as z from 'zod/mini';
import { INVOICE_PREFIX } from '@tp/domain/gst';
import { endpoint, type Endpoint } from '../endpoint.ts';
import * as MSG from '../messages.ts';
import { zAddress, zCursor, zId, zName, zShortText } from '../fields.ts';
import { lazy } from '../lazy.ts';
import { ZExportJob } from './exports.ts';

const invoices = { domain: 'invoices', api: 'site' } as const;

export const INVOICE_MSG = {
  notFound: 'No invoice was found',
  settingsSaved: 'Invoice settings saved',
  invalidMonth: 'Choose a month',
  invalidPrefix: 'Use 1 to 3 capital letters or digits',
  invalidGstin: 'Please enter a valid GSTIN',
  invalidState: 'Choose a state',
  stateMismatch: "The state must be the GSTIN's state",
  issued: 'Invoice issued',
  notInvoiceable: 'This booking cannot be invoiced yet',
  invalidCurrency: 'Use the 3-letter currency code (AED)',
  invalidRate: 'Enter the rupees one unit is worth',
  duplicateCurrency: 'Each currency once',
  invalidRateDate: 'Enter the day the rate is of (not in the future)',
} as const;

/**
 * Rupees per unit of a currency the site quotes in (karts priced in AED, USD…): an Indian tax invoice states its
 * value in INR at the rate of the day of supply (the RBI reference rate, which staff keep here; GST rule 34).
 */
const ZExchangeRate = lazy(() =>
  z.object({
    currency: z.string(),
    inrPerUnit: z.number(),
    /** The day the rate is of (ISO `yyyy-mm-dd`), named on every invoice converted at it. */
    rateDate: z.string(),
  }),
);

/**
 * An invoice of a source priced in another currency (an AED cart or quotation): what was quoted, and the rate it
 * was converted at. The document's own amounts are all rupees (GST rule 34 / section 15: the value in INR).
 */
export const ZConversion = lazy(() =>
  z.object({
    /** The source's currency (`AED`). */
    currency: z.string(),
    /** The total quoted in that currency. */
    amount: z.number(),
    inrPerUnit: z.number(),
    /** The rate's day (ISO), from the site's invoice settings. */
    rateDate: z.string(),
  }),
);
export type TConversion = z.infer<typeof ZConversion>;

/** Sources a document is issued for. */
/** `bookingExtras`: the supplementary invoice of extras bought after ticketing (its id is the extras' payment order). */
export const INVOICE_SOURCES = ['booking', 'cart', 'kart', 'visa', 'bookingExtras'] as const;
export type InvoiceSource = (typeof INVOICE_SOURCES)[number];
export const DOCUMENT_TYPES = ['invoice', 'creditNote'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The SPA's print view of a document (ours): `/invoice/<id>`. */
export const INVOICE_PATH = '/invoice/:invoiceId';
export const invoicePath = (id: string): string => INVOICE_PATH.replace(':invoiceId', encodeURIComponent(id));
export const sourceInvoicePath = (source: InvoiceSource, sourceId: string): string =>
  `/invoice/${source}/${encodeURIComponent(sourceId)}`;

const zMonth = () => zShortText({ max: 7 }).check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, INVOICE_MSG.invalidMonth));

const ZParty = lazy(() =>
  z.object({
    name: z.string(),
    address: z.string(),
    gstin: z.string(),
    /** `27-Maharashtra`; empty when not known. */
    state: z.string(),
    pan: z.optional(z.string()),
    email: z.optional(z.string()),
  }),
);

const ZLine = lazy(() =>
  z.object({
    description: z.string(),
    /** SAC of a taxable line; empty for what is collected as a pure agent. */
    sac: z.string(),
    taxable: z.boolean(),
    amount: z.number(),
  }),
);

const taxFields = () => ({
  supplyType: z.enum(['intraState', 'interState', 'zeroRated']),
  rate: z.number(),
  taxableValue: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  totalTax: z.number(),
  /** Collected for the airline / supplier as a pure agent (not our supply). */
  reimbursement: z.number(),
  total: z.number(),
});

export const ZInvoiceDocument = lazy(() =>
  z.object({
    id: z.string(),
    docType: z.enum(DOCUMENT_TYPES),
    number: z.string(),
    /** ISO instant; `issueDate` is its day in the site's time zone. */
    issuedAt: z.string(),
    issueDate: z.string(),
    financialYear: z.string(),
    source: z.enum(INVOICE_SOURCES),
    sourceId: z.string(),
    /** What the customer recognises the source by (PNR, cart or quotation id). */
    sourceRef: z.string(),
    kind: z.enum(['flight', 'fixedDeparture', 'activityCart', 'kart', 'visaApplication']),
    sac: z.string(),
    sacDescription: z.string(),
    /** Always INR (a foreign source is converted: `conversion`); older documents may name another currency. */
    currency: z.string(),
    /** A source priced in another currency: what was quoted and the rate (absent or null: priced in rupees). */
    conversion: z.optional(z.nullable(ZConversion)),
    supplier: ZParty,
    recipient: ZParty,
    placeOfSupply: z.string(),
    /** Reverse charge never applies to these services; printed as the law asks. */
    reverseCharge: z.boolean(),
    lines: z.array(ZLine),
    ...taxFields(),
    amountInWords: z.string(),
    /** Credit notes: the invoice they reverse. */
    against: z.nullable(z.object({ id: z.string(), number: z.string(), issueDate: z.string() })),
    reason: z.string(),
    /** Invoices: their credit notes so far. */
    creditNotes: z.array(z.object({ id: z.string(), number: z.string(), issueDate: z.string(), total: z.number() })),
  }),
);
export type TInvoiceDocument = z.infer<typeof ZInvoiceDocument>;

export const ZInvoiceRow = lazy(() =>
  z.object({
    id: z.string(),
    docType: z.enum(DOCUMENT_TYPES),
    number: z.string(),
    issueDate: z.string(),
    source: z.enum(INVOICE_SOURCES),
    sourceRef: z.string(),
    recipientName: z.string(),
    recipientGstin: z.string(),
    placeOfSupply: z.string(),
    sac: z.string(),
    taxableValue: z.number(),
    cgst: z.number(),
    sgst: z.number(),
    igst: z.number(),
    total: z.number(),
    againstNumber: z.string(),
  }),
);
export type TInvoiceRow = z.infer<typeof ZInvoiceRow>;

export const ZInvoiceSettings = lazy(() =>
  z.object({
    legalName: z.string(),
    address: z.string(),
    gstin: z.string(),
    /** GST state code (`27`); must match the GSTIN's first two digits. */
    stateCode: z.string(),
    prefix: z.string(),
    exchangeRates: z._default(z.array(ZExchangeRate), []),
  }),
);
export type TInvoiceSettings = z.infer<typeof ZInvoiceSettings>;

export const ZInvoiceSettingsInput = lazy(() =>
  z.object({
    legalName: zName(),
    address: zAddress(),
    gstin: zShortText({ max: 15 }).check(z.toUpperCase(), z.regex(/^[0-9A-Z]{15}$/, INVOICE_MSG.invalidGstin)),
    stateCode: zShortText({ max: 2 }).check(z.regex(/^\d{2}$/, INVOICE_MSG.invalidState)),
    prefix: zShortText({ max: 3 }).check(z.toUpperCase(), z.regex(INVOICE_PREFIX, INVOICE_MSG.invalidPrefix)),
    exchangeRates: z._default(
      z
        .array(
          z.object({
            currency: zShortText({ max: 3 }).check(
              z.toUpperCase(),
              z.regex(/^[A-Z]{3}$/, INVOICE_MSG.invalidCurrency),
              z.refine((c) => c !== 'INR', INVOICE_MSG.invalidCurrency),
            ),
            inrPerUnit: z
              .number()
              .check(z.positive(INVOICE_MSG.invalidRate), z.maximum(100000, INVOICE_MSG.invalidRate)),
            /** Absent: the day it is saved (the site's day). Not in the future (checked by the server). */
            rateDate: z.optional(
              zShortText({ max: 10 }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, INVOICE_MSG.invalidRateDate)),
            ),
          }),
        )
        .check(
          z.maxLength(20),
          z.refine(
            (rates) => new Set(rates.map((r) => r.currency)).size === rates.length,
            INVOICE_MSG.duplicateCurrency,
          ),
        ),
      [],
    ),
  }),
);
export type TInvoiceSettingsInput = z.input<typeof ZInvoiceSettingsInput>;

const ZFile = lazy(() =>
  z.object({ fileName: z.string(), contentType: z.string(), base64: z.string(), rows: z.number() }),
);

export const getInvoice = endpoint({
  ...invoices,
  id: 'invoices.getInvoice',
  method: 'GET',
  path: 'invoices/getInvoice',
  auth: 'user',
  permission: 'invoices.view',
  request: lazy(() => z.object({ invoiceId: zId(INVOICE_MSG.notFound) })),
  response: ZInvoiceDocument,
  summary: 'Ours: one invoice or credit note, for the customer it was issued to or staff.',
});

export const getSourceInvoice = endpoint({
  ...invoices,
  id: 'invoices.getSourceInvoice',
  method: 'GET',
  path: 'invoices/getSourceInvoice',
  auth: 'user',
  permission: 'invoices.view',
  request: lazy(() => z.object({ source: z.enum(INVOICE_SOURCES), sourceId: zId(INVOICE_MSG.notFound) })),
  response: ZInvoiceDocument,
  summary: 'Ours: the invoice of a booking, activity cart or kart (with its credit notes), for its customer or staff.',
});

export const getInvoicePdf = endpoint({
  ...invoices,
  id: 'invoices.getInvoicePdf',
  method: 'GET',
  path: 'invoices/getInvoicePdf',
  auth: 'user',
  permission: 'invoices.view',
  request: lazy(() => z.object({ invoiceId: zId(INVOICE_MSG.notFound) })),
  response: ZFile,
  summary: 'Ours: an invoice or credit note as an A4 PDF (base64).',
});

export const listInvoices = endpoint({
  ...invoices,
  id: 'invoices.listInvoices',
  method: 'GET',
  path: 'invoices/listInvoices',
  auth: 'staff',
  permission: 'invoices.view',
  request: lazy(() =>
    z.object({
      month: zMonth(),
      docType: z._default(z.enum(DOCUMENT_TYPES), 'invoice'),
      cursor: z.optional(zCursor()),
      limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 50),
    }),
  ),
  response: lazy(() => z.object({ records: z.array(ZInvoiceRow), nextCursor: z.nullable(z.string()) })),
  summary: "Ours: a month's invoices or credit notes of the site, in number order (cursor pages).",
});

export const exportInvoices = endpoint({
  ...invoices,
  id: 'invoices.exportInvoices',
  method: 'GET',
  path: 'invoices/exportInvoices',
  auth: 'staff',
  permission: 'invoices.view',
  request: lazy(() => z.object({ month: zMonth() })),
  response: ZExportJob,
  summary: "Ours: starts the export of a month's invoices and credit notes as one .xlsx (GSTR-1 style columns).",
});

export const getInvoiceSettings = endpoint({
  ...invoices,
  id: 'invoices.getInvoiceSettings',
  method: 'GET',
  path: 'invoices/getInvoiceSettings',
  auth: 'staff',
  permission: 'invoices.view',
  request: lazy(() => z.object({})),
  response: lazy(() => z.nullable(ZInvoiceSettings)),
  summary: "Ours: the reseller's legal details printed on the site's invoices (null until saved).",
});

export const saveInvoiceSettings = endpoint({
  ...invoices,
  id: 'invoices.saveInvoiceSettings',
  method: 'POST',
  path: 'invoices/saveInvoiceSettings',
  auth: 'staff',
  permission: 'invoices.settings',
  request: ZInvoiceSettingsInput,
  response: ZInvoiceSettings,
  summary: "Ours: saves the reseller's legal details (GSTIN checked, state = the GSTIN's state, number prefix).",
});

export const issueBookingInvoice = endpoint({
  ...invoices,
  id: 'invoices.issueBookingInvoice',
  method: 'POST',
  path: 'invoices/issueBookingInvoice',
  auth: 'staff',
  permission: 'invoices.settings',
  request: lazy(() => z.object({ bookingId: zId(MSG.invalidReference) })),
  response: ZInvoiceDocument,
  summary:
    'Ours: issues the invoice of a ticketed booking whose after-booking step could not (settings saved late); the same invoice when it exists.',
});

export const invoicesEndpoints: Endpoint[] = [
  getInvoice,
  getSourceInvoice,
  getInvoicePdf,
  listInvoices,
  exportInvoices,
  getInvoiceSettings,
  saveInvoiceSettings,
  issueBookingInvoice,
];
