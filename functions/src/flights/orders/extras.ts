/**
 * Extras after ticketing (docs/flights.md "Extras after ticketing"): bags and seats the airline sells on a ticketed
 * booking, priced for the booker with the site's markup (@tp/domain/ticket-extras), bought through an order of kind
 * 'extras' of the same machinery as a booking: paid once (wallet debit + transition in one transaction, or a verified
 * gateway payment), then bought from the supplier once under the order id, and written onto the booking with the
 * order's `booked` in one transaction; a refusal fails the order and refunds it once.
 */
import {
  BOOKING_STATUS,
  FLIGHT_TIMING,
  type TBookedPassenger,
  type TExtrasPurchase,
  type TPaymentOrder,
  type TSeat,
  type TSsrItem,
} from '@tp/contracts/endpoints/flights';
import { EXTRAS_MSG, type TExtraOffer } from '@tp/contracts/endpoints/ticket-extras';
import { NO_MARKUP, round2 } from '@tp/domain/pricing';
import { priceExtras } from '@tp/domain/ticket-extras';
import { customerSees } from '#lib/account-members';
import { newId } from '#lib/crypto';
import { fail } from '#lib/errors';
import { createLogger } from '#lib/logger';
import type { SiteId } from '#lib/keys';
import { bookingOwner, type BookingRecord } from '../../bookings/index.ts';
import { runHooks } from '#lib/hooks';
import { SupplyError, type PostTicketExtra } from '../../supply/index.ts';
import { supplyOf, type FlightScope } from '../shopping/index.ts';
import type { OrderDeps } from './deps.ts';
import { ORDER_MSG, orderView, type Order } from './model.ts';
import { failOrder, outcome, type OrderOutcome } from './outcome.ts';

const describe = (x: PostTicketExtra): string =>
  x.kind === 'seat'
    ? `Seat ${x.item.code}`
    : (x.item as TSsrItem).weight
      ? `Extra baggage ${(x.item as TSsrItem).weight} kg`
      : (x.item as TSsrItem).description || x.item.code;

/** A seat already held by the passenger on that flight (chosen at booking or bought since) is not sold again. */
const hasSeatOn = (p: TBookedPassenger, segment: string) =>
  p.seat.some((s) => `${s.origin}-${s.destination}` === segment);

/** The booking as its owner or staff may act on it, ticketed; else not found / refused. */
async function ticketedBooking(deps: OrderDeps, scope: FlightScope, bookingId: string): Promise<BookingRecord> {
  const b = await deps.bookings.getBooking(scope.site.siteId, bookingId);
  if (!b || (scope.principal.userType !== 'staff' && !customerSees(scope.principal, bookingOwner(b))))
    throw fail.notFound();
  if (b.statusId !== BOOKING_STATUS.ticketed) throw fail.validation(EXTRAS_MSG.notTicketed);
  return b;
}

/**
 * What the airline sells on the booking now, each priced for the booking's owner (whoever asks: the owner's wallet
 * pays). Empty when the booking's supply sells nothing after ticketing, or is no longer the site's supply.
 */
export async function offeredExtras(
  deps: OrderDeps,
  scope: FlightScope,
  b: BookingRecord,
): Promise<
  { offer: PostTicketExtra; priced: TExtraOffer & { supplierPrice: number; markup: number; gstOnMarkup: number } }[]
