/**
 * Return trips (docs/flights.md "Return trips"): a normal return's onward and return
 * legs are one trip. Booking the onward leg starts it (its id is the return search's id); the second leg's
 * search is kept on the trip, so "Book return flight" works from any browser; booking the return leg
 * completes it, links both bookings and mails one itinerary with both legs.
 */
import { JOURNEY_TYPE, RETURN_TYPE, type TBooking, type TSearchRequest } from '@tp/contracts/endpoints/flights';
import { formatDateTime } from '@tp/domain/format';
import { tripItineraryMail } from '@tp/mail';
import { fail } from '#lib/errors';
import type { SiteId } from '#lib/keys';
import { appLink, enqueueEmail, mailBrand } from '#lib/mail';
import type { Principal } from '#lib/principal';
import { getBooking, type BookedHook, type BookingRecord } from '../bookings/index.ts';
import type { SearchRecord } from './repo.ts';
import { getTrip, type TripRecord } from './trips-repo.ts';
import { publicBooking } from './orders/model.ts';
import * as api from '@tp/contracts/endpoints/flights';
import { answers } from '#lib/answers';

export const TRIP_MSG = {
  notFound: 'This trip was not found',
  returnBooked: 'The return flight of this trip is already booked',
  oneWayOnly: "A trip's return flight is searched one way",
} as const;

/** The trip page's path in the SPA (under the `/flight/*` route). */
export const tripPath = (tripId: string) => `/flight/trip/${encodeURIComponent(tripId)}`;

const mayRead = (trip: TripRecord, p: Principal) => trip.userId === p.userId || p.userType === 'staff';

/** The second leg's one-way search, as the trip keeps it (the return date of the first search, its party and cabin). */
export function returnSearchOf(trip: TripRecord): TSearchRequest {
  const { returnType: _r, tripId: _t, segments, ...rest } = trip.request;
  return { ...rest, JourneyType: JOURNEY_TYPE.oneWay, segments: [segments[1] ?? segments[0]!], tripId: trip.tripId };
}

/** A search for a trip's second leg: the caller's trip, one way, return leg not booked yet. */
export async function checkTripSearch(siteId: SiteId, principal: Principal, req: TSearchRequest): Promise<void> {
  if (!req.tripId) return;
  const trip = await getTrip(siteId, req.tripId);
  if (!trip || !mayRead(trip, principal)) throw fail.notFound(TRIP_MSG.notFound);
  if (req.JourneyType !== JOURNEY_TYPE.oneWay)
    throw fail.validation(TRIP_MSG.oneWayOnly, { tripId: TRIP_MSG.oneWayOnly });
  if (trip.legs['2']) throw fail.conflict(TRIP_MSG.returnBooked);
}

export interface TripLeg {
  leg: number;
  journeyType: number;
  tripId?: string;
}

/**
 * Which leg of which trip an order books, from its search: a normal return's onward pick starts a trip
 * (unless one was started from this search already), its return pick or a trip's one-way search books the
 * second leg. A trip whose return is booked refuses another, before any order or debit.
 */
export async function tripLegOf(
  trips: { getTrip: typeof getTrip },
  search: SearchRecord,
  resultIndex: string,
): Promise<TripLeg> {
  const req = search.request;
  if (search.tripId) {
    const trip = await trips.getTrip(search.siteId, search.tripId);
    if (!trip) throw fail.notFound(TRIP_MSG.notFound);
    if (trip.legs['2']) throw fail.conflict(TRIP_MSG.returnBooked);
    return { leg: 2, journeyType: JOURNEY_TYPE.return, tripId: trip.tripId };
  }
  const normalReturn =
    req.JourneyType === JOURNEY_TYPE.return && (req.returnType ?? RETURN_TYPE.normal) === RETURN_TYPE.normal;
  if (!normalReturn) return { leg: 1, journeyType: req.JourneyType };
  const trip = await trips.getTrip(search.siteId, search.searchId);
  if (!resultIndex.startsWith('IB'))
    return trip
      ? { leg: 1, journeyType: req.JourneyType }
      : { leg: 1, journeyType: req.JourneyType, tripId: search.searchId };
  if (trip?.legs['2']) throw fail.conflict(TRIP_MSG.returnBooked);
  return trip
    ? { leg: 2, journeyType: req.JourneyType, tripId: trip.tripId }
    : { leg: 2, journeyType: req.JourneyType };
}

async function legsOf(trip: TripRecord): Promise<BookingRecord[]> {
  const found = await Promise.all(
    ['1', '2'].map((leg) => (trip.legs[leg] ? getBooking(trip.siteId, trip.legs[leg]) : Promise.resolve(null))),
  );
  return found.filter((b): b is BookingRecord => !!b);
}

/** api/getFlightTrip: the trip with both legs' bookings and the second leg's search (owner or staff). */
export async function flightTrip(scope: { site: { siteId: SiteId }; principal: Principal }, input: { tripId: string }) {
  const trip = await getTrip(scope.site.siteId, input.tripId);
  if (!trip || !mayRead(trip, scope.principal)) throw fail.notFound(TRIP_MSG.notFound);
  const legs = await legsOf(trip);
  const first = legs.find((b) => b.leg === 1) ?? legs[0];
  return {
    tripId: trip.tripId,
    request: trip.request,
    returnSearch: returnSearchOf(trip),
    legs: legs.map(publicBooking),
    canBookReturn: !trip.legs['2'] && trip.userId === scope.principal.userId,
    passengers: (first?.passengers ?? []).map(
      ({ paxIndex: _i, ticket: _t, baggage: _b, mealDynamic: _m, seat: _s, fare: _f, ...input }) => input,
    ),
  };
}

const flightLine = (s: TBooking['segments'][number][number]) =>
  `${s.airlineCode} ${s.flightNumber} ${s.originAirportCode} → ${s.destinationAirportCode} · ${formatDateTime(s.departureTime)}`;

/**
 * After-booking hook: once a trip's return leg is booked, one itinerary mail with both legs to the booker
 * and the lead passenger (idempotency key `trip-<tripId>-itinerary`, so a retried booking or a hold ticketed
 * later sends it once).
 */
export const mailTripItinerary: BookedHook = async (site, booking) => {
  if (!booking.tripId || booking.leg !== 2) return;
  const trip = await getTrip(site.siteId, booking.tripId);
  if (!trip?.legs['1'] || trip.legs['2'] !== booking.bookingId) return;
  const legs = await legsOf(trip);
  if (legs.length < 2) return;
  const [from, to] = [trip.request.segments[0]!.origin, trip.request.segments[0]!.destination];
  const lead = booking.passengers.find((p) => p.isLeadPax)?.email;
  const mail = tripItineraryMail(mailBrand(site), {
    firstName: booking.user.firstName,
    route: `${from} ⇄ ${to}`,
    legs: legs.map((b) => ({
      label: b.leg === 1 ? 'Onward' : 'Return',
      pnr: b.pnr,
      bookingId: b.bookingId,
      status: b.status,
      flights: b.segments.flat().map(flightLine),
    })),
    tripLink: appLink(site, tripPath(trip.tripId)),
  });
  await enqueueEmail({
    siteId: site.siteId,
    to: [...new Set([booking.user.email, lead].filter((e): e is string => !!e))],
    ...mail,
    idempotencyKey: `trip-${trip.tripId}-itinerary`,
  });
};

// The flights Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetFlightTrip = answers(api.getFlightTrip, (input, scope) => flightTrip(scope, input));
