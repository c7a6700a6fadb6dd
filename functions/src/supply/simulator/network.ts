/**
 * The simulated airline network: which real carriers fly which legs, how often, and at what local
 * times. Schedules repeat daily (a flight number keeps its times); the date only changes seat stock
 * and prices. Everything is derived from hashes of the leg, so no state is kept.
 */
import { airportByCode, allAirports, type Airport } from '@tp/reference-data/airports';
import { airlineByCode } from '@tp/reference-data/airlines';
import { hash, rng } from './prng.ts';
import { blockMinutes, distanceKm, localTime, utcOfLocal } from './time.ts';

export interface Carrier {
  code: string;
  isLcc: boolean;
  country: string;
  hubs: readonly string[];
  /** Flies inside its home country. */
  domestic: boolean;
  /** Longest international leg it flies, km (0: none). */
  rangeKm: number;
  /** First three digits of its ticket numbers (IATA accounting code). */
  ticketPrefix: string;
}

const c = (
  code: string,
  isLcc: boolean,
  country: string,
  hubs: string[],
  domestic: boolean,
  rangeKm: number,
  ticketPrefix: string,
): Carrier => ({ code, isLcc, country, hubs, domestic, rangeKm, ticketPrefix });

export const CARRIERS: readonly Carrier[] = [
  c(
    '6E',
    true,
    'IN',
    ['DEL', 'BOM', 'BLR', 'HYD', 'CCU', 'MAA', 'AMD', 'PNQ', 'GOI', 'JAI', 'LKO', 'IDR'],
    true,
    5000,
    '312',
  ),
  c('SG', true, 'IN', ['DEL', 'BOM', 'AMD'], true, 3500, '775'),
  c('QP', true, 'IN', ['BOM', 'BLR', 'DEL', 'AMD'], true, 0, '589'),
  c('IX', true, 'IN', ['DEL', 'BLR', 'COK', 'HYD'], true, 4500, '590'),
  c('AI', false, 'IN', ['DEL', 'BOM', 'BLR', 'HYD', 'CCU', 'MAA'], true, 16000, '098'),
  c('EK', false, 'AE', ['DXB'], false, 16000, '176'),
  c('EY', false, 'AE', ['AUH'], false, 14000, '607'),
  c('FZ', true, 'AE', ['DXB'], false, 4500, '141'),
  c('G9', true, 'AE', ['SHJ'], false, 4500, '514'),
  c('QR', false, 'QA', ['DOH'], false, 16000, '157'),
  c('SQ', false, 'SG', ['SIN'], false, 16000, '618'),
  c('TR', true, 'SG', ['SIN'], false, 5000, '668'),
  c('LH', false, 'DE', ['FRA', 'MUC'], true, 14000, '220'),
  c('BA', false, 'GB', ['LHR'], true, 14000, '125'),
  c('AF', false, 'FR', ['CDG'], true, 14000, '057'),
  c('KL', false, 'NL', ['AMS'], false, 14000, '074'),
  c('TK', false, 'TR', ['IST'], true, 14000, '235'),
  c('UA', false, 'US', ['EWR', 'ORD', 'SFO'], true, 15000, '016'),
  c('AA', false, 'US', ['DFW', 'JFK', 'ORD'], true, 15000, '001'),
  c('DL', false, 'US', ['ATL', 'JFK'], true, 15000, '006'),
  c('TG', false, 'TH', ['BKK'], true, 10000, '217'),
  c('UL', false, 'LK', ['CMB'], false, 9000, '603'),
  c('QF', false, 'AU', ['SYD', 'MEL'], true, 16000, '081'),
  c('NH', false, 'JP', ['HND', 'NRT'], true, 14000, '205'),
];
const CARRIER_BY_CODE = new Map(CARRIERS.map((x) => [x.code, x]));
export const carrierByCode = (code: string): Carrier | undefined => CARRIER_BY_CODE.get(code);
const ALL_HUBS = new Set(CARRIERS.flatMap((x) => x.hubs));

export function airlineName(code: string): string {
  return airlineByCode(code)?.name ?? code;
}

let byCity: Map<string, Airport[]> | undefined;
/** An airport code, or a metropolitan city code resolved to its first airport (LON → LHR). */
export function airportFor(code: string): Airport | undefined {
  const direct = airportByCode(code);
  if (direct) return direct;
  if (!byCity) {
    byCity = new Map();
    for (const a of allAirports()) {
      const list = byCity.get(a.cityCode) ?? [];
      list.push(a);
      byCity.set(a.cityCode, list);
    }
  }
  const list = byCity.get(code.toUpperCase());
  return list?.find((a) => ALL_HUBS.has(a.code)) ?? list?.[0];
}

