/**
 * Payment orders and fulfilment (spec 000 §4; domain.md "Payment order"). The order is the unit of
 * exactly-once:
 *   created ──(wallet debit + transition, one transaction | verified gateway payment)──▶ paid
 *   paid ──(claim)──▶ booking ──(booking items + transition, one transaction)──▶ booked
 *                              └─(supplier refused: refund credit + transition)──▶ failed
 * Every step is a conditional write, so double callbacks, retried queue messages and two browser tabs
 * race to the same single outcome: one debit, one booking.
 *
 * An order has a kind: 'book' (setFlightDetails: a new booking) or 'ticketHold' ("Ticket now" on a
 * held booking: the same states, but fulfilment tickets the held PNR and marks that booking ticketed).
 */
import {
  BOOKING_STATUS,
  FLIGHT_TIMING,
  JOURNEY_TYPE,
  RETURN_TYPE,
  type TBookedPassenger,
  type TBooking,
  type TPaymentOrder,
} from '@tp/contracts/flights';
import { round2 } from '@tp/domain/pricing';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, transactOrFalse } from '#lib/db';
import { keys } from '#lib/keys';
import { AppError, fail, isConditionFailure } from '#lib/errors';
import { newId } from '#lib/crypto';
import { createLogger } from '#lib/logger';
import { loadPrincipal, type Principal } from '#lib/principal';
import { siteById, type SiteRecord } from '#lib/tenancy';
import { addFlightActivity } from '../users/customers-repo.ts';
import { monthKey } from '../users/flight-activity.ts';
import { creditItems, move, type WalletMovement } from '../wallet/ledger.ts';
import { orderDueItem } from '../wallet/outbox.ts';
import { startGatewayPayment } from '../wallet/payments.ts';
import { supplyFor } from './supply/index.ts';
import { SupplyError, type SupplierBookingDetails, type SupplyContext } from './supply/types.ts';
import * as bookings from './bookings-repo.ts';
import { afterBooked } from './hooks.ts';
import * as repo from './repo.ts';
// Bookings made outside the flights Lambda (payments worker) still get the ticket queue's index items.
import '../tickets/indexes.ts';
import { checkBooking, type FlightScope } from './service.ts';

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
} as const;

export { onBooked } from './hooks.ts';

/** What an order pays for. Stored on the order; orders from before kinds existed are 'book'. */
export type OrderKind = 'book' | 'ticketHold';
/** An order as stored: a 'ticketHold' order names the held booking it tickets. */
export type Order = repo.OrderRecord & { kind?: OrderKind; heldBookingId?: string };

const CLAIM_SECONDS = 90;

