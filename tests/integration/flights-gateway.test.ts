/**
 * The gateway GDS booking path: a retail customer on a site whose active gateway is the embedded
 * sandbox picks a GDS fare, setFlightDetails starts a gateway payment, the payer pays on the sandbox
 * page, the payment verification worker applies it and fulfils the order (GDS: book, then ticket), and
 * the ticket queue shows the ticketed booking, mailed automatically. Plus the hold variant: a user and
 * supply relation that allow holding book without paying (held, no payment started).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_STATUS,
  getPassengerViewOptions,
  orderSuccessCallback,
  setFlightDetails,
} from '@tp/contracts/endpoints/flights';
import { getTickets } from '@tp/contracts/endpoints/tickets';
import { completeSandboxPayment, getActiveGateway, getMyPayments, verifyPayment } from '@tp/contracts/endpoints/wallet';
import { supplyFor } from '../../functions/src/supply/index.ts';
import { siteById } from '../../functions/src/lib/tenancy.ts';
import { balanceOf } from '../../functions/src/wallet/ledger-repo.ts';
import { Client } from '../support/api.ts';
import { FLIGHTDEALS } from './customers-helpers.ts';
import {
  adult,
  newCustomer,
  oneWay,
  payOnSandbox,
  pick,
  placeOrder,
  recipients,
  sandboxPaymentId,
  waitForETicket,
} from './flights-helpers.ts';
import { ctxAt } from './tickets-helpers.ts';
import { useStackTable } from './users-helpers.ts';

beforeAll(() => useStackTable());

async function supplierStatus(supplierBookingId: string) {
  const supply = await supplyFor((await siteById(FLIGHTDEALS.siteId))!);
  return (await supply.bookingDetails({ supplierBookingId }, ctxAt(FLIGHTDEALS.siteId))).status;
}

describe('gateway GDS booking (retail, sandbox gateway)', () => {
  it('pays on the sandbox page; the worker books then tickets; the ticket queue shows it and it is mailed', async () => {
    const c = await newCustomer(FLIGHTDEALS, 'retail');
    expect((await c.client.call(getActiveGateway, {})).body.result.name).toBe('sandbox');
    const found = await oneWay(c.client, 'DEL', 'BOM', 33);
    const gds = pick(found, (o) => !o.isLcc);
    // Retail customers have no wallet on the passengers screen: the gateway is their way to pay.
    const view = await c.client.call(getPassengerViewOptions, {
      searchId: found.searchId,
      resultIndex: gds.resultIndex,
    });
    expect(view.body.result.walletBalance).toBeNull();

    const leadEmail = `lead-${c.email}`;
    const order = await placeOrder(c, found, gds, {
      paymentMode: 'gateway',
      passengers: [adult({ email: leadEmail })],
    });
    expect(order).toMatchObject({ status: 'created', paymentMode: 'gateway', hold: false, bookingIds: [] });
    expect(order.redirectTo).toMatch(/^\/app\/sandbox-gateway\//);
    // Not paid yet: nothing is booked.
    expect((await c.client.call(orderSuccessCallback, { orderId: order.orderId })).status).toBe(402);
    expect((await c.client.call(verifyPayment, { orderId: order.orderId })).body.result.status).toBe('pending');

    const outcome = await payOnSandbox(c, order);
    expect(outcome.next).toBe('ticketQueue');
    expect(outcome.order.status).toBe('booked');
    const booking = outcome.bookings[0]!;
    expect(booking).toMatchObject({ statusId: BOOKING_STATUS.ticketed, isLcc: false, lastTicketDate: null });
    expect(booking.accounting).toMatchObject({ amountCharged: order.amount, paymentMode: 'gateway' });
    expect(booking.passengers[0]!.ticket?.ticketNumber).toMatch(/^\d{10,14}$/);
    // GDS: the supplier holds the PNR first, then tickets it.
    expect(await supplierStatus(booking.supplierBookingId)).toBe('ticketed');
    // The payment is applied once and the wallet was never touched.
    const payments = (await c.client.call(getMyPayments, { orderId: order.orderId })).body.result.records;
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ paymentId: sandboxPaymentId(order), status: 'applied', amount: order.amount });
    expect((await balanceOf(FLIGHTDEALS.siteId, c.legalEntityId)).balance).toBe(0);

    const queue = await c.client.call(getTickets, { queue: 'tickets', pnrOrTicket: booking.pnr });
    expect(queue.body.result.records.map((r: { bookingId: string }) => r.bookingId)).toEqual([booking.bookingId]);

    // Fulfilled in the payments worker: the e-ticket mail still goes out, to the booker and the lead passenger.
    const mail = await waitForETicket(c.email, booking.pnr);
    expect(recipients(mail)).toEqual(expect.arrayContaining([c.email.toLowerCase(), leadEmail.toLowerCase()]));
    expect(mail.attachments.find((a) => a.filename === `e-ticket-${booking.pnr}.pdf`)?.size).toBeGreaterThan(1000);
  });

  it('a failed sandbox payment books nothing', async () => {
    const c = await newCustomer(FLIGHTDEALS, 'retail');
    const found = await oneWay(c.client, 'BOM', 'DEL', 34);
    const order = await placeOrder(
      c,
      found,
      pick(found, (o) => !o.isLcc),
      { paymentMode: 'gateway' },
    );
    const page = new Client(FLIGHTDEALS.domain);
    expect(
      (await page.call(completeSandboxPayment, { paymentId: sandboxPaymentId(order), outcome: 'fail' })).status,
    ).toBe(200);
    let status = '';
    for (let i = 0; i < 60 && status !== 'failed'; i++) {
      status = (await c.client.call(verifyPayment, { orderId: order.orderId })).body.result.status;
      if (status !== 'failed') await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe('failed');
    expect((await c.client.call(orderSuccessCallback, { orderId: order.orderId })).status).toBe(402);
    expect((await c.client.call(getTickets, { queue: 'tickets' })).body.result.records).toEqual([]);
  });
});

describe('gateway GDS hold (retail allowed to hold)', () => {
  it('books only: held with a last ticketing date, no payment started, in the hold queue', async () => {
    const c = await newCustomer(FLIGHTDEALS, 'retail', { holdAllowed: true });
    const found = await oneWay(c.client, 'DEL', 'DXB', 36);
    const gds = pick(found, (o) => !o.isLcc && o.isHoldAllowed);
    // The user's switch and the site's supply relation both allow it.
    const view = await c.client.call(getPassengerViewOptions, {
      searchId: found.searchId,
      resultIndex: gds.resultIndex,
    });
    expect(view.body.result.rules.canHold).toBe(true);

    const order = await placeOrder(c, found, gds, { paymentMode: 'gateway', hold: true });
    expect(order).toMatchObject({ hold: true, redirectTo: null, status: 'created' });
    const res = await c.client.call(orderSuccessCallback, { orderId: order.orderId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const booking = res.body.result.bookings[0];
    expect(booking.statusId).toBe(BOOKING_STATUS.held);
    expect(Date.parse(booking.lastTicketDate)).toBeGreaterThan(Date.now());
    expect(booking.accounting.amountCharged).toBe(0);
    expect(booking.passengers[0].ticket).toBeNull();
    expect(await supplierStatus(booking.supplierBookingId)).toBe('held');
    // Nothing was charged: no gateway payment exists for the order.
    expect((await c.client.call(verifyPayment, { orderId: order.orderId })).status).toBe(404);

    const holds = await c.client.call(getTickets, { queue: 'holds' });
    expect(holds.body.result.records.map((r: { bookingId: string }) => r.bookingId)).toEqual([booking.bookingId]);
    expect((await c.client.call(getTickets, { queue: 'tickets' })).body.result.records).toEqual([]);
  });

  it('is refused to a retail user whose hold switch is off', async () => {
    const c = await newCustomer(FLIGHTDEALS, 'retail', { holdAllowed: false });
    const found = await oneWay(c.client, 'DEL', 'DXB', 36);
    const gds = pick(found, (o) => !o.isLcc && o.isHoldAllowed);
    const res = await c.client.call(setFlightDetails, {
      searchId: found.searchId,
      resultIndex: gds.resultIndex,
      passengers: [adult()],
      paymentMode: 'gateway',
      hold: true,
    });
    expect(res.status).toBe(403);
    expect((await c.client.call(getTickets, { queue: 'holds' })).body.result.records).toEqual([]);
  });
});
