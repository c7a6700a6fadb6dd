/**
 * Bookings for the ticket tests, written with the flights repo's putBooking: either plain demo
 * bookings, or bookings the simulated supplier really holds or ticketed (found through the same
 * supplyFor the API uses), so releases and change requests run against it.
 */
import { randomUUID } from 'node:crypto';
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import { priceFare, type PricingContext } from '@tp/domain/pricing';
import { getBooking, putBooking, type BookingRecord } from '../../functions/src/bookings/index.ts';
import { supplyFor } from '../../functions/src/supply/index.ts';
import { isDisrupted } from '../../functions/src/supply/simulator/schedule-changes.ts';
import type { SupplierOption, SupplyContext } from '../../functions/src/supply/types.ts';
import { log } from '../../functions/src/lib/logger.ts';
import { siteById } from '../../functions/src/lib/tenancy.ts';
import { demoBooking, demoUser, type DemoBookingSpec } from '../../scripts/seed/bookings.ts';
import { createAccount } from '../../functions/src/users/accounts/index.ts';
import { hashPassword } from '../../functions/src/users/password.ts';
import type { Client } from '../support/api.ts';
import { signedIn } from './customers-helpers.ts';
import { PASSWORD, uniqueEmail, uniquePhone, useStackTable } from './users-helpers.ts';
import type { SiteId } from '../../functions/src/lib/keys.ts';

export const ctxAt = (siteId: SiteId, now = new Date()): SupplyContext => ({
  siteId,
  now,
  endUserIp: '127.0.0.1',
  log,
});

export async function bookerOf(siteId: SiteId, email: string): Promise<DemoBookingSpec['user']> {
  useStackTable();
  const u = await demoUser(siteId, email);
  if (!u) throw new Error(`no demo user ${email}`);
  return u;
}

const uniquePnr = () => `T${randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase()}`;

/** A plain booking (the supplier does not know it): for the queue, e-ticket and mail tests. */
export async function plainBooking(
  siteId: SiteId,
  email: string,
  overrides: Partial<DemoBookingSpec> = {},
): Promise<BookingRecord> {
  const user = await bookerOf(siteId, email);
  const now = new Date();
  const record = demoBooking({
    siteId,
    user,
    bookingId: `TB${randomUUID().slice(0, 8)}`,
    pnr: uniquePnr(),
    createdAt: now,
    travelDate: new Date(now.getTime() + 20 * 86_400_000),
    statusId: BOOKING_STATUS.ticketed,
    route: ['DEL', 'BOM'],
    airline: '6E',
    passengers: [
      { firstName: 'Luc', lastName: 'Desmarais' },
      { firstName: 'Priya', lastName: 'Iyer' },
    ],
    ...overrides,
  });
  await putBooking(record);
  return record;
}

/**
 * A booking the simulator holds (`held`) or has ticketed: a GDS fare for `adults` adults about a month
 * out, booked (and ticketed) at the supplier, then stored as our booking of `email`.
 */