export function orderView(o: repo.OrderRecord): TPaymentOrder {
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

// ---------------------------------------------------------------------------------------------------
// setFlightDetails

export async function createOrder(
  scope: FlightScope,
  input: Parameters<typeof checkBooking>[1] & {
    paymentMode: 'wallet' | 'gateway';
    expectedTotal?: number | undefined;
    remark?: string | undefined;
  },
): Promise<TPaymentOrder> {
  const checked = await checkBooking(scope, input);
  const { ctx, fare, option } = checked;
  if (input.expectedTotal !== undefined && round2(input.expectedTotal) !== fare.totalPayableAmt)
    throw fail.conflict('The fare has changed. Please review the new price before paying.');
  const req = ctx.search.request;
  const normalReturn =
    req.JourneyType === JOURNEY_TYPE.return && (req.returnType ?? RETURN_TYPE.normal) === RETURN_TYPE.normal;
  const leg = normalReturn && input.resultIndex.startsWith('IB') ? 2 : 1;
  const now = scope.now;
  const orderId = newId();
  const order: repo.OrderRecord = {
    orderId,
    amount: fare.totalPayableAmt,
    currency: fare.currency,
    traceId: ctx.search.searchId,
    redirectTo: null,
    remark:
      input.remark ??
      `Flight ${option.segments[0]?.[0]?.originAirportCode}-${option.segments.at(-1)?.at(-1)?.destinationAirportCode}`,
    serviceName: 'flight',
    supplierSiteId: (ctx.supply as { supplierSiteId?: string }).supplierSiteId ?? null,
    segments: option.segments.flat().map((s) => ({
      origin: s.originAirportCode,
      destination: s.destinationAirportCode,
      departureTime: s.departureTime,
      flightNumber: s.flightNumber,
      airlineCode: s.airlineCode,
    })),
    transactionId: null,
    status: 'created',
    paymentMode: input.paymentMode,
    hold: input.hold,
    expiresAt: new Date(now.getTime() + FLIGHT_TIMING.paymentOrderMinutes * 60_000).toISOString(),
    bookingIds: [],
    siteId: scope.site.siteId,
    userId: scope.principal.userId,
    legalEntityId: scope.principal.legalEntityId,
    searchId: ctx.search.searchId,
    resultIndex: input.resultIndex,
    supply: ctx.supply.name,
    option: ctx.quote.option,
    supplierFare: ctx.quote.option.fare,
    fare,
    fareBreakdown: option.fareBreakdown,
    fareRules: ctx.quote.fareRules ?? [],
    passengers: checked.passengers,
    journeyType: req.JourneyType,
    isDomestic: ctx.search.isDomestic,
    leg,
    createdAt: now.toISOString(),
  };
  // A hold is paid when it is ticketed; a gateway payment starts now and returns to the verify screen.
  if (!input.hold && input.paymentMode === 'gateway') {
    const started = await startGatewayPayment(scope.site, {
      purpose: { kind: 'flightOrder', orderId },
      amount: order.amount,
      currency: order.currency,
      userId: order.userId,
      legalEntityId: order.legalEntityId,
      now,
    });
    order.redirectTo = started.redirectTo;
  }
  await repo.putOrder(order);
  return orderView(order);
}

// ---------------------------------------------------------------------------------------------------
// Paying

const debitOf = (o: Order, now: Date): WalletMovement => ({
  siteId: o.siteId,
  legalEntityId: o.legalEntityId,
  entryId: `order-${o.orderId}-debit`,
  amount: o.amount,
  currency: o.currency,
  kind: 'booking',
  remark: o.remark,
  byUserId: o.userId,
  // A "Ticket now" debit (and its refund) also names the booking, so the booking's transactions list it.
  reference: { orderId: o.orderId, ...(o.heldBookingId ? { bookingId: o.heldBookingId } : {}) },
  now,
});

/** api/payments/orderSuccessCallback: pays a wallet (or hold) order once, then fulfils it. */
export async function payOrder(scope: FlightScope, orderId: string) {
  const order = await repo.getOrder(scope.site.siteId, orderId);
  if (!order || (order.userId !== scope.principal.userId && scope.principal.userType !== 'staff'))
    throw fail.notFound();
  const nowIso = scope.now.toISOString();
  if (order.status === 'created') {
    if (order.expiresAt <= nowIso) throw fail.gone(ORDER_MSG.expired);
    const notExpired = { expression: 'expiresAt > :now', values: { ':now': nowIso } };
    // Paying also schedules the reconciler's check of the order, in the same transaction: an order
    // cannot be paid without someone being bound to book or refund it.
    const due = orderDueItem(order.siteId, orderId, scope.now);
    try {
      if (order.hold) {
        const transition = repo.orderTransition(
          order.siteId,
          orderId,
          ['created'],
          { status: 'paid', paidAt: nowIso },
          notExpired,
        );
        await transactOrFalse([transition, due]);
      } else if (order.paymentMode === 'wallet') {
        const transition = repo.orderTransition(
          order.siteId,
          orderId,
          ['created'],
          { status: 'paid', paidAt: nowIso, transactionId: `order-${orderId}-debit` },
          notExpired,
        );
        const result = await move('debit', debitOf(order, scope.now), [transition, due]);
        if (result === 'insufficient') throw fail.paymentRequired(ORDER_MSG.insufficient);
        // 'duplicate' or 'conflict': another call paid it (or it just expired); the state below tells which.
      } else {
        throw fail.paymentRequired(ORDER_MSG.notPaid);
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      // The write failed without an answer (DynamoDB unreachable): it may have committed. If it did, the
      // money moved and the reconciler books or refunds; the caller must not see an error for it.
      const after = await repo.getOrder(order.siteId, orderId).catch(() => null);
      if (after && after.status !== 'created') return fulfilAfterPayment(order.siteId, orderId, scope.now, scope.log);
      throw err;
    }
  }
  return fulfilAfterPayment(order.siteId, orderId, scope.now, scope.log);
}

/**
 * Fulfils a paid order for a caller. Once money has moved the caller never gets a 5xx: a failure of
 * our own (DynamoDB, the queue, a supplier that did not answer) leaves the order to the reconciler,
 * and the caller is told the booking is being processed.
 */
async function fulfilAfterPayment(siteId: string, orderId: string, now: Date, log: FlightScope['log']) {
  try {
    return await fulfilOrder(siteId, orderId, now);
  } catch (err) {
    if (err instanceof AppError) throw err;
    log.error('fulfilment interrupted; the reconciler will finish it', { orderId, error: String(err) });
    throw fail.conflict(ORDER_MSG.inProgress);
  }
}

/**
 * The reconciler's (and the payments worker's) entry: drives a paid order to its end. 'failed' means
 * the order ended refunded; 'open' that another run holds its claim (checked again later).
 */
export async function settleOrder(siteId: string, orderId: string, now: Date): Promise<'booked' | 'failed' | 'open'> {
  try {
    await fulfilOrder(siteId, orderId, now);
    return 'booked';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const o = await repo.getOrder(siteId, orderId);
    if (!o || o.status === 'failed' || o.status === 'expired' || o.status === 'refunded') return 'failed';
    if (o.status === 'booked') return 'booked';
    // 'created' cannot be settled here (nothing was paid); anything else is another run's.
    return o.status === 'created' ? 'failed' : 'open';
  }
}

/** A verified gateway payment marks its order paid (once); the payments worker then fulfils it. */
export async function markOrderPaidByGateway(
  siteId: string,
  orderId: string,
  payment: { paymentId: string; transactionId: string; amount: number; gateway: string },
  now: Date,
): Promise<'paid' | 'already' | 'expired' | 'mismatch'> {
  const order = await repo.getOrder(siteId, orderId);
  if (!order) return 'mismatch';
  // Another payment (or the wallet) already paid this order: this one must be refunded, not applied.
  if (order.status !== 'created') return order.gatewayPayment?.paymentId === payment.paymentId ? 'already' : 'mismatch';
  if (round2(payment.amount) !== order.amount) return 'mismatch';
  if (order.expiresAt <= now.toISOString()) return 'expired';
  const ok = await transactOrFalse([
    repo.orderTransition(
      siteId,
      orderId,
      ['created'],
      { status: 'paid', paidAt: now.toISOString(), transactionId: payment.transactionId, gatewayPayment: payment },
      { expression: 'expiresAt > :now', values: { ':now': now.toISOString() } },
    ),
    orderDueItem(siteId, orderId, now),
  ]);
  return ok ? 'paid' : 'already';
}

// ---------------------------------------------------------------------------------------------------
// Fulfilment

const TERMINAL = new Set(['booked', 'failed', 'refunded', 'expired']);

async function outcome(o: Order) {
  const found = await Promise.all(o.bookingIds.map((id) => bookings.getBooking(o.siteId, id)));
  const list = found.filter((b): b is bookings.BookingRecord => !!b);
  const first = list[0];
  // Ticketing a hold ends in the ticket queue whatever leg it was.
  const showReturn = o.kind !== 'ticketHold' && !!first && isFirstLegOfNormalReturn(first);
  return {
    order: orderView(o),
    bookings: list.map(publicBooking),
    next: showReturn ? ('bookingDetails' as const) : ('ticketQueue' as const),
  };
}

type OrderOutcome = Awaited<ReturnType<typeof outcome>>;

export function publicBooking(b: bookings.BookingRecord): TBooking {
  const { siteId: _s, userId: _u, version: _v, ...rest } = b;
  return rest;
}

export const isFirstLegOfNormalReturn = (b: TBooking) =>
  b.journeyType === JOURNEY_TYPE.return && b.leg === 1 && !b.linkedBookingId;

async function waitForTerminal(siteId: string, orderId: string, ms: number): Promise<repo.OrderRecord | null> {
  const until = Date.now() + ms;
  for (;;) {
    const o = await repo.getOrder(siteId, orderId);
    if (!o || TERMINAL.has(o.status) || Date.now() > until) return o;
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Books (and tickets) a paid order exactly once; returns the outcome to every caller. */
export async function fulfilOrder(siteId: string, orderId: string, now: Date): Promise<OrderOutcome> {
  const order: Order | null = await repo.getOrder(siteId, orderId);
  if (!order) throw fail.notFound();
  if (TERMINAL.has(order.status)) {
    if (order.status === 'failed') throw fail.conflict(order.failureReason ?? ORDER_MSG.failed);
    return outcome(order);
  }
  if (order.status === 'created') {
    if (order.expiresAt <= now.toISOString()) throw fail.gone(ORDER_MSG.expired);
    throw fail.paymentRequired(ORDER_MSG.notPaid);
  }
  const nowIso = now.toISOString();
  const claimed = await repo.transitionOrder(
    siteId,
    orderId,
    ['paid', 'booking'],
    { status: 'booking', claimUntil: new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString() },
    { expression: '#status = :paidState OR claimUntil < :now', values: { ':paidState': 'paid', ':now': nowIso } },
  );
  if (!claimed) {
    const settled = await waitForTerminal(siteId, orderId, 12_000);
    if (settled?.status === 'booked') return outcome(settled);
    if (settled?.status === 'failed') throw fail.conflict(settled.failureReason ?? ORDER_MSG.failed);
    throw fail.conflict(ORDER_MSG.inProgress);
  }
  // A claim taken over from 'booking' follows an attempt that stopped half-way: the supplier may
  // already hold or have ticketed this order.
  const retaken = order.status === 'booking';
  return order.kind === 'ticketHold' ? ticketHeld(order, now) : book(order, now, retaken);
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

async function book(order: Order, now: Date, retaken = false) {
  const site = await siteById(order.siteId);
  if (!site) throw fail.notFound();
  const supply = await supplyFor(site);
  const ctx = supplyContext(site, order, now);
  // Every supply call carries our reference (the order id), so a retry can ask what it left behind.
  const ref = {
    traceId: (await repo.getSearch(order.siteId, order.searchId))?.traceId ?? '',
    resultIndex: order.resultIndex,
    reference: order.orderId,
  };
  const opt = order.option;
  let pnr: string;
  let supplierBookingId: string;
  let lastTicketDate: string | null = null;
  let tickets: { ticketId: string; ticketNumber: string; validatingAirline: string }[] = [];
  try {
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
    } else if (opt.isLcc && !order.hold) {
      const t = await supply.ticket({ ...ref, passengers: order.passengers, expectedFare: order.supplierFare }, ctx);
      if (t.isPriceChanged) throw new SupplyError('failed', 'The airline changed the fare while ticketing');
      ({ pnr, supplierBookingId, tickets } = t);
    } else {
      const b = await supply.book({ ...ref, passengers: order.passengers, expectedFare: order.supplierFare }, ctx);
      ({ pnr, supplierBookingId, lastTicketDate } = b);
      if (b.isPriceChanged) throw new SupplyError('failed', 'The airline changed the fare while booking');
      if (!order.hold) {
        const t = await supply.ticket({ ...ref, supplierBookingId, pnr }, ctx);
        tickets = t.tickets;
      }
    }
  } catch (err) {
    // Unknown failure, or a supplier that did not answer (it may have booked): the claim lapses and the
    // reconciler asks the supplier by reference before trying again. Only a refusal fails the order.
    if (!(err instanceof SupplyError) || err.kind === 'timeout') throw err;
    await failOrder(order, err.message, now);
    throw fail.conflict(`${ORDER_MSG.failed} (${err.message})`);
  }

  const user = await loadPrincipal(order.siteId, order.userId);
  const record = bookingRecord(order, user, { pnr, supplierBookingId, lastTicketDate, tickets }, now);
  record.bookingId = String(await bookings.nextBookingNumber(order.siteId));
  const search = await repo.getSearch(order.siteId, order.searchId);
  if (order.leg === 2 && search?.legBookings?.['1']) record.linkedBookingId = search.legBookings['1'];
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        ...bookings.newBookingItems(record),
        repo.orderTransition(order.siteId, order.orderId, ['booking'], {
          status: 'booked',
          bookingIds: [record.bookingId],
          bookedAt: now.toISOString(),
        }),
      ],
    }),
  );
  // Booked: what follows is bookkeeping that must not turn a booking into an error for the payer.
  await Promise.all([
    addFlightActivity(order.siteId, order.userId, 'book', monthKey(now)),
    order.journeyType === JOURNEY_TYPE.return
      ? repo.setSearchLegBooking(order.siteId, order.searchId, order.leg, record.bookingId)
      : null,
    record.linkedBookingId ? linkFirstLeg(order.siteId, record.linkedBookingId, record.bookingId) : null,
  ]).catch((err) => ctx.log.error('after-booking bookkeeping failed', { orderId: order.orderId, error: String(err) }));
  await afterBooked(site, record, now);
  return outcome({ ...order, status: 'booked', bookingIds: [record.bookingId] });
}

