/**
 * Search generation (pure): a search request → priced offers, deterministically. The trace id
 * carries the search itself, so a later fare quote, SSR or booking regenerates the same list and
 * picks its option by result index without the simulator storing anything.
 */
import { TIME_BANDS, type TSearchRequest, type TSegment } from '@tp/contracts/endpoints/flights';
import type { Airport } from '@tp/reference-data/airports';
import type { SupplierOption } from '../types.ts';
import { SupplyError } from '../types.ts';
import {
  adultBase,
  bumped,
  familiesFor,
  familyOnSale,
  priceOffer,
  publishedOf,
  type FareFamily,
  type PaxCounts,
  type PricedOffer,
} from './fares.ts';
import { airlineName, airportFor, itineraries, type Carrier, type Itinerary } from './network.ts';
import { hash } from './prng.ts';

export const TRACE_VALID_MS = 15 * 60_000;
/**
 * Booking and ticketing accept a trace a while longer: the platform lets a customer pay for 15
 * minutes after choosing (FLIGHT_TIMING), so a booking can follow the search by up to ~30 minutes.
 */
export const TRACE_BOOKABLE_MS = 35 * 60_000;
export const DEFAULT_MAX_OPTIONS = 1500;

/** What a trace id encodes: the search, when it was made and the option cap. */
export interface TracePayload {
  req: TSearchRequest;
  issuedAt: number;
  maxOptions: number;
}

export function encodeTrace(p: TracePayload): string {
  const body = Buffer.from(JSON.stringify(p)).toString('base64url');
  return `SIM1.${body}.${hash(body).toString(36)}`;
}

export function decodeTrace(traceId: string, now: Date, validMs = TRACE_VALID_MS): TracePayload {
  const [v, body, check] = traceId.split('.');
  if (v !== 'SIM1' || !body || check !== hash(body).toString(36))
    throw new SupplyError('invalidRequest', 'Unknown trace id');
  const p = JSON.parse(Buffer.from(body, 'base64url').toString()) as TracePayload;
  if (now.getTime() - p.issuedAt > validMs)
    throw new SupplyError('expired', 'Your search has expired, please search again');
  return p;
}

export interface Offer {
  carrier: Carrier;
  family: FareFamily;
  /** One itinerary per trip (onward, return, or each multi-stop segment). */
  trips: Itinerary[];
  domestic: boolean;
  adult: number;
  specialReturn: boolean;
}

export interface Generated {
  domestic: boolean;
  /** One list per direction for a domestic normal return, else one list. */
  lists: Offer[][];
  pax: PaxCounts;
}

const paxOf = (req: TSearchRequest): PaxCounts => ({
  adults: req.adultCount,
  children: req.childCount,
  infants: req.infantCount,
});
export const sourceOf = (carrier: Carrier): string => (carrier.isLcc ? carrier.code : 'GDS');

function airport(code: string): Airport {
  const a = airportFor(code);
  if (!a) throw new SupplyError('invalidRequest', `Unknown airport or city code ${code}`);
  return a;
}

/** Offers of one trip: every itinerary in every family its carrier sells, after the search filters. */
function tripOffers(req: TSearchRequest, tripIndex: number, issuedAt: number, domestic: boolean): Offer[] {
  const seg = req.segments[tripIndex]!;
  const from = airport(seg.origin);
  const to = airport(seg.destination);
  const date = seg.preferredDepartureTime.slice(0, 10);
  const clock = seg.preferredDepartureTime.slice(11);
  const time = clock.length === 5 ? `${clock}:00` : clock || '00:00:00';
  const band = TIME_BANDS.find((b) => b.time === time) ?? TIME_BANDS[0];
  const sources = req.Sources?.filter(Boolean) ?? [];
  const preferred = (req.preferredAirlines ?? []).map((a) => a.toUpperCase());
  const seated = req.adultCount + req.childCount;
  // Flights leaving within two hours of the search are no longer sold.
  const earliest = issuedAt + 2 * 3_600_000;
  const offers: Offer[] = [];
  for (const legs of itineraries(from, to, date, { directOnly: Boolean(req.directFlight) })) {
    const first = legs[0]!;
    const carrier = first.carrier;
    if (first.depMinute < band.from || first.depMinute >= band.to || first.depUtc < earliest) continue;
    if (sources.length && !sources.includes(sourceOf(carrier))) continue;
    if (preferred.length && !preferred.includes(carrier.code)) continue;
    if (legs.some((l) => l.seatsOnSale < seated)) continue;
    for (const family of familiesFor(carrier.isLcc, domestic, req.cabinClass))
      if (familyOnSale(family, legs))
        offers.push({
          carrier,
          family,
          trips: [legs],
          domestic,
          adult: adultBase(legs, family, domestic),
          specialReturn: false,
        });
  }
  return offers;
}

