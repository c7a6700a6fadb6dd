/**
 * Fulfilment: a paid order is claimed, booked (and ticketed) at the supplier once, and stored with its
 * booking in one transaction; a refusal fails it and refunds what was paid. "Ticket now" orders ticket
 * their held PNR instead.
 */
import { BOOKING_STATUS, JOURNEY_TYPE } from '@tp/contracts/endpoints/flights';
import { stepsOf } from '@tp/domain/fulfilment';
import { fail } from '#lib/errors';
import { createLogger } from '#lib/logger';
import type { SiteRecord } from '#lib/tenancy';
import { runAfterBooked, type BookingRecord } from '../../bookings/index.ts';
import {
  SupplyError,
  type FlightSupply,
  type SupplierBookingDetails,
  type SupplyContext,
  type TicketRequest,
} from '../../supply/index.ts';
import { monthKey } from '../../users/index.ts';
import type { OrderRecord } from '../repo.ts';
import type { OrderDeps } from './deps.ts';
import { CLAIM_SECONDS, ORDER_MSG, TERMINAL, type Order } from './model.ts';
import type { SiteId } from '#lib/keys';
import { bookFixedDeparture } from './fixed-departure.ts';
import { fulfilExtras } from './extras.ts';
import { bookingRecord, failOrder, outcome, paymentOf, type OrderOutcome } from './outcome.ts';