async function linkFirstLeg(siteId: string, firstId: string, secondId: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const first = await bookings.getBooking(siteId, firstId);
    if (!first || first.linkedBookingId) return;
    if (await bookings.saveBooking({ ...first, linkedBookingId: secondId }, first.version, [], first)) return;
  }
}

/** The supplier refused: the order fails and whatever was paid goes back to the wallet, once. */
async function failOrder(order: Order, reason: string, now: Date): Promise<void> {
  const transition = repo.orderTransition(order.siteId, order.orderId, ['booking'], {
    status: 'failed',
    failureReason: reason,
  });
  const paid = !order.hold;
  const items = paid
    ? [
        ...creditItems({
          ...debitOf(order, now),
          entryId: `order-${order.orderId}-refund`,
          kind: 'refund',
          remark: `Refund: ${order.remark} (${reason})`,
        }),
        transition,
      ]
    : [transition];
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

function bookingRecord(
  order: repo.OrderRecord,
  user: Principal | null,
  made: {
    pnr: string;
    supplierBookingId: string;
    lastTicketDate: string | null;
    tickets: { ticketId: string; ticketNumber: string; validatingAirline: string }[];
  },
  now: Date,
): bookings.BookingRecord {
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
    isLcc: opt.isLcc,
    isRefundable: opt.isRefundable,
    isDomestic: order.isDomestic,
    journeyType: order.journeyType,
    leg: order.leg,
    linkedBookingId: null,
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

// ---------------------------------------------------------------------------------------------------
// "Ticket now" on a held booking (hold queue): an order of kind 'ticketHold' for the held fare

/** An open order may be paid (again); a failed or lapsed one gives way to a new one. */
const isOpen = (o: Order, nowIso: string) =>
  (o.status === 'created' && o.expiresAt > nowIso) || o.status === 'paid' || o.status === 'booking';

/** The order the hold's guard item names, when still open. */
async function openTicketOrder(siteId: string, bookingId: string, nowIso: string) {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.holdTicketOrder(siteId, bookingId), ConsistentRead: true }),
  );
  const order: Order | null = Item ? await repo.getOrder(siteId, String(Item.orderId)) : null;
  return { guardOrderId: Item ? String(Item.orderId) : null, open: order && isOpen(order, nowIso) ? order : null };
}

