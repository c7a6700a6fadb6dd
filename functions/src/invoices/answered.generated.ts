// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/invoices';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.getInvoice, () => import('./documents.ts'), 'answerGetInvoice', undefined),
  gathered(c0.getSourceInvoice, () => import('./documents.ts'), 'answerGetSourceInvoice', undefined),
  gathered(c0.getInvoicePdf, () => import('./documents.ts'), 'answerGetInvoicePdf', undefined),
  gathered(c0.listInvoices, () => import('./documents.ts'), 'answerListInvoices', undefined),
  gathered(c0.exportInvoices, () => import('./documents.ts'), 'answerExportInvoices', undefined),
  gathered(c0.getInvoiceSettings, () => import('./documents.ts'), 'answerGetInvoiceSettings', undefined),
  gathered(c0.saveInvoiceSettings, () => import('./documents.ts'), 'answerSaveInvoiceSettings', undefined),
  gathered(c0.issueBookingInvoice, () => import('./documents.ts'), 'answerIssueBookingInvoice', undefined),
];