/** Combined trips (international or special return, multi stop): the same carrier and family throughout. */
function combine(perTrip: Offer[][], discount: number, specialReturn: boolean): Offer[] {
  const perGroup = perTrip.length === 2 ? 6 : 3;
  const groups = perTrip.map((offers) => {
    const m = new Map<string, Offer[]>();
    for (const o of [...offers].sort((a, b) => a.adult - b.adult)) {
      const k = `${o.carrier.code}:${o.family.id}`;
      const list = m.get(k) ?? [];
      if (list.length < perGroup) list.push(o);
      m.set(k, list);
    }
    return m;
  });
  const out: Offer[] = [];
  for (const [k, first] of groups[0]!) {
    let combos: Offer[][] = first.map((o) => [o]);
    for (const g of groups.slice(1)) {
      const next = g.get(k);
      if (!next) {
        combos = [];
        break;
      }
      combos = combos.flatMap((c) =>
        next.filter((n) => n.trips[0]![0]!.depUtc > c[c.length - 1]!.trips[0]!.at(-1)!.arrUtc).map((n) => [...c, n]),
      );
    }
    for (const c of combos)
      out.push({
        ...c[0]!,
        trips: c.map((o) => o.trips[0]!),
        adult: Math.round((c.reduce((n, o) => n + o.adult, 0) * discount) / 10) * 10,
        specialReturn,
      });
  }
  return out;
}

const allLegs = (o: Offer) => o.trips.flat();

/** Cheapest first (ties: earlier departure), capped. */
function rank(offers: Offer[], pax: PaxCounts, max: number): Offer[] {
  const total = new Map(
    offers.map((o) => [
      o,
      publishedOf(priceOffer(o.adult, allLegs(o), o.family, o.domestic, pax, o.carrier.code).fare),
    ]),
  );
  return offers
    .sort((a, b) => total.get(a)! - total.get(b)! || a.trips[0]![0]!.depUtc - b.trips[0]![0]!.depUtc)
    .slice(0, max);
}

export function generate(p: TracePayload): Generated {
  const { req } = p;
  const pax = paxOf(req);
  const airports = req.segments.flatMap((s) => [airport(s.origin), airport(s.destination)]);
  const domestic = airports.every((a) => a.countryCode === airports[0]!.countryCode);
  const special = req.JourneyType === 5 || req.returnType === 5 || req.returnType === 3;
  const perTrip = req.segments.map((_, i) => tripOffers(req, i, p.issuedAt, domestic));
  if (req.JourneyType === 1) return { domestic, pax, lists: [rank(perTrip[0]!, pax, p.maxOptions)] };
  if (req.JourneyType === 2 && domestic && !special)
    return { domestic, pax, lists: perTrip.map((offers) => rank(offers, pax, p.maxOptions)) };
  if (special) {
    // LCC special return (5) sells LCC round trips; GDS special return (3) GDS ones.
    const lcc = req.returnType !== 3;
    const filtered = perTrip.map((offers) => offers.filter((o) => o.carrier.isLcc === lcc));
    return { domestic, pax, lists: [rank(combine(filtered, lcc ? 0.9 : 0.92, lcc), pax, p.maxOptions)] };
  }
  const discount = req.JourneyType === 2 ? 0.95 : 1;
  return { domestic, pax, lists: [rank(combine(perTrip, discount, false), pax, p.maxOptions)] };
}

export const resultIndexOf = (listIndex: number, position: number): string =>
  `${listIndex === 1 ? 'IB' : 'OB'}${position + 1}`;

