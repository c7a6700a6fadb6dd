/**
 * Duffel behind the one FlightSupply interface, through its official client (flight-supply.md "Other real
 * suppliers"). An offer request is our trace, an offer our result index. Holdable offers
 * (`requires_instant_payment` false) are booked as hold orders and ticketed by paying them from the Duffel
 * balance; instant offers are ticketed at once as instant orders. Cancellations are Duffel's quote (an
 * order cancellation) then confirm; Duffel cancels whole orders only. Bags, seats and order changes after
 * ticketing are this class's own methods (`availableServices`, `seatServices`, `addServices`,
 * `searchChanges`, `selectChange`, `confirmChange`) for the extras and change desks to call.
 */
import type { Offer, Order, SeatMap } from '@duffel/api/types';
import type { TFareRule, TSearchRequest, TSeat, TSsrCatalogue, TSsrItem } from '@tp/contracts/endpoints/flights';
import { round2 } from '@tp/domain/pricing';
import {
  SupplyError,
  type BookRequest,
  type BookResult,
  type CalendarFareDay,
  type ChangeRequestInput,
  type ChangeRequestStatus,
  type FareQuoteResult,
  type FlightSupply,
  type ImportedBooking,
  type OfferRef,
  type PostTicketExtra,
  type SupplierBookingDetails,
  type SupplyContext,
  type SupplySearchResult,
  type TicketRequest,
  type TicketResult,
} from '../types.ts';
import { DuffelCalls, type DuffelSettings } from './client.ts';
import {
  baggageOf,
  detailsOfOrder,
  DUFFEL_LIMITS,
  fareRulesOf,
  fromOffer,
  paxTypeOf,
  seatRowsOf,
  segmentIndex,
  servicesOf,
  ticketsInOrder,
  toOfferRequest,
  toOrderPassengers,
} from './map.ts';
import { dynamoOrderRefs, type DuffelOrderRefs } from './order-ref-repo.ts';
import type { SiteId } from '#lib/keys';

export { DUFFEL_LIMITS };

/** A Duffel test-mode token: bookings go to Duffel's fake airline (no real seat, PNR or ticket). */
export const isDuffelTestToken = (token: string): boolean => token.startsWith('duffel_test_');

/** "Test connection": one cheap authenticated read (a page of one airline) with the given token. */
export async function checkDuffelAccess(
  settings: DuffelSettings,
  ctx: SupplyContext,
): Promise<{ ok: boolean; message: string }> {
  try {
    await new DuffelCalls({ ...settings, bookingTimeoutMs: 10_000 }).run(
      'airlines.list',
      'booking',
      (api) => api.airlines.list({ limit: 1 }),
      ctx,
    );
    return { ok: true, message: 'Connected: Duffel accepted the access token' };
  } catch (err) {
    if (!(err instanceof SupplyError)) throw err;
    return { ok: false, message: err.message };
  }
}

const published = (f: BookRequest['expectedFare']) =>
  round2(f.baseFare + f.tax + f.otherCharges + f.serviceFee + f.txnFee);
const amount = (n: number) => n.toFixed(2);

/** A service Duffel sells on a ticketed order (a bag, or a seat on one segment), for one passenger. */
export interface DuffelService {
  serviceId: string;
  passengerId: string;
  kind: 'baggage' | 'seat';
  item: TSsrItem | TSeat;
  price: number;
  currency: string;
}

/** A change offer: the new flights for the order and what the change costs. */
export interface DuffelChangeOffer {
  changeOfferId: string;
  expiresAt: string;
  changeTotal: number;
  penalty: number;
  newTotal: number;
  currency: string;
}

/** Our errors for what the client refuses before Duffel is asked (passengers, services). */
function refused(work: () => unknown): never | void {
  try {
    work();
  } catch (err) {
    throw new SupplyError('invalidRequest', (err as Error).message);
  }
}
function checked<T>(work: () => T): T {
  try {
    return work();
  } catch (err) {
    throw new SupplyError('invalidRequest', (err as Error).message);
  }
}

