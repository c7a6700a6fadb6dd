/**
 * The embedded simulated consolidator (docs/flight-supply-simulator.md): a FlightSupply that behaves
 * like a TBO-style supplier (holds, tickets, seats that run out, fares that move on quote, change
 * requests that progress with the clock) over generated but realistic schedules and fares.
 */
import { randomInt } from 'node:crypto';
import type { TFareRule, TSearchRequest, TSegment, TSsrCatalogue } from '@tp/contracts/endpoints/flights';
import {
  SupplyError,
  type BookRequest,
  type BookResult,
  type CalendarFareDay,
  type CalendarFareRequest,
  type ChangeRequestInput,
  type ChangeRequestStatus,
  type FareQuoteResult,
  type FlightSupply,
  type ImportedBooking,
  type OfferRef,
  type PostTicketExtra,
  type ScheduleAlternative,
  type SupplierBookingDetails,
  type SupplyContext,
  type SupplierOption,
  type SupplyPassenger,
  type SupplySearchResult,
  type TicketRequest,
  type TicketResult,
} from '../types.ts';
import type { SupplierFare } from '@tp/domain/pricing';
import { cancellationCharge, FAMILIES, fareRuleText, publishedOf } from './fares.ts';
import {
  DEFAULT_MAX_OPTIONS,
  TRACE_BOOKABLE_MS,
  decodeTrace,
  encodeTrace,
  generate,
  lastTicketDate,
  offerAt,
  priced,
  quoteFactor,
  resultIndexOf,
  sourceOf,
  toOption,
  type Generated,
  type Offer,
  type TracePayload,
} from './generate.ts';
import { addDays, airlineName, airportFor, CARRIERS, carrierByCode } from './network.ts';
import { alternativesFor, isDisrupted, retimed } from './schedule-changes.ts';
import { ssrCatalogue } from './ssr.ts';
import { dynamoSimStore, type SeatClaim, type SimBooking, type SimStore, type SimTicket } from './store.ts';
import type { SiteId } from '#lib/keys';

export interface SimulatorSettings {
  /** Mean extra delay per call (0 in tests; a few seconds with a long tail in the demo). */
  latencyMs?: number;
  /** Share of calls that time out, 0–1. */
  failureRate?: number;
  /** Options per result list. */
  maxOptions?: number;
}

/** Change requests move on with the clock: minutes after they were asked. */
export const CR_PROGRESS_MINUTES = { assigned: 2, acknowledged: 4, completed: 6 } as const;

const PNR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const pnr = () => Array.from({ length: 6 }, () => PNR_ALPHABET[randomInt(PNR_ALPHABET.length)]).join('');
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

const legsOf = (o: Offer) => o.trips.flat();
const seatClaims = (o: Offer, seats: number): SeatClaim[] =>
  legsOf(o).map((l) => ({ date: l.date, key: l.key, seats, onSale: l.seatsOnSale }));

export class SimulatorSupply implements FlightSupply {
  readonly name = 'simulator';
  /** Recent searches by trace id: regenerating is cheap, but quote → SSR → book reuse one. */
  private readonly recent = new Map<string, Generated>();

  constructor(
    /** The site whose supply this is; its partition holds the simulator's seats and bookings. */
    private readonly ownerSiteId: SiteId,
    private readonly settings: SimulatorSettings = {},
    private readonly store: SimStore = dynamoSimStore,
    private readonly random: () => number = Math.random,
  ) {}

  /** Latency and failure injection around every call. */
  private async call<T>(ctx: SupplyContext, op: string, run: () => Promise<T>): Promise<T> {
    const { latencyMs = 0, failureRate = 0 } = this.settings;
    if (latencyMs > 0) {
      // Mostly around the mean, one call in twenty takes four times as long.
      const factor = this.random() < 0.05 ? 4 : 0.5 + this.random();
      await new Promise((r) => setTimeout(r, latencyMs * factor));
    }
    if (failureRate > 0 && this.random() < failureRate) {
      ctx.log.warn('simulated supplier timeout', { op });
      throw new SupplyError('timeout', 'The supplier did not respond in time');
    }
    return run();
  }

  private generated(traceId: string, now: Date, validMs?: number): { g: Generated; p: TracePayload } {
    const p = decodeTrace(traceId, now, validMs);
    let g = this.recent.get(traceId);
    if (!g) {
      g = generate(p);
      if (this.recent.size >= 16) this.recent.delete(this.recent.keys().next().value!);
      this.recent.set(traceId, g);
    }
    return { g, p };
  }

  private offer(ref: OfferRef, now: Date, validMs?: number) {
    const { g } = this.generated(ref.traceId, now, validMs);
    return { g, offer: offerAt(g, ref.resultIndex), factor: quoteFactor(ref.traceId, ref.resultIndex) };
  }