> {
  const supply = await supplyOf(scope, deps.supplyFor);
  if (!supply.postTicketExtras || supply.name !== b.supplier) return [];
  const ctx = { siteId: scope.site.siteId, now: scope.now, endUserIp: scope.ip, log: scope.log };
  const sold = await supply.postTicketExtras({ supplierBookingId: b.supplierBookingId }, ctx).catch((err: unknown) => {
    // The supplier does not know the booking (demo data, a booking it dropped): it sells nothing on it.
    if (err instanceof SupplyError && err.kind === 'invalidRequest') return [];
    throw err;
  });
  const offers = sold.filter((x) => {
    const p = b.passengers[x.paxIndex];
    return p && !(x.kind === 'seat' && hasSeatOn(p, x.segment));
  });
  if (!offers.length) return [];
  const owner = await deps.loadPrincipal(b.siteId, b.userId);
  const pricing = owner ? await deps.pricingContextFor(scope.site, owner) : NO_MARKUP;
  const { lines } = priceExtras(
    offers.map((x) => ({ supplierPrice: x.item.price, currency: x.item.currency })),
    b.airlineCode,
    pricing,
  );
  return offers.map((offer, i) => {
    const p = b.passengers[offer.paxIndex]!;
    const line = lines[i]!;
    return {
      offer,
      priced: {
        extraId: offer.extraId,
        paxIndex: offer.paxIndex,
        passengerName: `${p.title} ${p.firstName} ${p.lastName}`,
        kind: offer.kind,
        segment: offer.segment,
        description: describe(offer),
        price: line.price,
        currency: offer.item.currency,
        supplierPrice: line.supplierPrice,
        markup: line.markup,
        gstOnMarkup: line.gstOnMarkup,
      },
    };
  });
}

/** The extras screen's read: what is on sale (or why nothing is) and what was bought before. */
export async function ticketExtras(deps: OrderDeps, scope: FlightScope, input: { bookingId: string }) {
  const b = await ticketedBooking(deps, scope, input.bookingId);
  const offered = await offeredExtras(deps, scope, b);
  return {
    offered: offered.length > 0,
    message: offered.length ? null : EXTRAS_MSG.notOffered,
    extras: offered.map(({ priced: { supplierPrice: _s, markup: _m, gstOnMarkup: _g, ...view } }) => view),
    purchases: b.extraPurchases ?? [],
  };
}

const isOpen = (o: Order, nowIso: string) =>
  (o.status === 'created' && o.expiresAt > nowIso) || o.status === 'paid' || o.status === 'booking';

async function openExtrasOrder(deps: OrderDeps, siteId: SiteId, bookingId: string, nowIso: string) {
  const guardOrderId = await deps.orders.holdTicketOrderId(siteId, bookingId, 'extras');
  const order: Order | null = guardOrderId ? await deps.orders.getOrder(siteId, guardOrderId) : null;
  return { guardOrderId, open: order && isOpen(order, nowIso) ? order : null };
}

const sameExtras = (open: Order, extraIds: readonly string[]) =>
  [...(open.extras?.extraIds ?? [])].sort().join('|') === [...extraIds].sort().join('|');

/** The open order when it buys the same extras (a repeated click); another open purchase is refused. */
function sameOrRefused(open: Order, extraIds: readonly string[]): TPaymentOrder {
  if (!sameExtras(open, extraIds)) throw fail.conflict(EXTRAS_MSG.inProgress);
  return orderView(open);
}

/**
 * Creates (or returns the open) payment order for extras on a ticketed booking. One open extras order per booking
 * (a guard item, claimed conditionally): parallel clicks all get the same order, so it is paid once.
 */
