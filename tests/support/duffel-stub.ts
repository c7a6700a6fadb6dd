/**
 * A local server speaking Duffel's wire format (node:http), for the official `@duffel/api` client pointed
 * at it: `/air/...` paths, `{ data }` envelopes in and out, `{ meta, errors[] }` errors with Duffel's types
 * and codes, list pagination with `after` / `before` cursors and `meta.limit`, rate-limit headers on every
 * answer, `Authorization: Bearer` and `Duffel-Version` checked, and `Idempotency-Key` honoured on POSTs
 * (the same key answers the first response again). Offers come from the embedded simulator (real airports,
 * schedules and fares, in memory); orders, payments from a balance, cancellations (quote then confirm),
 * services after ticketing, seat maps and order changes are kept here. Webhooks (`POST /air/webhooks`) receive
 * the airline's schedule changes (`airlineChange`), signed with their secret. Every request is recorded, so a
 * test asserts what the client sent.
 */
import { createHash } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TSearchRequest, TSegment } from '@tp/contracts/endpoints/flights';
import { SimulatorSupply } from '../../functions/src/supply/simulator/index.ts';
import { memorySimStore } from '../../functions/src/supply/simulator/store.ts';
import type { SupplierOption, SupplyContext } from '../../functions/src/supply/types.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { duffelSignature } from '../../functions/src/supply/duffel/webhook.ts';

type Json = Record<string, any>; // wire JSON, read field by field

export interface DuffelCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | undefined>;
  body: Json | null;
}

export interface DuffelStub {
  url: string;
  token: string;
  calls: DuffelCall[];
  /** The stub's clock (offer and quote expiry, hold deadlines). */
  now: Date;
  /** Extra delay before answering a route (`POST /air/offer_requests`…), ms. */
  delays: Partial<Record<string, number>>;
  /** Requests allowed per rate-limit window before 429 (Duffel's `ratelimit-*` headers count down). */
  rateLimit: number;
  /** The Duffel balance that instant orders, payments and services draw on, in the offers' currency. */
  balance: number;
  /** Orders by id (the airline's side of each booking). */
  orders: Map<string, Json>;
  /** A list's page size when the request names no `limit` (Duffel's default is 50). */
  pageLimit: number;
  /** Starts a new rate-limit window. */
  resetRateLimit(): void;
  /** Webhooks created through `POST /air/webhooks` (url, events, the secret that signs their deliveries). */
  webhooks: Map<string, Json>;
  /**
   * The airline moves every flight of the order by `shiftMinutes`: the order's slices change, an airline-initiated
   * change is recorded, and `order.airline_initiated_change_detected` is delivered to each webhook that listens for
   * it, signed as Duffel signs (`X-Duffel-Signature`). Answers the event and each delivery's HTTP status.
   */
  airlineChange(orderId: string, shiftMinutes: number): Promise<{ event: Json; statuses: number[] }>;
  /** Delivers an event again, byte for byte (Duffel retries a delivery that was not acknowledged). */
  deliver(event: Json): Promise<number[]>;
  stop(): Promise<void>;
}

const quiet = { debug() {}, info() {}, warn() {}, error() {}, child: () => quiet };
const DOCS = 'https://duffel.com/docs/api/overview/errors';
const OFFER_TTL_MS = 30 * 60_000;
const HOLD_MS = 24 * 3_600_000;
const QUOTE_TTL_MS = 60 * 60_000;
/** Duffel's change penalty and refund penalty on our stub fares. */
const CHANGE_PENALTY = 2000;
const REFUND_PENALTY = 1500;

class WireError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
    readonly source?: { field?: string; pointer?: string },
  ) {
    super(message);
  }
}
const invalid = (code: string, message: string, field?: string) =>
  new WireError(422, 'validation_error', code, message, field ? { field, pointer: `/${field}` } : undefined);
const badState = (code: string, message: string) => new WireError(422, 'invalid_state_error', code, message);
const notFound = () =>
  new WireError(404, 'invalid_request_error', 'not_found', 'The resource you are trying to access does not exist.');

const idOf = (prefix: string, ...parts: unknown[]) =>
  `${prefix}_0000${createHash('sha256').update(parts.join('|')).digest('base64url').replace(/[-_]/g, 'x').slice(0, 18)}`;
const money = (n: number) => (Math.round(n * 100) / 100).toFixed(2);
const iso = (d: Date) => d.toISOString();
const isoDuration = (minutes: number) =>
  `P${minutes >= 1440 ? `${Math.floor(minutes / 1440)}D` : ''}T${Math.floor((minutes % 1440) / 60)}H${minutes % 60}M`;

function airport(s: TSegment, side: 'origin' | 'destination'): Json {
  const code = s[`${side}AirportCode`];
  return {
    type: 'airport',
    id: idOf('arp', code),
    iata_code: code,
    icao_code: '',
    name: s[`${side}AirportName`],
    city_name: s[`${side}CityName`],
    iata_city_code: s[`${side}CityCode`],
    iata_country_code: s[`${side}CountryCode`],
    latitude: 0,
    longitude: 0,
    time_zone: '',
    city: null,
  };
}

const airline = (code: string, name: string) => ({
  id: idOf('arl', code),
  iata_code: code,
  name,
  logo_lockup_url: null,
  logo_symbol_url: null,
  conditions_of_carriage_url: null,
});

