/**
 * The invoices domain's public entry: the hooks the entries wire into the domains they follow (after a booking
 * is ticketed, after a refund is credited, after a cart or quotation is vouchered or cancelled). Light: no PDF
 * or .xlsx code.
 */
export {
  creditNoteOnDisruptionRefund,
  creditNoteOnRefund,
  creditNoteVisaRefund,
  invoiceBooked,
  invoiceCartStatus,
  invoiceExtras,
  invoiceKartStatus,
  invoiceVisaPaid,
} from './hooks.ts';
export type { VisaApplicationFacts } from './issue.ts';
export { newSettingsItem } from './repo.ts';
/** The GSTR-1 export, for the exports worker. */
export { gstInvoicesExport } from './documents.ts';
/** The period's invoices and credit notes as the books' documents, for the accounting export's entry. */
export { invoiceBookPages } from './books.ts';