/**
 * Creates (or returns the open) payment order that tickets a held booking. The booking's owner pays
 * as when booking: retail customers through the site's gateway, everyone else from their wallet. The
 * supply interface cannot re-price a held PNR, so the amount is the held fare. Staff may do it for
 * the site's bookings; the owner's wallet is charged, as the booking's refunds go back to it.
 */
export async function createTicketHoldOrder(
  scope: FlightScope,
  input: { BookingId: string; expectedTotal?: number | undefined },
): Promise<TPaymentOrder> {
  const siteId = scope.site.siteId;
  const b = await bookings.getBooking(siteId, input.BookingId);
  if (!b || (b.userId !== scope.principal.userId && scope.principal.userType !== 'staff')) throw fail.notFound();
  if (b.statusId !== BOOKING_STATUS.held) throw fail.validation(ORDER_MSG.holdNotHeld);
  const nowIso = scope.now.toISOString();
  if (!b.lastTicketDate || Date.parse(b.lastTicketDate) <= scope.now.getTime())
    throw fail.validation(ORDER_MSG.holdLapsed);
  const amount = round2(b.fare.totalPayableAmt);
  if (input.expectedTotal !== undefined && round2(input.expectedTotal) !== amount)
    throw fail.conflict('The fare has changed. Please review the new price before paying.');

  // One open order per hold: a second click (or tab) gets the same order, so it cannot be paid twice.
  const { guardOrderId, open } = await openTicketOrder(siteId, b.bookingId, nowIso);
  if (open) return orderView(open);
  const held = await repo.getOrder(siteId, b.orderId);
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
    const started = await startGatewayPayment(scope.site, {
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
  await repo.putOrder(order);
  try {
    // Claims the hold for this order unless another open order got there first (then that one is used).
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.holdTicketOrder(siteId, b.bookingId), type: 'HoldTicketOrder', orderId, createdAt: nowIso },
        ConditionExpression: guardOrderId ? 'orderId = :prev' : 'attribute_not_exists(pk)',
        ...(guardOrderId ? { ExpressionAttributeValues: { ':prev': guardOrderId } } : {}),
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const raced = await openTicketOrder(siteId, b.bookingId, nowIso);
    if (raced.open) return orderView(raced.open);
    throw fail.conflict('This booking is being ticketed. Please check the ticket queue in a moment.');
  }
  return orderView(order);
}

/** The held booking after ticketing: status 3, ticket numbers, the charge and its payment. */
function ticketedBooking(
  b: bookings.BookingRecord,
  order: Order,
  tickets: { ticketId: string; ticketNumber: string; validatingAirline: string }[],
  now: Date,
): bookings.BookingRecord {
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
    },
    invoiceCreatedOn: now.toISOString(),
  };
}

