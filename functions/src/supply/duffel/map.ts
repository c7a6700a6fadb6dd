/**
 * Duffel's JSON (snake_case, `data` envelopes unwrapped by the client) ↔ our supply types. Pure: the
 * adapter and its unit tests share it. Duffel prices an offer as a whole and sells no meals; its holdable
 * offers are our GDS-style fares (book, then ticket by paying), its instant-payment offers our LCC-style
 * fares (ticketed at once with the passengers).
 */
import { createHash } from 'node:crypto';
import type {
  CreateOfferRequest,
  CreateOrderPassenger,
  Offer,
  OfferAvailableService,
  OfferSliceSegment,
  Order,
  OrderSliceSegment,
  SeatMap,
} from '@duffel/api/types';
import type {
  TFareRule,
  TSearchRequest,
  TSeat,
  TSegment,
  TSsrCatalogue,
  TSsrItem,
} from '@tp/contracts/endpoints/flights';
import type { SupplierPaxFare } from '@tp/domain/pricing';
import type { SupplierBookingDetails, SupplierOption, SupplyPassenger } from '../types.ts';

const money = (v: string | null | undefined): number => Math.round(Number(v ?? 0) * 100) / 100 || 0;

/** Our cabin classes (1 all … 6 first) as Duffel's; "all" sends none. Premium business is sold as business. */
const CABIN = { 2: 'economy', 3: 'premium_economy', 4: 'business', 5: 'business', 6: 'first' } as const;

/**
 * A search knows passenger counts, not birthdays; Duffel wants a child's or infant's age. These stand for
 * any child (2–11) and infant (under 2): the order sends each real date of birth and Duffel checks it.
 */
export const SEARCH_AGE = { child: 8, infant: 1 } as const;

export function toOfferRequest(req: TSearchRequest): CreateOfferRequest {
  const cabin = CABIN[req.cabinClass as keyof typeof CABIN];
  return {
    slices: req.segments.map((s) => ({
      origin: s.origin,
      destination: s.destination,
      departure_date: s.preferredDepartureTime.slice(0, 10),
    })),
    passengers: [
      ...Array.from({ length: req.adultCount }, () => ({ type: 'adult' as const })),
      ...Array.from({ length: req.childCount }, () => ({ age: SEARCH_AGE.child })),
      ...Array.from({ length: req.infantCount }, () => ({ age: SEARCH_AGE.infant })),
    ],
    ...(cabin ? { cabin_class: cabin } : {}),
    ...(req.directFlight ? { max_connections: 0 as const } : {}),
  } as CreateOfferRequest;
}

