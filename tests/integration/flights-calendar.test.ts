/**
 * The fare strip and calendar quote what the same user can book. For each day of the
 * ±3-day strip, the calendar's fare equals the cheapest bookable option a one-adult search for that day
 * returns to that user (same markup, GST on markup, supplier chain and seats).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getCalendarFare } from '@tp/contracts/endpoints/flights';
import type { TFlightOption } from '@tp/contracts/endpoints/flights';
import { hasSeatsFor } from '@tp/domain/fulfilment';
import { FLIGHTDEALS, PARTNER } from './customers-helpers.ts';
import { inDays, newCustomer, oneWay, type Customer } from './flights-helpers.ts';
import { useStackTable } from './users-helpers.ts';

let retail: Customer;
let partnerAgent: Customer;

beforeAll(async () => {
  useStackTable();
  [retail, partnerAgent] = await Promise.all([
    newCustomer(FLIGHTDEALS, 'retail'),
    newCustomer(PARTNER, 'travelAgent', { wallet: 1000 }),
  ]);
});

const cheapestBookable = (options: TFlightOption[]): number =>
  Math.min(...options.filter((o) => hasSeatsFor(o, 1)).map((o) => o.publishedPrice));

/** The strip's seven days around `center` (days from today), each with the calendar's fare. */
async function strip(c: Customer, origin: string, destination: string, center: number) {
  const days = Array.from({ length: 7 }, (_, i) => inDays(center - 3 + i));
  const months = [...new Set(days.map((d) => d.slice(0, 7)))];
  const fares = new Map<string, number>();
  for (const month of months) {
    // As the strip asks: each month the week touches, for its days of the week.
    const res = await c.client.call(getCalendarFare, {
      origin,
      destination,
      month,
      days: days.filter((d) => d.startsWith(month)),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const d of res.body.result as { date: string; fare: number }[]) fares.set(d.date.slice(0, 10), d.fare);
  }
  return days.map((date) => ({ date, fare: fares.get(date) }));
}

describe('the fare strip', () => {
  it.each([
    ['a retail customer of Flight Deals', () => retail, 'DEL', 'BOM'],
    ['an agent of a consumer site (supplier chain pricing)', () => partnerAgent, 'BOM', 'DEL'],
  ])('shows, for %s, each day at the cheapest fare a search for that day can book', async (_who, who, from, to) => {
    const c = who();
    const center = 21;
    for (const [i, day] of (await strip(c, from, to, center)).entries()) {
      expect(day.fare, day.date).toBeDefined();
      const found = await oneWay(c.client, from, to, center - 3 + i);
      expect(day.fare, day.date).toBe(cheapestBookable(found.results[0]!));
    }
  });
});