  async sources(): Promise<string[]> {
    return ['GDS', ...CARRIERS.filter((c) => c.isLcc).map((c) => c.code)];
  }

  search(req: TSearchRequest, ctx: SupplyContext): Promise<SupplySearchResult> {
    return this.call(ctx, 'search', async () => {
      const today = ctx.now.toISOString().slice(0, 10);
      for (const s of req.segments) {
        const date = s.preferredDepartureTime.slice(0, 10);
        if (date < addDays(today, -1)) throw new SupplyError('invalidRequest', 'The departure date is in the past');
        if (date > addDays(today, 365))
          throw new SupplyError('invalidRequest', 'Flights can be searched up to a year ahead');
      }
      const payload: TracePayload = {
        req,
        issuedAt: ctx.now.getTime(),
        maxOptions: this.settings.maxOptions ?? DEFAULT_MAX_OPTIONS,
      };
      const traceId = encodeTrace(payload);
      const { g } = this.generated(traceId, ctx.now);
      const sold = await this.store.soldSeats(this.ownerSiteId, g.lists.flat().flatMap(legsOf));
      return {
        traceId,
        results: g.lists.map((list, li) =>
          list.map((o, i) => toOption(o, resultIndexOf(li, i), g.pax, ctx.now, { sold })),
        ),
      };
    });
  }

  /** Calendar days by route, cabin and date: from two days ahead a day's offers do not depend on the clock. */
  private readonly calendarDays = new Map<string, { g: Generated; byAirline: ReadonlyMap<string, readonly Offer[]> }>();

  /** A day's offers as a one-adult search of it generates them, per airline, cheapest first. */
  private calendarDay(req: CalendarFareRequest, date: string, now: Date) {
    const key = `${req.origin}|${req.destination}|${req.cabinClass ?? 1}|${date}`;
    const keep = date >= addDays(now.toISOString().slice(0, 10), 2);
    const kept = keep ? this.calendarDays.get(key) : undefined;
    if (kept) return kept;
    const g = generate({
      req: {
        JourneyType: 1,
        segments: [{ origin: req.origin, destination: req.destination, preferredDepartureTime: `${date}T00:00:00` }],
        adultCount: 1,
        childCount: 0,
        infantCount: 0,
        cabinClass: req.cabinClass ?? 1,
      },
      issuedAt: now.getTime(),
      maxOptions: this.settings.maxOptions ?? DEFAULT_MAX_OPTIONS,
    });
    // Cheapest first already (rank): each airline's offers in that order.
    const byAirline = new Map<string, Offer[]>();
    for (const o of g.lists[0] ?? []) byAirline.set(o.carrier.code, [...(byAirline.get(o.carrier.code) ?? []), o]);
    const day = { g, byAirline };
    if (keep) {
      if (this.calendarDays.size >= 400) this.calendarDays.delete(this.calendarDays.keys().next().value!);
      this.calendarDays.set(key, day);
    }
    return day;
  }

