/** "Ticket now" on a held booking (hold queue): an order of kind 'ticketHold' for the held fare. */
import { BOOKING_STATUS, FLIGHT_TIMING, type TPaymentOrder } from '@tp/contracts/endpoints/flights';
import { round2 } from '@tp/domain/pricing';
import { newId } from '#lib/crypto';
import { fail } from '#lib/errors';
import { supplyOf, type FlightScope } from '../shopping/index.ts';
import type { OrderDeps } from './deps.ts';
import { ORDER_MSG, orderView, type Order } from './model.ts';
import type { SiteId } from '#lib/keys';

/** An open order may be paid (again); a failed or lapsed one gives way to a new one. */
const isOpen = (o: Order, nowIso: string) =>
  (o.status === 'created' && o.expiresAt > nowIso) || o.status === 'paid' || o.status === 'booking';

/** The order the hold's guard item names, when still open. */
async function openTicketOrder(deps: OrderDeps, siteId: SiteId, bookingId: string, nowIso: string) {
  const guardOrderId = await deps.orders.holdTicketOrderId(siteId, bookingId);
  const order: Order | null = guardOrderId ? await deps.orders.getOrder(siteId, guardOrderId) : null;
  return { guardOrderId, open: order && isOpen(order, nowIso) ? order : null };
}

/**
 * Creates (or returns the open) payment order that tickets a held booking. The booking's owner pays
 * as when booking: retail customers through the site's gateway, everyone else from their wallet. The
 * supply interface cannot re-price a held PNR, so the amount is the held fare. Staff may do it for
 * the site's bookings; the owner's wallet is charged, as the booking's refunds go back to it.
 */
export async function createTicketHoldOrder(
  deps: OrderDeps,
  scope: FlightScope,
  input: { BookingId: string; expectedTotal?: number | undefined },
): Promise<TPaymentOrder> {
  const siteId = scope.site.siteId;
  const b = await deps.bookings.getBooking(siteId, input.BookingId);
  if (!b || (b.userId !== scope.principal.userId && scope.principal.userType !== 'staff')) throw fail.notFound();
  if (b.statusId !== BOOKING_STATUS.held) throw fail.validation(ORDER_MSG.holdNotHeld);
  // No supply to ticket with (e.g. the simulator on a stage that refuses it): refused before any order or debit.
  await supplyOf(scope, deps.supplyFor);
  const nowIso = scope.now.toISOString();
  if (!b.lastTicketDate || Date.parse(b.lastTicketDate) <= scope.now.getTime())
    throw fail.validation(ORDER_MSG.holdLapsed);
  const amount = round2(b.fare.totalPayableAmt);
  if (input.expectedTotal !== undefined && round2(input.expectedTotal) !== amount)
    throw fail.conflict('The fare has changed. Please review the new price before paying.');

  // One open order per hold: a second click (or tab) gets the same order, so it cannot be paid twice.
  const { guardOrderId, open } = await openTicketOrder(deps, siteId, b.bookingId, nowIso);
  if (open) return orderView(open);
  const held = await deps.orders.getOrder(siteId, b.orderId);
  if (!held) throw fail.validation(ORDER_MSG.holdNotOnline);

  const orderId = newId();
  const paymentMode = b.user.userType === 'retail' ? 'gateway' : 'wallet';
  // Payable until the order lapses or the hold does, whichever is first.
  const lapses = Math.min(
    scope.now.getTime() + FLIGHT_TIMING.paymentOrderMinutes * 60_000,
    Date.parse(b.lastTicketDate),
  );
  const order: Order = {
    kind: 'ticketHold',
    heldBookingId: b.bookingId,
    orderId,
    amount,
    currency: b.fare.currency,
    traceId: held.traceId,
    redirectTo: null,
    remark: `Ticketing of PNR ${b.pnr}`,
    serviceName: held.serviceName,
    supplierSiteId: held.supplierSiteId,
    segments: held.segments,
    transactionId: null,
    status: 'created',
    paymentMode,
    hold: false,
    expiresAt: new Date(lapses).toISOString(),
    bookingIds: [],
    siteId,
    userId: b.userId,
    legalEntityId: b.accounting.legalEntityId,
    searchId: b.searchId,
    resultIndex: b.resultIndex,
    supply: held.supply,
    option: held.option,
    supplierFare: held.supplierFare,
    fare: b.fare,
    fareBreakdown: held.fareBreakdown,
    fareRules: b.fareRules,
    passengers: held.passengers,
    journeyType: b.journeyType,
    isDomestic: b.isDomestic,
    leg: b.leg,
    createdAt: nowIso,
  };
  if (paymentMode === 'gateway') {
    const started = await deps.payments.startGatewayPayment(scope.site, {
      purpose: { kind: 'flightOrder', orderId },
      amount,
      currency: order.currency,
      userId: order.userId,
      legalEntityId: order.legalEntityId,
      now: scope.now,
      remark: order.remark,
    });
    order.redirectTo = started.redirectTo;
  }
  await deps.orders.putOrder(order);
  // Claims the hold for this order unless another open order got there first (then that one is used).
  if (!(await deps.orders.claimHoldTicketOrder(siteId, b.bookingId, orderId, guardOrderId, nowIso))) {
    const raced = await openTicketOrder(deps, siteId, b.bookingId, nowIso);
    if (raced.open) return orderView(raced.open);
    throw fail.conflict('This booking is being ticketed. Please check the ticket queue in a moment.');
  }
  return orderView(order);
}
