/**
 * The invoices domain's calls: one document (the customer it was issued to, or staff), a month's list and its
 * GSTR-1 style .xlsx, the site's invoice settings, and staff issuing a booking's missing invoice.
 */
import {
  INVOICE_MSG,
  type DocumentType,
  type InvoiceSource,
  type TInvoiceDocument,
  type TInvoiceRow,
  type TInvoiceSettings,
  type TInvoiceSettingsInput,
} from '@tp/contracts/endpoints/invoices';
import * as MSG from '@tp/contracts/messages';
import { gstStateOf, type DocumentSeries } from '@tp/domain/gst';
import { isValidGstin } from '@tp/domain/tax-ids';
import { parseDateInput } from '@tp/domain/format';
import { customerSees } from '#lib/account-members';
import { fail } from '#lib/errors';
import { siteToday } from '#lib/time';
import { reply, answers, type SignedInScope } from '#lib/answers';
import type { SiteId } from '#lib/keys';
import { pagesByCursor, startExport, type ExportCell, type ExportColumn, type ExportSource } from '../exports/index.ts';
import { getBooking } from '../bookings/index.ts';
import { issueBookingInvoice, NotIssued } from './issue.ts';
import type { DocumentRecord } from './model.ts';
import { documentFileName, invoicePdf } from './pdf.ts';
import * as repo from './repo.ts';
import * as api from '@tp/contracts/endpoints/invoices';

const isStaff = (scope: SignedInScope) => scope.principal.userType === 'staff';

/** The contract's document: what is stored, without ownership and bookkeeping fields. */
export function documentView(d: DocumentRecord): TInvoiceDocument {
  const { siteId: _s, userId: _u, legalEntityId: _l, sequence: _q, version: _v, credited: _c, ...view } = d;
  return view;
}

async function readable(scope: SignedInScope, id: string | null): Promise<DocumentRecord> {
  const doc = id ? await repo.getDocument(scope.site.siteId, id) : null;
  // Another customer's document reads as none at all.
  if (!doc || (!isStaff(scope) && !customerSees(scope.principal, doc))) throw fail.notFound(INVOICE_MSG.notFound);
  return doc;
}

export async function getDocument(scope: SignedInScope, invoiceId: string): Promise<TInvoiceDocument> {
  return documentView(await readable(scope, invoiceId));
}

export async function getSourceDocument(
  scope: SignedInScope,
  source: InvoiceSource,
  sourceId: string,
): Promise<TInvoiceDocument> {
  return documentView(await readable(scope, await repo.documentIdOfSource(scope.site.siteId, source, sourceId)));
}

export async function documentPdf(scope: SignedInScope, invoiceId: string) {
  const doc = documentView(await readable(scope, invoiceId));
  const bytes = await invoicePdf(doc);
  return {
    fileName: documentFileName(doc),
    contentType: 'application/pdf',
    base64: Buffer.from(bytes).toString('base64'),
    rows: 1,
  };
}

const seriesOf = (t: DocumentType): DocumentSeries => (t === 'invoice' ? 'invoice' : 'creditNote');

function rowOf(d: DocumentRecord): TInvoiceRow {
  return {
    id: d.id,
    docType: d.docType,
    number: d.number,
    issueDate: d.issueDate,
    source: d.source,
    sourceRef: d.sourceRef,
    recipientName: d.recipient.name,
    recipientGstin: d.recipient.gstin,
    placeOfSupply: d.placeOfSupply,
    sac: d.sac,
    taxableValue: d.taxableValue,
    cgst: d.cgst,
    sgst: d.sgst,
    igst: d.igst,
    total: d.total,
    againstNumber: d.against?.number ?? '',
  };
}