export class DuffelSupply implements FlightSupply {
  readonly name = 'duffel';
  private readonly calls: DuffelCalls;

  constructor(
    private readonly ownerSiteId: SiteId,
    settings: DuffelSettings,
    private readonly refs: DuffelOrderRefs = dynamoOrderRefs,
  ) {
    this.calls = new DuffelCalls(settings);
  }

  /** Duffel searches all its airlines at once: "GDS" stands for its holdable fares, airline codes for the rest. */
  async sources(): Promise<string[]> {
    return ['GDS'];
  }

  async search(req: TSearchRequest, ctx: SupplyContext): Promise<SupplySearchResult> {
    // Duffel stops asking slow airlines a little before our own timeout, so a search answers with what it has.
    const supplierTimeout = Math.max(2_000, this.calls.timeout('search') - 3_000);
    const res = await this.calls.run(
      'offerRequests.create',
      'search',
      (api) =>
        api.offerRequests.create({ ...toOfferRequest(req), return_offers: true, supplier_timeout: supplierTimeout }),
      ctx,
    );
    const wanted = new Set([...(req.Sources ?? []), ...(req.preferredAirlines ?? [])]);
    const options = (res.data.offers ?? [])
      .map(fromOffer)
      .filter((o) => !wanted.size || wanted.has(o.source) || wanted.has(o.airlineCode))
      .sort((a, b) => published(a.fare) - published(b.fare));
    return { traceId: res.data.id, results: [options] };
  }

  async calendarFare(): Promise<CalendarFareDay[]> {
    throw new SupplyError('notAllowed', DUFFEL_LIMITS.calendarFare);
  }

  private async offer(ref: OfferRef, ctx: SupplyContext): Promise<Offer> {
    const res = await this.calls.run(
      'offers.get',
      'booking',
      (api) => api.offers.get(ref.resultIndex, { return_available_services: true }),
      ctx,
    );
    return res.data;
  }

  private async seatMaps(params: { offer_id: string } | { order_id: string }, ctx: SupplyContext): Promise<SeatMap[]> {
    const res = await this.calls.run(
      'seatMaps.get',
      'booking',
      (api) => api.seatMaps.get(params as { offer_id: string }),
      ctx,
    );
    return res.data;
  }

  async fareRules(ref: OfferRef, ctx: SupplyContext): Promise<TFareRule[]> {
    return fareRulesOf(await this.offer(ref, ctx));
  }

  /** The offer as Duffel prices it now; the flights service compares it with what the search showed. */
  async fareQuote(ref: OfferRef, ctx: SupplyContext): Promise<FareQuoteResult> {
    return { option: fromOffer(await this.offer(ref, ctx)), isPriceChanged: false };
  }

  async ssr(ref: OfferRef, ctx: SupplyContext): Promise<TSsrCatalogue | null> {
    const offer = await this.offer(ref, ctx);
    const segments = segmentIndex(offer.slices);
    const baggage = baggageOf(offer.available_services ?? [], segments);
    const seatDynamic = (await this.seatMaps({ offer_id: offer.id }, ctx))
      .map((m) => seatRowsOf(m, segments))
      .filter((m) => m.rows.length);
    if (!baggage.length && !seatDynamic.length) return null;
    return { baggage, mealDynamic: [], seatDynamic, confirmedOnline: true };
  }

  private async order(orderId: string, ctx: SupplyContext): Promise<Order> {
    return (await this.calls.run('orders.get', 'booking', (api) => api.orders.get(orderId), ctx)).data;
  }

  /** Creates the order once per reference: the reference is recorded before Duffel is asked, the order id after. */
  private async createOrder(
    reference: string | undefined,
    offerId: string,
    body: Parameters<DuffelCalls['api']['orders']['create']>[0],
    ctx: SupplyContext,
  ): Promise<Order> {
    if (reference) await this.refs.begin(this.ownerSiteId, reference, offerId);
    const order = (
      await this.calls.run(
        'orders.create',
        'booking',
        (api) => api.orders.create({ ...body, ...(reference ? { metadata: { reference } } : {}) }),
        ctx,
      )
    ).data;
    if (reference) await this.refs.settle(this.ownerSiteId, reference, order.id);
    return order;
  }

