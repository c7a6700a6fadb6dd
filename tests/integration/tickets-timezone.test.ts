/**
 * The ticket queue's booking-date filter counts days in the site's time zone (India for the demo sites):
 * a booking made at 00:30 IST on 10 March (18:30–24:00 UTC on the 9th) is a 10 March booking.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getBookedFlights, getTickets } from '@tp/contracts/endpoints/tickets';
import type { TTicketView } from '@tp/contracts/endpoints/tickets';
import type { Client } from '../support/api.ts';
import { demo, FLIGHTDEALS } from './customers-helpers.ts';
import { plainBooking } from './tickets-helpers.ts';
import { useStackTable } from './users-helpers.ts';

let staff: Client;
beforeAll(async () => {
  useStackTable();
  staff = await demo(FLIGHTDEALS, 'staff');
});

const bookedAt = (createdAt: string) =>
  plainBooking(FLIGHTDEALS.siteId, `agent@${FLIGHTDEALS.domain}`, { createdAt: new Date(createdAt) });

/** The booking ids a queue call lists for one PNR with this filter. */
async function listed(e: typeof getTickets | typeof getBookedFlights, pnr: string, f: Record<string, unknown>) {
  const res = await staff.call(e, { pnrOrTicket: pnr, pageSize: 50, ...f });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.result.records as TTicketView[]).map((r) => r.bookingId);
}

const on = (day: string) => ({ bookingFrom: day, bookingTo: day });

describe("booking dates are the site's days", () => {
  it('lists a booking made at 00:30 IST on 10 March under 10 March, not 9 March', async () => {
    const b = await bookedAt('2026-03-09T19:00:00.000Z');
    expect(await listed(getTickets, b.pnr, { queue: 'tickets', ...on('2026-03-10') })).toEqual([b.bookingId]);
    expect(await listed(getTickets, b.pnr, { queue: 'tickets', ...on('2026-03-09') })).toEqual([]);
    // Sorted by travel date the rows come from the travel-date index: the booking date is filtered the same way.
    expect(await listed(getBookedFlights, b.pnr, { sort: 'TA', ...on('2026-03-10') })).toEqual([b.bookingId]);
    expect(await listed(getBookedFlights, b.pnr, { sort: 'TA', ...on('2026-03-09') })).toEqual([]);
    // Open-ended ranges end and start at the same IST midnight.
    expect(await listed(getBookedFlights, b.pnr, { bookingFrom: '2026-03-10' })).toEqual([b.bookingId]);
    expect(await listed(getBookedFlights, b.pnr, { bookingTo: '2026-03-09' })).toEqual([]);
  });

  it('keeps the last instant of an IST day in that day and the next instant in the next', async () => {
    const lastOf9th = await bookedAt('2026-03-09T18:29:59.999Z');
    const firstOf10th = await bookedAt('2026-03-09T18:30:00.000Z');
    expect(await listed(getBookedFlights, lastOf9th.pnr, on('2026-03-09'))).toEqual([lastOf9th.bookingId]);
    expect(await listed(getBookedFlights, lastOf9th.pnr, on('2026-03-10'))).toEqual([]);
    expect(await listed(getBookedFlights, firstOf10th.pnr, on('2026-03-10'))).toEqual([firstOf10th.bookingId]);
    expect(await listed(getBookedFlights, firstOf10th.pnr, on('2026-03-09'))).toEqual([]);
  });
});
