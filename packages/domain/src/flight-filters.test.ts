import { describe, expect, it } from 'vitest';
import {
  NO_FILTERS,
  facetsOf,
  filterOptions,
  formatDuration,
  inTimeWindow,
  indexResults,
  isFiltering,
  journeyMinutes,
  layoversOf,
  liveCounts,
  groupFareFamilies,
  flightsKey,
  matchesFilters,
  minuteOfDay,
  showResults,
  sortOptions,
  stopBucket,
  type FilterOption,
  type FlightFilters,
  type FlightSort,
} from './flight-filters.ts';

/** An option flying `route` (airport codes) leaving at `dep` (HH:mm) on 1 Dec 2026, 60 min legs, 45 min layovers. */
function option(
  id: string,
  route: string[],
  dep: string,
  price: number,
  extra: Partial<Pick<FilterOption, 'airlineCode' | 'airlineName' | 'isRefundable'>> = {},
): FilterOption & { id: string } {
  let minute = minuteOfDay(`2026-12-01T${dep}`);
  const at = (m: number) => {
    const day = 1 + Math.floor(m / 1440);
    const h = Math.floor((m % 1440) / 60);
    return `2026-12-${String(day).padStart(2, '0')}T${String(h).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`;
  };
  const trip = route.slice(0, -1).map((from, i) => {
    const ground = i === 0 ? 0 : 45;
    minute += ground;
    const s = {
      airlineCode: extra.airlineCode ?? '6E',
      originAirportCode: from,
      destinationAirportCode: route[i + 1]!,
      departureTime: at(minute),
      arrivalTime: at(minute + 60),
      durationMinutes: 60,
      groundTimeMinutes: ground,
    };
    minute += 60;
    return s;
  });
  return {
    id,
    airlineCode: extra.airlineCode ?? '6E',
    airlineName: extra.airlineName ?? 'IndiGo',
    isRefundable: extra.isRefundable ?? true,
    publishedPrice: price,
    segments: [trip],
  };
}

const DIRECT_MORNING = option('a', ['DEL', 'BOM'], '06:00', 5000);
const ONE_STOP_NOON = option('b', ['DEL', 'AMD', 'BOM'], '12:30', 4200, {
  airlineCode: 'AI',
  airlineName: 'Air India',
  isRefundable: false,
});
const TWO_STOP_NIGHT = option('c', ['DEL', 'JAI', 'AMD', 'BOM'], '23:15', 3900, {
  airlineCode: 'UK',
  airlineName: 'Vistara',
});
const DIRECT_LATE_TO_PNQ = option('d', ['DEL', 'PNQ'], '01:10', 7100, { isRefundable: false });
const ALL = [DIRECT_MORNING, ONE_STOP_NOON, TWO_STOP_NIGHT, DIRECT_LATE_TO_PNQ];
const ids = (xs: { id: string }[]) => xs.map((x) => x.id);
const only = (f: Partial<FlightFilters>) => ids(filterOptions(ALL, { ...NO_FILTERS, ...f }));

describe('time window', () => {
  it('reads the clock from the local text, not through a time zone', () => {
    expect(minuteOfDay('2026-12-01T23:15:00')).toBe(23 * 60 + 15);
    expect(minuteOfDay('2026-12-01T00:05')).toBe(5);
    expect(minuteOfDay('2026-12-01')).toBe(0);
  });

  it('keeps a normal window within the day, ends inclusive', () => {
    expect(inTimeWindow(600, 360, 720)).toBe(true);
    expect(inTimeWindow(720, 360, 720)).toBe(true);
    expect(inTimeWindow(300, 360, 720)).toBe(false);
  });

  it('wraps past midnight when the end is earlier than or equal to the start', () => {
    // 22:00 → 02:00
    expect(inTimeWindow(23 * 60, 22 * 60, 2 * 60)).toBe(true);
    expect(inTimeWindow(60, 22 * 60, 2 * 60)).toBe(true);
    expect(inTimeWindow(12 * 60, 22 * 60, 2 * 60)).toBe(false);
    // Equal ends: the whole day.
    expect(inTimeWindow(12 * 60, 8 * 60, 8 * 60)).toBe(true);
  });

  it('filters departures by the window, wrapping at midnight', () => {
    expect(only({ time: { from: 5 * 60, to: 13 * 60 } })).toEqual(['a', 'b']);
    expect(only({ time: { from: 22 * 60, to: 2 * 60 } })).toEqual(['c', 'd']);
  });
});