async function waitForTerminal(
  deps: OrderDeps,
  siteId: SiteId,
  orderId: string,
  ms: number,
): Promise<OrderRecord | null> {
  const until = Date.now() + ms;
  for (;;) {
    const o = await deps.orders.getOrder(siteId, orderId);
    if (!o || TERMINAL.has(o.status) || Date.now() > until) return o;
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Books (and tickets) a paid order exactly once; returns the outcome to every caller. */
export async function fulfilOrder(deps: OrderDeps, siteId: SiteId, orderId: string, now: Date): Promise<OrderOutcome> {
  const order: Order | null = await deps.orders.getOrder(siteId, orderId);
  if (!order) throw fail.notFound();
  if (TERMINAL.has(order.status)) {
    if (order.status === 'failed') throw fail.conflict(order.failureReason ?? ORDER_MSG.failed);
    return outcome(deps, order);
  }
  if (order.status === 'created') {
    if (order.expiresAt <= now.toISOString()) throw fail.gone(ORDER_MSG.expired);
    throw fail.paymentRequired(ORDER_MSG.notPaid);
  }
  const nowIso = now.toISOString();
  const claimed = await deps.orders.transitionOrder(
    siteId,
    orderId,
    ['paid', 'booking'],
    { status: 'booking', claimUntil: new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString() },
    { expression: '#status = :paidState OR claimUntil < :now', values: { ':paidState': 'paid', ':now': nowIso } },
  );
  if (!claimed) {
    const settled = await waitForTerminal(deps, siteId, orderId, 12_000);
    if (settled?.status === 'booked') return outcome(deps, settled);
    if (settled?.status === 'failed') throw fail.conflict(settled.failureReason ?? ORDER_MSG.failed);
    throw fail.conflict(ORDER_MSG.inProgress);
  }
  // A claim taken over from 'booking' follows an attempt that stopped half-way: the supplier may
  // already hold or have ticketed this order.
  const retaken = order.status === 'booking';
  if (order.kind === 'fixedDeparture') return bookFixedDeparture(deps, order, now);
  if (order.kind === 'extras') return fulfilExtras(deps, order, now);
  return order.kind === 'ticketHold' ? ticketHeld(deps, order, now) : book(deps, order, now, retaken);
}

const supplyContext = (site: SiteRecord, order: Order, now: Date): SupplyContext => ({
  siteId: site.siteId,
  now,
  endUserIp: '127.0.0.1',
  log: createLogger({ orderId: order.orderId }),
});

/** What an earlier attempt left at the supplier under our reference, as this attempt's starting point. */
function madeBefore(order: Order, found: SupplierBookingDetails | null) {
  if (!found) return null;
  if (found.status !== 'held' && found.status !== 'ticketed')
    throw new SupplyError('failed', 'The airline no longer holds this booking');
  return {
    pnr: found.pnr,
    supplierBookingId: found.supplierBookingId,
    lastTicketDate: found.lastTicketDate,
    tickets:
      found.status === 'ticketed'
        ? found.tickets.map((t) => ({
            ticketId: t.ticketId,
            ticketNumber: t.ticketNumber,
            validatingAirline: order.option.airlineCode,
          }))
        : null,
  };
}

/**
 * Tickets a PNR booked to be ticketed at once. A refusal releases it first (best effort), so a sale that
 * failed never leaves a hold behind, least of all where the supplier forbids holds; a timeout keeps it
 * for the retry, which finds it by our reference and tickets it.
 */
async function ticketBooked(
  supply: FlightSupply,
  ctx: SupplyContext,
  req: TicketRequest & { supplierBookingId: string },
  opt: Order['option'],
) {
  try {
    return (await supply.ticket(req, ctx)).tickets;
  } catch (err) {
    if (err instanceof SupplyError && err.kind !== 'timeout')
      await supply
        .release({ supplierBookingId: req.supplierBookingId, source: opt.source }, ctx)
        .catch((e: unknown) => ctx.log.warn('release after a refused ticketing failed', { error: String(e) }));
    throw err;
  }
}

async function book(deps: OrderDeps, order: Order, now: Date, retaken = false) {
  const site = await deps.siteById(order.siteId);
  if (!site) throw fail.notFound();
  const ctx = supplyContext(site, order, now);
  // Every supply call carries our reference (the order id), so a retry can ask what it left behind.
  const ref = {
    traceId: (await deps.orders.getSearch(order.siteId, order.searchId))?.traceId ?? '',
    resultIndex: order.resultIndex,
    reference: order.orderId,
  };
  const opt = order.option;
  const steps = stepsOf(opt, order.hold);
  let pnr: string;
  let supplierBookingId: string;
  let lastTicketDate: string | null = null;
  let tickets: { ticketId: string; ticketNumber: string; validatingAirline: string }[] = [];
  try {
    // Inside the refusal handling: a site whose supply went away since the order was paid (a supplier link
    // ended, a stage that refuses the simulator) fails the order and refunds it once, instead of retrying.
    const supply = await deps.supplyFor(site);
    const before = retaken
      ? madeBefore(order, await supply.findBooking({ reference: order.orderId, traceId: ref.traceId }, ctx))
      : null;
    if (before?.tickets || (before && order.hold)) {
      // Ticketed (or, for a hold, booked) by the interrupted attempt: record it, never ticket again.
      ({ pnr, supplierBookingId, lastTicketDate } = before);
      tickets = before.tickets ?? [];
      ctx.log.info('booking found at the supplier by reference', { supplierBookingId });
    } else if (before) {
      // Held but not ticketed yet: ticket that PNR (ticketing is idempotent at the supplier).
      ({ pnr, supplierBookingId, lastTicketDate } = before);
      tickets = (await supply.ticket({ ...ref, supplierBookingId, pnr }, ctx)).tickets;
    } else if (steps === 'ticket') {
      const t = await supply.ticket({ ...ref, passengers: order.passengers, expectedFare: order.supplierFare }, ctx);
      if (t.isPriceChanged) throw new SupplyError('failed', 'The airline changed the fare while ticketing');
      ({ pnr, supplierBookingId, tickets } = t);
    } else {
      const b = await supply.book(
        {
          ...ref,
          passengers: order.passengers,
          expectedFare: order.supplierFare,
          ticketAtOnce: steps === 'bookAndTicket',
        },
        ctx,
      );
      ({ pnr, supplierBookingId, lastTicketDate } = b);
      if (b.isPriceChanged) throw new SupplyError('failed', 'The airline changed the fare while booking');
      if (steps === 'bookAndTicket') tickets = await ticketBooked(supply, ctx, { ...ref, supplierBookingId, pnr }, opt);
    }
  } catch (err) {
    // Unknown failure, or a supplier that did not answer (it may have booked): the claim lapses and the
    // reconciler asks the supplier by reference before trying again. Only a refusal fails the order.
    if (!(err instanceof SupplyError) || err.kind === 'timeout') throw err;
    await failOrder(deps, order, err.message, now);
    throw fail.conflict(`${ORDER_MSG.failed} (${err.message})`);
  }

  const user = await deps.loadPrincipal(order.siteId, order.userId);
  const record = bookingRecord(order, user, { pnr, supplierBookingId, lastTicketDate, tickets }, now);
  record.bookingId = String(await deps.bookings.nextBookingNumber(order.siteId));
  const search = await deps.orders.getSearch(order.siteId, order.searchId);
  const trip = order.tripId && order.leg === 2 ? await deps.trips.getTrip(order.siteId, order.tripId) : null;
  const firstLeg = trip ? trip.legs['1'] : order.leg === 2 ? search?.legBookings?.['1'] : undefined;
  if (firstLeg) record.linkedBookingId = firstLeg;
  const stored = await deps.transact([
    ...deps.bookings.newBookingItems(record),
    deps.orders.orderTransition(order.siteId, order.orderId, ['booking'], {
      status: 'booked',
      bookingIds: [record.bookingId],
      bookedAt: now.toISOString(),
    }),
  ]);
  // Lost the claim meanwhile (or the PNR is already stored): the run that holds it reports the outcome.
  if (!stored) throw new Error(`order ${order.orderId}: booking not stored, claim lost`);
  // Booked: what follows is bookkeeping that must not turn a booking into an error for the payer.
  await Promise.all([
    deps.addFlightActivity(order.siteId, order.userId, 'book', monthKey(now)),
    order.journeyType === JOURNEY_TYPE.return
      ? deps.orders.setSearchLegBooking(order.siteId, order.searchId, order.leg, record.bookingId)
      : null,
    record.linkedBookingId ? linkFirstLeg(deps, order.siteId, record.linkedBookingId, record.bookingId) : null,
    order.tripId ? recordTripLeg(deps, order, record, search, now) : null,
  ]).catch((err) => ctx.log.error('after-booking bookkeeping failed', { orderId: order.orderId, error: String(err) }));
  await runAfterBooked(deps.afterBooked, site, record, now);
  return outcome(deps, { ...order, status: 'booked', bookingIds: [record.bookingId] });
}

/** The onward leg starts its trip (with the return search, so the second leg can be searched anywhere); the return leg completes it. */
async function recordTripLeg(
  deps: OrderDeps,
  order: Order,
  record: BookingRecord,
  search: Awaited<ReturnType<OrderDeps['orders']['getSearch']>>,
  now: Date,
): Promise<void> {
  if (!order.tripId) return;
  if (order.leg === 2) {
    await deps.trips.setTripLeg(order.siteId, order.tripId, 2, record.bookingId);
    return;
  }
  if (!search) return;
  await deps.trips.putTripIfAbsent({
    siteId: order.siteId,
    tripId: order.tripId,
    userId: order.userId,
    request: search.request,
    legs: { '1': record.bookingId },
    createdAt: now.toISOString(),
  });
}

async function linkFirstLeg(deps: OrderDeps, siteId: SiteId, firstId: string, secondId: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const first = await deps.bookings.getBooking(siteId, firstId);
    if (!first || first.linkedBookingId) return;
    if (await deps.bookings.saveBooking({ ...first, linkedBookingId: secondId }, first.version, [], first)) return;
  }
}

/** The held booking after ticketing: status 3, ticket numbers, the charge and its payment. */
function ticketedBooking(
  b: BookingRecord,
  order: Order,
  tickets: { ticketId: string; ticketNumber: string; validatingAirline: string }[],
  now: Date,
): BookingRecord {
  return {
    ...b,
    statusId: BOOKING_STATUS.ticketed,
    status: 'Ticketed',
    lastTicketDate: null,
    passengers: b.passengers.map((p, i) => ({ ...p, ticket: tickets[i] ?? p.ticket })),
    accounting: {
      ...b.accounting,
      amountCharged: order.amount,
      paymentMode: order.paymentMode,
      transactionId: order.transactionId ?? `order-${order.orderId}-debit`,
      // A hold ticketed online: its refunds go back to this payment.
      ...(order.gatewayPayment ? { gatewayPayment: paymentOf(order.gatewayPayment) } : {}),
    },
    invoiceCreatedOn: now.toISOString(),
  };
}

/** Fulfils a claimed 'ticketHold' order: tickets the PNR once, or fails the order and refunds it. */
async function ticketHeld(deps: OrderDeps, order: Order, now: Date): Promise<OrderOutcome> {
  const site = await deps.siteById(order.siteId);
  if (!site) throw fail.notFound();
  const refuse = async (reason: string): Promise<never> => {
    await failOrder(deps, order, reason, now);
    throw fail.conflict(`${ORDER_MSG.ticketFailed} (${reason})`);
  };
  const held = await deps.bookings.getBooking(order.siteId, order.heldBookingId ?? '');
  // Released meanwhile (by hand or at its deadline), or ticketed by another order: this payment goes back.
  if (!held || held.statusId !== BOOKING_STATUS.held) return refuse('The booking is no longer on hold');
  if (!held.lastTicketDate || Date.parse(held.lastTicketDate) <= now.getTime())
    return refuse('The hold passed its last ticketing date');

  let tickets: { ticketId: string; ticketNumber: string; validatingAirline: string }[];
  try {
    const supply = await deps.supplyFor(site);
    // Ticketing an existing PNR is idempotent at the supplier: a retaken claim gets the same tickets.
    const t = await supply.ticket(
      {
        traceId: (await deps.orders.getSearch(order.siteId, order.searchId))?.traceId ?? '',
        resultIndex: held.resultIndex,
        supplierBookingId: held.supplierBookingId,
        pnr: held.pnr,
        reference: order.orderId,
      },
      supplyContext(site, order, now),
    );
    tickets = t.tickets;
  } catch (err) {
    // Unknown failure or no answer: the claim lapses and a retry takes over (ticketing is idempotent).
    if (!(err instanceof SupplyError) || err.kind === 'timeout') throw err;
    return refuse(err.message);
  }

  // The booking turns ticketed and the order booked in one transaction (version-checked; retried
  // when someone saved the booking meanwhile, e.g. its e-ticket markup).
  for (let attempt = 0, cur: BookingRecord | null = held; cur && attempt < 5; attempt++) {
    const next = ticketedBooking(cur, order, tickets, now);
    const booked = deps.orders.orderTransition(order.siteId, order.orderId, ['booking'], {
      status: 'booked',
      bookingIds: [cur.bookingId],
      bookedAt: now.toISOString(),
    });
    if (await deps.bookings.saveBooking(next, cur.version, [booked], cur)) {
      await runAfterBooked(deps.afterBooked, site, { ...next, version: cur.version + 1 }, now);
      return outcome(deps, { ...order, status: 'booked', bookingIds: [cur.bookingId] });
    }
    const settled = await deps.orders.getOrder(order.siteId, order.orderId);
    if (settled && settled.status !== 'booking') return fulfilOrder(deps, order.siteId, order.orderId, now);
    cur = await deps.bookings.getBooking(order.siteId, held.bookingId);
  }
  throw fail.conflict(ORDER_MSG.inProgress);
}