/** ISO 8601 duration (`PT2H26M`, `P1DT2H`) in minutes. */
export function durationMinutes(iso: string | null | undefined): number {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(iso ?? '');
  if (!m) return 0;
  return Number(m[1] ?? 0) * 1440 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

/** Minutes between two local times at the same airport (a connection). */
const minutesBetween = (from: string, to: string) =>
  Math.max(0, Math.round((Date.parse(`${to.slice(0, 19)}Z`) - Date.parse(`${from.slice(0, 19)}Z`)) / 60_000));

/** Our passenger type (1 adult, 2 child, 3 infant) of a Duffel offer passenger (by type, else by age). */
export function paxTypeOf(p: { type?: string | null; age?: number | null }): 1 | 2 | 3 {
  if (p.type === 'adult') return 1;
  if (p.type === 'child') return 2;
  if (p.type === 'infant_without_seat') return 3;
  const age = p.age ?? 30;
  return age < 2 ? 3 : age < 12 ? 2 : 1;
}

const bags = (list: { type: string; quantity: number }[] | undefined, type: string) => {
  const n = (list ?? []).filter((b) => b.type === type).reduce((a, b) => a + b.quantity, 0);
  return n ? `${n} piece${n > 1 ? 's' : ''}` : '';
};

/** A segment as an offer lists it, or as an order does (the order's passengers carry no fare basis). */
type SliceSegment = OfferSliceSegment | OrderSliceSegment;

function segmentOf(s: SliceSegment, tripIndicator: number, previous: SliceSegment | undefined): TSegment {
  const pax = s.passengers?.[0];
  const stop = s.stops?.[0];
  return {
    airlineName: s.marketing_carrier.name,
    airlineCode: s.marketing_carrier.iata_code ?? '',
    flightNumber: s.marketing_carrier_flight_number,
    fareClass: pax && 'fare_basis_code' in pax ? (pax.fare_basis_code ?? '') : '',
    operatingCarrier: s.operating_carrier.iata_code ?? s.marketing_carrier.iata_code ?? '',
    craft: s.aircraft?.name ?? '',
    originAirportCode: s.origin.iata_code ?? '',
    originAirportName: s.origin.name,
    originCityName: s.origin.city_name ?? '',
    originCityCode: s.origin.iata_city_code ?? s.origin.iata_code ?? '',
    originCountryCode: s.origin.iata_country_code,
    originTerminal: s.origin_terminal ?? '',
    destinationAirportCode: s.destination.iata_code ?? '',
    destinationAirportName: s.destination.name,
    destinationCityName: s.destination.city_name ?? '',
    destinationCityCode: s.destination.iata_city_code ?? s.destination.iata_code ?? '',
    destinationCountryCode: s.destination.iata_country_code,
    destinationTerminal: s.destination_terminal ?? '',
    departureTime: s.departing_at.slice(0, 19),
    arrivalTime: s.arriving_at.slice(0, 19),
    durationMinutes: durationMinutes(s.duration),
    groundTimeMinutes: previous ? minutesBetween(previous.arriving_at, s.departing_at) : 0,
    tripIndicator,
    flightStatus: 'Confirmed',
    baggage: bags(pax?.baggages, 'checked'),
    cabinBaggage: bags(pax?.baggages, 'carry_on'),
    stopPoint: stop?.airport.iata_code ?? '',
    stopPointArrivalTime: stop?.arriving_at.slice(0, 19) ?? '',
    stopPointDepartureTime: stop?.departing_at.slice(0, 19) ?? '',
    segmentAdditionalInfo: { baggage: bags(pax?.baggages, 'checked') },
  };
}

/**
 * Duffel gives the offer's total only: each passenger's share is the total over the passengers, in whole
 * paise, the first passenger type taking what does not divide (so the shares add up to the total).
 */
function breakdownOf(offer: Omit<Offer, 'available_services'>): SupplierPaxFare[] {
  const counts = new Map<1 | 2 | 3, number>();
  for (const p of offer.passengers) counts.set(paxTypeOf(p), (counts.get(paxTypeOf(p)) ?? 0) + 1);
  const n = Math.max(1, offer.passengers.length);
  const base = Math.round(money(offer.base_amount) * 100);
  const tax = Math.round(money(offer.tax_amount) * 100);
  const types = [...counts.entries()].sort((a, b) => a[0] - b[0]);
  return types.map(([passengerType, count], i) => {
    const share = (total: number) => {
      const each = Math.floor(total / n);
      // Only a type whose count divides the remainder can carry it exactly; else the shares stay even.
      const rest = total - each * n;
      return (i === 0 && rest % count === 0 ? each + rest / count : each) / 100;
    };
    return { passengerType, count, baseFare: share(base), tax: share(tax) };
  });
}

export function fromOffer(offer: Omit<Offer, 'available_services'>): SupplierOption {
  const instant = offer.payment_requirements.requires_instant_payment;
  const owner = offer.owner.iata_code ?? '';
  const trips = offer.slices.length;
  return {
    resultIndex: offer.id,
    // Holdable offers are booked, then paid (a GDS-style flow); instant ones ticket at once (LCC-style).
    source: instant ? owner : 'GDS',
    isLcc: instant,
    isRefundable: Boolean(offer.conditions.refund_before_departure?.allowed),
    isHoldAllowed: !instant,
    isLCCSpecialReturn: false,
    isPassportRequired: Boolean(offer.passenger_identity_documents_required),
    isPanRequired: false,
    lastTicketDate: instant ? null : (offer.payment_requirements.payment_required_by ?? null),
    airlineCode: owner,
    airlineName: offer.owner.name,
    segments: offer.slices.map((slice, i) =>
      slice.segments.map((s, j) => segmentOf(s, trips === 2 ? i + 1 : 1, slice.segments[j - 1])),
    ),
    fare: {
      currency: offer.total_currency,
      baseFare: money(offer.base_amount),
      tax: money(offer.tax_amount),
      yq: 0,
      otherCharges: 0,
      serviceFee: 0,
      txnFee: 0,
      commission: 0,
      incentive: 0,
      plb: 0,
    },
    fareBreakdown: breakdownOf(offer),
  };
}

const conditionText = (
  label: string,
  c: { allowed: boolean; penalty_amount: string | null; penalty_currency: string | null } | null,
) =>
  c === null
    ? `${label}: the airline has not said.`
    : !c.allowed
      ? `${label}: not allowed.`
      : c.penalty_amount && money(c.penalty_amount) > 0
        ? `${label}: allowed, penalty ${c.penalty_currency ?? ''} ${c.penalty_amount}.`.replace('  ', ' ')
        : `${label}: allowed, no penalty.`;

/** Duffel's limits, shown with the fare rules so staff and travellers see them before booking. */
export const DUFFEL_LIMITS = {
  partialCancellation: 'Duffel cancels whole bookings only: a partial cancellation is offered as a full one.',
  calendarFare: 'Duffel has no fare calendar: search a date to see its fares.',
  reissue: 'Duffel changes a booking through change offers: search the new flights, select one, then confirm.',
} as const;

/** Duffel's conditions (the whole offer, then each slice's change terms) as our per-sector fare rules. */
export function fareRulesOf(offer: Offer): TFareRule[] {
  return offer.slices.map((slice) => ({
    origin: slice.origin.iata_code ?? '',
    destination: slice.destination.iata_code ?? '',
    airline: offer.owner.iata_code ?? '',
    fareRuleDetail: [
      slice.fare_brand_name ? `Fare brand: ${slice.fare_brand_name}.` : '',
      conditionText('Cancellation (refund before departure)', offer.conditions.refund_before_departure),
      conditionText(
        'Change before departure',
        slice.conditions?.change_before_departure ?? offer.conditions.change_before_departure,
      ),
      `This offer is valid until ${offer.expires_at}.`,
      DUFFEL_LIMITS.partialCancellation,
    ]
      .filter(Boolean)
      .join(' '),
  }));
}

interface SegmentInfo {
  origin: string;
  destination: string;
  airlineCode: string;
  flightNumber: string;
}
export function segmentIndex(slices: { segments: OfferSliceSegment[] }[]): Map<string, SegmentInfo> {
  const out = new Map<string, SegmentInfo>();
  for (const slice of slices)
    for (const s of slice.segments)
      out.set(s.id, {
        origin: s.origin.iata_code ?? '',
        destination: s.destination.iata_code ?? '',
        airlineCode: s.marketing_carrier.iata_code ?? '',
        flightNumber: s.marketing_carrier_flight_number,
      });
  return out;
}

/**
 * A bag's code names what it is, not whose it is (Duffel has one service per passenger): `BAG-<segments>-<type>-
 * <kg>`, the segments as a short hash of their ids (a chosen code is at most 100 characters). The order resolves
 * it to each passenger's own service id.
 */
export const bagCode = (s: { segment_ids: string[]; metadata: { type: string; maximum_weight_kg: number | null } }) =>
  `BAG-${createHash('sha256').update(s.segment_ids.join('+')).digest('hex').slice(0, 10)}-${s.metadata.type}-${s.metadata.maximum_weight_kg ?? 0}`;

export function baggageOf(services: OfferAvailableService[], segments: Map<string, SegmentInfo>): TSsrItem[] {
  const seen = new Map<string, TSsrItem>();
  for (const s of services) {
    if (s.type !== 'baggage') continue;
    const code = bagCode(s);
    if (seen.has(code)) continue;
    const first = segments.get(s.segment_ids[0] ?? '');
    const last = segments.get(s.segment_ids[s.segment_ids.length - 1] ?? '');
    const kg = s.metadata.maximum_weight_kg;
    seen.set(code, {
      code,
      description: `${s.metadata.type === 'checked' ? 'Checked bag' : 'Cabin bag'}${kg ? ` up to ${kg} kg` : ''}`,
      ...(kg ? { weight: kg } : {}),
      price: money(s.total_amount),
      currency: s.total_currency,
      wayType: s.segment_ids.length > 1 ? 2 : 1,
      origin: first?.origin ?? '',
      destination: last?.destination ?? '',
      airlineCode: first?.airlineCode ?? '',
      flightNumber: first?.flightNumber ?? '',
    });
  }
  return [...seen.values()];
}

/** 1 window, 2 aisle, 3 middle: from the seat's place in its section of the row. */
function seatTypeOf(index: number, sectionLength: number, section: number, sections: number): number {
  const window = (section === 0 && index === 0) || (section === sections - 1 && index === sectionLength - 1);
  if (window) return 1;
  const aisle = (index === 0 && section > 0) || (index === sectionLength - 1 && section < sections - 1);
  return aisle ? 2 : 3;
}

/** A seat map as our rows of seats; a seat with no service for sale is shown as taken. */
export function seatRowsOf(map: SeatMap, segments: Map<string, SegmentInfo>): TSsrCatalogue['seatDynamic'][number] {
  const seg = segments.get(map.segment_id);
  const rows: TSeat[][] = [];
  for (const cabin of map.cabins)
    for (const row of cabin.rows) {
      const seats: TSeat[] = [];
      row.sections.forEach((section, si) =>
        section.elements.forEach((el, i) => {
          if (el.type !== 'seat') return;
          const service = el.available_services[0];
          const m = /^(\d+)([A-Z]+)$/.exec(el.designator);
          seats.push({
            code: el.designator,
            rowNo: m?.[1] ?? '',
            seatNo: m?.[2] ?? '',
            seatType: seatTypeOf(i, section.elements.length, si, row.sections.length),
            available: Boolean(service),
            price: money(service?.total_amount),
            currency: service?.total_currency ?? '',
            origin: seg?.origin ?? '',
            destination: seg?.destination ?? '',
            airlineCode: seg?.airlineCode ?? '',
            flightNumber: seg?.flightNumber ?? '',
          });
        }),
      );
      if (seats.length) rows.push(seats);
    }
  return { segment: `${seg?.origin ?? ''}-${seg?.destination ?? ''}`, rows };
}

const TITLE = { Mr: 'mr', Mrs: 'mrs', Ms: 'ms', Miss: 'miss', Mstr: 'mr' } as const;

/** The lead passenger's contact, which Duffel wants on every passenger. */
export function contactOf(passengers: SupplyPassenger[]): { email: string; phone_number: string } {
  const lead = passengers.find((p) => p.isLeadPax && p.email) ?? passengers.find((p) => p.email);
  const withPhone = passengers.find((p) => p.isLeadPax && p.mobileNo) ?? passengers.find((p) => p.mobileNo);
  if (!lead?.email || !withPhone?.mobileNo)
    throw new Error('Duffel needs the lead passenger’s email and mobile number');
  const code = (withPhone.phoneCode ?? '+91').replace(/^(?!\+)/, '+');
  return { email: lead.email, phone_number: `${code}${withPhone.mobileNo.replace(/\D/g, '')}` };
}

/**
 * Our passengers as Duffel's, matched in order to the offer's passengers of the same type. Every Duffel
 * passenger needs a date of birth; an infant travels on an adult's lap (`infant_passenger_id`).
 */
export function toOrderPassengers(
  passengers: SupplyPassenger[],
  offerPassengers: Offer['passengers'],
): { passengers: CreateOrderPassenger[]; ids: string[] } {
  const free = [...offerPassengers];
  const contact = contactOf(passengers);
  const ids: string[] = [];
  const out = passengers.map((p) => {
    const at = free.findIndex((o) => paxTypeOf(o) === p.paxType);
    if (at < 0) throw new Error('The passengers do not match the offer’s passenger types');
    const offered = free.splice(at, 1)[0]!;
    if (!p.dateOfBirth) throw new Error(`Duffel needs a date of birth for ${p.firstName} ${p.lastName}`);
    ids.push(offered.id);
    return {
      id: offered.id,
      title: TITLE[p.title],
      given_name: p.firstName,
      family_name: p.lastName,
      gender: p.gender === 1 ? 'm' : 'f',
      born_on: p.dateOfBirth,
      ...contact,
      ...(p.passportNo && p.passportExpiry
        ? {
            identity_documents: [
              {
                type: 'passport' as const,
                unique_identifier: p.passportNo,
                issuing_country_code: p.passportIssueCountryCode ?? p.nationality ?? '',
                expires_on: p.passportExpiry,
              },
            ],
          }
        : {}),
    } as CreateOrderPassenger;
  });
  // Each infant sits with an adult: the i-th infant with the i-th adult.
  const adults = out.filter((_, i) => passengers[i]!.paxType === 1);
  out
    .filter((_, i) => passengers[i]!.paxType === 3)
    .forEach((inf, i) => {
      if (adults[i]) adults[i].infant_passenger_id = inf.id;
    });
  return { passengers: out, ids };
}

/**
 * The services our passengers chose (bags by code, seats by designator and segment), as Duffel service
 * ids of each passenger's own services. A choice the offer does not sell is refused.
 */
export function servicesOf(
  passengers: SupplyPassenger[],
  passengerIds: string[],
  services: OfferAvailableService[],
  seatMaps: SeatMap[],
  segments: Map<string, SegmentInfo>,
): { id: string; quantity: number }[] {
  const out: { id: string; quantity: number }[] = [];
  passengers.forEach((p, i) => {
    const pid = passengerIds[i]!;
    for (const bag of p.baggage) {
      const s = services.find((x) => x.type === 'baggage' && bagCode(x) === bag.code && x.passenger_ids.includes(pid));
      if (!s) throw new Error(`The bag ${bag.description || bag.code} is not sold for this passenger`);
      out.push({ id: s.id, quantity: 1 });
    }
    for (const seat of p.seat) {
      const map = seatMaps.find((m) => {
        const seg = segments.get(m.segment_id);
        return seg?.origin === seat.origin && seg.destination === seat.destination;
      });
      const el = map?.cabins
        .flatMap((c) => c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements)))
        .find((e) => e.type === 'seat' && e.designator === seat.code);
      const service = el?.type === 'seat' ? el.available_services.find((x) => x.passenger_id === pid) : undefined;
      if (!service) throw new Error(`Seat ${seat.code} is not available`);
      out.push({ id: service.id, quantity: 1 });
    }
  });
  return out;
}

