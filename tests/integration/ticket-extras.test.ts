/**
 * After the ticket, against the simulated supplier: a bag bought on a ticketed low-cost booking is one order however
 * often it is clicked, charged once under 10 parallel payment callbacks, shown on the e-ticket and invoiced on a
 * supplementary invoice; an airline that sells nothing after ticketing says so. A PNR booked outside the platform is
 * imported for a customer (previewed first), appears in the queue with its e-ticket, is refused the second time, and
 * another site never sees it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_STATUS,
  orderSuccessCallback,
  type TBooking,
  type TPaymentOrder,
} from '@tp/contracts/endpoints/flights';
import { getSourceInvoice } from '@tp/contracts/endpoints/invoices';
import { importPnr, PNR_IMPORT_MSG, previewPnrImport } from '@tp/contracts/endpoints/pnr-import';
import { buyTicketExtras, EXTRAS_MSG, getTicketExtras, type TExtraOffer } from '@tp/contracts/endpoints/ticket-extras';
import { getTicketDetail, getTickets } from '@tp/contracts/endpoints/tickets';
import { getBooking } from '../../functions/src/bookings/index.ts';
import { siteById } from '../../functions/src/lib/tenancy.ts';
import { supplyFor } from '../../functions/src/supply/index.ts';
import { balanceOf } from '../../functions/src/wallet/ledger-repo.ts';
import { FLIGHTDEALS, newStaff, SKYWAY } from './customers-helpers.ts';
import { adult, inDays, newCustomer, oneWay, pick, placeOrder, type Customer } from './flights-helpers.ts';
import { ctxAt, supplierBooking } from './tickets-helpers.ts';
import { useStackTable } from './users-helpers.ts';

let agent: Customer;
beforeAll(async () => {
  useStackTable();
  agent = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 2_000_000 });
});

const cents = (n: number) => Math.round(n * 100);
const balance = async () => (await balanceOf(FLIGHTDEALS.siteId, agent.legalEntityId)).balance;

/** A low-cost fare booked and ticketed through the flow, paid from the agent's wallet. */
async function ticketedLcc(): Promise<TBooking> {
  const found = await oneWay(agent.client, 'DEL', 'BOM', 30);
  const order = await placeOrder(
    agent,
    found,
    pick(found, (o) => o.isLcc),
  );
  const res = await agent.client.call(orderSuccessCallback, { orderId: order.orderId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const booking = res.body.result.bookings[0] as TBooking;
  expect(booking.statusId).toBe(BOOKING_STATUS.ticketed);
  return booking;
}

describe('extras after ticketing', () => {
  it('sells a bag once under 10 parallel clicks and callbacks, on the e-ticket and a supplementary invoice', async () => {
    const booking = await ticketedLcc();
    const offered = await agent.client.call(getTicketExtras, { bookingId: booking.bookingId });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body.result).toMatchObject({ offered: true, message: null, purchases: [] });
    const extras = offered.body.result.extras as TExtraOffer[];
    const bag = extras.find((x) => x.kind === 'baggage' && x.paxIndex === 0)!;
    expect(bag).toBeDefined();
    expect(extras.some((x) => x.kind === 'seat')).toBe(true);

    // The total the user saw must be the one charged.
    const moved = await agent.client.call(buyTicketExtras, {
      bookingId: booking.bookingId,
      extraIds: [bag.extraId],
      expectedTotal: bag.price + 1,
    });
    expect(moved.status).toBe(409);
    const clicks = await Promise.all(
      Array.from({ length: 10 }, () =>
        agent.client.call(buyTicketExtras, {
          bookingId: booking.bookingId,
          extraIds: [bag.extraId],
          expectedTotal: bag.price,
        }),
      ),
    );
    for (const c of clicks) expect(c.status, JSON.stringify(c.body)).toBe(200);
    const order = clicks[0]!.body.result as TPaymentOrder;
    expect(new Set(clicks.map((c) => c.body.result.orderId))).toEqual(new Set([order.orderId]));
    expect(order).toMatchObject({ amount: bag.price, paymentMode: 'wallet', status: 'created' });

    const before = await balance();
    const callbacks = await Promise.all(
      Array.from({ length: 10 }, () => agent.client.call(orderSuccessCallback, { orderId: order.orderId })),
    );
    for (const r of callbacks) expect([200, 409]).toContain(r.status);
    expect(callbacks.some((r) => r.status === 200)).toBe(true);
    expect(cents(before - (await balance()))).toBe(cents(bag.price));

    const stored = (await getBooking(FLIGHTDEALS.siteId, booking.bookingId))!;
    expect(stored.extraPurchases).toHaveLength(1);
    expect(stored.extraPurchases![0]).toMatchObject({ orderId: order.orderId, amount: bag.price });
    expect(stored.passengers[0]!.baggage.map((b) => b.code)).toContain(bag.extraId.split('.').pop());

    const eticket = await agent.client.call(getTicketDetail, { bookingId: booking.bookingId, pnr: booking.pnr });
    expect(eticket.status).toBe(200);
    const shown = eticket.body.result.passengers[0].extras as { kind: string; sector: string; text: string }[];
    expect(shown).toContainEqual(expect.objectContaining({ kind: 'baggage', sector: bag.segment }));

    const invoice = await agent.client.call(getSourceInvoice, { source: 'bookingExtras', sourceId: order.orderId });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
    expect(invoice.body.result).toMatchObject({ docType: 'invoice', sourceRef: booking.pnr, total: bag.price });
    const fare = await agent.client.call(getSourceInvoice, { source: 'booking', sourceId: booking.bookingId });
    expect(fare.body.result.number).not.toBe(invoice.body.result.number);

    // Bought: the read lists the purchase, and the bag's order is no longer open to a new click of it.
    const after = await agent.client.call(getTicketExtras, { bookingId: booking.bookingId });
    expect(after.body.result.purchases).toHaveLength(1);
  });

  it('answers the clear message where the airline sells nothing after ticketing (a GDS fare)', async () => {
    const gds = await supplierBooking(FLIGHTDEALS.siteId, agent.email, { adults: 1 });
    const res = await agent.client.call(getTicketExtras, { bookingId: gds.bookingId });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ offered: false, message: EXTRAS_MSG.notOffered, extras: [] });
    const buy = await agent.client.call(buyTicketExtras, {
      bookingId: gds.bookingId,
      extraIds: ['B0.DEL-BOM.XBPA10'],
      expectedTotal: 4500,
    });
    expect(buy.status).toBe(400);
    expect(buy.body.message).toBe(EXTRAS_MSG.notOffered);
  });
});

