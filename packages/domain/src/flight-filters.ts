/**
 * Filtering and sorting of flight search results (spec 000 §2 "Result filter panel", §5, §9). Pure:
 * the results screen memoises these over lists of up to a few thousand options, so each function is
 * a single pass with no allocation per option beyond what the result needs.
 */

/** The parts of a flight option (packages/contracts flights.ts ZFlightOption) the filters read. */
export interface FilterSegment {
  airlineCode: string;
  originAirportCode: string;
  destinationAirportCode: string;
  /** Local `YYYY-MM-DDTHH:mm:ss`. */
  departureTime: string;
  arrivalTime: string;
  durationMinutes: number;
  groundTimeMinutes: number;
}
export interface FilterOption {
  airlineCode: string;
  airlineName: string;
  isRefundable: boolean;
  publishedPrice: number;
  segments: FilterSegment[][];
}

export type FareType = 'refundable' | 'nonRefundable';

/** Stops buttons (spec 000 §9): Direct = 1 segment, '1' = 2, '2 & more' = 3 or more. */
export const STOP_CHOICES = [
  { label: 'Direct', segments: 1 },
  { label: '1', segments: 2 },
  { label: '2 & more', segments: 3 },
] as const;

export interface FlightFilters {
  /** Departure window in minutes of the day; an end ≤ start runs past midnight. Null: any time. */
  time: { from: number; to: number } | null;
  /** Inclusive bounds on publishedPrice; null: no bound. */
  priceMin: number | null;
  priceMax: number | null;
  /** STOP_CHOICES segment counts; empty: all. */
  stops: number[];
  airlines: string[];
  layovers: string[];
  destinations: string[];
  origins: string[];
  fareType: FareType | null;
}

export const NO_FILTERS: FlightFilters = Object.freeze({
  time: null,
  priceMin: null,
  priceMax: null,
  stops: [],
  airlines: [],
  layovers: [],
  destinations: [],
  origins: [],
  fareType: null,
}) as FlightFilters;

export const isFiltering = (f: FlightFilters): boolean =>
  f.time !== null ||
  f.priceMin !== null ||
  f.priceMax !== null ||
  f.stops.length > 0 ||
  f.airlines.length > 0 ||
  f.layovers.length > 0 ||
  f.destinations.length > 0 ||
  f.origins.length > 0 ||
  f.fareType !== null;

/** Minutes since midnight of a local `YYYY-MM-DDTHH:mm[:ss]` (read from the text: no time zone shifts). */
export function minuteOfDay(localIso: string): number {
  const t = localIso.indexOf('T');
  if (t < 0) return 0;
  const h = Number(localIso.slice(t + 1, t + 3));
  const m = Number(localIso.slice(t + 4, t + 6));
  return (Number.isFinite(h) ? h : 0) * 60 + (Number.isFinite(m) ? m : 0);
}

/** Whether a minute of the day falls in [from, to]; an end at or before the start wraps into the next day. */
export function inTimeWindow(minute: number, from: number, to: number): boolean {
  return to > from ? minute >= from && minute <= to : minute >= from || minute <= to;
}

const firstTrip = (o: FilterOption): FilterSegment[] => o.segments[0] ?? [];

/** Stops bucket of an option: its onward trip's segment count, with 3 meaning "3 or more". */
export const stopBucket = (o: FilterOption): number => Math.min(Math.max(firstTrip(o).length, 1), 3);

export const originOf = (o: FilterOption): string => firstTrip(o)[0]?.originAirportCode ?? '';
export const destinationOf = (o: FilterOption): string => firstTrip(o).at(-1)?.destinationAirportCode ?? '';
export const departureOf = (o: FilterOption): string => firstTrip(o)[0]?.departureTime ?? '';
export const arrivalOf = (o: FilterOption): string => firstTrip(o).at(-1)?.arrivalTime ?? '';

/** Airports where a trip changes planes (every segment's arrival but the last), over all trips. */
export function layoversOf(o: FilterOption): string[] {
  const out: string[] = [];
  for (const trip of o.segments) for (let i = 0; i < trip.length - 1; i++) out.push(trip[i]!.destinationAirportCode);
  return out;
}

/** Door-to-door minutes of the onward trip: flying plus ground time. */
export function journeyMinutes(o: FilterOption): number {
  let total = 0;
  for (const s of firstTrip(o)) total += s.durationMinutes + s.groundTimeMinutes;
  return total;
}