describe('stops by segment count', () => {
  it('buckets Direct = 1, 1 stop = 2, 2 & more = 3', () => {
    expect(ALL.map(stopBucket)).toEqual([1, 2, 3, 1]);
    expect(stopBucket(option('e', ['A', 'B', 'C', 'D', 'E'], '10:00', 1))).toBe(3);
  });
  it('filters by one or several buckets', () => {
    expect(only({ stops: [1] })).toEqual(['a', 'd']);
    expect(only({ stops: [2, 3] })).toEqual(['b', 'c']);
  });
});

describe('price, airlines, airports, fare type', () => {
  it('keeps prices within the inclusive bounds', () => {
    expect(only({ priceMin: 4200, priceMax: 5000 })).toEqual(['a', 'b']);
    expect(only({ priceMax: 3899.99 })).toEqual([]);
  });
  it('filters by validating airline', () => {
    expect(only({ airlines: ['AI', 'UK'] })).toEqual(['b', 'c']);
  });
  it('finds layovers anywhere in the trip', () => {
    expect(layoversOf(TWO_STOP_NIGHT)).toEqual(['JAI', 'AMD']);
    expect(only({ layovers: ['AMD'] })).toEqual(['b', 'c']);
    expect(only({ layovers: ['JAI'] })).toEqual(['c']);
  });
  it('filters by origin and final destination airport', () => {
    expect(only({ destinations: ['PNQ'] })).toEqual(['d']);
    expect(only({ origins: ['BOM'] })).toEqual([]);
    expect(only({ origins: ['DEL'] })).toHaveLength(4);
  });
  it('filters Refundable / Non-Refundable', () => {
    expect(only({ fareType: 'refundable' })).toEqual(['a', 'c']);
    expect(only({ fareType: 'nonRefundable' })).toEqual(['b', 'd']);
  });
});

