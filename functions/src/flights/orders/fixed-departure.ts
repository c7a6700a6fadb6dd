/**
 * Fixed-departure orders (docs/fixed-departures.md "Booking"): the same payment order as a flight (wallet
 * debit or gateway payment, 15 minutes, the reconciler's due item), of kind 'fixedDeparture'. Fulfilment
 * has no supplier call: the booking, the seats taken (conditional: seatsLeft >= seats), the sale on the
 * owner's name list, the print slug and the order's `booked` state are one transaction, so parallel
 * bookings never oversell; seats gone by then fail the order and refund what was paid, once.
 */
import { FD_TEXT } from '@tp/contracts/endpoints/fixed-departures';
import {
  BOOKING_STATUS,
  FLIGHT_TIMING,
  type TPassengerInput,
  type TPaymentOrder,
} from '@tp/contracts/endpoints/flights';
import { blockFare, countPax } from '@tp/domain/fixed-departures';
import { validatePassengers } from '@tp/domain/passengers';
import { round2 } from '@tp/domain/pricing';
import { newId, newToken } from '#lib/crypto';
import { cancellationCodes, conditionFailedAt } from '#lib/db';
import { fail } from '#lib/errors';
import { createLogger } from '#lib/logger';
import { siteToday } from '#lib/time';
import { runAfterBooked } from '../../bookings/index.ts';
import type { OrderRecord } from '../repo.ts';
import type { FlightScope } from '../shopping/index.ts';
import type { OrderDeps } from './deps.ts';
import { orderView, type Order } from './model.ts';
import { bookingRecord, failOrder, outcome, type OrderOutcome } from './outcome.ts';

export interface FixedDepartureOrderInput {
  id: string;
  supplierSiteId?: string | null | undefined;
  passengers: TPassengerInput[];
  paymentMode: 'wallet' | 'gateway';
  expectedTotal?: number | undefined;
}

/** fixedDeparture/book: prices the party on the server, checks the passengers, and opens the payment order. */
export async function createFixedDepartureOrder(
  deps: OrderDeps,
  scope: FlightScope,
  input: FixedDepartureOrderInput,
): Promise<TPaymentOrder> {
  const counts = countPax(input.passengers.map((p) => p.paxType));
  const q = await deps.fixedDepartures.quoteParty(scope, input, counts);
  const d = q.departure;
  const international = deps.fixedDepartures.isInternational(d);
  const problems = validatePassengers(input.passengers, {
    adultCount: counts.adults,
    childCount: counts.children,
    infantCount: counts.infants,
    isPassportRequired: international,
    travelDate: (d.flights.at(-1)?.departureTime ?? '').slice(0, 10),
    today: siteToday(scope.site, scope.now),
  });
  const first = Object.entries(problems)[0];
  if (first) throw fail.validation(first[1], problems);
  const amount = q.fare.totalPayable;
  if (input.expectedTotal !== undefined && round2(input.expectedTotal) !== amount)
    throw fail.conflict(FD_TEXT.priceChanged);

  const now = scope.now;
  const orderId = newId();
  const block = blockFare(d.fares, counts, d.currency);
  const segments = deps.fixedDepartures.segmentsOf(d, '');
  const firstFlight = d.flights[0]!;
  const order: Order = {
    orderId,
    amount,
    currency: d.currency,
    traceId: d.id,
    redirectTo: null,
    remark: `Fixed departure ${q.offer.sector} ${firstFlight.departureTime.slice(0, 10)}`,
    serviceName: 'fixedDeparture',
    supplierSiteId: q.supplierSiteId,
    segments: d.flights.map((f) => ({
      origin: f.origin,
      destination: f.destination,
      departureTime: `${f.departureTime}:00`,
      flightNumber: f.flightNumber,
      airlineCode: f.airlineCode,
    })),
    transactionId: null,
    status: 'created',
    paymentMode: input.paymentMode,
    hold: false,
    expiresAt: new Date(now.getTime() + FLIGHT_TIMING.paymentOrderMinutes * 60_000).toISOString(),
    bookingIds: [],
    siteId: scope.site.siteId,
    userId: scope.principal.userId,
    legalEntityId: scope.principal.legalEntityId,
    searchId: d.id,
    resultIndex: 'FD',
    supply: 'fixedDeparture',
    option: {
      resultIndex: 'FD',
      source: 'FixedDeparture',
      isLcc: false,
      isRefundable: d.isRefundable,
      isHoldAllowed: false,
      isLCCSpecialReturn: false,
      isPassportRequired: international,
      isPanRequired: false,
      lastTicketDate: null,
      airlineCode: firstFlight.airlineCode,
      airlineName: firstFlight.airlineName,
      segments: [segments],
      fare: block.fare,
      fareBreakdown: block.paxFares,
    },
    supplierFare: block.fare,
    fare: q.fare,
    fareBreakdown: q.fareBreakdown,
    fareRules: [],
    passengers: input.passengers.map(({ ssr: _ssr, ...p }) => ({ ...p, baggage: [], mealDynamic: [], seat: [] })),
    journeyType: 1,
    isDomestic: !international,
    leg: 1,
    createdAt: now.toISOString(),
    kind: 'fixedDeparture',
    fixedDeparture: {
      departureId: d.id,
      ownerSiteId: q.ownerSiteId,
      supplierSiteId: q.supplierSiteId,
      seats: q.seats,
      ownerAmount: q.ownerAmount,
      title: d.title,
    },
  };
  if (input.paymentMode === 'gateway') {
    const started = await deps.payments.startGatewayPayment(scope.site, {
      purpose: { kind: 'flightOrder', orderId },
      amount,
      currency: order.currency,
      userId: order.userId,
      legalEntityId: order.legalEntityId,
      now,
    });
    order.redirectTo = started.redirectTo;
  }
  await deps.orders.putOrder(order as OrderRecord);
  return orderView(order);
}