  /**
   * A hold order; or, when the caller tickets at once (a sale of a holdable fare), an instant order paid now,
   * which the following `ticket` answers as it stands (bags and seats can be sold with it, not with a hold).
   */
  async book(req: BookRequest, ctx: SupplyContext): Promise<BookResult> {
    if (req.ticketAtOnce) {
      const sold = await this.ticket({ ...req }, ctx);
      return {
        pnr: sold.pnr,
        supplierBookingId: sold.supplierBookingId,
        lastTicketDate: null,
        isPriceChanged: Boolean(sold.isPriceChanged),
      };
    }
    const offer = await this.offer(req, ctx);
    if (Math.abs(Number(offer.total_amount) - published(req.expectedFare)) > 0.5)
      return { pnr: '', supplierBookingId: '', lastTicketDate: null, isPriceChanged: true };
    if (offer.payment_requirements.requires_instant_payment)
      throw new SupplyError('notAllowed', 'This fare must be paid at once: it cannot be held');
    if (req.passengers.some((p) => p.baggage.length || p.seat.length))
      throw new SupplyError('notAllowed', 'Bags and seats are added to a held Duffel booking once it is paid');
    const { passengers } = checked(() => toOrderPassengers(req.passengers, offer.passengers));
    const order = await this.createOrder(
      req.reference,
      offer.id,
      // Duffel's wire value for a held order is "hold" (the client's own type names it otherwise).
      { type: 'hold' as 'instant', selected_offers: [offer.id], passengers },
      ctx,
    );
    return {
      pnr: order.booking_reference,
      supplierBookingId: order.id,
      lastTicketDate: order.payment_status.payment_required_by ?? null,
      isPriceChanged: false,
    };
  }

  async ticket(req: TicketRequest, ctx: SupplyContext): Promise<TicketResult> {
    if (req.supplierBookingId) return this.payHeld(req.supplierBookingId, ctx);
    if (!req.passengers?.length || !req.expectedFare)
      throw new SupplyError('invalidRequest', 'Passengers and the quoted fare are required to ticket');
    const offer = await this.offer(req, ctx);
    if (Math.abs(Number(offer.total_amount) - published(req.expectedFare)) > 0.5)
      return { pnr: '', supplierBookingId: '', tickets: [], isPriceChanged: true };
    const { passengers, ids } = checked(() => toOrderPassengers(req.passengers!, offer.passengers));
    const chosen = req.passengers.some((p) => p.baggage.length || p.seat.length);
    const seatMaps = req.passengers.some((p) => p.seat.length) ? await this.seatMaps({ offer_id: offer.id }, ctx) : [];
    const services = chosen
      ? checked(() =>
          servicesOf(req.passengers!, ids, offer.available_services ?? [], seatMaps, segmentIndex(offer.slices)),
        )
      : [];
    const servicePrices = [
      ...(offer.available_services ?? []).map((s) => [s.id, Number(s.total_amount)] as const),
      ...seatMaps.flatMap((m) =>
        m.cabins.flatMap((c) =>
          c.rows.flatMap((r) =>
            r.sections.flatMap((s) =>
              s.elements.flatMap((e) =>
                e.type === 'seat' ? e.available_services.map((x) => [x.id, Number(x.total_amount)] as const) : [],
              ),
            ),
          ),
        ),
      ),
    ];
    const priceOf = new Map(servicePrices);
    const total = Number(offer.total_amount) + services.reduce((a, s) => a + (priceOf.get(s.id) ?? 0) * s.quantity, 0);
    const order = await this.createOrder(
      req.reference,
      offer.id,
      {
        type: 'instant',
        selected_offers: [offer.id],
        passengers,
        ...(services.length ? { services } : {}),
        payments: [{ type: 'balance', amount: amount(total), currency: offer.total_currency }],
      },
      ctx,
    );
    return { pnr: order.booking_reference, supplierBookingId: order.id, tickets: ticketsInOrder(order, ids) };
  }

