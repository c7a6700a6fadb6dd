/**
 * The invoices domain's hooks as the entries wire them into the domains they follow (a cart or quotation status,
 * a credited refund). Each loads the invoices code with its first call, so no Lambda's cold start parses it.
 */
import { onDemand } from '#lib/http';
import type { CartStatusHook } from '../../activities/index.ts';
import type { BookedHook, DisruptionRefundedHook, RefundedHook } from '../../bookings/index.ts';
import type { KartStatusHook } from '../../kart/index.ts';

const invoices = onDemand(() => import('../../invoices/index.ts'));

/** A vouchered cart gets its GST invoice; a vouchered cart cancelled, its credit note. */
export const invoiceCartStatus: CartStatusHook = async (...args) => (await invoices()).invoiceCartStatus(...args);
/** A vouchered quotation gets its GST invoice; a vouchered quotation cancelled, its credit note. */
export const invoiceKartStatus: KartStatusHook = async (...args) => (await invoices()).invoiceKartStatus(...args);
/** A change request's credited refund gets its GST credit note. */
export const creditNoteOnRefund: RefundedHook = async (...args) => (await invoices()).creditNoteOnRefund(...args);
/** A disruption's full refund gets its GST credit note. */
export const creditNoteOnDisruptionRefund: DisruptionRefundedHook = async (...args) =>
  (await invoices()).creditNoteOnDisruptionRefund(...args);
/** An imported PNR gets the GST invoice of a ticketed booking. */
export const invoiceImported: BookedHook = async (...args) => (await invoices()).invoiceBooked(...args);
