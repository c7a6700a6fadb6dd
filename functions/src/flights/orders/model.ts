/** The payment order's shared pieces: its messages, its stored shape, its public view and its wallet debit. */
import { JOURNEY_TYPE, type TBooking, type TPaymentOrder } from '@tp/contracts/endpoints/flights';
import type { BookingRecord } from '../../bookings/index.ts';
import type { WalletMovement } from '../../wallet/index.ts';
import type { OrderRecord } from '../repo.ts';
import type { TExtrasPurchase } from '@tp/contracts/endpoints/flights';
import type { SiteRecord } from '#lib/tenancy';
import type { PostTicketExtra } from '../../supply/index.ts';
import type { SiteId } from '#lib/keys';

export const ORDER_MSG = {
  insufficient: 'Insufficient wallet balance. Please add money to your wallet or pay online.',
  expired: 'This payment order has expired. Please start the booking again.',
  notPaid: 'Payment has not been received for this order yet.',
  inProgress: 'Your booking is being processed. Please check the ticket queue in a moment.',
  failed: 'The airline could not confirm this booking. Any amount paid has been credited to your wallet.',
  holdNotHeld: 'Only a held booking can be ticketed',
  holdLapsed: 'The last ticketing date of this hold has passed. Please book again.',
  holdNotOnline: 'This hold was not booked online and cannot be ticketed here. Please contact support.',
  ticketFailed: 'The airline could not ticket this booking. Any amount paid has been credited to your wallet.',
  extrasFailed: 'The airline could not add these extras. Any amount paid has been refunded.',
} as const;

/** What an order pays for. Stored on the order; orders from before kinds existed are 'book'. */
export type OrderKind = 'book' | 'ticketHold' | 'fixedDeparture' | 'extras';
/** The seats a 'fixedDeparture' order buys (docs/fixed-departures.md "Booking"). */
export interface FixedDepartureOrder {
  departureId: string;
  /** Where the departure is kept: this site, or the supplier site it was bought from. */
  ownerSiteId: SiteId;
  supplierSiteId: SiteId | null;
  seats: number;
  /** What the owner is paid (its name list shows it). */
  ownerAmount: number;
  title: string;
}
/** What an 'extras' order buys: on which booking, the supplier's offers chosen, and each line as priced. */
export interface ExtrasOrder {
  bookingId: string;
  extraIds: string[];
  /** The supplier's offers as chosen (their `item.price` is the supplier's), in `lines` order. */
  offers: PostTicketExtra[];
  lines: TExtrasPurchase['lines'];
}

/** Work after extras were bought (the supplementary invoice), handed in by the entry; never undoes the purchase. */
export type ExtrasHook = (
  site: SiteRecord,
  booking: BookingRecord,
  purchase: TExtrasPurchase,
  now: Date,
) => Promise<void>;

/**
 * An order as stored: a 'ticketHold' order names the held booking it tickets, a 'fixedDeparture' one its seats, an
 * 'extras' one the booking and the bags and seats it buys after ticketing.
 */
export type Order = OrderRecord & {
  kind?: OrderKind;
  heldBookingId?: string;
  fixedDeparture?: FixedDepartureOrder;
  extras?: ExtrasOrder;
  /** Set when it moved to 'paid'. */
  paidAt?: string;
};

export const CLAIM_SECONDS = 90;

export function orderView(o: OrderRecord): TPaymentOrder {
  return {
    orderId: o.orderId,
    amount: o.amount,
    currency: o.currency,
    traceId: o.traceId,
    redirectTo: o.redirectTo,
    remark: o.remark,
    serviceName: o.serviceName,
    supplierSiteId: o.supplierSiteId,
    segments: o.segments,
    transactionId: o.transactionId,
    status: o.status,
    paymentMode: o.paymentMode,
    hold: o.hold,
    expiresAt: o.expiresAt,
    bookingIds: o.bookingIds,
    ...(o.failureReason ? { failureReason: o.failureReason } : {}),
  };
}

/** The existing booking an order pays for ("Ticket now", extras), named on its wallet entries. */
export const bookingOfOrder = (o: Order): { bookingId?: string } => {
  const bookingId = o.heldBookingId ?? o.extras?.bookingId;
  return bookingId ? { bookingId } : {};
};

export const debitOf = (o: Order, now: Date): WalletMovement => ({
  siteId: o.siteId,
  legalEntityId: o.legalEntityId,
  entryId: `order-${o.orderId}-debit`,
  amount: o.amount,
  currency: o.currency,
  kind: 'booking',
  remark: o.remark,
  byUserId: o.userId,
  // A "Ticket now" debit (and its refund) also names the booking, so the booking's transactions list it.
  reference: { orderId: o.orderId, ...bookingOfOrder(o) },
  now,
});

export function publicBooking(b: BookingRecord): TBooking {
  const { siteId: _s, userId: _u, version: _v, ...rest } = b;
  return rest;
}

export const isFirstLegOfNormalReturn = (b: TBooking) =>
  b.journeyType === JOURNEY_TYPE.return && b.leg === 1 && !b.linkedBookingId;

export const TERMINAL = new Set(['booked', 'failed', 'refunded', 'expired']);