describe('combinations and clearing', () => {
  it('applies every filter together (AND across groups, OR within one)', () => {
    expect(only({ stops: [1], fareType: 'nonRefundable' })).toEqual(['d']);
    expect(only({ airlines: ['6E', 'UK'], priceMax: 4500 })).toEqual(['c']);
    expect(only({ stops: [1], layovers: ['AMD'] })).toEqual([]);
  });
  it('NO_FILTERS keeps everything and reports not filtering', () => {
    expect(isFiltering(NO_FILTERS)).toBe(false);
    expect(only({})).toEqual(['a', 'b', 'c', 'd']);
    expect(isFiltering({ ...NO_FILTERS, airlines: ['AI'] })).toBe(true);
    expect(matchesFilters(DIRECT_MORNING, NO_FILTERS)).toBe(true);
  });
  it('returns a new array and never mutates the input', () => {
    const out = filterOptions(ALL, NO_FILTERS);
    expect(out).not.toBe(ALL);
    sortOptions(ALL, { key: 'price', direction: 'desc' });
    expect(ids(ALL)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('sort', () => {
  it('sorts by price both ways', () => {
    expect(ids(sortOptions(ALL, { key: 'price', direction: 'asc' }))).toEqual(['c', 'b', 'a', 'd']);
    expect(ids(sortOptions(ALL, { key: 'price', direction: 'desc' }))).toEqual(['d', 'a', 'b', 'c']);
  });
  it('sorts by departure and arrival clock', () => {
    expect(ids(sortOptions(ALL, { key: 'departure', direction: 'asc' }))).toEqual(['d', 'a', 'b', 'c']);
    // c leaves 23:15 and lands after midnight on the 2nd: latest arrival.
    expect(ids(sortOptions(ALL, { key: 'arrival', direction: 'desc' }))[0]).toBe('c');
  });
  it('sorts by journey duration including layovers', () => {
    expect(journeyMinutes(TWO_STOP_NIGHT)).toBe(3 * 60 + 2 * 45);
    expect(ids(sortOptions(ALL, { key: 'duration', direction: 'asc' }))).toEqual(['a', 'd', 'b', 'c']);
  });
  it('keeps the supplier order for ties', () => {
    const twins = [option('x', ['DEL', 'BOM'], '10:00', 100), option('y', ['DEL', 'BOM'], '09:00', 100)];
    expect(ids(sortOptions(twins, { key: 'price', direction: 'asc' }))).toEqual(['x', 'y']);
    expect(ids(sortOptions(twins, { key: 'price', direction: 'desc' }))).toEqual(['x', 'y']);
  });
});

describe('facets', () => {
  it('offers the price range and each choice with counts and cheapest fare', () => {
    const f = facetsOf(ALL);
    expect([f.priceMin, f.priceMax]).toEqual([3900, 7100]);
    expect(f.stops.map((s) => [s.label, s.count])).toEqual([
      ['Direct', 2],
      ['1', 1],
      ['2 & more', 1],
    ]);
    expect(f.airlines.find((a) => a.code === '6E')).toMatchObject({ count: 2, minPrice: 5000 });
    expect(f.layovers.map((l) => l.code).sort()).toEqual(['AMD', 'JAI']);
    expect(f.destinations.map((d) => d.code)).toEqual(['BOM', 'PNQ']);
    expect([f.refundable, f.nonRefundable]).toEqual([2, 2]);
  });
  it('is empty-safe', () => {
    expect(facetsOf([])).toMatchObject({ priceMin: 0, priceMax: 0, airlines: [] });
  });
});

describe('display formats', () => {
  it('shows durations as hh h mm m', () => {
    expect(formatDuration(125)).toBe('02 h 05 m');
    expect(formatDuration(0)).toBe('00 h 00 m');
    expect(formatDuration(1510)).toBe('25 h 10 m');
  });
});

const many = Array.from({ length: 1500 }, (_, i) =>
  option(
    String(i),
    i % 3 === 0 ? ['DEL', 'BOM'] : ['DEL', i % 2 ? 'AMD' : 'JAI', i % 5 ? 'BOM' : 'PNQ'],
    `${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
    3000 + ((i * 7919) % 9000),
    { airlineCode: ['6E', 'AI', 'UK', 'SG'][i % 4]!, isRefundable: i % 2 === 0 },
  ),
);

describe('indexed results (the results screen)', () => {
  const cases: Partial<FlightFilters>[] = [
    {},
    { stops: [2] },
    { stops: [1, 3], fareType: 'nonRefundable' },
    { airlines: ['AI', 'SG'], priceMax: 8000 },
    { priceMin: 5000 },
    { layovers: ['AMD'] },
    { destinations: ['PNQ'], origins: ['DEL'] },
    { time: { from: 22 * 60, to: 3 * 60 } },
    { time: { from: 6 * 60, to: 11 * 60 }, fareType: 'refundable', airlines: ['6E'] },
  ];
  const sorts: FlightSort[] = ['price', 'departure', 'duration', 'arrival'].flatMap((key) =>
    (['asc', 'desc'] as const).map((direction) => ({ key: key as FlightSort['key'], direction })),
  );
  it('shows exactly what filterOptions + sortOptions give, for every filter kind and sort', () => {
    const index = indexResults(many);
    for (const c of cases)
      for (const s of sorts) {
        const f = { ...NO_FILTERS, ...c };
        expect(ids(showResults(index, f, s))).toEqual(ids(sortOptions(filterOptions(many, f), s)));
      }
    expect(ids(showResults(indexResults(ALL), { ...NO_FILTERS, stops: [1] }, sorts[0]!))).toEqual(['a', 'd']);
  });
  it('counts facets once and keeps each sort order for the next call', () => {
    const index = indexResults(many);
    expect(index.facets).toEqual(facetsOf(many));
    showResults(index, NO_FILTERS, { key: 'duration', direction: 'desc' });
    const order = index.orders.get('duration:desc');
    showResults(index, { ...NO_FILTERS, stops: [2] }, { key: 'duration', direction: 'desc' });
    expect(index.orders.get('duration:desc')).toBe(order);
  });
  it('is empty-safe', () => {
    expect(showResults(indexResults([]), { ...NO_FILTERS, stops: [1] }, sorts[0]!)).toEqual([]);
  });
});

// How fast this runs at 1,500 options is a figure of `npm run bench` (scripts/bench-results.ts, "filter+sort"),
// not an assertion: a test asserts behaviour, and timings fail on a busy machine.
describe('scale', () => {
  it('filters and sorts 1,500 options by several filters at once, facets included', () => {
    const out = sortOptions(
      filterOptions(many, { ...NO_FILTERS, stops: [2], airlines: ['AI', 'SG'], time: { from: 1200, to: 300 } }),
      { key: 'duration', direction: 'asc' },
    );
    expect(
      facetsOf(many)
        .airlines.map((a) => a.code)
        .sort(),
    ).toEqual(['6E', 'AI', 'SG', 'UK']);
    expect(out.length).toBeGreaterThan(0);
    expect(out.every((o) => stopBucket(o) === 2 && ['AI', 'SG'].includes(o.airlineCode))).toBe(true);
  });
});

describe('liveCounts (counts follow the other filters)', () => {
  const list = [
    option('a', ['DEL', 'BOM'], '06:00', 3000),
    option('b', ['DEL', 'BOM'], '09:00', 4000, { airlineCode: 'AI', airlineName: 'Air India' }),
    option('c', ['DEL', 'GOI', 'BOM'], '10:00', 5000),
    option('d', ['DEL', 'HYD', 'BOM'], '12:00', 6000, { airlineCode: 'AI', airlineName: 'Air India' }),
    option('e', ['DEL', 'BLR', 'GOI', 'BOM'], '20:00', 9000, { isRefundable: false }),
  ];
  const index = indexResults(list);
  const count = (f: Partial<FlightFilters>) => liveCounts(index, { ...NO_FILTERS, ...f });
  /** The brute-force answer: options passing all filters but the section's own, per value. */
  const brute = (f: FlightFilters, field: 'airlines' | 'stops') =>
    filterOptions(list, { ...f, [field]: [] }).reduce<Record<string, number>>((m, o) => {
      const k = field === 'airlines' ? o.airlineCode : String(stopBucket(o));
      m[k] = (m[k] ?? 0) + 1;
      return m;
    }, {});

  it('without filters equals the facet counts', () => {
    const c = count({});
    expect(Object.fromEntries(c.airlines)).toEqual({ '6E': 3, AI: 2 });
    expect(Object.fromEntries(c.stops)).toEqual({ '1': 2, '2': 2, '3': 1 });
    expect(Object.fromEntries(c.layovers)).toEqual({ GOI: 2, HYD: 1, BLR: 1 });
  });

  it('a stop filter changes the airline counts, not the stop counts', () => {
    const f = { ...NO_FILTERS, stops: [1] };
    const c = count(f);
    expect(Object.fromEntries(c.airlines)).toEqual({ '6E': 1, AI: 1 });
    expect(Object.fromEntries(c.stops)).toEqual({ '1': 2, '2': 2, '3': 1 });
    expect(Object.fromEntries(c.airlines)).toEqual(brute(f, 'airlines'));
  });

  it('price, fare type and time hide options from every count; two sections combine', () => {
    const f = { ...NO_FILTERS, airlines: ['AI'], priceMax: 5500 };
    const c = count(f);
    expect(Object.fromEntries(c.stops)).toEqual(brute(f, 'stops'));
    expect(Object.fromEntries(c.airlines)).toEqual(brute(f, 'airlines'));
    expect(c.layovers.get('GOI')).toBeUndefined();
    expect(Object.fromEntries(count({ fareType: 'nonRefundable' }).airlines)).toEqual({ '6E': 1 });
  });
});

describe('groupFareFamilies', () => {
  const seg = (flightNumber: string, dep: string) => ({
    airlineCode: '6E',
    flightNumber,
    originAirportCode: 'DEL',
    destinationAirportCode: 'BOM',
    departureTime: dep,
    arrivalTime: dep,
    durationMinutes: 60,
    groundTimeMinutes: 0,
  });
  const fare = (id: string, flight: string, price: number) => ({
    id,
    price,
    segments: [[seg(flight, '2026-12-01T06:00:00')]],
  });

  it('groups the fares of the same flights in shown order, each card where its first fare is', () => {
    const shown = [fare('a1', '101', 3000), fare('b1', '202', 3500), fare('a2', '101', 4200), fare('c1', '303', 5000)];
    const groups = groupFareFamilies(shown, flightsKey);
    expect(groups.map((g) => g.map((o) => o.id))).toEqual([['a1', 'a2'], ['b1'], ['c1']]);
  });

  it('keeps the same flight number on another day, or another leg, apart', () => {
    const other = { ...fare('x', '101', 1), segments: [[seg('101', '2026-12-02T06:00:00')]] };
    expect(flightsKey(fare('a', '101', 1))).not.toBe(flightsKey(other));
    const twoLegs = { ...fare('y', '101', 1), segments: [[seg('101', '2026-12-01T06:00:00')], [seg('9', 'x')]] };
    expect(flightsKey(fare('a', '101', 1))).not.toBe(flightsKey(twoLegs));
  });
});