  /** Pays a held order from the balance (once: a paid order is answered as it stands). */
  private async payHeld(orderId: string, ctx: SupplyContext): Promise<TicketResult> {
    let order = await this.order(orderId, ctx);
    if (order.cancelled_at) throw new SupplyError('notAllowed', 'This booking was cancelled at the airline');
    if (!order.payment_status.paid_at) {
      await this.calls.run(
        'payments.create',
        'booking',
        (api) =>
          api.payments.create({
            order_id: order.id,
            payment: { type: 'balance', amount: order.total_amount, currency: order.total_currency },
          }),
        ctx,
      );
      order = await this.order(orderId, ctx);
    }
    return { pnr: order.booking_reference, supplierBookingId: order.id, tickets: ticketsInOrder(order, []) };
  }

  /** A hold is released by cancelling the unpaid order (Duffel refunds nothing: nothing was paid). */
  async release(req: { supplierBookingId: string }, ctx: SupplyContext): Promise<void> {
    const order = await this.order(req.supplierBookingId, ctx);
    if (order.cancelled_at) return;
    if (order.payment_status.paid_at) throw new SupplyError('notAllowed', 'A paid booking is cancelled, not released');
    const quote = await this.quoteCancellation(order.id, ctx);
    await this.calls.run(
      'orderCancellations.confirm',
      'booking',
      (api) => api.orderCancellations.confirm(quote.id),
      ctx,
    );
  }

  async bookingDetails(req: { supplierBookingId: string }, ctx: SupplyContext): Promise<SupplierBookingDetails> {
    return detailsOfOrder(await this.order(req.supplierBookingId, ctx));
  }

  /**
   * The order made under our reference. Recorded: read it. Begun but never recorded (the attempt died while
   * Duffel was creating it): Duffel's orders are paged through for the one carrying our reference.
   */
  async findBooking(
    req: { reference: string; traceId: string },
    ctx: SupplyContext,
  ): Promise<SupplierBookingDetails | null> {
    const ref = await this.refs.get(this.ownerSiteId, req.reference);
    if (!ref) return null;
    if (ref.orderId) return this.bookingDetails({ supplierBookingId: ref.orderId }, ctx);
    const found = await this.calls.run(
      'orders.list',
      'booking',
      async (api) => {
        for await (const page of api.orders.listWithGenerator())
          if (page.data.metadata?.reference === req.reference) return page.data;
        return null;
      },
      ctx,
    );
    if (!found) return null;
    await this.refs.settle(this.ownerSiteId, req.reference, found.id);
    return detailsOfOrder(found);
  }

  private async quoteCancellation(orderId: string, ctx: SupplyContext) {
    return (
      await this.calls.run(
        'orderCancellations.create',
        'booking',
        (api) => api.orderCancellations.create({ order_id: orderId }),
        ctx,
      )
    ).data;
  }

  private static wholeOrderOnly(requestType: 1 | 2 | 3) {
    if (requestType === 2) throw new SupplyError('notAllowed', DUFFEL_LIMITS.partialCancellation);
    if (requestType === 3) throw new SupplyError('notAllowed', DUFFEL_LIMITS.reissue);
  }

  /** Duffel's quote: an order cancellation, not yet confirmed (it lapses unless confirmed). */
  async cancellationCharges(
    req: { supplierBookingId: string; requestType: 1 | 2 | 3 },
    ctx: SupplyContext,
  ): Promise<{ refundAmount: number; cancellationCharge: number; currency: string }> {
    DuffelSupply.wholeOrderOnly(req.requestType);
    const order = await this.order(req.supplierBookingId, ctx);
    const quote = await this.quoteCancellation(order.id, ctx);
    const refund = Number(quote.refund_amount ?? 0);
    return {
      refundAmount: refund,
      cancellationCharge: round2(Math.max(0, Number(order.total_amount) - refund)),
      currency: quote.refund_currency ?? order.total_currency,
    };
  }

