/**
 * Schedule changes (disruptions): what an airline's change did to a booked itinerary. Pure: the sweep, the
 * webhook processing and the screens all read the same comparison.
 */

/** The fields of a booked segment a schedule change is judged on (contracts' TSegment has them all). */
export interface ScheduleSegment {
  airlineCode: string;
  flightNumber: string;
  originAirportCode: string;
  originCountryCode: string;
  destinationAirportCode: string;
  destinationCountryCode: string;
  /** Local times at the airports, `YYYY-MM-DDTHH:mm:ss`. */
  departureTime: string;
  arrivalTime: string;
  tripIndicator: number;
}

export interface SegmentChange {
  trip: number;
  /** Position within its trip. */
  index: number;
  flight: string;
  origin: string;
  destination: string;
  oldDeparture: string;
  newDeparture: string;
  oldArrival: string;
  newArrival: string;
  /** Minutes the departure moved (negative: earlier). */
  shiftMinutes: number;
  /** The airline put the passenger on another flight number. */
  flightChanged: boolean;
}

export interface ConnectionCheck {
  trip: number;
  airport: string;
  /** Ground time between the inbound arrival and the outbound departure, in minutes. */
  groundMinutes: number;
  minimumMinutes: number;
  missed: boolean;
}

/**
 * Minimum connection time: a domestic transfer needs 45 minutes, one that crosses a border 90 (the usual airport
 * figures for a change of terminal and passport control; airlines publish stricter ones per airport).
 */
export const MIN_CONNECTION_MINUTES = { domestic: 45, international: 90 } as const;

/** Local wall times at one airport compare as if they were UTC: the same clock on both sides. */
const localMinutes = (t: string): number => Date.parse(`${t.slice(0, 19)}Z`) / 60_000;

const flightOf = (s: ScheduleSegment) => `${s.airlineCode}${s.flightNumber}`;

/** Segment by segment, what moved; an empty list when the schedule is as booked. */
export function segmentChanges(before: ScheduleSegment[][], after: ScheduleSegment[][]): SegmentChange[] {
  const out: SegmentChange[] = [];
  before.forEach((trip, t) =>
    trip.forEach((old, i) => {
      const now = after[t]?.[i];
      if (!now) return;
      const shift = Math.round(localMinutes(now.departureTime) - localMinutes(old.departureTime));
      const flightChanged = flightOf(old) !== flightOf(now);
      if (!shift && !flightChanged && old.arrivalTime.slice(0, 16) === now.arrivalTime.slice(0, 16)) return;
      out.push({
        trip: old.tripIndicator,
        index: i,
        flight: flightOf(now),
        origin: now.originAirportCode,
        destination: now.destinationAirportCode,
        oldDeparture: old.departureTime,
        newDeparture: now.departureTime,
        oldArrival: old.arrivalTime,
        newArrival: now.arrivalTime,
        shiftMinutes: shift,
        flightChanged,
      });
    }),
  );
  return out;
}

/** True when the supplier's schedule differs from the booked one (times, flights or the number of segments). */
export function isScheduleChanged(before: ScheduleSegment[][], after: ScheduleSegment[][]): boolean {
  if (before.length !== after.length || before.some((trip, t) => trip.length !== after[t]!.length)) return true;
  return segmentChanges(before, after).length > 0;
}

/** Every connection of every trip, checked against the minimum connection time. */
export function connectionChecks(trips: ScheduleSegment[][]): ConnectionCheck[] {
  return trips.flatMap((legs) =>
    legs.slice(1).map((next, k) => {
      const prev = legs[k]!;
      const crossesBorder =
        prev.originCountryCode !== prev.destinationCountryCode ||
        next.originCountryCode !== next.destinationCountryCode;
      const minimumMinutes = crossesBorder ? MIN_CONNECTION_MINUTES.international : MIN_CONNECTION_MINUTES.domestic;
      const groundMinutes = Math.round(localMinutes(next.departureTime) - localMinutes(prev.arrivalTime));
      return {
        trip: next.tripIndicator,
        airport: next.originAirportCode,
        groundMinutes,
        minimumMinutes,
        missed: groundMinutes < minimumMinutes,
      };
    }),
  );
}

/** A short fingerprint of a schedule (flights and times): the same change found twice is one disruption. */
export function scheduleFingerprint(trips: ScheduleSegment[][]): string {
  const text = trips
    .map((legs) => legs.map((s) => `${flightOf(s)}@${s.departureTime.slice(0, 16)}>${s.arrivalTime.slice(0, 16)}`))
    .join('|');
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

/** Unhandled disruptions escalate to staff 12 hours after they were found, or 24 hours before departure if sooner. */
export const ESCALATE_AFTER_MS = 12 * 3_600_000;
export function escalationDue(detectedAt: Date, firstDepartureUtc: number | null): Date {
  const byAge = detectedAt.getTime() + ESCALATE_AFTER_MS;
  const byDeparture = firstDepartureUtc === null ? byAge : firstDepartureUtc - 24 * 3_600_000;
  return new Date(Math.max(detectedAt.getTime(), Math.min(byAge, byDeparture)));
}