export async function createExtrasOrder(
  deps: OrderDeps,
  scope: FlightScope,
  input: { bookingId: string; extraIds: string[]; expectedTotal: number },
): Promise<TPaymentOrder> {
  const siteId = scope.site.siteId;
  const b = await ticketedBooking(deps, scope, input.bookingId);
  const nowIso = scope.now.toISOString();
  const { guardOrderId, open } = await openExtrasOrder(deps, siteId, b.bookingId, nowIso);
  // A paid purchase under way blocks another; an unpaid one (a wallet found short, a gateway page left) gives way
  // to a new choice: the guard moves to the new order only if it still names the old one.
  if (open && (open.status !== 'created' || sameExtras(open, input.extraIds)))
    return sameOrRefused(open, input.extraIds);

  const offered = await offeredExtras(deps, scope, b);
  if (!offered.length) throw fail.validation(EXTRAS_MSG.notOffered);
  if (new Set(input.extraIds).size !== input.extraIds.length) throw fail.validation(EXTRAS_MSG.unknownExtra);
  const byId = new Map(offered.map((x) => [x.offer.extraId, x]));
  const picked = input.extraIds.map((id) => byId.get(id));
  if (picked.some((x) => !x)) throw fail.conflict(EXTRAS_MSG.unknownExtra);
  const chosen = picked as NonNullable<(typeof picked)[number]>[];
  const seats = chosen.filter((x) => x.offer.kind === 'seat');
  if (new Set(seats.map((x) => `${x.offer.segment}|${x.offer.item.code}`)).size !== seats.length)
    throw fail.validation(EXTRAS_MSG.seatTwice);
  if (new Set(seats.map((x) => `${x.offer.segment}|${x.offer.paxIndex}`)).size !== seats.length)
    throw fail.validation(EXTRAS_MSG.hasSeat);
  const amount = round2(chosen.reduce((n, x) => n + x.priced.price, 0));
  if (round2(input.expectedTotal) !== amount) throw fail.conflict(EXTRAS_MSG.totalChanged);

  const orderId = newId();
  const paymentMode = b.user.userType === 'retail' ? 'gateway' : 'wallet';
  const first = b.segments[0]?.[0];
  const order: Order = {
    kind: 'extras',
    extras: {
      bookingId: b.bookingId,
      extraIds: input.extraIds,
      offers: chosen.map((x) => x.offer),
      lines: chosen.map(({ offer, priced }) => ({
        paxIndex: offer.paxIndex,
        kind: offer.kind,
        segment: offer.segment,
        description: priced.description,
        supplierPrice: priced.supplierPrice,
        markup: priced.markup,
        gstOnMarkup: priced.gstOnMarkup,
        price: priced.price,
      })),
    },
    orderId,
    amount,
    currency: chosen[0]!.priced.currency,
    traceId: '',
    redirectTo: null,
    remark: `Extras after ticketing, PNR ${b.pnr}`,
    serviceName: 'extras',
    supplierSiteId: null,
    segments: b.segments.flat().map((s) => ({
      origin: s.originAirportCode,
      destination: s.destinationAirportCode,
      departureTime: s.departureTime,
      flightNumber: s.flightNumber,
      airlineCode: s.airlineCode,
    })),
    transactionId: null,
    status: 'created',
    paymentMode,
    hold: false,
    expiresAt: new Date(scope.now.getTime() + FLIGHT_TIMING.paymentOrderMinutes * 60_000).toISOString(),
    bookingIds: [],
    siteId,
    userId: b.userId,
    legalEntityId: b.accounting.legalEntityId,
    searchId: b.searchId,
    resultIndex: b.resultIndex,
    supply: b.supplier,
    // An extras order books no fare: its option is the booking's flights as booked.
    option: {
      resultIndex: b.resultIndex,
      source: b.source,
      isLcc: b.isLcc,
      isRefundable: b.isRefundable,
      isHoldAllowed: false,
      isLCCSpecialReturn: false,
      isPassportRequired: false,
      isPanRequired: false,
      lastTicketDate: null,
      airlineCode: b.airlineCode,
      airlineName: b.airlineName,
      segments: b.segments,
      fare: { ...ZERO_FARE, currency: b.fare.currency },
      fareBreakdown: [],
    },
    supplierFare: { ...ZERO_FARE, currency: b.fare.currency },
    fare: b.fare,
    fareBreakdown: [],
    fareRules: [],
    passengers: [],
    journeyType: b.journeyType,
    isDomestic: b.isDomestic,
    leg: b.leg,
    createdAt: nowIso,
  };
  if (!first) throw fail.validation(EXTRAS_MSG.notTicketed);
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
  if (!(await deps.orders.claimHoldTicketOrder(siteId, b.bookingId, orderId, guardOrderId, nowIso, 'extras'))) {
    const raced = await openExtrasOrder(deps, siteId, b.bookingId, nowIso);
    if (raced.open) return sameOrRefused(raced.open, input.extraIds);
    throw fail.conflict(EXTRAS_MSG.inProgress);
  }
  return orderView(order);
}

const ZERO_FARE = {
  baseFare: 0,
  tax: 0,
  yq: 0,
  otherCharges: 0,
  serviceFee: 0,
  txnFee: 0,
  commission: 0,
  incentive: 0,
  plb: 0,
};