export async function listDocuments(
  scope: SignedInScope,
  input: { month: string; docType: DocumentType; cursor?: string | undefined; limit: number },
) {
  // Newest first: the document staff look for is usually the one just issued.
  const page = await repo.monthPage(scope.site.siteId, seriesOf(input.docType), input.month, {
    cursor: input.cursor,
    limit: input.limit,
    newestFirst: true,
  });
  return { records: page.records.map(rowOf), nextCursor: page.nextCursor };
}

/** GSTR-1 style columns (B2B / B2C invoices; credit / debit notes): one row per document. */
// Both sheets open with the recipient and carry the same tax columns, in the same order.
const RECIPIENT_COLUMNS: ExportColumn[] = [
  { header: 'GSTIN/UIN of Recipient', width: 20 },
  { header: 'Receiver Name', width: 30 },
];
const TAX_COLUMNS: ExportColumn[] = [
  { header: 'Rate', width: 6 },
  { header: 'Taxable Value', width: 14 },
  { header: 'IGST', width: 12 },
  { header: 'CGST', width: 12 },
  { header: 'SGST', width: 12 },
  { header: 'Pure agent amount', width: 14 },
  { header: 'SAC', width: 8 },
];
const recipientCells = (d: DocumentRecord) => [d.recipient.gstin, d.recipient.name];
const taxCells = (d: DocumentRecord) => [d.rate, d.taxableValue, d.igst, d.cgst, d.sgst, d.reimbursement, d.sac];

const COLUMNS: ExportColumn[] = [
  ...RECIPIENT_COLUMNS,
  { header: 'Invoice Number', width: 18 },
  { header: 'Invoice date', width: 12 },
  { header: 'Invoice Value', width: 14 },
  { header: 'Place Of Supply', width: 22 },
  { header: 'Reverse Charge', width: 8 },
  { header: 'Invoice Type', width: 16 },
  ...TAX_COLUMNS,
  { header: 'Reference', width: 14 },
];
const NOTE_COLUMNS: ExportColumn[] = [
  ...RECIPIENT_COLUMNS,
  { header: 'Note Number', width: 18 },
  { header: 'Note date', width: 12 },
  { header: 'Note Type', width: 8 },
  { header: 'Original Invoice Number', width: 18 },
  { header: 'Original Invoice date', width: 12 },
  { header: 'Note Value', width: 14 },
  { header: 'Place Of Supply', width: 22 },
  ...TAX_COLUMNS,
  { header: 'Reason', width: 40 },
];

const invoiceType = (d: DocumentRecord) =>
  d.supplyType === 'zeroRated' ? 'Export (zero-rated)' : d.recipient.gstin ? 'Regular B2B' : 'B2C';

const invoiceRow = (d: DocumentRecord): ExportCell[] => [
  ...recipientCells(d),
  d.number,
  d.issueDate,
  d.total,
  d.placeOfSupply,
  d.reverseCharge ? 'Y' : 'N',
  invoiceType(d),
  ...taxCells(d),
  d.sourceRef,
];

const noteRow = (d: DocumentRecord): ExportCell[] => [
  ...recipientCells(d),
  d.number,
  d.issueDate,
  'C',
  d.against?.number ?? '',
  d.against?.issueDate ?? '',
  d.total,
  d.placeOfSupply,
  ...taxCells(d),
  d.reason,
];

export const startMonthExport = (scope: SignedInScope, month: string) =>
  startExport(scope, { kind: 'gstInvoices', filter: { month }, fileName: `gst-invoices-${month}.xlsx` });

/** A month of one series, a page at a time. */
async function* monthPages(
  siteId: SiteId,
  series: DocumentSeries,
  month: string,
  row: (d: DocumentRecord) => ExportCell[],
) {
  yield* pagesByCursor((page) => repo.monthPage(siteId, series, month, page), row);
}

