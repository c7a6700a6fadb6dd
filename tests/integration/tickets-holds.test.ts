/**
 * After ticketing: the automatic e-ticket mail (one per booking, whatever the number of callbacks) and
 * "Ticket now" on a held booking: an order of the booking-order machinery, paid from the wallet
 * exactly once under 20 concurrent callbacks or through the sandbox gateway, the PNR ticketed at the
 * supplier, the booking ticketed with its ticket numbers and mailed; a failed ticketing is refunded;
 * holds that are not held any more, past their last ticketing date, or someone else's are refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_STATUS,
  getBookingDetails,
  orderSuccessCallback,
  type TBooking,
  type TPaymentOrder,
} from '@tp/contracts/endpoints/flights';
import { getTickets, searchTransactionByPNR, ticketHeldBooking } from '@tp/contracts/endpoints/tickets';
import { getBooking, saveBooking } from '../../functions/src/bookings/index.ts';
import { ORDER_MSG } from '../../functions/src/flights/index.ts';
import { getOrder } from '../../functions/src/flights/repo.ts';
import { supplyFor } from '../../functions/src/supply/index.ts';
import { siteById } from '../../functions/src/lib/tenancy.ts';
import { heldBookingIds } from '../../functions/src/tickets/repo.ts';
import { balanceOf } from '../../functions/src/wallet/ledger-repo.ts';
import { mailbox } from '../support/api.ts';
import { demo, FLIGHTDEALS, SKYWAY } from './customers-helpers.ts';
import {
  adult,
  newCustomer,
  oneWay,
  payOnSandbox,
  pick,
  placeOrder,
  recipients,
  waitForETicket,
  type Customer,
} from './flights-helpers.ts';
import { ctxAt } from './tickets-helpers.ts';
import { useStackTable } from './users-helpers.ts';

let agent: Customer;
beforeAll(async () => {
  useStackTable();
  agent = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 2_000_000, holdAllowed: true });
});

const balance = async (c: Customer) => (await balanceOf(FLIGHTDEALS.siteId, c.legalEntityId)).balance;
const cents = (n: number) => Math.round(n * 100);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mailsAbout = async (pnr: string) => (await mailbox()).filter((m) => m.subject.includes(pnr));

async function supplierStatus(supplierBookingId: string) {
  const supply = await supplyFor((await siteById(FLIGHTDEALS.siteId))!);
  return (await supply.bookingDetails({ supplierBookingId }, ctxAt(FLIGHTDEALS.siteId))).status;
}

/** A GDS hold made through the booking flow (setFlightDetails with hold, then the callback). */
async function holdThroughFlow(c: Customer, days: number): Promise<TBooking> {
  const found = await oneWay(c.client, 'DEL', 'BOM', days);
  const gds = pick(found, (o) => !o.isLcc && o.isHoldAllowed);
  const order = await placeOrder(c, found, gds, {
    paymentMode: c === agent ? 'wallet' : 'gateway',
    hold: true,
    passengers: [adult({ email: `lead-${days}-${c.email}` })],
  });
  const res = await c.client.call(orderSuccessCallback, { orderId: order.orderId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const booking = res.body.result.bookings[0] as TBooking;
  expect(booking.statusId).toBe(BOOKING_STATUS.held);
  return booking;
}

async function ticketNow(c: Customer, bookingId: string, expectedTotal?: number): Promise<TPaymentOrder> {
  const res = await c.client.call(ticketHeldBooking, {
    BookingId: bookingId,
    ...(expectedTotal === undefined ? {} : { expectedTotal }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as TPaymentOrder;
}

describe('automatic e-ticket mail', () => {
  it('mails a ticketed booking once, to the booker and the lead passenger, with the PDF; a repeat callback sends none', async () => {
    const found = await oneWay(agent.client, 'BOM', 'GOI', 21);
    const lcc = pick(found, (o) => o.isLcc);
    const lead = `lead-lcc-${agent.email}`;
    const order = await placeOrder(agent, found, lcc, { passengers: [adult({ email: lead })] });
    const first = await agent.client.call(orderSuccessCallback, { orderId: order.orderId });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const booking = first.body.result.bookings[0] as TBooking;
    expect(booking.statusId).toBe(BOOKING_STATUS.ticketed);

    const mail = await waitForETicket(agent.email, booking.pnr);
    expect(recipients(mail)).toEqual(expect.arrayContaining([agent.email.toLowerCase(), lead.toLowerCase()]));
    expect(mail.body.html).toContain(booking.pnr);
    const pdf = mail.attachments.find((a) => a.filename === `e-ticket-${booking.pnr}.pdf`);
    expect(pdf?.contentType).toContain('application/pdf');
    expect(pdf!.size).toBeGreaterThan(1000);

    // The same callback again (a second tab, a retried request): the same booking, no second mail.
    const again = await Promise.all(
      [1, 2, 3].map(() => agent.client.call(orderSuccessCallback, { orderId: order.orderId })),
    );
    for (const r of again) expect(r.body.result.bookings[0].bookingId).toBe(booking.bookingId);
    await sleep(2500);
    expect(await mailsAbout(booking.pnr)).toHaveLength(1);
  });

  it('sends nothing for a hold', async () => {
    const held = await holdThroughFlow(agent, 40);
    await sleep(2500);
    expect(await mailsAbout(held.pnr)).toEqual([]);
  });
});

describe('Ticket now', () => {
  it('wallet: one order per hold, 20 concurrent callbacks → one debit, one ticketing, one mail', async () => {
    const held = await holdThroughFlow(agent, 41);
    const amount = held.fare.totalPayableAmt;
    const order = await ticketNow(agent, held.bookingId, amount);
    expect(order).toMatchObject({ amount, status: 'created', paymentMode: 'wallet', hold: false, bookingIds: [] });
    expect(Date.parse(order.expiresAt)).toBeLessThanOrEqual(Date.parse(held.lastTicketDate!));
    // A second click gets the same open order, so it cannot be paid twice.
    expect((await ticketNow(agent, held.bookingId)).orderId).toBe(order.orderId);
    // The amount the user saw must be the one charged.
    const moved = await agent.client.call(ticketHeldBooking, { BookingId: held.bookingId, expectedTotal: amount + 1 });
    expect(moved.status).toBe(409);

    const before = await balance(agent);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => agent.client.call(orderSuccessCallback, { orderId: order.orderId })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const r of results) expect([200, 409]).toContain(r.status);
    for (const r of ok) expect(r.body.result.bookings[0].bookingId).toBe(held.bookingId);
    expect(cents(before - (await balance(agent)))).toBe(cents(amount));

    const outcome = ok[0]!.body.result;
    expect(outcome.next).toBe('ticketQueue');
    const ticketed = outcome.bookings[0] as TBooking;
    expect(ticketed).toMatchObject({ statusId: BOOKING_STATUS.ticketed, pnr: held.pnr, lastTicketDate: null });
    expect(ticketed.accounting).toMatchObject({ amountCharged: amount, paymentMode: 'wallet' });
    expect(ticketed.passengers.every((p) => /^\d{10,14}$/.test(p.ticket?.ticketNumber ?? ''))).toBe(true);
    expect(await supplierStatus(held.supplierBookingId)).toBe('ticketed');
    expect(await heldBookingIds(FLIGHTDEALS.siteId)).not.toContain(held.bookingId);
    const queue = await agent.client.call(getTickets, { queue: 'tickets', pnrOrTicket: held.pnr });
    expect(queue.body.result.records.map((r: TBooking) => r.statusId)).toEqual([BOOKING_STATUS.ticketed]);
    expect(
      (await agent.client.call(getTickets, { queue: 'holds', pnrOrTicket: held.pnr })).body.result.records,
    ).toEqual([]);
    // The booking's transactions show the one debit.
    const tx = await agent.client.call(searchTransactionByPNR, { pnr: held.pnr });
    const debits = tx.body.result.entries.filter((e: { orderId?: string }) => e.orderId === order.orderId);
    expect(debits).toHaveLength(1);
    expect(debits[0].amount).toBe(-amount);

    // Ticketed now: the e-ticket goes out once.
    const mail = await waitForETicket(agent.email, held.pnr);
    expect(mail.attachments.some((a) => a.filename === `e-ticket-${held.pnr}.pdf`)).toBe(true);
    await sleep(1500);
    expect(await mailsAbout(held.pnr)).toHaveLength(1);

    // Ticketed: a new Ticket now is refused and changes nothing.
    const done = await agent.client.call(ticketHeldBooking, { BookingId: held.bookingId });
    expect(done.status).toBe(400);
    expect(done.body.errorMessage).toBe(ORDER_MSG.holdNotHeld);
    const details = await agent.client.call(getBookingDetails, { orderId: order.orderId });
    expect(details.body.result.booking.statusId).toBe(BOOKING_STATUS.ticketed);
  });

  it('gateway (retail): pays on the sandbox page, the worker tickets the hold', async () => {
    const retail = await newCustomer(FLIGHTDEALS, 'retail', { holdAllowed: true });
    const held = await holdThroughFlow(retail, 42);
    const order = await ticketNow(retail, held.bookingId);
    expect(order).toMatchObject({ paymentMode: 'gateway', amount: held.fare.totalPayableAmt });
    expect(order.redirectTo).toMatch(/^\/app\/sandbox-gateway\//);
    // Not paid yet: nothing happens.
    expect((await retail.client.call(orderSuccessCallback, { orderId: order.orderId })).status).toBe(402);
    expect((await getBooking(FLIGHTDEALS.siteId, held.bookingId))!.statusId).toBe(BOOKING_STATUS.held);

    const outcome = await payOnSandbox(retail, order);
    const ticketed = outcome.bookings[0]!;
    expect(ticketed).toMatchObject({ bookingId: held.bookingId, statusId: BOOKING_STATUS.ticketed });
    expect(ticketed.accounting).toMatchObject({ paymentMode: 'gateway', amountCharged: order.amount });
    expect(await supplierStatus(held.supplierBookingId)).toBe('ticketed');
    expect(await balance(retail)).toBe(0);
    await waitForETicket(retail.email, held.pnr);
  });

  it('refunds the wallet when the supplier cannot ticket (the hold lapsed there)', async () => {
    const held = await holdThroughFlow(agent, 43);
    // The supplier dropped the PNR behind our back.
    const supply = await supplyFor((await siteById(FLIGHTDEALS.siteId))!);
    await supply.release({ supplierBookingId: held.supplierBookingId, source: held.source }, ctxAt(FLIGHTDEALS.siteId));
    const order = await ticketNow(agent, held.bookingId);
    const before = await balance(agent);
    const res = await agent.client.call(orderSuccessCallback, { orderId: order.orderId });
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toContain(ORDER_MSG.ticketFailed);
    expect(await balance(agent)).toBe(before);
    expect((await getOrder(FLIGHTDEALS.siteId, order.orderId))!.status).toBe('failed');
    expect((await getBooking(FLIGHTDEALS.siteId, held.bookingId))!.statusId).toBe(BOOKING_STATUS.held);
    // Repeating the callback neither pays nor refunds again.
    expect((await agent.client.call(orderSuccessCallback, { orderId: order.orderId })).status).toBe(409);
    expect(await balance(agent)).toBe(before);
    // The failed order gives way to a new one.
    expect((await ticketNow(agent, held.bookingId)).orderId).not.toBe(order.orderId);
  });

  it('refuses a hold past its last ticketing date with a clear 400, changing nothing', async () => {
    const held = await holdThroughFlow(agent, 44);
    const stored = (await getBooking(FLIGHTDEALS.siteId, held.bookingId))!;
    const lapsed = new Date(Date.now() - 60_000).toISOString();
    expect(await saveBooking({ ...stored, lastTicketDate: lapsed }, stored.version, [], stored)).toBe(true);
    const before = await balance(agent);
    const res = await agent.client.call(ticketHeldBooking, { BookingId: held.bookingId });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe(ORDER_MSG.holdLapsed);
    const after = (await getBooking(FLIGHTDEALS.siteId, held.bookingId))!;
    expect(after).toMatchObject({ statusId: BOOKING_STATUS.held, lastTicketDate: lapsed, version: stored.version + 1 });
    expect(await balance(agent)).toBe(before);
  });

  it("is the owner's or the site staff's only; other sites see nothing", async () => {
    const held = await holdThroughFlow(agent, 45);
    const otherAgent = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 100_000 });
    expect((await otherAgent.client.call(ticketHeldBooking, { BookingId: held.bookingId })).status).toBe(404);
    const skyway = await demo(SKYWAY, 'staff');
    expect((await skyway.call(ticketHeldBooking, { BookingId: held.bookingId })).status).toBe(404);
    expect((await getBooking(FLIGHTDEALS.siteId, held.bookingId))!.statusId).toBe(BOOKING_STATUS.held);
    // Staff of the site may: the order charges the booking's owner, who is refunded if it fails.
    const staff = await demo(FLIGHTDEALS, 'admin');
    const res = await staff.call(ticketHeldBooking, { BookingId: held.bookingId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ paymentMode: 'wallet', amount: held.fare.totalPayableAmt });
    expect((await getOrder(FLIGHTDEALS.siteId, res.body.result.orderId))!.legalEntityId).toBe(agent.legalEntityId);
    // Bad input is a clear 400.
    const bad = await agent.client.call(ticketHeldBooking, {});
    expect(bad.status).toBe(400);
  });
});