function segmentJson(s: TSegment, passengers: Json[], cabin: string): Json {
  return {
    id: idOf('seg', s.airlineCode, s.flightNumber, s.departureTime),
    aircraft: { id: idOf('arc', s.craft), name: s.craft ?? '', iata_code: '' },
    origin: airport(s, 'origin'),
    destination: airport(s, 'destination'),
    origin_terminal: s.originTerminal || null,
    destination_terminal: s.destinationTerminal || null,
    departing_at: s.departureTime,
    arriving_at: s.arrivalTime,
    duration: isoDuration(s.durationMinutes),
    distance: null,
    marketing_carrier: airline(s.airlineCode, s.airlineName),
    marketing_carrier_flight_number: s.flightNumber,
    operating_carrier: airline(s.operatingCarrier || s.airlineCode, s.airlineName),
    operating_carrier_flight_number: s.flightNumber,
    stops: s.stopPoint
      ? [
          {
            id: idOf('sto', s.stopPoint, s.departureTime),
            airport: { iata_code: s.stopPoint, name: s.stopPoint },
            arriving_at: s.stopPointArrivalTime,
            departing_at: s.stopPointDepartureTime,
            duration: 'PT45M',
          },
        ]
      : [],
    passengers: passengers
      .filter((p) => p.type !== 'infant_without_seat' && !(p.age !== null && p.age < 2))
      .map((p) => ({
        passenger_id: p.id,
        cabin_class: cabin,
        cabin_class_marketing_name: cabin === 'economy' ? 'Economy' : cabin,
        fare_basis_code: `${s.fareClass || 'Y'}OWIN`,
        cabin: null,
        baggages: [
          { type: 'checked', quantity: s.baggage ? 1 : 0 },
          { type: 'carry_on', quantity: 1 },
        ],
      })),
  };
}