/** The booking with the extras on their passengers (as the e-ticket shows them) and the purchase recorded. */
function withExtras(b: BookingRecord, order: Order, purchase: TExtrasPurchase): BookingRecord {
  const x = order.extras!;
  return {
    ...b,
    passengers: b.passengers.map((p) => {
      const mine = x.offers.flatMap((offer, i) =>
        offer.paxIndex === p.paxIndex ? [{ offer, line: x.lines[i]! }] : [],
      );
      if (!mine.length) return p;
      return {
        ...p,
        baggage: [
          ...p.baggage,
          ...mine
            .filter((m) => m.offer.kind === 'baggage')
            .map((m) => ({ ...(m.offer.item as TSsrItem), price: m.line.price })),
        ],
        seat: [
          ...p.seat,
          ...mine
            .filter((m) => m.offer.kind === 'seat')
            .map((m) => ({ ...(m.offer.item as TSeat), price: m.line.price })),
        ],
      };
    }),
    extraPurchases: [...(b.extraPurchases ?? []).filter((e) => e.orderId !== purchase.orderId), purchase],
  };
}

/** Fulfils a claimed 'extras' order: buys the extras from the supplier once, or fails the order and refunds it. */
export async function fulfilExtras(deps: OrderDeps, order: Order, now: Date): Promise<OrderOutcome> {
  const site = await deps.siteById(order.siteId);
  const x = order.extras;
  if (!site || !x) throw fail.notFound();
  const refuse = async (reason: string): Promise<never> => {
    await failOrder(deps, order, reason, now);
    throw fail.conflict(`${ORDER_MSG.extrasFailed} (${reason})`);
  };
  const b = await deps.bookings.getBooking(order.siteId, x.bookingId);
  if (!b || b.statusId !== BOOKING_STATUS.ticketed) return refuse('The booking is no longer ticketed');
  try {
    const supply = await deps.supplyFor(site);
    if (!supply.addPostTicketExtras) return await refuse(EXTRAS_MSG.notOffered);
    // Bought under the order id: a retaken claim (a crash after the supplier's answer) buys nothing more.
    await supply.addPostTicketExtras(
      { supplierBookingId: b.supplierBookingId, reference: order.orderId, extraIds: x.extraIds },
      { siteId: site.siteId, now, endUserIp: '127.0.0.1', log: createLogger({ orderId: order.orderId }) },
    );
  } catch (err) {
    // No answer: the claim lapses and a retry asks again under the same reference. A refusal refunds.
    if (!(err instanceof SupplyError) || err.kind === 'timeout') throw err;
    return refuse(err.message);
  }
  const purchase: TExtrasPurchase = {
    orderId: order.orderId,
    paidAt: order.paidAt ?? now.toISOString(),
    amount: order.amount,
    currency: order.currency,
    paymentMode: order.paymentMode,
    lines: x.lines,
  };
  for (let attempt = 0, cur: BookingRecord | null = b; cur && attempt < 8; attempt++) {
    const booked = deps.orders.orderTransition(order.siteId, order.orderId, ['booking'], {
      status: 'booked',
      bookingIds: [cur.bookingId],
      bookedAt: now.toISOString(),
    });
    const next = withExtras(cur, order, purchase);
    if (await deps.bookings.saveBooking(next, cur.version, [booked], cur)) {
      await runHooks(deps.afterExtras, [site, { ...next, version: cur.version + 1 }, purchase, now], (err) =>
        createLogger({ orderId: order.orderId }).error('after-extras step failed', { detail: String(err) }),
      );
      return outcome(deps, { ...order, status: 'booked', bookingIds: [cur.bookingId] });
    }
    const settled = await deps.orders.getOrder(order.siteId, order.orderId);
    if (settled && settled.status !== 'booking') return outcome(deps, settled);
    cur = await deps.bookings.getBooking(order.siteId, b.bookingId);
  }
  throw fail.conflict(ORDER_MSG.inProgress);
}
