/** The kart domain's public entry: what workers use (the payment-deadline reminder's deadline handler). */
export { remindPaymentDeadline } from './reminders.ts';
/** Staff turn a confirmed activity cart into a quotation through the one save path (activities Lambda). */
export { saveKart } from './karts.ts';
/** What the entry wires in (the GST invoice of a vouchered quotation) and the kart as stored. */
export type { KartStatusHook, KartWiring } from './hooks.ts';
export type { KartRecord } from './model.ts';
/** A quotation's verified gateway payment becomes its receipt (the payments worker and the reconciler). */
export { receiveGatewayPayment } from './receipts.ts';
/** The balance reminder to the customer, fired by the deadline worker. */
export { remindKartBalance } from './balance-reminders.ts';
/** The job sheet's export, for the exports worker. */
export { jobSheetExport } from './operations/export.ts';
/** The supplier payables' export, for the exports worker. */
export { payablesExport } from './payables-export.ts';
/** The accounting export's source (the books), for the exports worker: the entry hands in the invoices' reader. */
export { booksExport } from './books.ts';