/** The GSTR-1 export in the worker: the month's invoices, then its credit notes, each a sheet. */
export const gstInvoicesExport: ExportSource = async (site, { month }) => {
  const m = String(month);
  return {
    total: null,
    creator: site.companyName,
    sheets: [
      { name: 'Invoices', columns: COLUMNS, pages: () => monthPages(site.siteId, 'invoice', m, invoiceRow) },
      { name: 'Credit notes', columns: NOTE_COLUMNS, pages: () => monthPages(site.siteId, 'creditNote', m, noteRow) },
    ],
  };
};

export const getSettings = (scope: SignedInScope): Promise<TInvoiceSettings | null> =>
  repo.getSettings(scope.site.siteId);

export async function saveSettings(scope: SignedInScope, input: TInvoiceSettingsInput): Promise<TInvoiceSettings> {
  const today = siteToday(scope.site, scope.now);
  const gstin = input.gstin.trim().toUpperCase();
  if (!isValidGstin(gstin)) throw fail.validation(INVOICE_MSG.invalidGstin, { gstin: INVOICE_MSG.invalidGstin });
  const state = gstStateOf(input.stateCode);
  if (!state) throw fail.validation(INVOICE_MSG.invalidState, { stateCode: INVOICE_MSG.invalidState });
  if (gstin.slice(0, 2) !== state.code)
    throw fail.validation(INVOICE_MSG.stateMismatch, { stateCode: INVOICE_MSG.stateMismatch });
  const settings: TInvoiceSettings = {
    legalName: input.legalName.trim(),
    address: input.address.trim(),
    gstin,
    stateCode: state.code,
    prefix: input.prefix.trim().toUpperCase(),
    exchangeRates: (input.exchangeRates ?? []).map((r, i) => {
      // The day the rate is of: as given (not after today), else today, in the site's time zone.
      if (r.rateDate !== undefined && !(parseDateInput(r.rateDate) === r.rateDate && r.rateDate <= today))
        throw fail.validation(INVOICE_MSG.invalidRateDate, {
          [`exchangeRates.${i}.rateDate`]: INVOICE_MSG.invalidRateDate,
        });
      return { currency: r.currency.trim().toUpperCase(), inrPerUnit: r.inrPerUnit, rateDate: r.rateDate ?? today };
    }),
  };
  await repo.putSettings(scope.site.siteId, settings, scope.now);
  return settings;
}

/** Staff: the invoice of a ticketed booking whose after-booking step could not issue it. */
export async function issueForBooking(scope: SignedInScope, bookingId: string): Promise<TInvoiceDocument> {
  const booking = await getBooking(scope.site.siteId, bookingId);
  if (!booking) throw fail.notFound(MSG.notFound);
  try {
    return documentView(await issueBookingInvoice(scope.site, booking, scope.now));
  } catch (err) {
    if (err instanceof NotIssued) throw fail.validation(`${INVOICE_MSG.notInvoiceable}: ${err.message}`);
    throw err;
  }
}

// The invoices Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetInvoice = answers(api.getInvoice, (input, scope) => getDocument(scope, input.invoiceId));
export const answerGetSourceInvoice = answers(api.getSourceInvoice, (input, scope) =>
  getSourceDocument(scope, input.source, input.sourceId),
);
export const answerGetInvoicePdf = answers(api.getInvoicePdf, (input, scope) => documentPdf(scope, input.invoiceId));
export const answerListInvoices = answers(api.listInvoices, (input, scope) => listDocuments(scope, input));
export const answerExportInvoices = answers(api.exportInvoices, (input, scope) => startMonthExport(scope, input.month));
export const answerGetInvoiceSettings = answers(api.getInvoiceSettings, (_input, scope) => getSettings(scope));
export const answerSaveInvoiceSettings = answers(api.saveInvoiceSettings, async (input, scope) =>
  reply(await saveSettings(scope, input), { message: INVOICE_MSG.settingsSaved }),
);
export const answerIssueBookingInvoice = answers(api.issueBookingInvoice, async (input, scope) =>
  reply(await issueForBooking(scope, input.bookingId), { message: INVOICE_MSG.issued }),
);