export async function startDuffelStub(port = 0): Promise<DuffelStub> {
  const token = 'duffel_test_local-stub-token';
  const sim = new SimulatorSupply(asSiteId('duffel-stub'), {}, memorySimStore());
  const offerRequests = new Map<string, Json>();
  const offers = new Map<string, Json>();
  const orders = new Map<string, Json>();
  const cancellations = new Map<string, Json>();
  const changeOffers = new Map<string, Json>();
  const changes = new Map<string, Json>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const webhooks = new Map<string, Json>();
  let used = 0;
  let windowStart = Date.now();
  let serial = 0;
  const stub: DuffelStub = {
    url: '',
    token,
    calls: [],
    now: new Date(),
    delays: {},
    rateLimit: 10_000,
    balance: 50_000_000,
    orders,
    pageLimit: 50,
    resetRateLimit: () => {
      used = 0;
      windowStart = Date.now();
    },
    webhooks,
    airlineChange: (orderId, shiftMinutes) => airlineChange(orderId, shiftMinutes),
    deliver: (event) => deliver(event),
    stop: () => new Promise((r) => server.close(() => r())),
  };
  const ctx = (): SupplyContext => ({
    siteId: asSiteId('duffel-stub'),
    now: stub.now,
    endUserIp: '127.0.0.1',
    log: quiet,
  });
  const later = (ms: number) => iso(new Date(stub.now.getTime() + ms));

  // ------------------------------------------------------------------------------------------ offers
  const servicesFor = (offerId: string, slices: Json[], passengers: Json[], currency: string): Json[] =>
    slices.flatMap((slice, si) =>
      passengers
        .filter((p) => p.type !== 'infant_without_seat' && !(p.age !== null && p.age < 2))
        .flatMap((p) =>
          [15, 23].map((kg) => ({
            id: idOf('ase', offerId, si, p.id, kg),
            type: 'baggage',
            maximum_quantity: 1,
            passenger_ids: [p.id],
            segment_ids: slice.segments.map((s: Json) => s.id),
            total_amount: money(kg === 15 ? 1200 : 1800),
            total_currency: currency,
            metadata: {
              type: 'checked',
              maximum_weight_kg: kg,
              maximum_height_cm: null,
              maximum_length_cm: null,
              maximum_depth_cm: null,
            },
          })),
        ),
    );

  function offerJson(requestId: string, o: SupplierOption, passengers: Json[], cabin: string): Json {
    const f = o.fare;
    const total = f.baseFare + f.tax + f.otherCharges + f.serviceFee + f.txnFee;
    const id = idOf('off', requestId, o.resultIndex);
    const slices = o.segments.map((trip, i) => ({
      id: idOf('sli', id, i),
      origin: airport(trip[0]!, 'origin'),
      destination: airport(trip[trip.length - 1]!, 'destination'),
      origin_type: 'airport',
      destination_type: 'airport',
      duration: isoDuration(trip.reduce((a, s) => a + s.durationMinutes + s.groundTimeMinutes, 0)),
      fare_brand_name: o.isRefundable ? 'Flex' : 'Basic',
      segments: trip.map((s) => segmentJson(s, passengers, cabin)),
      conditions: {
        change_before_departure: { allowed: true, penalty_amount: money(CHANGE_PENALTY), penalty_currency: f.currency },
      },
      ngs_shelf: null,
      comparison_key: idOf('cmp', id, i),
    }));
    return {
      id,
      live_mode: false,
      created_at: iso(stub.now),
      updated_at: iso(stub.now),
      expires_at: later(OFFER_TTL_MS),
      owner: airline(o.airlineCode, o.airlineName),
      total_amount: money(total),
      total_currency: f.currency,
      base_amount: money(f.baseFare),
      base_currency: f.currency,
      tax_amount: money(total - f.baseFare),
      tax_currency: f.currency,
      total_emissions_kg: '90',
      partial: false,
      passenger_identity_documents_required: o.isPassportRequired,
      supported_passenger_identity_document_types: ['passport'],
      supported_loyalty_programmes: [],
      private_fares: [],
      passengers,
      payment_requirements: {
        requires_instant_payment: o.isLcc,
        payment_required_by: o.isLcc ? null : later(HOLD_MS),
        price_guarantee_expires_at: o.isLcc ? null : later(HOLD_MS / 2),
      },
      conditions: {
        refund_before_departure: o.isRefundable
          ? { allowed: true, penalty_amount: money(REFUND_PENALTY), penalty_currency: f.currency }
          : { allowed: false, penalty_amount: null, penalty_currency: null },
        change_before_departure: { allowed: true, penalty_amount: money(CHANGE_PENALTY), penalty_currency: f.currency },
      },
      slices,
      available_services: servicesFor(id, slices, passengers, f.currency),
    };
  }

  const CABINS: Record<string, number> = { economy: 2, premium_economy: 3, business: 4, first: 6 };

  async function simSearch(
    slices: Json[],
    adults: number,
    children: number,
    infants: number,
    cabin?: string,
    direct?: boolean,
  ) {
    const req: TSearchRequest = {
      JourneyType: slices.length === 1 ? 1 : 3,
      segments: slices.map((s) => ({
        origin: s.origin,
        destination: s.destination,
        preferredDepartureTime: `${s.departure_date}T00:00:00`,
      })),
      adultCount: adults,
      childCount: children,
      infantCount: infants,
      cabinClass: cabin ? (CABINS[cabin] ?? 1) : 1,
      directFlight: Boolean(direct),
    };
    return sim.search(req, ctx());
  }

  async function createOfferRequest(data: Json, query: Record<string, string>): Promise<Json> {
    const slices = data.slices as Json[] | undefined;
    const passengers = data.passengers as Json[] | undefined;
    if (!Array.isArray(slices) || !slices.length)
      throw invalid('invalid_slices', 'slices must contain at least one slice', 'slices');
    slices.forEach((s, i) => {
      for (const k of ['origin', 'destination'])
        if (!/^[A-Z]{3}$/.test(String(s[k] ?? '')))
          throw invalid('invalid_field', `${k} must be an IATA code`, `slices.${i}.${k}`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(String(s.departure_date ?? '')))
        throw invalid('invalid_field', 'departure_date must be a date', `slices.${i}.departure_date`);
      if (s.departure_date < iso(stub.now).slice(0, 10))
        throw invalid(
          'departure_date_in_the_past',
          'departure_date must be in the future',
          `slices.${i}.departure_date`,
        );
    });
    if (!Array.isArray(passengers) || !passengers.length)
      throw invalid('invalid_passengers', 'passengers must contain at least one passenger', 'passengers');
    passengers.forEach((p, i) => {
      if (p.type !== 'adult' && typeof p.age !== 'number')
        throw invalid('invalid_field', 'a passenger needs a type of adult or an age', `passengers.${i}`);
    });
    const id = idOf('orq', JSON.stringify(data), ++serial);
    const pax = passengers.map((p, i) => ({
      id: idOf('pas', id, i),
      type: p.type === 'adult' ? 'adult' : p.age < 2 ? 'infant_without_seat' : p.age < 12 ? 'child' : 'adult',
      age: p.type === 'adult' ? null : p.age,
      fare_type: null,
      given_name: p.given_name ?? null,
      family_name: p.family_name ?? null,
      loyalty_programme_accounts: [],
    }));
    const count = (t: string) => pax.filter((p) => p.type === t).length;
    const found = await simSearch(
      slices,
      count('adult'),
      count('child'),
      count('infant_without_seat'),
      data.cabin_class,
      data.max_connections === 0,
    );
    const cabin = data.cabin_class ?? 'economy';
    // Duffel answers a few hundred offers at most: the cheapest 40, and besides them the cheapest 10 holdable
    // fares and the cheapest 10 holdable refundable ones.
    const ranked = found.results[0] ?? [];
    const picked = ranked.slice(0, 40);
    for (const wanted of [(o: SupplierOption) => !o.isLcc, (o: SupplierOption) => !o.isLcc && o.isRefundable])
      picked.push(...ranked.filter((o) => wanted(o) && !picked.includes(o)).slice(0, 10));
    const list = picked.map((o) => offerJson(id, o, pax, cabin));
    for (const o of list) offers.set(o.id, { ...o, offerRequestId: id });
    const request = {
      id,
      live_mode: false,
      created_at: iso(stub.now),
      cabin_class: data.cabin_class ?? null,
      client_key: null,
      passengers: pax,
      slices: slices.map((s) => ({
        origin: { iata_code: s.origin, type: 'airport' },
        destination: { iata_code: s.destination, type: 'airport' },
        origin_type: 'airport',
        destination_type: 'airport',
        departure_date: s.departure_date,
      })),
      offerIds: list.map((o) => o.id),
    };
    offerRequests.set(id, request);
    const { offerIds: _ids, ...wire } = request;
    return query.return_offers === 'false'
      ? { ...wire, offers: [] }
      : { ...wire, offers: list.map(publicOffer(false)) };
  }

  const publicOffer = (withServices: boolean) => (o: Json) => {
    const { offerRequestId: _r, bookedBy: _b, ...wire } = o;
    return { ...wire, available_services: withServices ? wire.available_services : [] };
  };

  function offerById(id: string): Json {
    const o = offers.get(id);
    if (!o) throw notFound();
    return o;
  }
  function liveOffer(id: string): Json {
    const o = offerById(id);
    if (Date.parse(o.expires_at) <= stub.now.getTime())
      throw new WireError(422, 'invalid_request_error', 'offer_expired', 'The offer has expired. Please search again.');
    return o;
  }

  // ---------------------------------------------------------------------------------------- seat maps
  /** Ten rows of ABC DEF per segment; some seats taken (by a hash), front rows dearer. */
  function seatMapsOf(slices: Json[], passengers: Json[], taken: Set<string>, key: string): Json[] {
    const seated = passengers.filter((p) => p.type !== 'infant_without_seat');
    return slices.flatMap((slice) =>
      slice.segments.map((seg: Json) => ({
        id: idOf('sea', key, seg.id),
        slice_id: slice.id,
        segment_id: seg.id,
        cabins: [
          {
            deck: 0,
            cabin_class: 'economy',
            aisles: 1,
            wings: { first_row_index: 4, last_row_index: 7 },
            rows: Array.from({ length: 10 }, (_, r) => ({
              sections: [
                ['A', 'B', 'C'],
                ['D', 'E', 'F'],
              ].map((letters) => ({
                elements: letters.map((l) => {
                  const designator = `${r + 1}${l}`;
                  const hashTaken = createHash('sha256').update(`${seg.id}${designator}`).digest()[0]! < 60;
                  const free = !hashTaken && !taken.has(`${seg.id}:${designator}`);
                  return {
                    type: 'seat',
                    designator,
                    name: r < 3 ? 'Extra legroom' : null,
                    disclosures: [],
                    available_services: free
                      ? seated.map((p) => ({
                          id: idOf('ase', key, seg.id, designator, p.id),
                          passenger_id: p.id,
                          total_amount: money(r < 3 ? 600 : 250),
                          total_currency: 'INR',
                        }))
                      : [],
                  };
                }),
              })),
            })),
          },
        ],
      })),
    );
  }
  const seatIndex = (maps: Json[]) => {
    const out = new Map<string, { segmentId: string; designator: string; passengerId: string; amount: number }>();
    for (const m of maps)
      for (const c of m.cabins)
        for (const r of c.rows)
          for (const s of r.sections)
            for (const e of s.elements)
              for (const x of e.available_services)
                out.set(x.id, {
                  segmentId: m.segment_id,
                  designator: e.designator,
                  passengerId: x.passenger_id,
                  amount: Number(x.total_amount),
                });
    return out;
  };

  // -------------------------------------------------------------------------------------------- orders
  const ticketNumber = () => `125${String(1_000_000_000 + (++serial % 1_000_000_000)).slice(-10)}`;
  const issueTickets = (order: Json) => {
    order.documents = order.passengers.map((p: Json) => ({
      type: 'electronic_ticket',
      unique_identifier: ticketNumber(),
      passenger_ids: [p.id],
    }));
  };
  const pay = (amount: unknown, currency: unknown, due: number, dueCurrency: string) => {
    if (Math.abs(Number(amount) - due) > 0.001 || currency !== dueCurrency)
      throw invalid('invalid_payment_amount', `The payment must be ${dueCurrency} ${money(due)}`, 'payment.amount');
    if (stub.balance < due) throw badState('insufficient_balance', 'Your Duffel balance is too low for this payment');
    stub.balance -= due;
  };
  const seatsTaken = () => {
    const taken = new Set<string>();
    for (const o of orders.values())
      if (!o.cancelled_at)
        for (const s of o.services)
          if (s.type === 'seat') for (const seg of s.segment_ids) taken.add(`${seg}:${s.metadata.designator}`);
    return taken;
  };

  function servicesOfOrder(offer: Json, picked: Json[]): Json[] {
    const bags = new Map(offer.available_services.map((s: Json) => [s.id, s]));
    const seats = seatIndex(seatMapsOf(offer.slices, offer.passengers, seatsTaken(), offer.id));
    return picked.map((p, i) => {
      const bag = bags.get(p.id) as Json | undefined;
      if (bag) return { ...bag, quantity: Number(p.quantity ?? 1) };
      const seat = seats.get(p.id);
      if (!seat) throw invalid('invalid_service', 'The service is not available', `services.${i}.id`);
      return {
        id: p.id,
        type: 'seat',
        quantity: 1,
        passenger_ids: [seat.passengerId],
        segment_ids: [seat.segmentId],
        total_amount: money(seat.amount),
        total_currency: 'INR',
        metadata: { designator: seat.designator, name: null, disclosures: [] },
      };
    });
  }

  const PHONE = /^\+[1-9]\d{6,14}$/;
  function createOrder(data: Json): Json {
    if (data.type !== 'instant' && data.type !== 'hold')
      throw invalid('invalid_field', 'type must be one of: instant, hold', 'type');
    const [offerId] = (data.selected_offers ?? []) as string[];
    if (!offerId || data.selected_offers.length !== 1)
      throw invalid('invalid_field', 'selected_offers must contain exactly one offer', 'selected_offers');
    const offer = liveOffer(offerId);
    if (offer.bookedBy)
      throw new WireError(
        422,
        'invalid_request_error',
        'offer_no_longer_available',
        'The offer is no longer available: it has been booked.',
      );
    if (data.type === 'hold' && offer.payment_requirements.requires_instant_payment)
      throw invalid('offer_requires_instant_payment', 'This offer requires instant payment and cannot be held', 'type');
    const passengers = (data.passengers ?? []) as Json[];
    if (passengers.length !== offer.passengers.length)
      throw invalid('invalid_passengers', 'Every passenger of the offer must be given', 'passengers');
    passengers.forEach((p, i) => {
      const known = offer.passengers.find((o: Json) => o.id === p.id);
      if (!known) throw invalid('invalid_field', 'passenger id is not on the offer', `passengers.${i}.id`);
      for (const k of ['given_name', 'family_name', 'born_on', 'email', 'phone_number', 'title', 'gender'])
        if (!p[k]) throw invalid('required_field', `${k} is required`, `passengers.${i}.${k}`);
      if (!['mr', 'ms', 'mrs', 'miss', 'dr'].includes(p.title))
        throw invalid('invalid_field', 'title is invalid', `passengers.${i}.title`);
      if (!['m', 'f'].includes(p.gender))
        throw invalid('invalid_field', 'gender must be m or f', `passengers.${i}.gender`);
      if (!PHONE.test(p.phone_number))
        throw invalid('invalid_phone_number', 'phone_number must be in E.164 format', `passengers.${i}.phone_number`);
    });
    const picked = (data.services ?? []) as Json[];
    if (data.type === 'hold' && picked.length)
      throw invalid(
        'services_not_supported',
        'Services cannot be added to a hold order when it is created',
        'services',
      );
    const services = servicesOfOrder(offer, picked);
    const total = Number(offer.total_amount) + services.reduce((a, s) => a + Number(s.total_amount) * s.quantity, 0);
    if (data.type === 'instant') {
      const [payment] = (data.payments ?? []) as Json[];
      if (!payment || payment.type !== 'balance')
        throw invalid('invalid_field', 'An instant order needs one balance payment', 'payments');
      pay(payment.amount, payment.currency, total, offer.total_currency);
    }
    const id = idOf('ord', offer.id, ++serial);
    const order: Json = {
      id,
      live_mode: false,
      created_at: iso(stub.now),
      synced_at: iso(stub.now),
      booking_reference: createHash('sha256').update(id).digest('hex').slice(0, 6).toUpperCase().replace(/^\d/, 'D'),
      type: data.type,
      content: 'managed',
      owner: offer.owner,
      slices: offer.slices,
      passengers: passengers.map((p) => ({
        ...p,
        type: offer.passengers.find((o: Json) => o.id === p.id)!.type,
        infant_passenger_id: p.infant_passenger_id ?? null,
      })),
      services,
      total_amount: money(total),
      total_currency: offer.total_currency,
      base_amount: offer.base_amount,
      base_currency: offer.base_currency,
      tax_amount: offer.tax_amount,
      tax_currency: offer.tax_currency,
      conditions: offer.conditions,
      metadata: data.metadata ?? null,
      documents: [],
      payment_status:
        data.type === 'instant'
          ? { awaiting_payment: false, paid_at: iso(stub.now) }
          : {
              awaiting_payment: true,
              paid_at: null,
              payment_required_by: offer.payment_requirements.payment_required_by,
              price_guarantee_expires_at: offer.payment_requirements.price_guarantee_expires_at,
            },
      cancelled_at: null,
      cancellation: null,
      airline_initiated_changes: [],
      available_actions: ['cancel', 'change', 'update'],
    };
    if (data.type === 'instant') issueTickets(order);
    offer.bookedBy = id;
    orders.set(id, order);
    return order;
  }

  function orderById(id: string): Json {
    const o = orders.get(id);
    if (!o) throw notFound();
    return o;
  }

  function payOrder(data: Json): Json {
    const order = orderById(String(data.order_id ?? ''));
    if (order.cancelled_at) throw badState('order_cancelled', 'The order has been cancelled');
    if (!order.payment_status.awaiting_payment) throw badState('already_paid', 'The order has already been paid for');
    if (Date.parse(order.payment_status.payment_required_by) <= stub.now.getTime())
      throw badState('payment_deadline_passed', 'The order can no longer be paid for');
    if (data.payment?.type !== 'balance')
      throw invalid('invalid_field', 'payment.type must be balance', 'payment.type');
    pay(data.payment.amount, data.payment.currency, Number(order.total_amount), order.total_currency);
    order.payment_status = { awaiting_payment: false, paid_at: iso(stub.now) };
    issueTickets(order);
    return {
      id: idOf('pay', order.id),
      type: 'balance',
      amount: order.total_amount,
      currency: order.total_currency,
      created_at: iso(stub.now),
    };
  }

  // --------------------------------------------------------------------------------- cancellations
  function quoteCancellation(data: Json): Json {
    const order = orderById(String(data.order_id ?? ''));
    if (order.cancelled_at) throw badState('already_cancelled', 'The order has already been cancelled');
    const paid = Boolean(order.payment_status.paid_at);
    const rule = order.conditions.refund_before_departure;
    const refund = !paid
      ? 0
      : rule?.allowed
        ? Math.max(0, Number(order.total_amount) - Number(rule.penalty_amount ?? 0))
        : 0;
    const c = {
      id: idOf('ore', order.id, ++serial),
      order_id: order.id,
      live_mode: false,
      created_at: iso(stub.now),
      expires_at: later(QUOTE_TTL_MS),
      confirmed_at: null,
      refund_amount: money(refund),
      refund_currency: order.total_currency,
      refund_to: paid ? 'balance' : 'awaiting_payment',
      airline_credits: [],
    };
    cancellations.set(c.id, c);
    return c;
  }
  function confirmCancellation(id: string): Json {
    const c = cancellations.get(id);
    if (!c) throw notFound();
    if (c.confirmed_at) throw badState('already_confirmed', 'The cancellation has already been confirmed');
    if (Date.parse(c.expires_at) <= stub.now.getTime())
      throw badState('order_cancellation_expired', 'The cancellation quote has expired');
    const latest = [...cancellations.values()].filter((x) => x.order_id === c.order_id).pop();
    if (latest?.id !== c.id)
      throw badState('not_latest_cancellation', 'Only the most recent cancellation of an order can be confirmed');
    const order = orderById(c.order_id);
    c.confirmed_at = iso(stub.now);
    order.cancelled_at = iso(stub.now);
    order.cancellation = c;
    order.available_actions = [];
    stub.balance += Number(c.refund_amount);
    return c;
  }

  // ------------------------------------------------------------------- services after ticketing
  function postTicketBags(order: Json): Json[] {
    if (!order.payment_status.paid_at || order.cancelled_at) return [];
    const owned = new Set(order.services.map((s: Json) => s.id));
    return servicesFor(order.id, order.slices, order.passengers, order.total_currency).filter((s) => !owned.has(s.id));
  }
  function addServices(order: Json, data: Json): Json {
    if (!order.payment_status.paid_at || order.cancelled_at)
      throw badState('order_not_ticketed', 'Services can be added to a paid order only');
    const bags = new Map(postTicketBags(order).map((s) => [s.id, s]));
    const seats = seatIndex(seatMapsOf(order.slices, order.passengers, seatsTaken(), order.id));
    const added = ((data.add_services ?? []) as Json[]).map((p, i) => {
      const bag = bags.get(p.id);
      if (bag) return { ...bag, quantity: 1 };
      const seat = seats.get(p.id);
      if (!seat)
        throw invalid('invalid_service', 'The service is not available for this order', `add_services.${i}.id`);
      return {
        id: p.id,
        type: 'seat',
        quantity: 1,
        passenger_ids: [seat.passengerId],
        segment_ids: [seat.segmentId],
        total_amount: money(seat.amount),
        total_currency: order.total_currency,
        metadata: { designator: seat.designator, name: null, disclosures: [] },
      };
    });
    if (!added.length) throw invalid('invalid_field', 'add_services must not be empty', 'add_services');
    const due = added.reduce((a, s) => a + Number(s.total_amount), 0);
    pay(data.payment?.amount, data.payment?.currency, due, order.total_currency);
    order.services.push(...added);
    order.total_amount = money(Number(order.total_amount) + due);
    order.documents.push(
      ...added.map((s) => ({
        type: 'electronic_miscellaneous_document_associated',
        unique_identifier: ticketNumber(),
        passenger_ids: s.passenger_ids,
      })),
    );
    return order;
  }

  // -------------------------------------------------------------------------------- order changes
  async function createChangeRequest(data: Json): Promise<Json> {
    const order = orderById(String(data.order_id ?? ''));
    if (!order.payment_status.paid_at || order.cancelled_at)
      throw badState('order_not_changeable', 'Only a paid order can be changed');
    if (!order.conditions.change_before_departure?.allowed)
      throw badState('change_not_allowed', 'The airline does not allow changes');
    const remove = (data.slices?.remove ?? []) as Json[];
    const add = (data.slices?.add ?? []) as Json[];
    if (!remove.length || !add.length)
      throw invalid('invalid_slices', 'slices.remove and slices.add are required', 'slices');
    for (const r of remove)
      if (!order.slices.some((s: Json) => s.id === r.slice_id))
        throw invalid('invalid_field', 'slice_id is not on the order', 'slices.remove');
    const count = (t: string) => order.passengers.filter((p: Json) => p.type === t).length;
    const found = await simSearch(add, count('adult'), count('child'), count('infant_without_seat'));
    const id = idOf('ocr', order.id, ++serial);
    const removedShare = (Number(order.total_amount) * remove.length) / order.slices.length;
    const list = (found.results[0] ?? []).slice(0, 3).map((o) => {
      const newOffer = offerJson(id, o, order.passengers, 'economy');
      const fresh = Number(newOffer.total_amount);
      const change = Math.max(0, fresh - removedShare) + CHANGE_PENALTY;
      const co = {
        id: idOf('oco', id, o.resultIndex),
        order_change_id: null,
        created_at: iso(stub.now),
        updated_at: iso(stub.now),
        expires_at: later(OFFER_TTL_MS),
        change_total_amount: money(change),
        change_total_currency: order.total_currency,
        new_total_amount: money(Number(order.total_amount) + change),
        new_total_currency: order.total_currency,
        penalty_amount: money(CHANGE_PENALTY),
        penalty_currency: order.total_currency,
        refund_to: 'balance',
        slices: {
          add: newOffer.slices,
          remove: order.slices.filter((s: Json) => remove.some((r) => r.slice_id === s.id)),
        },
        orderId: order.id,
      };
      changeOffers.set(co.id, co);
      return co;
    });
    const wire = (co: Json) => {
      const { orderId: _o, ...rest } = co;
      return rest;
    };
    return {
      id,
      order_id: order.id,
      live_mode: false,
      slices: { add, remove },
      order_change_offers: list.map(wire),
      created_at: iso(stub.now),
    };
  }
  function createChange(data: Json): Json {
    const co = changeOffers.get(String(data.selected_order_change_offer ?? ''));
    if (!co) throw notFound();
    if (Date.parse(co.expires_at) <= stub.now.getTime())
      throw badState('order_change_offer_expired', 'The change offer has expired');
    const c = {
      id: idOf('oce', co.id, ++serial),
      order_id: co.orderId,
      live_mode: false,
      created_at: iso(stub.now),
      expires_at: later(QUOTE_TTL_MS),
      confirmed_at: null,
      change_total_amount: co.change_total_amount,
      change_total_currency: co.change_total_currency,
      new_total_amount: co.new_total_amount,
      new_total_currency: co.new_total_currency,
      penalty_total_amount: co.penalty_amount,
      penalty_total_currency: co.penalty_currency,
      refund_to: 'balance',
      slices: co.slices,
    };
    changes.set(c.id, c);
    return c;
  }
  function confirmChange(id: string, data: Json): Json {
    const c = changes.get(id);
    if (!c) throw notFound();
    if (c.confirmed_at) throw badState('already_confirmed', 'The change has already been confirmed');
    const due = Number(c.change_total_amount);
    if (due > 0) pay(data.payment?.amount, data.payment?.currency, due, c.change_total_currency);
    const order = orderById(c.order_id);
    const removed = new Set(c.slices.remove.map((s: Json) => s.id));
    order.slices = [...order.slices.filter((s: Json) => !removed.has(s.id)), ...c.slices.add];
    order.total_amount = c.new_total_amount;
    issueTickets(order);
    c.confirmed_at = iso(stub.now);
    return c;
  }

  // -------------------------------------------------------------------------------------- routing
  /** A page of `list` after/before a cursor (the cursor is an item id, base64url). */
  function page(list: Json[], query: Record<string, string>): { data: Json[]; meta: Json } {
    const limit = Math.min(200, Math.max(1, Number(query.limit ?? stub.pageLimit) || stub.pageLimit));
    const decode = (c: string | undefined) => (c ? Buffer.from(c, 'base64url').toString() : null);
    const after = decode(query.after);
    const before = decode(query.before);
    let start = 0;
    if (after) start = list.findIndex((x) => x.id === after) + 1;
    let end = start + limit;
    if (before) {
      end = list.findIndex((x) => x.id === before);
      start = Math.max(0, end - limit);
    }
    const data = list.slice(start, end);
    const cursor = (x: Json | undefined) => (x ? Buffer.from(String(x.id)).toString('base64url') : null);
    return {
      data,
      meta: {
        limit,
        after: end < list.length ? cursor(data[data.length - 1]) : null,
        before: start > 0 ? cursor(data[0]) : null,
      },
    };
  }

  // ---- Webhooks: created on the account, delivered signed (as Duffel's dashboard and delivery service do) ----

  function createWebhook(data: Json): Json {
    if (typeof data.url !== 'string' || !/^https?:\/\//.test(data.url))
      throw invalid('invalid_field', 'url must be an http(s) URL', 'url');
    if (!Array.isArray(data.events) || data.events.length === 0)
      throw invalid('invalid_field', 'events must name at least one event type', 'events');
    const id = idOf('sev', data.url, webhooks.size);
    const hook = {
      id,
      url: data.url,
      events: data.events,
      active: true,
      live_mode: false,
      created_at: iso(stub.now),
      updated_at: iso(stub.now),
      secret: createHash('sha256').update(`secret|${id}`).digest('base64url').slice(0, 32),
    };
    webhooks.set(id, hook);
    return hook;
  }

  /** One POST of the raw body; a `*.localhost` host (a local site) is reached on 127.0.0.1 with its Host header. */
  const post = (target: string, raw: string, headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const u = new URL(target);
      const local = u.hostname.endsWith('.localhost');
      const req = httpRequest(
        {
          host: local ? '127.0.0.1' : u.hostname,
          port: u.port || 80,
          path: `${u.pathname}${u.search}`,
          method: 'POST',
          headers: { ...headers, host: u.host, 'content-length': Buffer.byteLength(raw) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(raw);
    });

  async function deliver(event: Json): Promise<number[]> {
    const raw = JSON.stringify(event);
    const listening = [...webhooks.values()].filter((w) => w.active && (w.events as string[]).includes(event.type));
    return Promise.all(
      listening.map((w) =>
        post(w.url as string, raw, {
          'content-type': 'application/json',
          'user-agent': 'Duffel-Webhooks/1.0',
          'x-duffel-signature': duffelSignature(w.secret as string, raw, String(Math.floor(stub.now.getTime() / 1000))),
        }),
      ),
    );
  }

  const shifted = (local: string, minutes: number) =>
    new Date(Date.parse(`${local.slice(0, 19)}Z`) + minutes * 60_000).toISOString().slice(0, 19);

  async function airlineChange(orderId: string, shiftMinutes: number) {
    const order = orderById(orderId);
    const removed = structuredClone(order.slices) as Json[];
    for (const slice of order.slices as Json[])
      for (const segment of slice.segments as Json[]) {
        segment.departing_at = shifted(segment.departing_at, shiftMinutes);
        segment.arriving_at = shifted(segment.arriving_at, shiftMinutes);
      }
    order.airline_initiated_changes = [...((order.airline_initiated_changes as Json[] | undefined) ?? [])];
    const change = {
      id: idOf('aic', orderId, shiftMinutes, order.airline_initiated_changes.length),
      order_id: orderId,
      added: structuredClone(order.slices),
      removed,
      action_taken: null,
      action_taken_at: null,
      available_actions: ['accept', 'cancel', 'change', 'update'],
      created_at: iso(stub.now),
      updated_at: iso(stub.now),
      travel_agent_ticket: null,
    };
    order.airline_initiated_changes.push(change);
    const event = {
      id: idOf('wev', change.id),
      api_version: 'v2',
      type: 'order.airline_initiated_change_detected',
      live_mode: false,
      idempotency_key: change.id,
      created_at: iso(stub.now),
      identity_organisation_id: idOf('org', token),
      data: { object: change },
    };
    return { event, statuses: await deliver(event) };
  }

  async function route(
    method: string,
    path: string,
    query: Record<string, string>,
    data: Json,
  ): Promise<{ status: number; body: Json }> {
    const ok = (body: Json, status = 200) => ({ status, body: { data: body } });
    const seg = path.replace(/\/$/, '').split('/').filter(Boolean); // ['air', 'orders', id, ...]
    const [, resource, id, sub, action] = seg;
    if (seg[0] !== 'air') throw notFound();
    switch (`${method} ${resource}${id ? '/:id' : ''}${sub ? `/${sub}` : ''}${action ? `/${action}` : ''}`) {
      case 'GET airlines':
        return {
          status: 200,
          body: page([airline('AI', 'Air India'), airline('6E', 'IndiGo'), airline('UK', 'Vistara')], query),
        };
      case 'POST offer_requests':
        return ok(await createOfferRequest(data, query), 201);
      case 'GET offer_requests/:id': {
        const r = offerRequests.get(id!);
        if (!r) throw notFound();
        const { offerIds, ...wire } = r;
        return ok({ ...wire, offers: (offerIds as string[]).map((o) => publicOffer(false)(offers.get(o)!)) });
      }
      case 'GET offers': {
        const r = offerRequests.get(query.offer_request_id ?? '');
        if (!r) throw invalid('invalid_field', 'offer_request_id is required', 'offer_request_id');
        const p = page(
          (r.offerIds as string[]).map((o) => publicOffer(false)(offers.get(o)!)),
          query,
        );
        return { status: 200, body: p };
      }
      case 'GET offers/:id':
        return ok(publicOffer(query.return_available_services === 'true')(liveOffer(id!)));
      case 'GET seat_maps': {
        if (query.order_id) {
          const order = orderById(query.order_id);
          if (!order.payment_status.paid_at || order.cancelled_at) return ok([]);
          return ok(seatMapsOf(order.slices, order.passengers, seatsTaken(), order.id));
        }
        const offer = liveOffer(query.offer_id ?? '');
        return ok(seatMapsOf(offer.slices, offer.passengers, seatsTaken(), offer.id));
      }
      case 'POST orders':
        return ok(createOrder(data), 201);
      case 'GET orders': {
        let list = [...orders.values()];
        if (query.awaiting_payment)
          list = list.filter((o) => String(o.payment_status.awaiting_payment) === query.awaiting_payment);
        if (query.booking_reference) list = list.filter((o) => o.booking_reference === query.booking_reference);
        return { status: 200, body: page(list, query) };
      }
      case 'GET orders/:id':
        return ok(orderById(id!));
      case 'GET orders/:id/available_services':
        return ok(postTicketBags(orderById(id!)));
      case 'POST orders/:id/services':
        return ok(addServices(orderById(id!), data), 201);
      case 'POST payments':
        return ok(payOrder(data), 201);
      case 'POST order_cancellations':
        return ok(quoteCancellation(data), 201);
      case 'GET order_cancellations':
        return {
          status: 200,
          body: page(
            [...cancellations.values()].filter((c) => !query.order_id || c.order_id === query.order_id),
            query,
          ),
        };
      case 'GET order_cancellations/:id': {
        const c = cancellations.get(id!);
        if (!c) throw notFound();
        return ok(c);
      }
      case 'POST order_cancellations/:id/actions/confirm':
        return ok(confirmCancellation(id!));
      case 'POST order_change_requests':
        return ok(await createChangeRequest(data), 201);
      case 'POST order_changes':
        return ok(createChange(data), 201);
      case 'POST order_changes/:id/actions/confirm':
        return ok(confirmChange(id!, data));
      case 'POST webhooks':
        return ok(createWebhook(data), 201);
      case 'GET webhooks':
        return {
          status: 200,
          body: page(
            [...webhooks.values()].map(({ secret: _s, ...w }) => w),
            query,
          ),
        };
      default:
        throw notFound();
    }
  }

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => resolve(body));
      req.on('error', reject);
    });

  function send(res: ServerResponse, status: number, body: Json, requestId: string) {
    if (res.writableEnded || res.destroyed) return;
    const remaining = Math.max(0, stub.rateLimit - used);
    res
      .writeHead(status, {
        'content-type': 'application/json',
        'x-request-id': requestId,
        'ratelimit-limit': String(stub.rateLimit),
        'ratelimit-remaining': String(remaining),
        'ratelimit-reset': new Date(windowStart + 60_000).toUTCString(),
      })
      .end(JSON.stringify(body));
  }
  const errorBody = (e: WireError, requestId: string) => ({
    meta: { status: e.status, request_id: requestId },
    errors: [
      {
        type: e.type,
        code: e.code,
        title: e.type === 'validation_error' ? 'Invalid field' : e.code.replace(/_/g, ' '),
        message: e.message,
        documentation_url: `${DOCS}#${e.code}`,
        ...(e.source ? { source: e.source } : {}),
      },
    ],
  });

  const server: Server = createServer((req, res) => {
    void (async () => {
      const requestId = `req_${++serial}`;
      const url = new URL(req.url ?? '/', 'http://stub');
      const raw = await readBody(req);
      let body: Json | null;
      try {
        body = raw ? (JSON.parse(raw) as Json) : null;
      } catch {
        return send(
          res,
          400,
          errorBody(
            new WireError(400, 'invalid_request_error', 'malformed_json', 'The body is not valid JSON'),
            requestId,
          ),
          requestId,
        );
      }
      const method = req.method ?? 'GET';
      const call: DuffelCall = {
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: {
          authorization: req.headers.authorization,
          'duffel-version': req.headers['duffel-version'] as string | undefined,
          'content-type': req.headers['content-type'],
          accept: req.headers.accept,
          'user-agent': req.headers['user-agent'],
          'idempotency-key': req.headers['idempotency-key'] as string | undefined,
        },
        body,
      };
      stub.calls.push(call);
      const routeName = `${method} ${url.pathname.replace(/\/$/, '')}`;
      const delay = stub.delays[routeName];
      if (delay) await new Promise((r) => setTimeout(r, delay));
      try {
        if (req.headers.authorization !== `Bearer ${token}`)
          throw new WireError(
            401,
            'authentication_error',
            'invalid_authentication_credentials',
            'The access token was not recognised',
          );
        if (req.headers['duffel-version'] !== 'v2')
          throw new WireError(400, 'invalid_request_error', 'unsupported_version', 'Duffel-Version must be v2');
        if (++used > stub.rateLimit)
          throw new WireError(
            429,
            'rate_limit_error',
            'rate_limit_exceeded',
            'Too many requests: wait for the rate limit to reset',
          );
        if (method === 'POST' && body !== null && (typeof body.data !== 'object' || body.data === null))
          throw new WireError(
            400,
            'invalid_request_error',
            'invalid_envelope',
            'The body must be wrapped in a data object',
          );
        const key = call.headers['idempotency-key'];
        const replay = key && method === 'POST' ? idempotent.get(`${url.pathname}|${key}`) : undefined;
        if (replay) return send(res, replay.status, replay.body, requestId);
        const answer = await route(method, url.pathname, call.query, body?.data ?? {});
        if (key && method === 'POST') idempotent.set(`${url.pathname}|${key}`, answer);
        send(res, answer.status, answer.body, requestId);
      } catch (e) {
        const err =
          e instanceof WireError ? e : new WireError(500, 'api_error', 'internal_server_error', (e as Error).message);
        send(res, err.status, errorBody(err, requestId), requestId);
      }
    })();
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}