/** A booking reference per booking (the airline splits the group PNR by name list): six letters and digits. */
const PNR_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newPnr = () => Array.from(newToken().slice(0, 6), (c) => PNR_CHARS[c.charCodeAt(0) % PNR_CHARS.length]).join('');

/** Fulfils a claimed 'fixedDeparture' order: seats, booking and `booked` in one transaction, or a refund. */
export async function bookFixedDeparture(deps: OrderDeps, order: Order, now: Date): Promise<OrderOutcome> {
  const fd = order.fixedDeparture;
  const [site, owner] = await Promise.all([
    deps.siteById(order.siteId),
    fd ? deps.siteById(fd.ownerSiteId) : Promise.resolve(null),
  ]);
  if (!site || !fd) throw fail.notFound();
  if (!owner) {
    await failOrder(deps, order, FD_TEXT.notFound, now);
    throw fail.conflict(FD_TEXT.notFound);
  }
  const user = await deps.loadPrincipal(order.siteId, order.userId);
  const log = createLogger({ orderId: order.orderId });
  const bookingId = String(await deps.bookings.nextBookingNumber(order.siteId));
  const printSlug = newToken();
  const ownerDay = siteToday(owner, now);
  // Parallel bookings of one departure collide on its item: DynamoDB cancels all but one with a
  // TransactionConflict, and those are tried again (each with the seats then left).
  for (let attempt = 0; attempt < 12; attempt++) {
    const pnr = newPnr();
    const record = bookingRecord(
      order,
      user,
      { pnr, supplierBookingId: printSlug, lastTicketDate: null, tickets: [] },
      now,
    );
    record.bookingId = bookingId;
    record.status = 'Confirmed';
    record.statusId = BOOKING_STATUS.ticketed;
    const name = [record.user.firstName, record.user.lastName].filter(Boolean).join(' ') || record.user.email;
    const items = [
      ...deps.fixedDepartures.bookingWriteItems({
        ownerSiteId: fd.ownerSiteId,
        departureId: fd.departureId,
        seats: fd.seats,
        ownerDay,
        bookingSiteId: order.siteId,
        printSlug,
        title: fd.title,
        sale: {
          orderId: order.orderId,
          bookingId,
          pnr,
          soldOnSiteId: order.siteId,
          siteName: site.companyName,
          bookedBy: name,
          passengers: order.passengers.map((p) => `${p.title} ${p.firstName} ${p.lastName}`),
          amount: fd.ownerAmount,
          currency: order.currency,
          createdAt: now.toISOString(),
        },
      }),
      ...deps.bookings.newBookingItems(record),
      deps.orders.orderTransition(order.siteId, order.orderId, ['booking'], {
        status: 'booked',
        bookingIds: [bookingId],
        bookedAt: now.toISOString(),
      }),
    ];
    let codes: string[] | null;
    try {
      codes = await deps.transactCancellations(items);
    } catch (err) {
      // A cancellation without a failed condition: a concurrent booking held the departure.
      if (!cancellationCodes(err)) throw err;
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 80 * (attempt + 1)));
      continue;
    }
    if (!codes) {
      await runAfterBooked(deps.afterBooked, site, record, now);
      return outcome(deps, { ...order, status: 'booked', bookingIds: [bookingId] });
    }
    const failed = (i: number) => conditionFailedAt(codes!, i);
    // The order's own transition (last) failed: another run settled it; that run reports the outcome.
    if (failed(items.length - 1)) throw new Error(`order ${order.orderId}: booking not stored, claim lost`);
    if (failed(0)) {
      // Sold out (or the sale closed) while this order was being paid: it fails and refunds, once.
      log.info('fixed departure sold out at booking', { departureId: fd.departureId });
      await failOrder(deps, order, FD_TEXT.soldOutRefunded, now);
      throw fail.conflict(FD_TEXT.soldOutRefunded);
    }
    // Otherwise the booking reference or slug was taken: try again with new ones.
  }
  throw new Error(`order ${order.orderId}: fixed-departure booking kept colliding`);
}