export async function supplierBooking(
  siteId: SiteId,
  email: string,
  options: {
    held?: boolean;
    adults?: number;
    route?: [string, string];
    lastTicketDate?: Date;
    /** Price the supplier's fare as the booking flow does (markup, GST, commission, TDS), charged as priced. */
    pricing?: PricingContext;
    /** A flight the simulator's airline retimes (true: a schedule change the sweep finds) or keeps (false). */
    retimed?: boolean;
  } = {},
): Promise<BookingRecord> {
  useStackTable();
  const site = (await siteById(siteId))!;
  const supply = await supplyFor(site);
  const now = new Date();
  const ctx = ctxAt(siteId, now);
  const adults = options.adults ?? 2;
  const [from, to] = options.route ?? ['DEL', 'BOM'];
  const passengers = Array.from({ length: adults }, (_, i) => ({
    title: 'Mr' as const,
    firstName: ['Luc', 'Priya', 'Kabir'][i] ?? 'Guest',
    lastName: ['Desmarais', 'Iyer', 'Khan'][i] ?? 'Traveller',
    paxType: 1 as const,
    gender: 1 as const,
    isLeadPax: i === 0,
    ...(i === 0 ? { email } : {}),
    baggage: [],
    mealDynamic: [],
    seat: [],
  }));
  // Any holdable GDS fare on some day a month or two out; a sold-out flight just means another pick.
  for (let attempt = 0; ; attempt++) {
    const day = new Date(now.getTime() + (25 + Math.floor(Math.random() * 60)) * 86_400_000).toISOString().slice(0, 10);
    const found = await supply.search(
      {
        JourneyType: 1,
        segments: [{ origin: from, destination: to, preferredDepartureTime: `${day}T00:00:00` }],
        adultCount: adults,
        childCount: 0,
        infantCount: 0,
        cabinClass: 1,
      },
      ctx,
    );
    // Refundable fares, so change requests have a refund to credit.
    const holdable = found.results[0]!.filter(
      (o) =>
        !o.isLcc &&
        o.isHoldAllowed &&
        o.isRefundable &&
        (options.retimed === undefined || isDisrupted(o.segments) === options.retimed),
    );
    const option = holdable[Math.floor(Math.random() * holdable.length)];
    if (!option) continue;
    const ref = { traceId: found.traceId, resultIndex: option.resultIndex };
    try {
      const held = await supply.book({ ...ref, passengers, expectedFare: option.fare }, ctx);
      if (held.isPriceChanged) continue;
      return await store(held, option, ref, day);
    } catch (err) {
      if (attempt > 5 || (err as { kind?: string }).kind !== 'soldOut') throw err;
    }
  }

  async function store(
    held: { pnr: string; supplierBookingId: string; lastTicketDate: string | null },
    option: SupplierOption,
    ref: { traceId: string; resultIndex: string },
    day: string,
  ): Promise<BookingRecord> {
    const tickets = options.held
      ? null
      : await supply.ticket({ ...ref, supplierBookingId: held.supplierBookingId, pnr: held.pnr }, ctx);
    const f = option.fare;
    const perPax = Math.ceil((f.baseFare + f.tax + f.otherCharges + f.serviceFee + f.txnFee) / adults) + 250;
    const record = demoBooking({
      siteId,
      user: await bookerOf(siteId, email),
      bookingId: `SB${randomUUID().slice(0, 8)}`,
      pnr: held.pnr,
      createdAt: now,
      travelDate: new Date(`${day}T06:00:00Z`),
      statusId: options.held ? BOOKING_STATUS.held : BOOKING_STATUS.ticketed,
      route: [from, to],
      airline: option.airlineCode,
      passengers,
      farePerPax: perPax,
      supplierBookingId: held.supplierBookingId,
      lastTicketDate: options.lastTicketDate ?? (held.lastTicketDate ? new Date(held.lastTicketDate) : null),
    });
    record.segments = option.segments;
    record.travelDate = option.segments[0]![0]!.departureTime;
    record.source = option.source;
    if (tickets) record.passengers = record.passengers.map((p, i) => ({ ...p, ticket: tickets.tickets[i]! }));
    if (options.pricing) {
      const priced = priceFare(option.fare, option.fareBreakdown, option.airlineCode, options.pricing);
      record.fare = priced.fare;
      record.accounting.amountCharged = priced.fare.totalPayable;
      record.passengers = record.passengers.map((p) => {
        const f = priced.fareBreakdown.find((x) => x.passengerType === p.paxType)!;
        return {
          ...p,
          fare: { passengerType: f.passengerType, baseFare: f.baseFare, tax: f.tax, totalFare: f.totalFare },
        };
      });
    }
    await putBooking(record);
    return (await getBooking(siteId, record.bookingId))!;
  }
}

let agentHash: Promise<string> | undefined;

/** A new travel agent of a site, signed in, with a wallet nobody else's test moves. */
export async function newAgent(
  site: { siteId: SiteId; domain: string } & Parameters<typeof createAccount>[0]['site'],
): Promise<{ client: Client; userId: string; email: string }> {
  useStackTable();
  const email = uniqueEmail('agent');
  const user = await createAccount(
    { site, now: new Date() },
    {
      userType: 'travelAgent',
      email,
      firstName: 'Ticket',
      lastName: 'Agent',
      companyName: 'Ticket Test Tours',
      phoneNumbers: [{ label: 'Primary', phoneNumber: uniquePhone(), phoneCountryCode: 'in' }],
      status: 'verified',
      passwordHash: await (agentHash ??= hashPassword(PASSWORD)),
      isUserSuperAdmin: false,
    },
  );
  return { client: await signedIn(email, site.domain, PASSWORD), userId: user.userId, email };
}