/** Whether a carrier flies a leg, and how many times a day (0: not at all). */
export function frequency(carrier: Carrier, from: Airport, to: Airport): number {
  if (from.code === to.code) return 0;
  const r = rng(`freq:${carrier.code}:${[from.code, to.code].sort().join('')}`);
  const hubFrom = carrier.hubs.includes(from.code);
  const hubTo = carrier.hubs.includes(to.code);
  const domesticLeg = from.countryCode === to.countryCode;
  if (domesticLeg) {
    if (!carrier.domestic || from.countryCode !== carrier.country) return 0;
    if (hubFrom && hubTo) return carrier.isLcc ? r.int(6, 12) : r.int(4, 8);
    if (hubFrom || hubTo) return r.int(1, carrier.isLcc ? 5 : 3);
    // Some point-to-point routes between two non-hub airports.
    return r.chance(0.25) ? 1 : 0;
  }
  if (distanceKm(from, to) > carrier.rangeKm) return 0;
  const home = from.countryCode === carrier.country ? from : to.countryCode === carrier.country ? to : null;
  if (!home) return 0;
  const abroad = home === from ? to : from;
  const homeIsHub = carrier.hubs.includes(home.code);
  // Foreign stations: the big hubs, plus a stable share of other airports.
  const served =
    ALL_HUBS.has(abroad.code) || (distanceKm(from, to) < 5000 && hash(`stn:${carrier.code}:${abroad.code}`) % 3 === 0);
  if (!served) return 0;
  if (homeIsHub) return r.int(1, ALL_HUBS.has(abroad.code) ? 4 : 2);
  return carrier.isLcc && hash(`p2p:${carrier.code}:${home.code}`) % 2 === 0 ? 1 : 0;
}

export interface Leg {
  carrier: Carrier;
  flightNumber: string;
  origin: Airport;
  destination: Airport;
  /** Local departure date at the origin. */
  date: string;
  depUtc: number;
  arrUtc: number;
  durationMinutes: number;
  distanceKm: number;
  craft: string;
  originTerminal: string;
  destinationTerminal: string;
  /** `<carrier><number>-<origin><destination>`: identifies the flight on its date (seat stock). */
  key: string;
  /** Seats on sale on that date before any we sold (sold seats are subtracted from it). */
  seatsOnSale: number;
  /** Minute of day of the local departure (time-band filters, peak pricing). */
  depMinute: number;
  /** Local departure and arrival times as printed (`YYYY-MM-DDTHH:mm:ss`). */
  depLocal: string;
  arrLocal: string;
}

const terminal = (carrier: Carrier, airport: Airport): string => {
  const n = hash(`term:${airport.code}`) % 3; // how many terminals the airport has
  return n === 0 ? '' : String(1 + (hash(`term:${airport.code}:${carrier.code}`) % (n + 1)));
};

function craftFor(carrier: Carrier, km: number, seed: string): string {
  const r = rng(seed);
  if (km > 7000) return r.pick(['77W', '789', '359', '388']);
  if (km > 3500) return r.pick(['788', '332', '359', '77W']);
  if (carrier.isLcc) return r.pick(['320', '32N', '321', '738', 'AT7']);
  return r.pick(['320', '32N', '321', '738', '73H']);
}

const schedules = new Map<
  string,
  Omit<Leg, 'date' | 'depUtc' | 'arrUtc' | 'seatsOnSale' | 'depLocal' | 'arrLocal'>[]
>();

/** The daily schedule of one carrier on one leg (cached: it never changes). */
function schedule(carrier: Carrier, from: Airport, to: Airport) {
  const id = `${carrier.code}:${from.code}:${to.code}`;
  let list = schedules.get(id);
  if (list) return list;
  const n = frequency(carrier, from, to);
  const km = distanceKm(from, to);
  const duration = blockMinutes(km);
  const r = rng(`sched:${id}`);
  const base = 100 + (hash(`fn:${id}`) % 850);
  const longHaul = km > 3500;
  // Departures spread between 05:00 and 23:30 local; long-haul also leaves around midnight.
  const first = longHaul && r.chance(0.5) ? 60 : 300;
  const span = 23.5 * 60 - first;
  list = Array.from({ length: n }, (_, i) => {
    const slot = first + ((i + 0.15 + r.next() * 0.7) * span) / n;
    const depMinute = Math.min(23 * 60 + 55, Math.round(slot / 5) * 5);
    const flightNo = String(base + i * 2 + (from.code < to.code ? 0 : 1));
    return {
      carrier,
      flightNumber: flightNo,
      origin: from,
      destination: to,
      durationMinutes: duration + r.int(-1, 3) * 5,
      distanceKm: km,
      craft: craftFor(carrier, km, `craft:${id}:${i}`),
      originTerminal: terminal(carrier, from),
      destinationTerminal: terminal(carrier, to),
      key: `${carrier.code}${flightNo}-${from.code}${to.code}`,
      depMinute,
    };
  });
  schedules.set(id, list);
  return list;
}