  /**
   * Each day's cheapest options as a one-adult search of that day would return them (the same offers,
   * families on sale, seats left), one per airline: markups are per airline and rise with the fare, so
   * the caller's cheapest price is among them whatever their group.
   */
  calendarFare(req: CalendarFareRequest, ctx: SupplyContext): Promise<CalendarFareDay[]> {
    return this.call(ctx, 'calendarFare', async () => {
      if (!airportFor(req.origin) || !airportFor(req.destination))
        throw new SupplyError('invalidRequest', 'Unknown airport or city code');
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(req.month)) throw new SupplyError('invalidRequest', 'Enter a valid month');
      const today = ctx.now.toISOString().slice(0, 10);
      const perDay: { date: string; g: Generated; byAirline: Map<string, Offer[]> }[] = [];
      for (let date = `${req.month}-01`; date.startsWith(req.month); date = addDays(date, 1)) {
        if (date < today || (req.days && !req.days.includes(date))) continue;
        const { g, byAirline } = this.calendarDay(req, date, ctx.now);
        // A copy: the seat check below moves past full flights.
        perDay.push({ date, g, byAirline: new Map([...byAirline].map(([code, list]) => [code, [...list]])) });
      }
      // Each airline's cheapest offer with a seat left on every flight: sold seats are read for the
      // candidates only, and an airline whose candidate is full moves on to its next offer.
      const sold = new Map<string, number>();
      const seatOk = (o: Offer) => legsOf(o).every((l) => l.seatsOnSale - (sold.get(`${l.date}|${l.key}`) ?? 0) >= 1);
      const candidates = () => perDay.flatMap((d) => [...d.byAirline.values()].map((list) => list[0]!));
      for (let round = 0; round < 8; round++) {
        const unknown = candidates()
          .flatMap(legsOf)
          .filter((l) => !sold.has(`${l.date}|${l.key}`));
        if (!unknown.length) break;
        const found = await this.store.soldSeats(this.ownerSiteId, unknown);
        for (const l of unknown) sold.set(`${l.date}|${l.key}`, found.get(`${l.date}|${l.key}`) ?? 0);
        for (const d of perDay)
          for (const [code, list] of d.byAirline) {
            while (list.length && !seatOk(list[0]!) && legsOf(list[0]!).every((l) => sold.has(`${l.date}|${l.key}`)))
              list.shift();
            if (!list.length) d.byAirline.delete(code);
          }
      }
      const days: CalendarFareDay[] = [];
      for (const { date, g, byAirline } of perDay) {
        const options = [...byAirline.values()]
          .map((list) => list[0]!)
          .filter(seatOk)
          .map((o, i) => toOption(o, `CAL${i + 1}`, g.pax, ctx.now, { sold }));
        const best = options.reduce<SupplierOption | null>(
          (a, o) => (!a || publishedOf(o.fare) < publishedOf(a.fare) ? o : a),
          null,
        );
        if (!best) continue;
        days.push({
          date,
          fare: publishedOf(best.fare),
          baseFare: best.fare.baseFare,
          tax: best.fare.tax,
          airlineCode: best.airlineCode,
          airlineName: best.airlineName,
          departureTime: best.segments[0]![0]!.departureTime,
          isLowestFareOfMonth: false,
          options,
        });
      }
      const lowest = Math.min(...days.map((d) => d.fare));
      return days.map((d) => ({ ...d, isLowestFareOfMonth: d.fare === lowest }));
    });
  }

  fareRules(ref: OfferRef, ctx: SupplyContext): Promise<TFareRule[]> {
    return this.call(ctx, 'fareRules', async () => {
      const { offer } = this.offer(ref, ctx.now);
      const text = fareRuleText(offer.family, offer.domestic, airlineName(offer.carrier.code));
      return offer.trips.map((legs) => ({
        origin: legs[0]!.origin.code,
        destination: legs[legs.length - 1]!.destination.code,
        airline: offer.carrier.code,
        fareRuleDetail: text,
      }));
    });
  }

  fareQuote(ref: OfferRef, ctx: SupplyContext): Promise<FareQuoteResult> {
    return this.call(ctx, 'fareQuote', async () => {
      const { g, offer, factor } = this.offer(ref, ctx.now);
      const sold = await this.store.soldSeats(this.ownerSiteId, legsOf(offer));
      return {
        option: toOption(offer, ref.resultIndex, g.pax, ctx.now, { factor, sold }),
        isPriceChanged: factor !== 1,
      };
    });
  }

  ssr(ref: OfferRef, ctx: SupplyContext): Promise<TSsrCatalogue | null> {
    return this.call(ctx, 'ssr', async () => ssrCatalogue(this.offer(ref, ctx.now).offer));
  }

  /** The quoted price, or null when the caller expected another one (the price moved). */
  private quoted(ref: OfferRef, passengers: SupplyPassenger[], expected: SupplierFare | undefined, now: Date) {
    const { g, offer, factor } = this.offer(ref, now, TRACE_BOOKABLE_MS);
    const count = (t: number) => passengers.filter((p) => p.paxType === t).length;
    if (count(1) !== g.pax.adults || count(2) !== g.pax.children || count(3) !== g.pax.infants)
      throw new SupplyError('invalidRequest', 'The passengers do not match the searched passenger counts');
    const price = priced(offer, g.pax, factor);
    const moved = expected !== undefined && Math.abs(publishedOf(expected) - publishedOf(price.fare)) > 0.5;
    return { offer, price, moved, seated: g.pax.adults + g.pax.children };
  }

  private async newBooking(
    ref: OfferRef & { reference?: string | undefined },
    offer: Offer,
    price: ReturnType<typeof priced>,
    passengers: SupplyPassenger[],
    seated: number,
    ticketed: boolean,
    now: Date,
  ): Promise<SimBooking> {
    if (!(await this.store.claimSeats(this.ownerSiteId, seatClaims(offer, seated))))
      throw new SupplyError('soldOut', 'Seats are no longer available on this flight, please choose another');
    const booking: SimBooking = {
      supplierBookingId: String(randomInt(1_000_000, 10_000_000)),
      pnr: pnr(),
      airlinePnr: pnr(),
      status: ticketed ? 'ticketed' : 'held',
      source: sourceOf(offer.carrier),
      isLcc: offer.carrier.isLcc,
      airlineCode: offer.carrier.code,
      traceId: ref.traceId,
      resultIndex: ref.resultIndex,
      familyId: offer.family.id,
      domestic: offer.domestic,
      createdAt: now.toISOString(),
      lastTicketDate: ticketed ? null : lastTicketDate(offer, now),
      firstDepartureUtc: offer.trips[0]![0]!.depUtc,
      seats: seatClaims(offer, seated),
      passengers: passengers.map((p) => ({
        firstName: p.firstName,
        lastName: p.lastName,
        paxType: p.paxType,
        title: p.title,
        gender: p.gender,
        ...(p.dateOfBirth ? { dateOfBirth: p.dateOfBirth } : {}),
        baseFare: price.perPax[p.paxType].baseFare,
        tax: price.perPax[p.paxType].tax,
      })),
      tickets: ticketed ? this.issueTickets(offer.carrier.code, passengers.length) : [],
      fare: price.fare,
      version: 1,
      ...(ref.reference ? { reference: ref.reference } : {}),
    };
    try {
      await this.store.putBooking(this.ownerSiteId, booking);
    } catch (err) {
      await this.store.returnSeats(this.ownerSiteId, booking.seats);
      throw err;
    }
    return booking;
  }

  private issueTickets(airlineCode: string, count: number): SimTicket[] {
    const prefix = carrierByCode(airlineCode)?.ticketPrefix ?? '999';
    return Array.from({ length: count }, (_, paxIndex) => ({
      ticketId: String(randomInt(10_000_000, 100_000_000)),
      ticketNumber: `${prefix}${digits(10)}`,
      paxIndex,
    }));
  }

  private async booking(supplierBookingId: string): Promise<SimBooking> {
    const b = /^\d+$/.test(supplierBookingId) ? await this.store.getBooking(this.ownerSiteId, supplierBookingId) : null;
    if (!b) throw new SupplyError('invalidRequest', 'No booking was found for this booking id');
    return b;
  }

  book(req: BookRequest, ctx: SupplyContext): Promise<BookResult> {
    return this.call(ctx, 'book', async () => {
      const { offer, price, moved, seated } = this.quoted(req, req.passengers, req.expectedFare, ctx.now);
      if (offer.carrier.isLcc)
        throw new SupplyError('invalidRequest', 'LCC fares are ticketed directly, without a hold');
      if (moved) return { pnr: '', supplierBookingId: '', lastTicketDate: null, isPriceChanged: true };
      const b = await this.newBooking(req, offer, price, req.passengers, seated, false, ctx.now);
      ctx.log.info('simulator hold', { supplierBookingId: b.supplierBookingId, pnr: b.pnr });
      return {
        pnr: b.pnr,
        supplierBookingId: b.supplierBookingId,
        lastTicketDate: b.lastTicketDate,
        isPriceChanged: false,
      };
    });
  }

  ticket(req: TicketRequest, ctx: SupplyContext): Promise<TicketResult> {
    return this.call(ctx, 'ticket', async () => {
      let b: SimBooking;
      if (req.supplierBookingId) {
        b = await this.booking(req.supplierBookingId);
        if (b.status === 'held') b = await this.ticketHold(b, ctx.now);
        else if (b.status !== 'ticketed') throw new SupplyError('expired', 'The booking was released; book again');
      } else {
        if (!req.passengers?.length) throw new SupplyError('invalidRequest', 'Passengers are required to ticket');
        const { offer, price, moved, seated } = this.quoted(req, req.passengers, req.expectedFare, ctx.now);
        if (!offer.carrier.isLcc) throw new SupplyError('invalidRequest', 'Book the PNR before ticketing a GDS fare');
        if (moved) return { pnr: '', supplierBookingId: '', tickets: [], isPriceChanged: true };
        b = await this.newBooking(req, offer, price, req.passengers, seated, true, ctx.now);
      }
      ctx.log.info('simulator ticket', { supplierBookingId: b.supplierBookingId, pnr: b.pnr });
      return {
        pnr: b.pnr,
        supplierBookingId: b.supplierBookingId,
        tickets: b.tickets.map((t) => ({
          ticketId: t.ticketId,
          ticketNumber: t.ticketNumber,
          validatingAirline: b.airlineCode,
        })),
        ...(b.isLcc ? {} : { airlinePnr: b.airlinePnr }),
      };
    });
  }

  /** Tickets a hold once; a lapsed hold is released instead. */
  private async ticketHold(b: SimBooking, now: Date): Promise<SimBooking> {
    if (b.lastTicketDate && Date.parse(b.lastTicketDate) < now.getTime()) {
      await this.releaseHeld(b);
      throw new SupplyError('expired', 'The hold lapsed at its last ticketing date; book again');
    }
    const next: SimBooking = {
      ...b,
      status: 'ticketed',
      tickets: this.issueTickets(b.airlineCode, b.passengers.length),
      version: b.version + 1,
    };
    if (await this.store.saveBooking(this.ownerSiteId, next)) return next;
    // Someone else changed it first (a concurrent ticket call): answer with what is stored.
    const stored = await this.booking(b.supplierBookingId);
    if (stored.status !== 'ticketed') throw new SupplyError('failed', 'The booking changed while ticketing; try again');
    return stored;
  }

  private async releaseHeld(b: SimBooking): Promise<void> {
    if (await this.store.saveBooking(this.ownerSiteId, { ...b, status: 'released', version: b.version + 1 }))
      await this.store.returnSeats(this.ownerSiteId, b.seats);
  }

  release(req: { supplierBookingId: string; source: string }, ctx: SupplyContext): Promise<void> {
    return this.call(ctx, 'release', async () => {
      const b = await this.booking(req.supplierBookingId);
      if (b.status === 'ticketed')
        throw new SupplyError('invalidRequest', 'A ticketed booking cannot be released; send a change request');
      if (b.status === 'held') await this.releaseHeld(b);
    });
  }

  bookingDetails(req: { supplierBookingId: string }, ctx: SupplyContext): Promise<SupplierBookingDetails> {
    return this.call(ctx, 'bookingDetails', async () => this.details(await this.booking(req.supplierBookingId), ctx));
  }

  findBooking(req: { reference: string; traceId: string }, ctx: SupplyContext): Promise<SupplierBookingDetails | null> {
    return this.call(ctx, 'findBooking', async () => {
      const b = await this.store.findByReference(this.ownerSiteId, req.reference);
      return b ? this.details(b, ctx) : null;
    });
  }

  private async details(b: SimBooking, ctx: SupplyContext): Promise<SupplierBookingDetails> {
    const lapsed = b.status === 'held' && b.lastTicketDate !== null && Date.parse(b.lastTicketDate) < ctx.now.getTime();
    const tickets = await Promise.all(
      b.tickets.map(async (t) => {
        const cr = t.changeRequestId ? await this.crStatus(t.changeRequestId, ctx.now) : null;
        const done = cr?.status === 'Completed';
        const status = !done ? 'ticketed' : cr.requestType === 3 ? 'reissued' : 'cancelled';
        return { ticketId: t.ticketId, ticketNumber: t.ticketNumber, status } as const;
      }),
    );
    const cancelled = tickets.filter((t) => t.status === 'cancelled').length;
    const status =
      lapsed || b.status === 'released'
        ? 'released'
        : b.status === 'held'
          ? 'held'
          : cancelled === 0
            ? 'ticketed'
            : cancelled === tickets.length
              ? 'cancelled'
              : 'partiallyCancelled';
    return {
      pnr: b.pnr,
      supplierBookingId: b.supplierBookingId,
      status,
      lastTicketDate: b.lastTicketDate,
      tickets,
      ...(b.status === 'ticketed' ? await this.schedule(b, ctx.now) : {}),
    };
  }

  /**
   * The booking's itinerary as the airline flies it now: the confirmed schedule after a change, else the booked
   * flights with the airline's retimings (schedule-changes.ts) and, when retimed, the alternative it offers.
   */
  private async schedule(
    b: SimBooking,
    now: Date,
  ): Promise<{ segments?: TSegment[][]; alternatives?: ScheduleAlternative[] }> {
    if (b.schedule) return { segments: b.schedule, alternatives: [] };
    const found = this.bookedOffers(b, now);
    if (!found) return {};
    const booked = found.options.find((o) => o.resultIndex === b.resultIndex)?.segments;
    if (!booked) return {};
    if (!isDisrupted(booked)) return { segments: booked, alternatives: [] };
    // Only flights with a seat for every traveller who takes one are offered: an alternative sold out since the
    // booked search could not be taken (acceptScheduleChange claims its seats).
    const sold = await this.store.soldSeats(this.ownerSiteId, found.offers.flatMap(legsOf));
    const seated = b.passengers.filter((p) => p.paxType !== 3).length;
    const withSeats = found.options.filter((o, i) =>
      legsOf(found.offers[i]!).every((l) => l.seatsOnSale - (sold.get(`${l.date}|${l.key}`) ?? 0) >= seated),
    );
    return {
      segments: retimed(booked),
      alternatives: alternativesFor(booked, withSeats).map((a) => ({
        alternativeId: a.resultIndex,
        segments: a.segments,
      })),
    };
  }

  /** The booked search regenerated (whatever its age) and its list's options of the booked carrier. */
  private bookedOffers(b: SimBooking, now: Date) {
    let g: Generated;
    try {
      g = this.generated(b.traceId, now, Number.POSITIVE_INFINITY).g;
    } catch {
      // Not booked through a search of ours (an imported or seeded booking): its schedule is unknown here.
      return null;
    }
    const listIndex = b.resultIndex.startsWith('IB') ? 1 : 0;
    const list = g.lists[listIndex] ?? [];
    const carried = list.flatMap((o, i) => (o.carrier.code === b.airlineCode ? [{ o, i }] : []));
    return {
      g,
      /** The carrier's offers; `options[k]` is `offers[k]` as the supplier answers it. */
      offers: carried.map(({ o }) => o),
      options: carried.map(({ o, i }) => toOption(o, resultIndexOf(listIndex, i), g.pax, now)),
    };
  }

  /** The booked offer regenerated from its search (whatever its age); null when it was not booked through one. */
  private bookedOffer(b: SimBooking, now: Date): { offer: Offer; g: Generated } | null {
    try {
      const { g } = this.generated(b.traceId, now, Number.POSITIVE_INFINITY);
      return { offer: offerAt(g, b.resultIndex), g };
    } catch {
      return null;
    }
  }

  /**
   * What the airline sells on a ticketed booking: low-cost airlines sell their paid bags and paid seats after
   * ticketing too (the same catalogue as at booking, seats bought since taken out); GDS airlines sell none (their
   * extras are requests at booking), so the caller answers "not offered by this airline".
   */
  private extrasOf(b: SimBooking, now: Date): PostTicketExtra[] {
    if (b.status !== 'ticketed') throw new SupplyError('invalidRequest', 'Only ticketed bookings can be changed');
    const offer = b.isLcc ? this.bookedOffer(b, now)?.offer : null;
    if (!offer) return [];
    const catalogue = ssrCatalogue(offer);
    const bought = new Set((b.extraPurchases ?? []).flatMap((p) => p.extraIds));
    const seatTaken = new Set(
      [...bought].filter((id) => id.startsWith('S')).map((id) => id.split('.').slice(1).join('.')),
    );
    const out: PostTicketExtra[] = [];
    b.passengers.forEach((p, paxIndex) => {
      // An infant sits on a lap and flies on the adult's allowance.
      if (p.paxType === 3) return;
      for (const bag of catalogue.baggage) {
        const segment = `${bag.origin}-${bag.destination}`;
        if (bag.price > 0)
          out.push({ extraId: `B${paxIndex}.${segment}.${bag.code}`, paxIndex, kind: 'baggage', segment, item: bag });
      }
      for (const { segment, rows } of catalogue.seatDynamic)
        for (const seat of rows.flat())
          if (seat.available && seat.price > 0 && !seatTaken.has(`${segment}.${seat.code}`))
            out.push({ extraId: `S${paxIndex}.${segment}.${seat.code}`, paxIndex, kind: 'seat', segment, item: seat });
    });
    return out;
  }

  postTicketExtras(req: { supplierBookingId: string }, ctx: SupplyContext): Promise<PostTicketExtra[]> {
    return this.call(ctx, 'postTicketExtras', async () =>
      this.extrasOf(await this.booking(req.supplierBookingId), ctx.now),
    );
  }

  addPostTicketExtras(
    req: { supplierBookingId: string; reference: string; extraIds: string[] },
    ctx: SupplyContext,
  ): Promise<{ charged: number; currency: string }> {
    return this.call(ctx, 'addPostTicketExtras', async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const b = await this.booking(req.supplierBookingId);
        const done = b.extraPurchases?.find((p) => p.reference === req.reference);
        if (done) return { charged: done.charged, currency: b.fare.currency };
        const offered = new Map(this.extrasOf(b, ctx.now).map((x) => [x.extraId, x]));
        const picked = req.extraIds.map((id) => offered.get(id));
        if (!picked.length || picked.some((x) => !x))
          throw new SupplyError('soldOut', 'An extra chosen is no longer available; please choose again');
        const seats = picked.filter((x) => x!.kind === 'seat').map((x) => `${x!.segment}.${x!.item.code}`);
        if (new Set(seats).size !== seats.length)
          throw new SupplyError('invalidRequest', 'A seat can be chosen for one passenger only');
        const charged = Math.round(picked.reduce((n, x) => n + x!.item.price * 100, 0)) / 100;
        const purchase = { reference: req.reference, extraIds: req.extraIds, charged, at: ctx.now.toISOString() };
        const next = { ...b, extraPurchases: [...(b.extraPurchases ?? []), purchase], version: b.version + 1 };
        if (await this.store.saveBooking(this.ownerSiteId, next)) return { charged, currency: b.fare.currency };
      }
      throw new SupplyError('failed', 'The booking changed meanwhile; try again');
    });
  }

  /** A simulated booking by its PNR, when a passenger has that last name (any case), as the airline shows it. */
  findBookingByPnr(req: { pnr: string; lastName: string }, ctx: SupplyContext): Promise<ImportedBooking | null> {
    return this.call(ctx, 'findBookingByPnr', async () => {
      const b = await this.store.findByPnr(this.ownerSiteId, req.pnr.trim().toUpperCase());
      const name = req.lastName.trim().toLowerCase();
      if (!b || !b.passengers.some((p) => p.lastName.toLowerCase() === name)) return null;
      const booked = this.bookedOffer(b, ctx.now);
      if (!booked) return null;
      const details = await this.details(b, ctx);
      const option = toOption(booked.offer, b.resultIndex, booked.g.pax, ctx.now);
      const byType = new Map<1 | 2 | 3, { count: number; baseFare: number; tax: number }>();
      for (const p of b.passengers) {
        const t = byType.get(p.paxType);
        byType.set(p.paxType, { count: (t?.count ?? 0) + 1, baseFare: p.baseFare, tax: p.tax });
      }
      const tickets = new Map(b.tickets.map((t) => [t.paxIndex, t]));
      return {
        pnr: b.pnr,
        supplierBookingId: b.supplierBookingId,
        status: details.status,
        source: b.source,
        isLcc: b.isLcc,
        isRefundable: option.isRefundable,
        isDomestic: b.domestic,
        airlineCode: b.airlineCode,
        airlineName: airlineName(b.airlineCode),
        segments: details.segments ?? option.segments,
        passengers: b.passengers.map((p, i) => {
          const t = tickets.get(i);
          return {
            title: p.title ?? (p.paxType === 2 ? 'Mstr' : 'Mr'),
            firstName: p.firstName,
            lastName: p.lastName,
            paxType: p.paxType,
            gender: p.gender ?? 1,
            isLeadPax: i === 0,
            ...(p.dateOfBirth ? { dateOfBirth: p.dateOfBirth } : {}),
            ticket: t ? { ticketId: t.ticketId, ticketNumber: t.ticketNumber, validatingAirline: b.airlineCode } : null,
          };
        }),
        fare: b.fare,
        fareBreakdown: [...byType].map(([passengerType, t]) => ({ passengerType, ...t })),
        testInventory: true,
      };
    });
  }

  acceptScheduleChange(
    req: { supplierBookingId: string; alternativeId: string | null },
    ctx: SupplyContext,
  ): Promise<{ segments: TSegment[][] }> {
    return this.call(ctx, 'acceptScheduleChange', async () => {
      const b = await this.booking(req.supplierBookingId);
      if (b.status !== 'ticketed') throw new SupplyError('invalidRequest', 'Only ticketed bookings can be changed');
      // Confirmed before (a retried call): the schedule stands.
      if (b.schedule) return { segments: b.schedule };
      const now = await this.schedule(b, ctx.now);
      if (!now.segments) throw new SupplyError('invalidRequest', 'This booking has no schedule change');
      if (req.alternativeId === null) return this.confirmSchedule(b, now.segments, b.seats);
      const alt = now.alternatives?.find((a) => a.alternativeId === req.alternativeId);
      if (!alt) throw new SupplyError('invalidRequest', 'No such alternative for this booking');
      const { g } = this.generated(b.traceId, ctx.now, Number.POSITIVE_INFINITY);
      const seated = b.passengers.filter((p) => p.paxType !== 3).length;
      const claims = seatClaims(offerAt(g, alt.alternativeId), seated);
      if (!(await this.store.claimSeats(this.ownerSiteId, claims)))
        throw new SupplyError('soldOut', 'Seats are no longer available on this flight, please choose another');
      const done = await this.confirmSchedule(b, alt.segments, claims);
      if (done.segments === alt.segments) await this.store.returnSeats(this.ownerSiteId, b.seats);
      else await this.store.returnSeats(this.ownerSiteId, claims);
      return done;
    });
  }

  /** Records the confirmed schedule once; a concurrent confirmation answers what was stored first. */
  private async confirmSchedule(b: SimBooking, segments: TSegment[][], seats: SeatClaim[]) {
    if (await this.store.saveBooking(this.ownerSiteId, { ...b, schedule: segments, seats, version: b.version + 1 }))
      return { segments };
    const stored = await this.booking(b.supplierBookingId);
    if (!stored.schedule) throw new SupplyError('failed', 'The booking changed meanwhile; try again');
    return { segments: stored.schedule };
  }

  /** Refund and charge per ticket under the fare's rules. */
  private charges(b: SimBooking, tickets: SimTicket[], requestType: 1 | 2 | 3, cancellationType: 1 | 2 | 3) {
    const fam = FAMILIES.find((f) => f.id === b.familyId)!;
    return tickets.map((t) => {
      const pax = b.passengers[t.paxIndex]!;
      if (requestType === 3) {
        const fee = pax.paxType === 3 ? 0 : fam.changeFee[b.domestic ? 0 : 1];
        return { ticket: t, refund: 0, charge: fee };
      }
      const charge = cancellationCharge(fam, b.domestic, pax.paxType, pax, cancellationType);
      return { ticket: t, refund: pax.baseFare + pax.tax - charge, charge };
    });
  }

  private ticketsFor(b: SimBooking, ticketIds: string[] | undefined): SimTicket[] {
    if (b.status !== 'ticketed') throw new SupplyError('invalidRequest', 'Only ticketed bookings can be changed');
    if (!ticketIds?.length) return b.tickets;
    return ticketIds.map((id) => {
      const t = b.tickets.find((x) => x.ticketId === id);
      if (!t) throw new SupplyError('invalidRequest', `Ticket ${id} is not part of this booking`);
      return t;
    });
  }

  cancellationCharges(
    req: { supplierBookingId: string; requestType: 1 | 2 | 3; ticketIds?: string[] },
    ctx: SupplyContext,
  ): Promise<{ refundAmount: number; cancellationCharge: number; currency: string }> {
    return this.call(ctx, 'cancellationCharges', async () => {
      const b = await this.booking(req.supplierBookingId);
      const noShow = ctx.now.getTime() > b.firstDepartureUtc;
      const rows = this.charges(b, this.ticketsFor(b, req.ticketIds), req.requestType, noShow ? 1 : 3);
      return {
        refundAmount: rows.reduce((n, r) => n + r.refund, 0),
        cancellationCharge: rows.reduce((n, r) => n + r.charge, 0),
        currency: b.fare.currency,
      };
    });
  }

  changeRequest(
    req: ChangeRequestInput,
    ctx: SupplyContext,
  ): Promise<{ changeRequests: { changeRequestId: string; ticketId: string | null }[] }> {
    return this.call(ctx, 'changeRequest', async () => {
      const b = await this.booking(req.supplierBookingId);
      const tickets = this.ticketsFor(b, req.requestType === 2 || req.ticketIds?.length ? req.ticketIds : undefined);
      const open = tickets.find((t) => t.changeRequestId);
      if (open) throw new SupplyError('invalidRequest', `A change request is already open for ticket ${open.ticketId}`);
      // Airlines close voluntary changes 2 h (domestic) / 4 h (international) before departure.
      const cutoffMs = (b.domestic ? 2 : 4) * 3_600_000;
      if (req.cancellationType === 3 && ctx.now.getTime() > b.firstDepartureUtc - cutoffMs)
        throw new SupplyError(
          'notAllowed',
          `Changes must be requested at least ${b.domestic ? 2 : 4} hours before departure`,
        );
      const createdAt = ctx.now.toISOString();
      const crs = this.charges(b, tickets, req.requestType, req.cancellationType).map((r) => ({
        changeRequestId: String(randomInt(100_000, 1_000_000_000)),
        supplierBookingId: b.supplierBookingId,
        ticketId: r.ticket.ticketId,
        requestType: req.requestType,
        cancellationType: req.cancellationType,
        remarks: req.remarks,
        createdAt,
        refundAmount: r.refund,
        cancellationCharge: r.charge,
      }));
      const byTicket = new Map(crs.map((c) => [c.ticketId, c.changeRequestId]));
      const next: SimBooking = {
        ...b,
        tickets: b.tickets.map((t) =>
          byTicket.has(t.ticketId) ? { ...t, changeRequestId: byTicket.get(t.ticketId)! } : t,
        ),
        version: b.version + 1,
      };
      if (!(await this.store.saveBooking(this.ownerSiteId, next, crs)))
        throw new SupplyError('failed', 'The booking changed meanwhile; try again');
      ctx.log.info('simulator change request', { supplierBookingId: b.supplierBookingId, count: crs.length });
      return { changeRequests: crs.map((c) => ({ changeRequestId: c.changeRequestId, ticketId: c.ticketId })) };
    });
  }

  private async crStatus(changeRequestId: string, now: Date): Promise<ChangeRequestStatus & { requestType: number }> {
    const cr = /^\d+$/.test(changeRequestId)
      ? await this.store.getChangeRequest(this.ownerSiteId, changeRequestId)
      : null;
    if (!cr) throw new SupplyError('invalidRequest', 'No change request was found for this id');
    const minutes = (now.getTime() - Date.parse(cr.createdAt)) / 60_000;
    const status =
      minutes >= CR_PROGRESS_MINUTES.completed
        ? 'Completed'
        : minutes >= CR_PROGRESS_MINUTES.acknowledged
          ? 'Acknowledged'
          : minutes >= CR_PROGRESS_MINUTES.assigned
            ? 'Assigned'
            : 'Unassigned';
    const done = status === 'Completed';
    return {
      changeRequestId: cr.changeRequestId,
      requestType: cr.requestType,
      status,
      refundedAmount: done ? cr.refundAmount : 0,
      cancellationCharge: cr.cancellationCharge,
      serviceTaxOnCharge: 0,
      creditNoteNo: done && cr.requestType !== 3 ? `CN${cr.changeRequestId}` : null,
    };
  }

  changeRequestStatus(req: { changeRequestId: string }, ctx: SupplyContext): Promise<ChangeRequestStatus> {
    return this.call(ctx, 'changeRequestStatus', async () => {
      const { requestType: _, ...status } = await this.crStatus(req.changeRequestId, ctx.now);
      return status;
    });
  }
}
