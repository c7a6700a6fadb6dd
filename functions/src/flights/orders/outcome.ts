/**
 * What every kind of fulfilment shares: the outcome a caller gets, the failure that refunds once, and the
 * booking record built from a paid order (flight bookings and fixed-departure bookings alike).
 */
import { BOOKING_STATUS, type TBookedPassenger } from '@tp/contracts/endpoints/flights';
import type { GatewayName } from '@tp/contracts/endpoints/wallet';
import type { Principal } from '#lib/principal';
import type { BookingRecord } from '../../bookings/index.ts';
import type { OrderRecord } from '../repo.ts';
import type { OrderDeps } from './deps.ts';
import { bookingOfOrder, debitOf, isFirstLegOfNormalReturn, orderView, publicBooking, type Order } from './model.ts';

export async function outcome(deps: OrderDeps, o: Order) {
  const found = await Promise.all(o.bookingIds.map((id) => deps.bookings.getBooking(o.siteId, id)));
  const list = found.filter((b): b is BookingRecord => !!b);
  const first = list[0];
  // Ticketing a hold ends in the ticket queue whatever leg it was.
  const showReturn = o.kind !== 'ticketHold' && o.kind !== 'extras' && !!first && isFirstLegOfNormalReturn(first);
  return {
    order: orderView(o),
    bookings: list.map(publicBooking),
    next: showReturn ? ('bookingDetails' as const) : ('ticketQueue' as const),
  };
}

export type OrderOutcome = Awaited<ReturnType<typeof outcome>>;

/**
 * The supplier refused: the order fails and whatever was paid goes back once, where it came from: a gateway
 * payment through its gateway (tracked until the gateway confirms), a wallet debit to the wallet.
 */
export async function failOrder(deps: OrderDeps, order: Order, reason: string, now: Date): Promise<void> {
  const transition = deps.orders.orderTransition(order.siteId, order.orderId, ['booking'], {
    status: 'failed',
    failureReason: reason,
  });
  const remark = `Refund: ${order.remark} (${reason})`;
  const paid = order.gatewayPayment;
  const refund = order.hold
    ? []
    : paid
      ? deps.wallet.gatewayRefundItems({
          siteId: order.siteId,
          source: `OF-${order.orderId}`,
          payment: { paymentId: paid.paymentId, gateway: paid.gateway as GatewayName, amount: paid.amount },
          amount: order.amount,
          currency: order.currency,
          legalEntityId: order.legalEntityId,
          userId: order.userId,
          remark,
          reference: { orderId: order.orderId, ...bookingOfOrder(order) },
          now,
        }).items
      : deps.wallet.creditItems({
          ...debitOf(order, now),
          entryId: `order-${order.orderId}-refund`,
          kind: 'refund',
          remark,
        });
  // False: another run failed or booked it first; either way this one has nothing left to do.
  await deps.transact([...refund, transition]);
}

/** The gateway payment a booking keeps (not its amount or transaction: the booking's accounting has them). */
export const paymentOf = (p: { paymentId: string; gateway: string }) => ({
  paymentId: p.paymentId,
  gateway: p.gateway,
});

export function bookingRecord(
  order: OrderRecord,
  user: Principal | null,
  made: {
    pnr: string;
    supplierBookingId: string;
    lastTicketDate: string | null;
    tickets: { ticketId: string; ticketNumber: string; validatingAirline: string }[];
  },
  now: Date,
): BookingRecord {
  const opt = order.option;
  const held = order.hold;
  const perPax = (type: number) => {
    const f = order.fareBreakdown.find((x) => x.passengerType === type);
    return { passengerType: type, baseFare: f?.baseFare ?? 0, tax: f?.tax ?? 0, totalFare: f?.totalFare ?? 0 };
  };
  const passengers: TBookedPassenger[] = order.passengers.map((p, i) => ({
    ...p,
    isLeadPax: p.isLeadPax ?? i === 0,
    paxIndex: i,
    ticket: made.tickets[i] ?? null,
    fare: perPax(p.paxType),
  }));
  const rec = user?.record ?? {};
  return {
    siteId: order.siteId,
    userId: order.userId,
    version: 1,
    bookingId: '',
    pnr: made.pnr,
    orderId: order.orderId,
    searchId: order.searchId,
    resultIndex: order.resultIndex,
    supplierBookingId: made.supplierBookingId,
    source: opt.source,
    supplier: order.supply,
    // From the quoted option, so a consumer site booking through a simulated supplier site is marked too.
    ...(opt.testInventory ? { testInventory: true as const } : {}),
    isLcc: opt.isLcc,
    isRefundable: opt.isRefundable,
    isDomestic: order.isDomestic,
    journeyType: order.journeyType,
    leg: order.leg,
    linkedBookingId: null,
    ...(order.tripId ? { tripId: order.tripId } : {}),
    statusId: held ? BOOKING_STATUS.held : BOOKING_STATUS.ticketed,
    status: held ? 'Held' : 'Ticketed',
    lastTicketDate: held ? made.lastTicketDate : null,
    airlineCode: opt.airlineCode,
    airlineName: opt.airlineName,
    segments: opt.segments.map((trip) =>
      trip.map((s) => ({ ...s, airlinePnr: s.airlinePnr ?? made.pnr, flightStatus: 'Confirmed' })),
    ),
    passengers,
    fare: order.fare,
    fareRules: order.fareRules,
    agentMarkup: 0,
    agentDiscount: 0,
    accounting: {
      amountCharged: held ? 0 : order.amount,
      currency: order.currency,
      paymentMode: order.paymentMode,
      transactionId: held ? null : (order.transactionId ?? `order-${order.orderId}-debit`),
      legalEntityId: order.legalEntityId,
      refundedAmount: 0,
      // Its refunds go back to that payment through its gateway.
      ...(!held && order.gatewayPayment ? { gatewayPayment: paymentOf(order.gatewayPayment) } : {}),
    },
    user: {
      userId: order.userId,
      email: String(rec.email ?? ''),
      firstName: String(rec.firstName ?? ''),
      lastName: String(rec.lastName ?? ''),
      userType: String(rec.userType ?? ''),
      ...(rec.companyName ? { companyName: String(rec.companyName) } : {}),
    },
    ticketCRInfo: [],
    supplierChangeReqStatus: null,
    createdAt: now.toISOString(),
    travelDate: opt.segments[0]?.[0]?.departureTime ?? now.toISOString(),
    invoiceCreatedOn: held ? null : now.toISOString(),
  };
}
