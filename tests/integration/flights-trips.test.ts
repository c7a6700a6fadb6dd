/**
 * A normal return's two legs are one trip. Booking the onward leg starts it; the
 * second leg's search is kept on the server (api/getFlightTrip), so it can be run from anywhere; booking
 * the return leg links both bookings, completes the trip and sends one itinerary mail with both PNRs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  getBookingDetails,
  getFlightTrip,
  orderSuccessCallback,
  search,
  setFlightDetails,
} from '@tp/contracts/endpoints/flights';
import type { TBooking, TFlightOption, TSearchRequest, TSearchResponse } from '@tp/contracts/endpoints/flights';
import { Client, mailbox } from '../support/api.ts';
import { demo, FLIGHTDEALS, signedIn } from './customers-helpers.ts';
import { adult, inDays, newCustomer, recipients, type Customer } from './flights-helpers.ts';
import { PASSWORD, useStackTable } from './users-helpers.ts';

let agent: Customer;

beforeAll(async () => {
  useStackTable();
  agent = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 500_000 });
});

const roomy = (list: TFlightOption[]) =>
  list.find((o) => o.segments.flat().every((s) => s.seatsLeft === undefined || s.seatsLeft >= 9))!;

async function searched(c: Client, req: TSearchRequest) {
  const res = await c.call(search, req);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as TSearchResponse;
}

async function book(c: Client, searchId: string, resultIndex: string): Promise<TBooking> {
  const order = await c.call(setFlightDetails, {
    searchId,
    resultIndex,
    passengers: [adult()],
    paymentMode: 'wallet',
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const paid = await c.call(orderSuccessCallback, { orderId: order.body.result.orderId });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return paid.body.result.bookings[0] as TBooking;
}

describe('a return trip', () => {
  it('keeps both legs together: the second leg searched from the server, both PNRs on one trip and one mail', async () => {
    const [out, back] = [inDays(40), inDays(44)];
    const first = await searched(agent.client, {
      JourneyType: 2,
      returnType: 2,
      segments: [
        { origin: 'DEL', destination: 'BOM', preferredDepartureTime: `${out}T00:00:00` },
        { origin: 'BOM', destination: 'DEL', preferredDepartureTime: `${back}T00:00:00` },
      ],
      adultCount: 1,
      childCount: 0,
      infantCount: 0,
      cabinClass: 1,
    });
    expect(first.results).toHaveLength(2);
    const onward = await book(agent.client, first.searchId, roomy(first.results[0]!).resultIndex);
    expect(onward).toMatchObject({ leg: 1, tripId: first.searchId });
    const tripId = onward.tripId!;

    // Another browser: a new session of the same user has nothing but the server's trip.
    const elsewhere = await newSession(agent);
    const trip = await elsewhere.call(getFlightTrip, { tripId });
    expect(trip.status, JSON.stringify(trip.body)).toBe(200);
    expect(trip.body.result).toMatchObject({ tripId, canBookReturn: true });
    expect(trip.body.result.legs.map((b: TBooking) => b.pnr)).toEqual([onward.pnr]);
    expect(trip.body.result.passengers[0]).toMatchObject({ firstName: 'Ravi', lastName: 'Kumar' });
    const returnSearch = trip.body.result.returnSearch as TSearchRequest;
    expect(returnSearch).toMatchObject({
      JourneyType: 1,
      tripId,
      segments: [{ origin: 'BOM', destination: 'DEL', preferredDepartureTime: `${back}T00:00:00` }],
    });

    const second = await searched(elsewhere, returnSearch);
    const inbound = await book(elsewhere, second.searchId, roomy(second.results[0]!).resultIndex);
    expect(inbound).toMatchObject({ leg: 2, tripId, linkedBookingId: onward.bookingId, journeyType: 2 });

    const done = await agent.client.call(getFlightTrip, { tripId });
    expect(done.body.result.canBookReturn).toBe(false);
    expect(done.body.result.legs.map((b: TBooking) => [b.leg, b.pnr])).toEqual([
      [1, onward.pnr],
      [2, inbound.pnr],
    ]);
    const firstLeg = await agent.client.call(getBookingDetails, { bookingId: onward.bookingId });
    expect(firstLeg.body.result.booking).toMatchObject({ tripId, linkedBookingId: inbound.bookingId });
    expect(firstLeg.body.result.showReturn).toBe(false);

    // One itinerary mail naming both PNRs.
    const mails = await waitFor(async () =>
      (await mailbox()).filter(
        (m) => recipients(m).includes(agent.email.toLowerCase()) && m.subject.startsWith('Your trip DEL ⇄ BOM'),
      ),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(onward.pnr);
    expect(mails[0]!.subject).toContain(inbound.pnr);

    // The return is booked: the trip refuses a second one, before any order.
    const again = await agent.client.call(search, returnSearch);
    expect(again.status).toBe(409);
  });

  it('is shown to its traveller and the site staff only', async () => {
    const mine = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 200_000 });
    const found = await searched(mine.client, {
      JourneyType: 2,
      returnType: 2,
      segments: [
        { origin: 'BOM', destination: 'BLR', preferredDepartureTime: `${inDays(41)}T00:00:00` },
        { origin: 'BLR', destination: 'BOM', preferredDepartureTime: `${inDays(43)}T00:00:00` },
      ],
      adultCount: 1,
      childCount: 0,
      infantCount: 0,
      cabinClass: 1,
    });
    const onward = await book(mine.client, found.searchId, roomy(found.results[0]!).resultIndex);
    const tripId = onward.tripId!;
    expect((await agent.client.call(getFlightTrip, { tripId })).status).toBe(404);
    expect((await agent.client.call(search, { ...tripSearch(tripId), JourneyType: 1 })).status).toBe(404);
    const staff = await demo(FLIGHTDEALS, 'admin');
    const seen = await staff.call(getFlightTrip, { tripId });
    expect(seen.status).toBe(200);
    expect(seen.body.result.canBookReturn).toBe(false);
  });
});

const tripSearch = (tripId: string): TSearchRequest => ({
  JourneyType: 1,
  segments: [{ origin: 'BLR', destination: 'BOM', preferredDepartureTime: `${inDays(43)}T00:00:00` }],
  adultCount: 1,
  childCount: 0,
  infantCount: 0,
  cabinClass: 1,
  tripId,
});

const newSession = (c: Customer): Promise<Client> => signedIn(c.email, FLIGHTDEALS.domain, PASSWORD);

async function waitFor<T extends unknown[]>(read: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await read();
    if (found.length || Date.now() > until) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
}
