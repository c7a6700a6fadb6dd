/**
 * The invoices domain's after-booking, after-refund and after-status work: best-effort like every hook (the booking,
 * refund or status change stands whatever happens here; a failure is logged and staff can issue the invoice later).
 * The entries hand these to the domains they follow, in those domains' wiring.
 */
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import { siteById, type SiteRecord } from '#lib/tenancy';
import type { BookedHook, DisruptionRefundedHook, RefundedHook } from '../bookings/index.ts';
import type { ExtrasHook } from '../flights/index.ts';
import type { CartStatusHook } from '../activities/index.ts';
import type { KartStatusHook } from '../kart/index.ts';
import {
  issueBookingInvoice,
  issueCartInvoice,
  issueCreditNote,
  issueExtrasInvoice,
  issueKartInvoice,
  issueRefundCreditNote,
  issueVisaInvoice,
  type VisaApplicationFacts,
} from './issue.ts';

/** The tax invoice of a booking once ticketed (a hold is invoiced when "Ticket now" tickets it). */
export const invoiceBooked: BookedHook = async (site, booking, now) => {
  if (booking.statusId !== BOOKING_STATUS.ticketed) return;
  await issueBookingInvoice(site, booking, now);
};

/** The supplementary invoice of extras bought after ticketing, once per purchase. */
export const invoiceExtras: ExtrasHook = async (site, booking, purchase, now) => {
  await issueExtrasInvoice(site, booking, purchase, now);
};

/** The credit note of a change request's credited refund (none when nothing was refunded). */
export const creditNoteOnRefund: RefundedHook = async (siteId, booking, changeRequestId, now) => {
  const cr = booking.ticketCRInfo.find((c) => c.changeRequestId === changeRequestId);
  if (!cr?.creditedAt || !(cr.refundedAmount && cr.refundedAmount > 0)) return;
  const site = await siteById(siteId);
  if (!site) return;
  await issueRefundCreditNote(
    site,
    booking,
    {
      refundId: changeRequestId,
      amount: cr.refundedAmount,
      cancellationCharge: cr.cancellationCharge ?? 0,
      breakdown: cr.breakdown,
    },
    now,
  );
};

/**
 * The credit note of a disruption's full refund (the traveller refused the airline's new schedule): everything
 * still unrefunded came back, the service fee included, so the invoice's parts are reversed in that proportion.
 * Keyed by the refund (issueCreditNote finds one already issued), so it is issued once however often it runs.
 */
export const creditNoteOnDisruptionRefund: DisruptionRefundedHook = async (site, booking, refund, now) => {
  if (!(refund.amount > 0)) return;
  await issueCreditNote(
    site,
    {
      source: 'booking',
      sourceId: booking.bookingId,
      refundId: refund.refundId,
      amount: refund.amount,
      reason: `Full refund for PNR ${booking.pnr}: the airline's schedule change ${refund.disruptionId} was refused`,
    },
    now,
  );
};

/**
 * A vouchered activity cart gets its invoice; a vouchered cart cancelled gets the credit note reversing what is left
 * of it (nothing was charged through the platform for a cart, so a cancellation reverses it in full).
 */
export const invoiceCartStatus: CartStatusHook = async (site, cart, from, now) => {
  if (cart.status === 'vouchered') await issueCartInvoice(site, cart, now);
  else if (cart.status === 'cancelled' && from === 'vouchered')
    await issueCreditNote(
      site,
      {
        source: 'cart',
        sourceId: cart.id,
        refundId: 'cancelled',
        amount: null,
        reason: `Cart ${cart.reference} cancelled`,
      },
      now,
    );
};

/**
 * A vouchered quotation gets its invoice; a vouchered one cancelled gets the credit note reversing what is left of
 * it. The kart Lambda's entry wires it in (karts are heavy: this domain imports only their types).
 */
export const invoiceKartStatus: KartStatusHook = async (site, kart, change, now) => {
  if (change === 'vouchered') await issueKartInvoice(site, kart, now);
  else
    await issueCreditNote(
      site,
      {
        source: 'kart',
        sourceId: kart.id,
        refundId: 'cancelled',
        // A cancellation fee stays invoiced: the note credits the rest (all of it without a fee), as a share of
        // the whole, since the invoice may be in another currency than the quotation (rupees).
        amount: null,
        ...(kart.cancellation?.fee && kart.totals.grandTotal > 0
          ? { share: Math.max(0, 1 - kart.cancellation.fee / kart.totals.grandTotal) }
          : {}),
        reason: kart.cancellation?.fee
          ? `Quotation ${kart.quotationId} cancelled; cancellation fee ${kart.cancellation.fee} kept`
          : `Quotation ${kart.quotationId} cancelled`,
      },
      now,
    );
};

/** A paid visa application's invoice (issued once); the id of the document, for the application's record. */
export const invoiceVisaPaid = async (site: SiteRecord, app: VisaApplicationFacts, now: Date): Promise<string> =>
  (await issueVisaInvoice(site, app, now)).id;

/** The credit note of a visa application's refund (rejected or cancelled), once; none when nothing was refunded. */
export const creditNoteVisaRefund = async (
  site: SiteRecord,
  app: Pick<VisaApplicationFacts, 'id' | 'reference'>,
  refund: { amount: number; outcome: 'rejected' | 'cancelled' },
  now: Date,
): Promise<void> => {
  await issueCreditNote(
    site,
    {
      source: 'visa',
      sourceId: app.id,
      refundId: refund.outcome,
      amount: refund.amount,
      reason: `Visa application ${app.reference} ${refund.outcome}: refund under the site's terms`,
    },
    now,
  );
};
