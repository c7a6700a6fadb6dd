/**
 * A consumer site served by its supplier site (partner.localhost, whose Flights link
 * to Flight Deals forbids holds) sells only what it can fulfil. A GDS fare is booked and ticketed
 * there (booking and ticketing at once is not a hold); a hold is refused before any order or debit,
 * with the supplier's message, and never offered.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_STATUS,
  getPassengerViewOptions,
  orderSuccessCallback,
  setFlightDetails,
} from '@tp/contracts/endpoints/flights';
import { activeSupplierLink } from '../../functions/src/suppliers/index.ts';
import { balanceOf } from '../../functions/src/wallet/index.ts';
import { PARTNER } from './customers-helpers.ts';
import { adult, newCustomer, oneWay, pick, type Customer } from './flights-helpers.ts';
import { useStackTable } from './users-helpers.ts';

let agent: Customer;

beforeAll(async () => {
  useStackTable();
  // The demo link: search allowed, holds not allowed (docs/suppliers.md "Demo data").
  expect(await activeSupplierLink(PARTNER.siteId, 'Flights')).toMatchObject({ isFlightHoldAllowed: false });
  agent = await newCustomer(PARTNER, 'travelAgent', { wallet: 500_000, holdAllowed: true });
});

describe('a consumer site whose supplier forbids holds', () => {
  it('offers GDS fares without a hold, and refuses a hold before any order or debit', async () => {
    const found = await oneWay(agent.client, 'DEL', 'DXB', 30);
    const gds = found.results[0]!.filter((o) => !o.isLcc);
    expect(gds.length).toBeGreaterThan(0);
    expect(gds.every((o) => !o.isHoldAllowed)).toBe(true);
    const option = pick(found, (o) => !o.isLcc);
    const view = await agent.client.call(getPassengerViewOptions, {
      searchId: found.searchId,
      resultIndex: option.resultIndex,
    });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.result.rules.canHold).toBe(false);

    const before = (await balanceOf(PARTNER.siteId, agent.legalEntityId)).balance;
    const hold = await agent.client.call(setFlightDetails, {
      searchId: found.searchId,
      resultIndex: option.resultIndex,
      passengers: [adult()],
      paymentMode: 'wallet',
      hold: true,
    });
    expect(hold.status).toBe(403);
    expect(hold.body.message).toBe('Holding a booking is not allowed by your supplier');
    expect((await balanceOf(PARTNER.siteId, agent.legalEntityId)).balance).toBe(before);
  });

  it('books and tickets a GDS fare paid from the wallet: one debit, no refund', async () => {
    const found = await oneWay(agent.client, 'DEL', 'DXB', 32);
    const option = pick(found, (o) => !o.isLcc);
    const before = (await balanceOf(PARTNER.siteId, agent.legalEntityId)).balance;
    const created = await agent.client.call(setFlightDetails, {
      searchId: found.searchId,
      resultIndex: option.resultIndex,
      passengers: [adult()],
      paymentMode: 'wallet',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const order = created.body.result as { orderId: string; amount: number };
    const paid = await agent.client.call(orderSuccessCallback, { orderId: order.orderId });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const booking = paid.body.result.bookings[0];
    expect(booking.statusId).toBe(BOOKING_STATUS.ticketed);
    expect(booking.passengers[0].ticket.ticketNumber).toMatch(/^\d{10,14}$/);
    const after = (await balanceOf(PARTNER.siteId, agent.legalEntityId)).balance;
    expect(Math.round((before - after) * 100) / 100).toBe(order.amount);
  });
});
