/**
 * The simulator's airline schedule changes (pure, deterministic): about one flight-day in six is retimed 40 to 120
 * minutes later, decided by a hash of the flight and its date, so a test or a demo can find such a flight by asking
 * `retimeMinutes` and the sweep finds the same change however often it runs. An alternative is the same carrier's
 * nearest other flight on the same route and day that is not itself retimed.
 */
import type { TSegment } from '@tp/contracts/endpoints/flights';
import { hash } from './prng.ts';

type Flight = Pick<TSegment, 'airlineCode' | 'flightNumber' | 'departureTime'>;

/** Minutes the airline moves this flight on its date; 0 for a flight that keeps its schedule. */
export function retimeMinutes(s: Flight): number {
  const h = hash(`retime:${s.airlineCode}${s.flightNumber}:${s.departureTime.slice(0, 10)}`);
  return h % 6 === 0 ? 40 + (Math.floor(h / 6) % 5) * 20 : 0;
}

/** True when some segment of the itinerary is retimed. */
export const isDisrupted = (trips: readonly (readonly Flight[])[]): boolean =>
  trips.some((legs) => legs.some((s) => retimeMinutes(s) > 0));

const shifted = (local: string, minutes: number): string =>
  new Date(Date.parse(`${local.slice(0, 19)}Z`) + minutes * 60_000).toISOString().slice(0, 19);

/** The itinerary as the airline now flies it: each retimed segment's departure and arrival moved. */
export function retimed(trips: TSegment[][]): TSegment[][] {
  return trips.map((legs) =>
    legs.map((s, k) => {
      const m = retimeMinutes(s);
      const seg = m ? { ...s, departureTime: shifted(s.departureTime, m), arrivalTime: shifted(s.arrivalTime, m) } : s;
      const prev = legs[k - 1];
      if (!prev) return seg;
      // The ground time before it follows the inbound segment's new arrival.
      const inbound = shifted(prev.arrivalTime, retimeMinutes(prev));
      const ground = Math.round((Date.parse(`${seg.departureTime}Z`) - Date.parse(`${inbound}Z`)) / 60_000);
      return { ...seg, groundTimeMinutes: ground };
    }),
  );
}

const routeOf = (trips: readonly (readonly TSegment[])[]) =>
  trips.map((legs) => `${legs[0]!.originAirportCode}-${legs.at(-1)!.destinationAirportCode}`).join('|');
const legsOff = (trips: readonly (readonly TSegment[])[], booked: readonly (readonly TSegment[])[]) =>
  Math.abs(trips.flat().length - booked.flat().length);
const departureOf = (trips: readonly (readonly TSegment[])[]) => Date.parse(`${trips[0]![0]!.departureTime}Z`);

/**
 * The alternative the airline offers for a retimed itinerary: among `candidates` (the options of the booked
 * search, by result index), the same carrier's on the same route and day, flown on other flights, not retimed
 * themselves; as many flights as booked first, then the nearest departure. At most `max`.
 */
export function alternativesFor(
  booked: TSegment[][],
  candidates: readonly { resultIndex: string; airlineCode: string; segments: TSegment[][] }[],
  max = 1,
): { resultIndex: string; segments: TSegment[][] }[] {
  const first = booked[0]![0]!;
  const flights = (t: readonly (readonly TSegment[])[]) => t.flat().map((s) => `${s.airlineCode}${s.flightNumber}`);
  const bookedFlights = flights(booked).join(',');
  const seen = new Set<string>();
  return (
    candidates
      .filter(
        (c) =>
          c.airlineCode === first.airlineCode &&
          routeOf(c.segments) === routeOf(booked) &&
          c.segments[0]![0]!.departureTime.slice(0, 10) === first.departureTime.slice(0, 10) &&
          flights(c.segments).join(',') !== bookedFlights &&
          !isDisrupted(c.segments),
      )
      .filter((c) => {
        // One per set of flights (fare families repeat the same flights).
        const k = flights(c.segments).join(',');
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      })
      // As many flights as booked first (a direct flight for a direct one), then the nearest departure.
      .sort(
        (a, b) =>
          legsOff(a.segments, booked) - legsOff(b.segments, booked) ||
          Math.abs(departureOf(a.segments) - departureOf(booked)) -
            Math.abs(departureOf(b.segments) - departureOf(booked)),
      )
      .slice(0, max)
      .map((c) => ({ resultIndex: c.resultIndex, segments: c.segments }))
  );
}
