/**
 * The exports queue worker: runs each export job (functions/src/exports/worker.ts) with every kind's source, taken
 * from the domain that owns the data.
 */
import { requireConfig } from '#lib/config';
import { siteById } from '#lib/tenancy';
import { createExportsHandler, type ExportsWorkerWiring } from '../../exports/index.ts';
import { dmcDataExport, hotelContractExport } from '../../dmc/index.ts';
import { enquiriesExport } from '../../enquiries/index.ts';
import { gstInvoicesExport, invoiceBookPages } from '../../invoices/index.ts';
import { booksExport, jobSheetExport, payablesExport } from '../../kart/index.ts';
import { auditLogExport } from '../../rbac/index.ts';
import { ticketsExport } from '../../tickets/index.ts';
import { walletBalancesExport } from '../../wallet/index.ts';

// Fails this worker's cold start, not its first message, when the stack left out its configuration.
requireConfig(['TABLE_NAME']);

export const wiring: ExportsWorkerWiring = {
  sources: {
    tickets: ticketsExport,
    auditLog: auditLogExport,
    enquiries: enquiriesExport,
    jobSheet: jobSheetExport,
    gstInvoices: gstInvoicesExport,
    dmcData: dmcDataExport,
    hotelContract: hotelContractExport,
    payables: payablesExport,
    // The books: the kart's receipts, refunds and payables with the invoices domain's documents of the period.
    accounting: booksExport(invoiceBookPages),
    walletBalances: walletBalancesExport,
  },
  site: siteById,
};

export const handler = createExportsHandler(wiring);