  /** Confirms the latest open quote (or a new one): the whole order is cancelled and refunded to the balance. */
  async changeRequest(
    req: ChangeRequestInput,
    ctx: SupplyContext,
  ): Promise<{ changeRequests: { changeRequestId: string; ticketId: string | null }[] }> {
    DuffelSupply.wholeOrderOnly(req.requestType);
    const open = await this.calls.run(
      'orderCancellations.list',
      'booking',
      (api) => api.orderCancellations.list({ order_id: req.supplierBookingId }),
      ctx,
    );
    const now = ctx.now.getTime();
    const pending = open.data.find((c) => !c.confirmed_at && Date.parse(c.expires_at) > now);
    const quote = pending ?? (await this.quoteCancellation(req.supplierBookingId, ctx));
    await this.calls.run(
      'orderCancellations.confirm',
      'booking',
      (api) => api.orderCancellations.confirm(quote.id),
      ctx,
    );
    return { changeRequests: [{ changeRequestId: quote.id, ticketId: null }] };
  }

  async changeRequestStatus(req: { changeRequestId: string }, ctx: SupplyContext): Promise<ChangeRequestStatus> {
    const c = (
      await this.calls.run(
        'orderCancellations.get',
        'booking',
        (api) => api.orderCancellations.get(req.changeRequestId),
        ctx,
      )
    ).data;
    const order = await this.order(c.order_id, ctx);
    const refund = Number(c.refund_amount ?? 0);
    return {
      changeRequestId: c.id,
      status: c.confirmed_at ? 'Completed' : 'Pending',
      refundedAmount: c.confirmed_at ? refund : 0,
      cancellationCharge: round2(Math.max(0, Number(order.total_amount) - refund)),
      serviceTaxOnCharge: 0,
      creditNoteNo: null,
    };
  }

  // ------------------------------------------------------------ after ticketing: extras and changes

  /** Bags Duffel sells on a ticketed order, per passenger. */
  async availableServices(req: { supplierBookingId: string }, ctx: SupplyContext): Promise<DuffelService[]> {
    const order = await this.order(req.supplierBookingId, ctx);
    const res = await this.calls.run(
      'orders.getAvailableServices',
      'booking',
      (api) => api.orders.getAvailableServices(order.id),
      ctx,
    );
    const segments = segmentIndex(order.slices as unknown as Offer['slices']);
    return res.data.flatMap((s) => {
      const [item] = baggageOf([s], segments);
      return item
        ? s.passenger_ids.map((passengerId) => ({
            serviceId: s.id,
            passengerId,
            kind: 'baggage' as const,
            item,
            price: item.price,
            currency: item.currency,
          }))
        : [];
    });
  }