/** Whether one option passes every filter. Empty lists mean "no restriction". */
export function matchesFilters(o: FilterOption, f: FlightFilters): boolean {
  if (f.priceMin !== null && o.publishedPrice < f.priceMin) return false;
  if (f.priceMax !== null && o.publishedPrice > f.priceMax) return false;
  if (f.fareType !== null && o.isRefundable !== (f.fareType === 'refundable')) return false;
  if (f.stops.length && !f.stops.includes(stopBucket(o))) return false;
  if (f.airlines.length && !f.airlines.includes(o.airlineCode)) return false;
  if (f.origins.length && !f.origins.includes(originOf(o))) return false;
  if (f.destinations.length && !f.destinations.includes(destinationOf(o))) return false;
  if (f.layovers.length && !layoversOf(o).some((a) => f.layovers.includes(a))) return false;
  if (f.time && !inTimeWindow(minuteOfDay(departureOf(o)), f.time.from, f.time.to)) return false;
  return true;
}

export function filterOptions<T extends FilterOption>(options: readonly T[], f: FlightFilters): T[] {
  if (!isFiltering(f)) return options.slice();
  return options.filter((o) => matchesFilters(o, f));
}

export const SORT_KEYS = ['price', 'departure', 'duration', 'arrival'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export interface FlightSort {
  key: SortKey;
  direction: 'asc' | 'desc';
}
export const DEFAULT_SORT: FlightSort = { key: 'price', direction: 'asc' };

/** Local date-times of one format compare as text; the key is computed once per option, not per comparison. */
function sortValue(o: FilterOption, key: SortKey): number | string {
  switch (key) {
    case 'price':
      return o.publishedPrice;
    case 'duration':
      return journeyMinutes(o);
    case 'departure':
      return departureOf(o);
    case 'arrival':
      return arrivalOf(o);
  }
}

/** A sorted copy; ties keep the supplier's order (stable), so equal fares do not jump around. */
export function sortOptions<T extends FilterOption>(options: readonly T[], sort: FlightSort): T[] {
  const keyed = options.map((o, i) => ({ o, i, v: sortValue(o, sort.key) }));
  const dir = sort.direction === 'asc' ? 1 : -1;
  keyed.sort((a, b) => (a.v < b.v ? -dir : a.v > b.v ? dir : a.i - b.i));
  return keyed.map((k) => k.o);
}

export interface Facet {
  code: string;
  label: string;
  count: number;
  /** Cheapest publishedPrice among the options having it. */
  minPrice: number;
}
export interface FlightFacets {
  priceMin: number;
  priceMax: number;
  stops: Facet[];
  airlines: Facet[];
  layovers: Facet[];
  destinations: Facet[];
  origins: Facet[];
  refundable: number;
  nonRefundable: number;
}

function addFacet(map: Map<string, Facet>, code: string, label: string, price: number) {
  const f = map.get(code);
  if (f) {
    f.count++;
    if (price < f.minPrice) f.minPrice = price;
  } else map.set(code, { code, label, count: 1, minPrice: price });
}
const byCode = (m: Map<string, Facet>) => [...m.values()].sort((a, b) => a.label.localeCompare(b.label));

/** What the filter panel offers, from the unfiltered list: price range, and each choice with its count. */
export function facetsOf(options: readonly FilterOption[]): FlightFacets {
  const stops = new Map<string, Facet>();
  const airlines = new Map<string, Facet>();
  const layovers = new Map<string, Facet>();
  const destinations = new Map<string, Facet>();
  const origins = new Map<string, Facet>();
  let priceMin = Infinity;
  let priceMax = -Infinity;
  let refundable = 0;
  for (const o of options) {
    const p = o.publishedPrice;
    if (p < priceMin) priceMin = p;
    if (p > priceMax) priceMax = p;
    if (o.isRefundable) refundable++;
    const bucket = stopBucket(o);
    addFacet(stops, String(bucket), STOP_CHOICES[bucket - 1]!.label, p);
    addFacet(airlines, o.airlineCode, o.airlineName, p);
    for (const a of new Set(layoversOf(o))) addFacet(layovers, a, a, p);
    addFacet(destinations, destinationOf(o), destinationOf(o), p);
    addFacet(origins, originOf(o), originOf(o), p);
  }
  return {
    priceMin: options.length ? priceMin : 0,
    priceMax: options.length ? priceMax : 0,
    stops: [...stops.values()].sort((a, b) => Number(a.code) - Number(b.code)),
    airlines: byCode(airlines),
    layovers: byCode(layovers),
    destinations: byCode(destinations),
    origins: byCode(origins),
    refundable,
    nonRefundable: options.length - refundable,
  };
}

/**
 * A result set prepared once for repeated filtering and sorting (the results screen re-filters on
 * every click): each option's filter values are read out of its segments once, facets are counted
 * once, and each sort order is computed once, on first use. `showResults` is then one pass over a
 * precomputed order with array lookups, no per-option parsing, sorting or allocation.
 */
export interface ResultIndex<T extends FilterOption> {
  readonly options: readonly T[];
  readonly facets: FlightFacets;
  readonly price: Float64Array;
  /** Departure minute of the day (flight time filter). */
  readonly minute: Uint16Array;
  readonly stops: Uint8Array;
  readonly refundable: Uint8Array;
  readonly airline: readonly string[];
  readonly origin: readonly string[];
  readonly destination: readonly string[];
  readonly layovers: readonly (readonly string[])[];
  /** Sort orders by `key:direction`, filled lazily. */
  readonly orders: Map<string, Uint32Array>;
}

export function indexResults<T extends FilterOption>(options: readonly T[]): ResultIndex<T> {
  const n = options.length;
  const index = {
    options,
    facets: facetsOf(options),
    price: new Float64Array(n),
    minute: new Uint16Array(n),
    stops: new Uint8Array(n),
    refundable: new Uint8Array(n),
    airline: new Array<string>(n),
    origin: new Array<string>(n),
    destination: new Array<string>(n),
    layovers: new Array<string[]>(n),
    orders: new Map<string, Uint32Array>(),
  };
  options.forEach((o, i) => {
    index.price[i] = o.publishedPrice;
    index.minute[i] = minuteOfDay(departureOf(o));
    index.stops[i] = stopBucket(o);
    index.refundable[i] = o.isRefundable ? 1 : 0;
    index.airline[i] = o.airlineCode;
    index.origin[i] = originOf(o);
    index.destination[i] = destinationOf(o);
    index.layovers[i] = layoversOf(o);
  });
  return index;
}

/** Option positions in `sort` order, with sortOptions' tie rule (supplier order), cached on the index. */
function orderOf(index: ResultIndex<FilterOption>, sort: FlightSort): Uint32Array {
  const cacheKey = `${sort.key}:${sort.direction}`;
  let order = index.orders.get(cacheKey);
  if (!order) {
    const values = index.options.map((o) => sortValue(o, sort.key));
    const dir = sort.direction === 'asc' ? 1 : -1;
    order = Uint32Array.from(values.keys());
    order.sort((a, b) => (values[a]! < values[b]! ? -dir : values[a]! > values[b]! ? dir : a - b));
    index.orders.set(cacheKey, order);
  }
  return order;
}

/** What the list shows: the options passing `f`, in `sort` order. Same result as sortOptions(filterOptions()). */
export function showResults<T extends FilterOption>(index: ResultIndex<T>, f: FlightFilters, sort: FlightSort): T[] {
  const order = orderOf(index, sort);
  const { options } = index;
  const out: T[] = [];
  if (!isFiltering(f)) {
    for (const i of order) out.push(options[i]!);
    return out;
  }
  const lo = f.priceMin ?? -Infinity;
  const hi = f.priceMax ?? Infinity;
  const refundable = f.fareType === null ? -1 : f.fareType === 'refundable' ? 1 : 0;
  for (const i of order) {
    const price = index.price[i]!;
    if (price < lo || price > hi) continue;
    if (refundable >= 0 && index.refundable[i] !== refundable) continue;
    if (f.stops.length && !f.stops.includes(index.stops[i]!)) continue;
    if (f.airlines.length && !f.airlines.includes(index.airline[i]!)) continue;
    if (f.origins.length && !f.origins.includes(index.origin[i]!)) continue;
    if (f.destinations.length && !f.destinations.includes(index.destination[i]!)) continue;
    if (f.layovers.length && !index.layovers[i]!.some((a) => f.layovers.includes(a))) continue;
    if (f.time && !inTimeWindow(index.minute[i]!, f.time.from, f.time.to)) continue;
    out.push(options[i]!);
  }
  return out;
}

export type CountedFacet = 'stops' | 'airlines' | 'layovers' | 'destinations' | 'origins';
/** Per facet value, how many options the list would show if it were ticked too. */
export type LiveCounts = Record<CountedFacet, Map<string, number>>;

const MANY = 'many';
/** The one counted section option `i` fails, null for none, MANY for two or more (then counted nowhere). */
function failedSection(
  index: ResultIndex<FilterOption>,
  i: number,
  f: FlightFilters,
): CountedFacet | null | typeof MANY {
  let only: CountedFacet | null = null;
  const fail = (facet: CountedFacet) => (only === null ? (only = facet) : MANY);
  if (f.stops.length && !f.stops.includes(index.stops[i]!) && fail('stops') === MANY) return MANY;
  if (f.airlines.length && !f.airlines.includes(index.airline[i]!) && fail('airlines') === MANY) return MANY;
  if (f.origins.length && !f.origins.includes(index.origin[i]!) && fail('origins') === MANY) return MANY;
  if (f.destinations.length && !f.destinations.includes(index.destination[i]!) && fail('destinations') === MANY)
    return MANY;
  if (f.layovers.length && !index.layovers[i]!.some((a) => f.layovers.includes(a)) && fail('layovers') === MANY)
    return MANY;
  return only;
}

/**
 * Facet counts that follow the other filters: each value's count is over the options
 * passing every filter but its own section's (a ticked airline does not zero the other airlines,
 * as ticking one more widens the list). One pass over the index: an option failing no section is
 * counted in all of them; one failing exactly one section only in that one; the rest nowhere.
 */
export function liveCounts(index: ResultIndex<FilterOption>, f: FlightFilters): LiveCounts {
  const counts: LiveCounts = {
    stops: new Map(),
    airlines: new Map(),
    layovers: new Map(),
    destinations: new Map(),
    origins: new Map(),
  };
  const bump = (m: Map<string, number>, code: string) => m.set(code, (m.get(code) ?? 0) + 1);
  const lo = f.priceMin ?? -Infinity;
  const hi = f.priceMax ?? Infinity;
  const refundable = f.fareType === null ? -1 : f.fareType === 'refundable' ? 1 : 0;
  const n = index.options.length;
  for (let i = 0; i < n; i++) {
    // Filters without counts of their own: failing one hides the option from every count.
    const price = index.price[i]!;
    if (price < lo || price > hi) continue;
    if (refundable >= 0 && index.refundable[i] !== refundable) continue;
    if (f.time && !inTimeWindow(index.minute[i]!, f.time.from, f.time.to)) continue;
    const layovers = index.layovers[i]!;
    const only = failedSection(index, i, f);
    if (only === MANY) continue;
    if (only === null || only === 'stops') bump(counts.stops, String(index.stops[i]));
    if (only === null || only === 'airlines') bump(counts.airlines, index.airline[i]!);
    if (only === null || only === 'origins') bump(counts.origins, index.origin[i]!);
    if (only === null || only === 'destinations') bump(counts.destinations, index.destination[i]!);
    if (only === null || only === 'layovers') for (const a of new Set(layovers)) bump(counts.layovers, a);
  }
  return counts;
}

/**
 * The same flights sold in several fare families (Sale, Saver, Flexi…) share a key: carrier,
 * flight numbers and departure times of every segment of every trip.
 */
export function flightsKey(o: {
  segments: readonly (readonly (FilterSegment & { flightNumber: string })[])[];
}): string {
  return o.segments
    .map((trip) => trip.map((s) => `${s.airlineCode}${s.flightNumber}@${s.departureTime}`).join('+'))
    .join('|');
}

/**
 * Shown options as cards: each group holds the fares of the same flights, in the order shown (so the
 * first is the cheapest under a price sort and the card sits where its first fare would). One pass.
 */
export function groupFareFamilies<T>(shown: readonly T[], keyOf: (o: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const o of shown) {
    const key = keyOf(o);
    const g = groups.get(key);
    if (g) g.push(o);
    else groups.set(key, [o]);
  }
  return [...groups.values()];
}

/** Durations as the spec shows them: hours and minutes, e.g. '02 h 05 m'. */
export function formatDuration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  return `${String(Math.floor(m / 60)).padStart(2, '0')} h ${String(m % 60).padStart(2, '0')} m`;
}

/** `HH:mm` of a local date-time. */
export function clockOf(localIso: string): string {
  const m = minuteOfDay(localIso);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
