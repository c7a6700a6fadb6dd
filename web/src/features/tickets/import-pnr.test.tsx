import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getBookingDetails, orderSuccessCallback, type TBooking } from '@tp/contracts/endpoints/flights';
import { importPnr, PNR_IMPORT_MSG, previewPnrImport } from '@tp/contracts/endpoints/pnr-import';
import { buyTicketExtras, EXTRAS_MSG, getTicketExtras } from '@tp/contracts/endpoints/ticket-extras';
import { failure, fakeApi } from '#test/fake-api.ts';
import { staffUser, testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { leg, ticket } from './test-fixtures.ts';

const booking = (): TBooking => {
  const { slug: _s, displayStatus: _d, ...b } = ticket();
  return {
    ...b,
    statusId: 3,
    status: 'Ticketed',
    segments: [[leg('DEL', 'BOM')]],
    user: { ...b.user, userType: 'travelAgent' },
  };
};

describe('PNR import', { timeout: 30_000 }, () => {
  it('finds the booking, shows what the supplier holds, then imports it', async () => {
    const api = fakeApi()
      .on(previewPnrImport, {
        pnr: 'QX7K2P',
        supplier: 'simulator',
        supplierBookingId: '4455667',
        airlineCode: '6E',
        airlineName: 'IndiGo',
        segments: [[leg('DEL', 'BOM')]],
        passengers: [{ name: 'Mr Ravi Kumar', paxType: 1, ticketNumber: '3121234567890' }],
        customer: { userId: 'u1', name: 'Asha Verma', email: 'asha@example.com', userType: 'travelAgent' },
        currency: 'INR',
        supplierFare: 5000,
        invoiceTotal: 5354,
        testInventory: true,
      })
      .on(importPnr, { bookingId: '100200', pnr: 'QX7K2P' });
    renderApp('/flights/import-pnr', { user: staffUser(), api });
    const form = await screen.findByRole('form', { name: 'Find the booking' });
    await userEvent.type(within(form).getByLabelText(/^PNR/), 'QX7K2P');
    await userEvent.type(within(form).getByLabelText(/Passenger last name/), 'Kumar');
    await userEvent.type(within(form).getByLabelText(/Customer's email/), 'asha@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Find booking' }));

    const preview = await screen.findByRole('region', { name: /PNR QX7K2P/ });
    expect(within(preview).getByRole('table', { name: 'Passengers' }).textContent).toContain('3121234567890');
    expect(within(preview).getByText(/Invoiced to the customer: ₹5,354.00/)).toBeTruthy();
    await userEvent.click(within(preview).getByRole('button', { name: 'Import booking' }));
    await waitFor(() =>
      expect(api.calls(importPnr)[0]?.input).toEqual({
        supplier: 'simulator',
        pnr: 'QX7K2P',
        lastName: 'Kumar',
        customerEmail: 'asha@example.com',
      }),
    );
    expect(await screen.findByText('PNR QX7K2P imported as booking 100200')).toBeTruthy();
  });

  it("says when the PNR is already a booking here, on the form's answer", async () => {
    const api = fakeApi().on(previewPnrImport, failure(409, PNR_IMPORT_MSG.alreadyImported));
    renderApp('/flights/import-pnr', { user: staffUser(), api });
    const form = await screen.findByRole('form', { name: 'Find the booking' });
    await userEvent.type(within(form).getByLabelText(/^PNR/), 'QX7K2P');
    await userEvent.type(within(form).getByLabelText(/Passenger last name/), 'Kumar');
    await userEvent.type(within(form).getByLabelText(/Customer's email/), 'asha@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Find booking' }));
    expect(await screen.findByText(PNR_IMPORT_MSG.alreadyImported)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import booking' })).toBeNull();
  });
});

describe('bags and seats after ticketing', { timeout: 30_000 }, () => {
  it('adds a chosen bag and pays it from the wallet', async () => {
    const api = fakeApi()
      .on(getBookingDetails, { booking: booking(), order: null, showReturn: false })
      .on(getTicketExtras, {
        offered: true,
        message: null,
        extras: [
          {
            extraId: 'B0.DEL-BOM.XBPA10',
            paxIndex: 0,
            passengerName: 'Mr Ravi Kumar',
            kind: 'baggage',
            segment: 'DEL-BOM',
            description: 'Extra baggage 10 kg',
            price: 5031,
            currency: 'INR',
          },
        ],
        purchases: [],
      })
      .on(buyTicketExtras, {
        orderId: 'X1',
        amount: 5031,
        currency: 'INR',
        traceId: '',
        redirectTo: null,
        remark: '',
        serviceName: 'extras',
        supplierSiteId: null,
        segments: [],
        transactionId: null,
        status: 'created',
        paymentMode: 'wallet',
        hold: false,
        expiresAt: '2027-01-01T00:00:00.000Z',
        bookingIds: [],
      })
      .on(orderSuccessCallback, { order: {} as never, bookings: [], next: 'ticketQueue' } as never);
    const b = booking();
    renderApp(`/flight/bookingDetails/S1?bookingId=${b.bookingId}`, {
      user: testUser({ userType: 'travelAgent' }),
      api,
    });
    const section = await screen.findByRole('region', { name: 'Bags and seats' });
    await userEvent.click(await within(section).findByRole('combobox', { name: /extra bag DEL-BOM/ }));
    await userEvent.click(await screen.findByRole('option', { name: /10 kg · ₹5,031.00/, hidden: true }));
    await userEvent.click(within(section).getByRole('button', { name: 'Add and pay from wallet' }));
    await waitFor(() =>
      expect(api.calls(buyTicketExtras)[0]?.input).toEqual({
        bookingId: b.bookingId,
        extraIds: ['B0.DEL-BOM.XBPA10'],
        expectedTotal: 5031,
      }),
    );
    await waitFor(() => expect(api.calls(orderSuccessCallback)[0]?.input).toEqual({ orderId: 'X1' }));
  });

  it("says the airline's no when it sells nothing after ticketing", async () => {
    const b = booking();
    const api = fakeApi()
      .on(getBookingDetails, { booking: b, order: null, showReturn: false })
      .on(getTicketExtras, { offered: false, message: EXTRAS_MSG.notOffered, extras: [], purchases: [] });
    renderApp(`/flight/bookingDetails/S1?bookingId=${b.bookingId}`, {
      user: testUser({ userType: 'travelAgent' }),
      api,
    });
    const section = await screen.findByRole('region', { name: 'Bags and seats' });
    expect(await within(section).findByText(EXTRAS_MSG.notOffered)).toBeTruthy();
  });
});