  /** Seats Duffel sells on a ticketed order: its seat maps, with each passenger's service per free seat. */
  async seatServices(req: { supplierBookingId: string }, ctx: SupplyContext): Promise<DuffelService[]> {
    const order = await this.order(req.supplierBookingId, ctx);
    const segments = segmentIndex(order.slices as unknown as Offer['slices']);
    const maps = await this.seatMaps({ order_id: order.id }, ctx);
    return maps.flatMap((m) => {
      const seats = seatRowsOf(m, segments).rows.flat();
      const elements = m.cabins.flatMap((c) => c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements)));
      return elements.flatMap((e) => {
        if (e.type !== 'seat') return [];
        const seat = seats.find((s) => s.code === e.designator)!;
        return e.available_services.map((x) => ({
          serviceId: x.id,
          passengerId: x.passenger_id,
          kind: 'seat' as const,
          item: { ...seat, price: Number(x.total_amount), currency: x.total_currency },
          price: Number(x.total_amount),
          currency: x.total_currency,
        }));
      });
    });
  }

  /** Adds services to a ticketed order, paid from the Duffel balance; answers the order after it. */
  async addServices(
    req: { supplierBookingId: string; services: { serviceId: string; price: number; currency: string }[] },
    ctx: SupplyContext,
  ): Promise<{ details: SupplierBookingDetails; charged: number; currency: string }> {
    refused(() => {
      if (!req.services.length) throw new Error('Choose at least one bag or seat');
      if (new Set(req.services.map((s) => s.currency)).size > 1) throw new Error('Services in one currency only');
    });
    const charged = round2(req.services.reduce((a, s) => a + s.price, 0));
    const currency = req.services[0]!.currency;
    const order = (
      await this.calls.run(
        'orders.addServices',
        'booking',
        (api) =>
          api.orders.addServices(req.supplierBookingId, {
            payment: { type: 'balance', amount: amount(charged), currency },
            add_services: req.services.map((s) => ({ id: s.serviceId, quantity: 1 })),
          }),
        ctx,
      )
    ).data;
    return { details: detailsOfOrder(order), charged, currency };
  }

  /** Bags and seats on sale for a ticketed order, per passenger (in the order's passenger order). */
  async postTicketExtras(req: { supplierBookingId: string }, ctx: SupplyContext): Promise<PostTicketExtra[]> {
    const order = await this.order(req.supplierBookingId, ctx);
    if (order.cancelled_at || !order.payment_status.paid_at) return [];
    const paxIndex = new Map(order.passengers.map((p, i) => [p.id, i]));
    const [bags, seats] = await Promise.all([this.availableServices(req, ctx), this.seatServices(req, ctx)]);
    return [...bags, ...seats].flatMap((s) => {
      const i = paxIndex.get(s.passengerId);
      return i === undefined || !(s.price > 0)
        ? []
        : [
            {
              extraId: s.serviceId,
              paxIndex: i,
              kind: s.kind,
              segment: `${s.item.origin}-${s.item.destination}`,
              item: s.item,
            },
          ];
    });
  }

  /**
   * Buys services once per reference: the reference is recorded before Duffel is asked; a retry whose first attempt
   * began finds the services on the order (Duffel keeps a service's id when it is added) and buys nothing more.
   */
  async addPostTicketExtras(
    req: { supplierBookingId: string; reference: string; extraIds: string[] },
    ctx: SupplyContext,
  ): Promise<{ charged: number; currency: string }> {
    const offered = new Map((await this.postTicketExtras(req, ctx)).map((x) => [x.extraId, x]));
    const began = await this.refs.get(this.ownerSiteId, req.reference);
    if (began) {
      const order = await this.order(req.supplierBookingId, ctx);
      const owned = new Set(order.services.map((x) => x.id));
      if (req.extraIds.every((id) => owned.has(id))) {
        await this.refs.settle(this.ownerSiteId, req.reference, order.id);
        return {
          charged: round2(
            order.services.filter((x) => req.extraIds.includes(x.id)).reduce((n, x) => n + Number(x.total_amount), 0),
          ),
          currency: order.total_currency,
        };
      }
    }
    const picked = req.extraIds.map((id) => offered.get(id));
    if (!picked.length || picked.some((x) => !x))
      throw new SupplyError('soldOut', 'An extra chosen is no longer available; please choose again');
    await this.refs.begin(this.ownerSiteId, req.reference, req.supplierBookingId);
    const { charged, currency } = await this.addServices(
      {
        supplierBookingId: req.supplierBookingId,
        services: picked.map((x) => ({ serviceId: x!.extraId, price: x!.item.price, currency: x!.item.currency })),
      },
      ctx,
    );
    await this.refs.settle(this.ownerSiteId, req.reference, req.supplierBookingId);
    return { charged, currency };
  }

  /** An order made elsewhere, by its Duffel order id (Duffel has no lookup by PNR): a passenger's last name must match. */
  async findBookingByPnr(req: { pnr: string; lastName: string }, ctx: SupplyContext): Promise<ImportedBooking | null> {
    if (!/^ord_[A-Za-z0-9]+$/.test(req.pnr.trim())) return null;
    let order: Order;
    try {
      order = await this.order(req.pnr.trim(), ctx);
    } catch (err) {
      if (err instanceof SupplyError && err.kind === 'invalidRequest') return null;
      throw err;
    }
    const name = req.lastName.trim().toLowerCase();
    if (!order.passengers.some((p) => (p.family_name ?? '').toLowerCase() === name)) return null;
    const option = fromOffer({
      ...(order as unknown as Offer),
      payment_requirements: {
        requires_instant_payment: true,
        payment_required_by: null,
        price_guarantee_expires_at: null,
      },
      conditions: order.conditions as unknown as Offer['conditions'],
    });
    const tickets = ticketsInOrder(order, []);
    const details = detailsOfOrder(order);
    const countries = new Set(option.segments.flat().flatMap((x) => [x.originCountryCode, x.destinationCountryCode]));
    return {
      pnr: order.booking_reference,
      supplierBookingId: order.id,
      status: details.status,
      source: option.source,
      isLcc: option.isLcc,
      isRefundable: option.isRefundable,
      isDomestic: countries.size === 1,
      airlineCode: option.airlineCode,
      airlineName: option.airlineName,
      segments: option.segments,
      passengers: order.passengers.map((p, i) => {
        const female = p.gender === 'f';
        const titles: Record<string, 'Mr' | 'Mrs' | 'Ms' | 'Miss'> = { mr: 'Mr', mrs: 'Mrs', ms: 'Ms', miss: 'Miss' };
        const title = titles[p.title ?? 'mr'] ?? (female ? 'Ms' : 'Mr');
        return {
          title,
          firstName: p.given_name,
          lastName: p.family_name,
          paxType: paxTypeOf(p),
          gender: female ? 2 : 1,
          isLeadPax: i === 0,
          ...(p.born_on ? { dateOfBirth: p.born_on } : {}),
          ticket: tickets[i] ?? null,
        };
      }),
      fare: option.fare,
      fareBreakdown: option.fareBreakdown,
    };
  }

  /** Change offers for new flights on some of the order's slices (Duffel's order change request). */
  async searchChanges(
    req: {
      supplierBookingId: string;
      removeSliceIds: string[];
      add: { origin: string; destination: string; departureDate: string }[];
    },
    ctx: SupplyContext,
  ): Promise<{ changeRequestId: string; offers: DuffelChangeOffer[] }> {
    const res = await this.calls.run(
      'orderChangeRequests.create',
      'search',
      (api) =>
        api.orderChangeRequests.create({
          order_id: req.supplierBookingId,
          slices: {
            remove: req.removeSliceIds.map((slice_id) => ({ slice_id })),
            add: req.add.map((a) => ({
              origin: a.origin,
              destination: a.destination,
              departure_date: a.departureDate,
            })),
          },
        }),
      ctx,
    );
    return {
      changeRequestId: res.data.id,
      offers: res.data.order_change_offers.map((o) => ({
        changeOfferId: o.id,
        expiresAt: o.expires_at,
        changeTotal: Number(o.change_total_amount ?? 0),
        penalty: Number(o.penalty_amount ?? 0),
        newTotal: Number(o.new_total_amount ?? 0),
        currency: o.change_total_currency ?? o.new_total_currency,
      })),
    };
  }

  /** Selects a change offer: a pending order change, to be confirmed (and paid) next. */
  async selectChange(
    req: { changeOfferId: string },
    ctx: SupplyContext,
  ): Promise<{ orderChangeId: string; changeTotal: number; currency: string }> {
    const res = await this.calls.run(
      'orderChanges.create',
      'booking',
      (api) => api.orderChanges.create({ selected_order_change_offer: req.changeOfferId }),
      ctx,
    );
    return {
      orderChangeId: res.data.id,
      changeTotal: Number(res.data.change_total_amount ?? 0),
      currency: res.data.change_total_currency ?? '',
    };
  }

  /** Confirms the change, paying what it costs from the balance (nothing when it costs nothing). */
  async confirmChange(
    req: { orderChangeId: string; supplierBookingId: string; changeTotal: number; currency: string },
    ctx: SupplyContext,
  ): Promise<SupplierBookingDetails> {
    await this.calls.run(
      'orderChanges.confirm',
      'booking',
      (api) =>
        api.orderChanges.confirm(
          req.orderChangeId,
          req.changeTotal > 0
            ? { payment: { type: 'balance', amount: amount(req.changeTotal), currency: req.currency } }
            : {},
        ),
      ctx,
    );
    return this.bookingDetails({ supplierBookingId: req.supplierBookingId }, ctx);
  }
}
