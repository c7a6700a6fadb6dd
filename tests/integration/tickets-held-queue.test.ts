/**
 * An agent finds the fare they held: their own ticket queue lists it under the "held" status
 * filter (and keeps it out otherwise) with the held fare as the amount Ticket now charges; the staff hold
 * queue honours the sort it is sent; a status the filter does not know is a clear 400.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_STATUS, orderSuccessCallback, type TBooking } from '@tp/contracts/endpoints/flights';
import { getTickets, ticketHeldBooking } from '@tp/contracts/endpoints/tickets';
import type { TTicketView } from '@tp/contracts/endpoints/tickets';
import { demo, FLIGHTDEALS } from './customers-helpers.ts';
import { adult, newCustomer, oneWay, pick, placeOrder, type Customer } from './flights-helpers.ts';
import { useStackTable } from './users-helpers.ts';

let agent: Customer;
const holds: TBooking[] = [];

async function hold(days: number): Promise<TBooking> {
  const found = await oneWay(agent.client, 'DEL', 'BOM', days);
  const gds = pick(found, (o) => !o.isLcc && o.isHoldAllowed);
  const order = await placeOrder(agent, found, gds, {
    paymentMode: 'wallet',
    hold: true,
    passengers: [adult({ email: `held-${days}-${agent.email}` })],
  });
  const res = await agent.client.call(orderSuccessCallback, { orderId: order.orderId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.bookings[0] as TBooking;
}

const ids = (res: { body: { result?: { records: TTicketView[] } } }) =>
  (res.body.result?.records ?? []).map((r) => r.bookingId);

beforeAll(async () => {
  useStackTable();
  agent = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 2_000_000, holdAllowed: true });
  // Sequential: the later booking is the newer one, whatever the clock's resolution.
  holds.push(await hold(12));
  holds.push(await hold(9));
}, 120_000);

describe("the agent's own queue", () => {
  it('lists the holds under "held", with the amount Ticket now charges', async () => {
    const res = await agent.client.call(getTickets, { queue: 'tickets', status: 'held', sort: 'BD' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const records = res.body.result.records as TTicketView[];
    expect(records.map((r) => r.bookingId)).toEqual([holds[1]!.bookingId, holds[0]!.bookingId]);
    for (const r of records) {
      expect(r.statusId).toBe(BOOKING_STATUS.held);
      expect(r.lastTicketDate).toBeTruthy();
      // Nothing is charged for a hold; the held fare is what Ticket now asks for.
      expect(r.accounting.amountCharged).toBe(0);
      expect(r.fare.totalPayableAmt).toBeGreaterThan(0);
    }
    const order = await agent.client.call(ticketHeldBooking, { BookingId: records[0]!.bookingId });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(order.body.result.amount).toBe(records[0]!.fare.totalPayableAmt);
  });

  it('keeps holds out of the unfiltered ticket queue and of other statuses', async () => {
    const all = ids(await agent.client.call(getTickets, { queue: 'tickets', pageSize: 100 }));
    const ticketed = ids(await agent.client.call(getTickets, { queue: 'tickets', status: 'ticketed', pageSize: 100 }));
    for (const h of holds) {
      expect(all).not.toContain(h.bookingId);
      expect(ticketed).not.toContain(h.bookingId);
    }
  });

  it('sorts by last ticketing time, soonest first', async () => {
    const res = await agent.client.call(getTickets, { queue: 'tickets', status: 'held', sort: 'LT' });
    const got = res.body.result.records as TTicketView[];
    const times = got.map((r) => r.lastTicketDate!);
    expect(times).toEqual([...times].sort());
    expect(got).toHaveLength(2);
  });

  it('refuses a status it does not know with a 400 on the field', async () => {
    const res = await agent.client.call(getTickets, { queue: 'tickets', status: 'parked' } as never);
    expect(res.status).toBe(400);
    expect(res.body.shortError).toHaveProperty('status');
  });
});

describe('the staff hold queue', () => {
  it('honours the sort it is sent', async () => {
    const staff = await demo(FLIGHTDEALS, 'staff');
    const mine = new Set(holds.map((h) => h.bookingId));
    const order = async (sort: 'BD' | 'BA') => {
      const res = await staff.call(getTickets, { queue: 'holds', sort, userId: agent.userId, pageSize: 100 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return ids(res).filter((id) => mine.has(id));
    };
    const newest = await order('BD');
    expect(newest).toEqual([holds[1]!.bookingId, holds[0]!.bookingId]);
    expect(await order('BA')).toEqual([...newest].reverse());
  });
});