/** The carrier's flights on a leg departing on a local date. */
export function legsOn(carrier: Carrier, from: Airport, to: Airport, date: string): Leg[] {
  return schedule(carrier, from, to).map((s) => {
    const depUtc = utcOfLocal(date, s.depMinute, from.timeZone);
    const r = rng(`stock:${s.key}:${date}`);
    const arrUtc = depUtc + s.durationMinutes * 60_000;
    return {
      ...s,
      date,
      depUtc,
      arrUtc,
      depLocal: localTime(depUtc, from.timeZone),
      arrLocal: localTime(arrUtc, to.timeZone),
      // Most flights have room; about one in eight is nearly full.
      seatsOnSale: r.chance(0.12) ? r.int(1, 4) : r.int(9, 60),
    };
  });
}

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export type Itinerary = Leg[];

/** Minimum connection time: longer when either leg is international. */
const minConnect = (a: Leg, b: Leg) =>
  a.origin.countryCode === a.destination.countryCode && b.origin.countryCode === b.destination.countryCode ? 60 : 90;
const MAX_CONNECT = 12 * 60;
/** Onward flights offered after each arriving flight at a hub. */
const CONNECTIONS_PER_FLIGHT = 5;

function connections(first: Leg[], next: (l: Leg) => Leg[], perLeg: number): Itinerary[] {
  const out: Itinerary[] = [];
  for (const a of first) {
    let taken = 0;
    for (const b of next(a)) {
      const gap = (b.depUtc - a.arrUtc) / 60_000;
      if (gap < minConnect(a, b) || gap > MAX_CONNECT) continue;
      out.push([a, b]);
      if (++taken >= perLeg) break;
    }
  }
  return out;
}

/**
 * Every itinerary from `from` to `to` leaving on `date`: direct flights, one-stop connections over
 * a carrier's hub (same carrier, sensible detour) and, where a carrier has no shorter way, two stops.
 */
export function itineraries(from: Airport, to: Airport, date: string, opts: { directOnly?: boolean }): Itinerary[] {
  const km = distanceKm(from, to);
  const maxDetour = km < 1500 ? 2.4 : km < 4000 ? 1.7 : 1.35;
  const out: Itinerary[] = [];
  const cache = new Map<string, Leg[]>();
  const legs = (carrier: Carrier, a: Airport, b: Airport, d: string) => {
    const id = `${carrier.code}:${a.code}:${b.code}:${d}`;
    let l = cache.get(id);
    if (!l) cache.set(id, (l = legsOn(carrier, a, b, d)));
    return l;
  };
  // A connecting leg may leave the next local day (evening arrivals, morning departures); the
  // local date of the hub can also be a day behind the arrival's UTC date.
  const onward = (carrier: Carrier, hub: Airport, next: Airport) => (a: Leg) => {
    const arrDate = new Date(a.arrUtc).toISOString().slice(0, 10);
    return [-1, 0, 1].flatMap((d) => legs(carrier, hub, next, addDays(arrDate, d)));
  };
  for (const carrier of CARRIERS) {
    const direct = legs(carrier, from, to, date);
    for (const l of direct) out.push([l]);
    if (opts.directOnly) continue;
    let oneStop = 0;
    for (const hubCode of carrier.hubs) {
      const hub = airportByCode(hubCode);
      if (!hub || hub.code === from.code || hub.code === to.code) continue;
      if (distanceKm(from, hub) + distanceKm(hub, to) > km * maxDetour) continue;
      const first = legs(carrier, from, hub, date);
      if (!first.length) continue;
      const found = connections(first, onward(carrier, hub, to), CONNECTIONS_PER_FLIGHT);
      oneStop += found.length;
      out.push(...found);
    }
    if (direct.length || oneStop) continue;
    // Two stops: origin → hub1 → hub2 → destination on the same carrier.
    for (const h1 of carrier.hubs)
      for (const h2 of carrier.hubs) {
        const a = airportByCode(h1);
        const b = airportByCode(h2);
        if (!a || !b || a === b || [a.code, b.code].some((x) => x === from.code || x === to.code)) continue;
        if (distanceKm(from, a) + distanceKm(a, b) + distanceKm(b, to) > km * maxDetour * 1.2) continue;
        for (const [l1, l2] of connections(legs(carrier, from, a, date), onward(carrier, a, b), 2)) {
          const l3 = connections([l2!], onward(carrier, b, to), 1)[0];
          if (l3) out.push([l1!, l2!, l3[1]!]);
        }
      }
  }
  return out;
}