export function offerAt(g: Generated, resultIndex: string): Offer {
  const m = /^(OB|IB)(\d+)$/.exec(resultIndex);
  const offer = m ? g.lists[m[1] === 'IB' ? 1 : 0]?.[Number(m[2]) - 1] : undefined;
  if (!offer) throw new SupplyError('invalidRequest', 'Unknown result index');
  return offer;
}

/** About one option in eight costs a few per cent more when quoted than when searched. */
export function quoteFactor(traceId: string, resultIndex: string): number {
  const h = hash(`quote:${traceId}:${resultIndex}`);
  return h % 8 === 0 ? 1 + (2 + (h % 5)) / 100 : 1;
}

export function priced(o: Offer, pax: PaxCounts, factor = 1): PricedOffer {
  return priceOffer(bumped(o.adult, factor), allLegs(o), o.family, o.domestic, pax, o.carrier.code);
}

/** GDS holds last until a day before departure, at most two days. */
export function lastTicketDate(o: Offer, now: Date): string | null {
  if (o.carrier.isLcc) return null;
  const dep = o.trips[0]![0]!.depUtc;
  return new Date(Math.min(dep - 86_400_000, now.getTime() + 2 * 86_400_000)).toISOString();
}

export function toOption(
  o: Offer,
  resultIndex: string,
  pax: PaxCounts,
  now: Date,
  opts: { factor?: number; sold?: ReadonlyMap<string, number> } = {},
): SupplierOption {
  const price = priced(o, pax, opts.factor);
  const i = o.domestic ? 0 : 1;
  const ltd = lastTicketDate(o, now);
  const name = airlineName(o.carrier.code);
  return {
    resultIndex,
    source: sourceOf(o.carrier),
    isLcc: o.carrier.isLcc,
    isRefundable: o.family.refundable,
    isHoldAllowed: !o.carrier.isLcc && ltd !== null && Date.parse(ltd) > now.getTime(),
    isLCCSpecialReturn: o.specialReturn && o.carrier.isLcc,
    isPassportRequired: !o.domestic,
    isPanRequired: !o.domestic,
    lastTicketDate: ltd,
    airlineCode: o.carrier.code,
    airlineName: name,
    segments: o.trips.map((legs, trip) =>
      legs.map((l, k): TSegment => {
        const prev = legs[k - 1];
        const seatsLeft = Math.max(0, l.seatsOnSale - (opts.sold?.get(`${l.date}|${l.key}`) ?? 0));
        return {
          airlineName: name,
          airlineCode: l.carrier.code,
          flightNumber: l.flightNumber,
          fareClass: o.family.fareClass,
          operatingCarrier: l.carrier.code,
          craft: l.craft,
          originAirportCode: l.origin.code,
          originAirportName: l.origin.name,
          originCityName: l.origin.cityName,
          originCityCode: l.origin.cityCode,
          originCountryCode: l.origin.countryCode,
          originTerminal: l.originTerminal,
          destinationAirportCode: l.destination.code,
          destinationAirportName: l.destination.name,
          destinationCityName: l.destination.cityName,
          destinationCityCode: l.destination.cityCode,
          destinationCountryCode: l.destination.countryCode,
          destinationTerminal: l.destinationTerminal,
          departureTime: l.depLocal,
          arrivalTime: l.arrLocal,
          durationMinutes: l.durationMinutes,
          groundTimeMinutes: prev ? Math.round((l.depUtc - prev.arrUtc) / 60_000) : 0,
          tripIndicator: trip + 1,
          flightStatus: 'Confirmed',
          baggage: `${o.family.baggageKg[i]} KG`,
          cabinBaggage: `${o.family.cabinKg} KG`,
          stopPoint: '',
          stopPointArrivalTime: '',
          stopPointDepartureTime: '',
          seatsLeft,
          segmentAdditionalInfo: { baggage: `${o.family.baggageKg[i]} KG` },
        };
      }),
    ),
    fare: price.fare,
    fareBreakdown: price.fareBreakdown,
    // Invented seats: the badge and the booking's mark come from here, whoever resells the option.
    testInventory: true,
  };
}
