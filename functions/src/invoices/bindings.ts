/**
 * The invoices Lambda: GST tax invoices and credit notes, read, printed as PDF, listed
 * and exported by month; the site's invoice settings. docs/invoices.md.
 */
import * as api from '@tp/contracts/endpoints/invoices';
import { INVOICE_MSG } from '@tp/contracts/endpoints/invoices';
import { onDemand, operation, reply, type Operation } from '#lib/http';

const documents = onDemand(() => import('./documents.ts'));

export const operations: Operation[] = [
  operation(api.getInvoice, async (input, scope) => (await documents()).getDocument(scope, input.invoiceId)),
  operation(api.getSourceInvoice, async (input, scope) =>
    (await documents()).getSourceDocument(scope, input.source, input.sourceId),
  ),
  operation(api.getInvoicePdf, async (input, scope) => (await documents()).documentPdf(scope, input.invoiceId)),
  operation(api.listInvoices, async (input, scope) => (await documents()).listDocuments(scope, input)),
  operation(api.exportInvoices, async (input, scope) => (await documents()).exportMonth(scope, input.month)),
  operation(api.getInvoiceSettings, async (_input, scope) => (await documents()).getSettings(scope)),
  operation(api.saveInvoiceSettings, async (input, scope) =>
    reply(await (await documents()).saveSettings(scope, input), { message: INVOICE_MSG.settingsSaved }),
  ),
  operation(api.issueBookingInvoice, async (input, scope) =>
    reply(await (await documents()).issueForBooking(scope, input.bookingId), { message: INVOICE_MSG.issued }),
  ),
];