/** Fulfils a claimed 'ticketHold' order: tickets the PNR once, or fails the order and refunds it. */
async function ticketHeld(order: Order, now: Date): Promise<OrderOutcome> {
  const site = await siteById(order.siteId);
  if (!site) throw fail.notFound();
  const refuse = async (reason: string): Promise<never> => {
    await failOrder(order, reason, now);
    throw fail.conflict(`${ORDER_MSG.ticketFailed} (${reason})`);
  };
  const held = await bookings.getBooking(order.siteId, order.heldBookingId ?? '');
  // Released meanwhile (by hand or at its deadline), or ticketed by another order: this payment goes back.
  if (!held || held.statusId !== BOOKING_STATUS.held) return refuse('The booking is no longer on hold');
  if (!held.lastTicketDate || Date.parse(held.lastTicketDate) <= now.getTime())
    return refuse('The hold passed its last ticketing date');

  const supply = await supplyFor(site);
  let tickets: { ticketId: string; ticketNumber: string; validatingAirline: string }[];
  try {
    // Ticketing an existing PNR is idempotent at the supplier: a retaken claim gets the same tickets.
    const t = await supply.ticket(
      {
        traceId: (await repo.getSearch(order.siteId, order.searchId))?.traceId ?? '',
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
  for (let attempt = 0, cur: bookings.BookingRecord | null = held; cur && attempt < 5; attempt++) {
    const next = ticketedBooking(cur, order, tickets, now);
    const booked = repo.orderTransition(order.siteId, order.orderId, ['booking'], {
      status: 'booked',
      bookingIds: [cur.bookingId],
      bookedAt: now.toISOString(),
    });
    if (await bookings.saveBooking(next, cur.version, [booked], cur)) {
      await afterBooked(site, { ...next, version: cur.version + 1 }, now);
      return outcome({ ...order, status: 'booked', bookingIds: [cur.bookingId] });
    }
    const settled = await repo.getOrder(order.siteId, order.orderId);
    if (settled && settled.status !== 'booking') return fulfilOrder(order.siteId, order.orderId, now);
    cur = await bookings.getBooking(order.siteId, held.bookingId);
  }
  throw fail.conflict(ORDER_MSG.inProgress);
}

// ---------------------------------------------------------------------------------------------------
// Reading

export async function bookingDetails(
  scope: FlightScope,
  input: { bookingId?: string | undefined; orderId?: string | undefined },
) {
  let bookingId = input.bookingId;
  let order: repo.OrderRecord | null = null;
  if (input.orderId) {
    order = await repo.getOrder(scope.site.siteId, input.orderId);
    bookingId ??= order?.bookingIds[0];
  }
  const booking = bookingId ? await bookings.getBooking(scope.site.siteId, bookingId) : null;
  if (!booking || (booking.userId !== scope.principal.userId && scope.principal.userType !== 'staff'))
    throw fail.notFound();
  order ??= await repo.getOrder(scope.site.siteId, booking.orderId);
  return {
    booking: publicBooking(booking),
    order: order ? orderView(order) : null,
    showReturn: isFirstLegOfNormalReturn(booking),
  };
}