/** An order as our booking details: tickets are its e-ticket documents, one per passenger. */
/**
 * The order's flights as they stand: after an airline's schedule change (Duffel's airline-initiated change) the
 * order's slices carry the new times, which the disruption compares with what was booked.
 */
export function segmentsOfOrder(order: Pick<Order, 'slices'>): TSegment[][] {
  const trips = order.slices.length;
  return order.slices.map((slice, i) =>
    slice.segments.map((s, j) => segmentOf(s, trips === 2 ? i + 1 : 1, slice.segments[j - 1])),
  );
}

export function detailsOfOrder(order: Order): SupplierBookingDetails {
  const paid = Boolean(order.payment_status.paid_at);
  const tickets = (order.documents ?? [])
    .filter((d) => d.type === 'electronic_ticket')
    .map((d) => ({
      ticketId: d.unique_identifier,
      ticketNumber: d.unique_identifier,
      status: order.cancelled_at ? ('cancelled' as const) : ('ticketed' as const),
    }));
  const status: SupplierBookingDetails['status'] = order.cancelled_at
    ? paid
      ? 'cancelled'
      : 'released'
    : tickets.length
      ? 'ticketed'
      : order.payment_status.awaiting_payment
        ? 'held'
        : 'failed';
  return {
    pnr: order.booking_reference,
    supplierBookingId: order.id,
    status,
    lastTicketDate: order.payment_status.awaiting_payment ? (order.payment_status.payment_required_by ?? null) : null,
    tickets,
    segments: segmentsOfOrder(order),
  };
}

/** Tickets in our passengers' order (Duffel lists documents with their passenger ids). */
export function ticketsInOrder(order: Order, passengerIds: string[]) {
  const docs = (order.documents ?? []).filter((d) => d.type === 'electronic_ticket');
  const ordered = passengerIds.length ? passengerIds : order.passengers.map((p) => p.id);
  return ordered
    .map((pid) => docs.find((d) => d.passenger_ids.includes(pid)))
    .filter((d): d is NonNullable<typeof d> => Boolean(d))
    .map((d) => ({
      ticketId: d.unique_identifier,
      ticketNumber: d.unique_identifier,
      validatingAirline: order.owner.iata_code ?? '',
    }));
}