describe('PNR import', () => {
  it('imports a booking made elsewhere once, into the queue with its e-ticket, and no other site sees it', async () => {
    // Booked straight at the supplier (outside the platform): a low-cost fare ticketed for one adult.
    const site = (await siteById(FLIGHTDEALS.siteId))!;
    const supply = await supplyFor(site);
    const ctx = ctxAt(FLIGHTDEALS.siteId);
    const found = await supply.search(
      {
        JourneyType: 1,
        segments: [{ origin: 'BOM', destination: 'GOI', preferredDepartureTime: `${inDays(40)}T00:00:00` }],
        adultCount: 1,
        childCount: 0,
        infantCount: 0,
        cabinClass: 1,
      },
      ctx,
    );
    const { firstName, lastName, title, gender } = adult({ firstName: 'Meera', lastName: 'Outside' });
    const passenger = { title, firstName, lastName, gender, paxType: 1 as const, isLeadPax: true };
    // The first low-cost fare the airline sells at the price searched (the simulator moves some at quote).
    let made: Awaited<ReturnType<typeof supply.ticket>> | undefined;
    let option: (typeof found.results)[number][number] | undefined;
    for (const o of found.results[0]!.filter((x) => x.isLcc)) {
      const ref = { traceId: found.traceId, resultIndex: o.resultIndex };
      const t = await supply.ticket(
        { ...ref, passengers: [{ ...passenger, baggage: [], mealDynamic: [], seat: [] }], expectedFare: o.fare },
        ctx,
      );
      if (t.isPriceChanged) continue;
      [made, option] = [t, o];
      break;
    }
    if (!made || !option) throw new Error('no low-cost fare sold at its searched price');
    expect(made.tickets).toHaveLength(1);

    const staff = (await newStaff(FLIGHTDEALS, { superAdmin: true })).client;
    const request = { supplier: 'simulator' as const, pnr: made.pnr, lastName: 'outside', customerEmail: agent.email };
    const wrongName = await staff.call(previewPnrImport, { ...request, lastName: 'Nobody' });
    expect(wrongName.status).toBe(404);
    expect(wrongName.body.message).toBe(PNR_IMPORT_MSG.notFound);

    const preview = await staff.call(previewPnrImport, request);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.result).toMatchObject({
      pnr: made.pnr,
      airlineCode: option.airlineCode,
      passengers: [{ name: 'Mr Meera Outside', ticketNumber: made.tickets[0]!.ticketNumber }],
      customer: { userId: agent.userId, email: agent.email.toLowerCase() },
      testInventory: true,
    });
    expect(preview.body.result.invoiceTotal).toBeGreaterThan(0);

    const before = await balance();
    const [first, second] = await Promise.all([staff.call(importPnr, request), staff.call(importPnr, request)]);
    const done = [first!, second!].filter((r) => r.status === 200);
    expect(done, JSON.stringify([first!.body, second!.body])).toHaveLength(1);
    expect([first!, second!].find((r) => r.status !== 200)!.status).toBe(409);
    const again = await staff.call(importPnr, request);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PNR_IMPORT_MSG.alreadyImported);
    // No wallet money moved.
    expect(await balance()).toBe(before);

    const { bookingId } = done[0]!.body.result as { bookingId: string };
    const queue = await agent.client.call(getTickets, { queue: 'tickets', pnrOrTicket: made.pnr });
    expect(queue.body.result.records.map((r: TBooking) => [r.bookingId, r.statusId])).toEqual([
      [bookingId, BOOKING_STATUS.ticketed],
    ]);
    const eticket = await agent.client.call(getTicketDetail, { bookingId, pnr: made.pnr });
    expect(eticket.status).toBe(200);
    expect(eticket.body.result.passengers[0].ticket.ticketNumber).toBe(made.tickets[0]!.ticketNumber);
    expect(eticket.body.result.segments.flat()[0].originAirportCode).toBe('BOM');
    const invoice = await agent.client.call(getSourceInvoice, { source: 'booking', sourceId: bookingId });
    expect(invoice.status).toBe(200);
    expect(invoice.body.result.total).toBe(preview.body.result.invoiceTotal);

    // Another site: neither its staff's queue nor its supplier knows the PNR.
    const other = (await newStaff(SKYWAY, { superAdmin: true })).client;
    expect((await other.call(getTickets, { queue: 'tickets', pnrOrTicket: made.pnr })).body.result.records).toEqual([]);
    expect((await other.call(getTicketDetail, { bookingId, pnr: made.pnr })).status).toBe(404);
  });
});
