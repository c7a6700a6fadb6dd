/**
 * The invoices domain's public entry: the hooks the composition roots plug in (after a booking is ticketed, after
 * a refund is credited). Light: no PDF or .xlsx code.
 */
export {
  creditNoteOnRefund,
  invoiceBooked,
  invoiceCartStatus,
  invoiceKartStatus,
  plugCartHooks,
  plugRefundHooks,
} from './hooks.ts';
