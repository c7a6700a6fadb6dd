import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getBookingDetails,
  orderSuccessCallback,
  setFlightDetails,
  validateBooking,
} from '@tp/contracts/endpoints/flights';
import { sendEmailForWl } from '@tp/contracts/endpoints/tickets';
import { verifyPayment } from '@tp/contracts/endpoints/wallet';
import type { TBooking, TPaymentOrder } from '@tp/contracts/endpoints/flights';
import { failure, fakeApi } from '#test/fake-api.ts';
import { testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { leg, ticket } from '#features/tickets/test-fixtures.ts';
import { orderInputStore } from './payment-order.ts';
import { bookingCheck } from './test-fixtures.ts';

const booking = (): TBooking => {
  const { slug: _s, displayStatus: _d, ...b } = ticket();
  return {
    ...b,
    segments: [[leg('DEL', 'BOM')], [leg('BOM', 'GOI')]],
    accounting: { ...b.accounting, amountCharged: 8444.5 },
  };
};
const order = (status: TPaymentOrder['status'], extra: Partial<TPaymentOrder> = {}): TPaymentOrder => ({
  orderId: 'ORD1',
  amount: 8444.5,
  currency: 'INR',
  traceId: 'S1',
  redirectTo: null,
  remark: '',
  serviceName: 'flight',
  supplierSiteId: null,
  segments: [
    { origin: 'DEL', destination: 'BOM', departureTime: '2026-12-01T06:00:00', flightNumber: '201', airlineCode: '6E' },
  ],
  transactionId: null,
  status,
  paymentMode: 'wallet',
  hold: false,
  expiresAt: '2026-12-01T00:00:00.000Z',
  bookingIds: status === 'booked' ? ['B1'] : [],
  ...extra,
});
const passengers = [
  {
    title: 'Mr',
    firstName: 'Ravi',
    lastName: 'Kumar',
    paxType: 1,
    gender: 1,
    isLeadPax: true,
    email: 'ravi@example.com',
  },
] as never;

afterEach(() => {
  orderInputStore.clear();
  vi.unstubAllGlobals();
});

describe('booking confirmed', { timeout: 20_000 }, () => {
  it('shows PNR, booking id, status, flights, passengers and the amount the booking was charged, with e-ticket, print and email', async () => {
    const api = fakeApi()
      .on(getBookingDetails, { booking: booking(), order: order('booked'), showReturn: false })
      .on(sendEmailForWl, { ok: true } as never);
    renderApp('/flight/transaction/ORD1', { user: testUser({ userType: 'travelAgent' }), api });
    await screen.findByRole('heading', { name: 'Booking confirmed' });
    expect(screen.getByText('PNR001')).toBeTruthy();
    expect(screen.getByText('B1')).toBeTruthy();
    expect(screen.getByText('Ticketed')).toBeTruthy();
    // Read from the booking, never recomputed here.
    expect(screen.getByText('₹8,444.50')).toBeTruthy();
    // Every trip of the multi-city booking.
    expect(screen.getAllByRole('group', { name: /flights/i })).toHaveLength(2);
    expect(screen.getAllByText(/Aarav/).length).toBeGreaterThan(0);
    const slug = encodeURIComponent(btoa('B1___PNR001'));
    expect(screen.getByRole('link', { name: 'View e-ticket' }).getAttribute('href')).toBe(`/flight/eTicket/${slug}`);
    expect(screen.getByRole('link', { name: 'Print' }).getAttribute('href')).toBe(`/flight/eTicket/${slug}?print=true`);
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    await user.click(screen.getByRole('button', { name: 'Email e-ticket' }));
    await waitFor(() => expect(api.calls(sendEmailForWl)).toHaveLength(1));
    expect(api.calls(sendEmailForWl)[0]!.input).toMatchObject({
      to: 'asha@example.com',
      bookingId: 'B1',
      pnr: 'PNR001',
    });
  });

  it('a failed payment offers View payment, and Try again only where this browser made the order', async () => {
    const api = fakeApi().on(getBookingDetails, failure(404, 'Not found'));
    orderInputStore.set({
      searchId: 'S1',
      resultIndex: 'OB1',
      passengers,
      hold: false,
      paymentMode: 'wallet',
      orderId: 'OTHER',
      amount: 1,
    });
    const { paymentStore } = await import('./state.ts');
    paymentStore.set(order('failed', { failureReason: 'Sold out' }));
    renderApp('/flight/transaction/ORD1', { user: testUser(), api });
    await screen.findByRole('heading', { name: 'Payment not completed' });
    expect(screen.getByRole('link', { name: 'View payment' }).getAttribute('href')).toBe('/user/payments/ORD1');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    paymentStore.clear();
  });
});

describe('Try again after a declined gateway payment', { timeout: 20_000 }, () => {
  it('makes a new order with the same passengers and amount, then lands on the confirmation', async () => {
    orderInputStore.set({
      searchId: 'S1',
      resultIndex: 'OB1',
      passengers,
      hold: false,
      paymentMode: 'wallet',
      orderId: 'ORD1',
      amount: 8444.5,
    });
    const api = fakeApi()
      .on(verifyPayment, { orderId: 'ORD1', status: 'failed', purpose: 'flightOrder', amount: 8444.5, currency: 'INR' })
      .on(validateBooking, bookingCheck(8444.5))
      .on(setFlightDetails, order('created', { orderId: 'ORD2' }))
      .on(orderSuccessCallback, {
        order: order('booked', { orderId: 'ORD2' }),
        bookings: [booking()],
        next: 'ticketQueue',
      })
      .on(getBookingDetails, { booking: booking(), order: order('booked', { orderId: 'ORD2' }), showReturn: false });
    renderApp('/phonepe/verify/ORD1', { user: testUser({ userType: 'travelAgent' }), api });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const again = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('link', { name: 'View payment' })).toBeTruthy();
    await user.click(again);
    await screen.findByRole('heading', { name: 'Booking confirmed' });
    expect(api.calls(setFlightDetails)[0]!.input).toEqual({
      searchId: 'S1',
      resultIndex: 'OB1',
      passengers,
      hold: false,
      paymentMode: 'wallet',
      expectedTotal: 8444.5,
    });
    expect(api.calls(orderSuccessCallback)[0]!.input).toEqual({ orderId: 'ORD2' });
    expect(within(document.body).getByText('PNR001')).toBeTruthy();
  });
});
