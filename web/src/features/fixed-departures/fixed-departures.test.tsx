import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  FD_TEXT,
  bookFixedDeparture,
  listFixedDepartures,
  printFixedDeparture,
  quoteFixedDeparture,
  saveFixedDeparture,
  searchFixedDepartures,
  type TFdFlight,
  type TFdOffer,
  type TStaffDeparture,
} from '@tp/contracts/endpoints/fixed-departures';
import { orderSuccessCallback } from '@tp/contracts/endpoints/flights';
import { FD_MSG } from '@tp/domain/fixed-departures';
import { formatMoney } from '#shared/format.ts';
import { failure, fakeApi } from '#test/fake-api.ts';
import { staffUser, testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

const FLIGHT: TFdFlight = {
  airlineCode: '6E',
  airlineName: 'IndiGo',
  flightNumber: '1461',
  origin: 'DEL',
  originName: 'Indira Gandhi International Airport',
  originCity: 'Delhi',
  destination: 'DXB',
  destinationName: 'Dubai International Airport',
  destinationCity: 'Dubai',
  departureTime: '2027-01-10T04:40',
  arrivalTime: '2027-01-10T06:55',
  durationMinutes: 225,
  originTerminal: '3',
  destinationTerminal: '1',
  baggage: '30 Kg',
  cabinBaggage: '7 Kg',
};

const OFFER: TFdOffer = {
  id: 'fd1',
  supplierSiteId: null,
  title: 'Dubai Shopping Festival',
  sector: 'DEL-DXB',
  flights: [FLIGHT],
  seatsLeft: 4,
  currency: 'INR',
  prices: { adult: 17_600, child: 16_600, infant: 3_150 },
  isRefundable: false,
  isPassportRequired: false,
  saleUntil: '2027-01-07',
};

const DEPARTURE: TStaffDeparture = {
  id: 'fd1',
  version: 2,
  title: 'Dubai Shopping Festival',
  pnr: 'K7QWZ2',
  flights: [FLIGHT],
  totalSeats: 30,
  seatsLeft: 26,
  fares: {
    adult: { baseFare: 13_250, tax: 3_950 },
    child: { baseFare: 12_250, tax: 3_950 },
    infant: { baseFare: 2_500, tax: 650 },
  },
  currency: 'INR',
  saleFrom: '2026-11-16',
  saleUntil: '2027-01-07',
  isRefundable: false,
  isActive: true,
  onSale: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const WAIT = { timeout: 10_000 };
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

describe('fixed departures', { timeout: 60_000 }, () => {
  it('lists what is on sale with the server prices and books it from the wallet', async () => {
    const api = fakeApi();
    api.on(searchFixedDepartures, { records: [OFFER], nextCursor: null });
    api.on(quoteFixedDeparture, (i) => ({
      offer: OFFER,
      fare: { currency: 'INR' } as never,
      fareBreakdown: [],
      total: 17_600 * Number(i.adults),
    }));
    api.on(bookFixedDeparture, { orderId: 'o1', amount: 17_600, paymentMode: 'wallet' } as never);
    api.on(orderSuccessCallback, {
      order: { orderId: 'o1' } as never,
      bookings: [{ bookingId: '100123', pnr: 'ABC234', supplierBookingId: 'slug-1' } as never],
      next: 'ticketQueue',
    });
    renderApp('/fixed-departures', { user: testUser({ userType: 'travelAgent', email: 'agent@example.com' }), api });
    const card = await screen.findByRole('article', { name: 'Dubai Shopping Festival' }, WAIT);
    expect(within(card).getByText('4 seats left')).toBeTruthy();
    expect(within(card).getByText(formatMoney(17_600))).toBeTruthy();
    const u = user();
    await u.click(within(card).getByRole('button', { name: 'Book' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await within(dialog).findByRole('button', { name: `Pay ${formatMoney(17_600)}` }, WAIT);

    // The form's own checks first: nothing is sent while a required field is empty.
    await u.click(within(dialog).getByRole('button', { name: `Pay ${formatMoney(17_600)}` }));
    expect(api.calls(bookFixedDeparture)).toHaveLength(0);

    const pax = within(dialog).getByRole('group', { name: 'Adult 1 (lead passenger)' });
    await u.click(within(pax).getByLabelText(/^Title/));
    await u.click(await screen.findByRole('option', { name: 'Mr', hidden: true }, WAIT));
    await u.type(within(pax).getByLabelText(/^First name/), 'Ravi');
    await u.type(within(pax).getByLabelText(/^Last name/), 'Kumar');
    await u.click(within(pax).getByLabelText(/^Gender/));
    await u.click(await screen.findByRole('option', { name: 'Male', hidden: true }, WAIT));
    await u.type(within(pax).getByRole('textbox', { name: /^Mobile number/ }), '9876543210');
    await u.click(within(dialog).getByRole('button', { name: `Pay ${formatMoney(17_600)}` }));

    await within(dialog).findByText(/Booking 100123, reference ABC234/, {}, WAIT);
    const sent = api.calls(bookFixedDeparture)[0]!.input;
    expect(sent).toMatchObject({ id: 'fd1', paymentMode: 'wallet', expectedTotal: 17_600 });
    expect(sent.passengers).toEqual([
      expect.objectContaining({ firstName: 'Ravi', lastName: 'Kumar', isLeadPax: true, email: 'agent@example.com' }),
    ]);
    expect(within(dialog).getByRole('link', { name: 'Print' }).getAttribute('href')).toContain(
      '/flight/fixedDeparture/print/slug-1',
    );
  });

  it('shows the empty state', async () => {
    const api = fakeApi();
    api.on(searchFixedDepartures, { records: [], nextCursor: null });
    renderApp('/fixed-departures', { user: testUser({ userType: 'travelAgent' }), api });
    expect(await screen.findByText('No Reults found!', {}, WAIT)).toBeTruthy();
  });

  it('lets staff add a departure, with the server field errors on the form', async () => {
    const api = fakeApi();
    api.on(listFixedDepartures, { records: [DEPARTURE], nextCursor: null });
    api.on(
      saveFixedDeparture,
      failure(400, FD_MSG.saleAfterDeparture, { shortError: { saleUntil: FD_MSG.saleAfterDeparture } }),
    );
    renderApp('/staff/fixed-departures', { user: staffUser(), api });
    const table = await screen.findByRole('table', { name: 'Fixed departures' }, WAIT);
    expect(within(table).getByText('26 / 30')).toBeTruthy();
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Add fixed departure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add fixed departure' });
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The contract's schema speaks first: required fields, no call.
    expect(api.calls(saveFixedDeparture)).toHaveLength(0);
    expect(within(dialog).getAllByText('This is required field.').length).toBeGreaterThan(0);
  });

  it('prints a booking without prices for a visitor, and says when a link is not valid', async () => {
    const api = fakeApi();
    // The fake API matches concrete paths: the print's `{fdSlug}` is filled in.
    api.on({ ...printFixedDeparture, path: 'fixedDeparture/print/good' } as typeof printFixedDeparture, {
      title: 'Dubai Shopping Festival',
      showPrice: false,
      site: {
        companyName: 'Test Travels',
        logoUrl: null,
        adminEmail: 'desk@test.example',
        adminContact: '+91 98',
      },
      booking: {
        bookingId: '100123',
        pnr: 'ABC234',
        status: 'Confirmed',
        createdAt: '2026-11-23T10:00:00.000Z',
        isRefundable: false,
        isDomestic: false,
        fare: { currency: 'INR', totalPayable: 0 },
        segments: [
          [
            {
              ...FLIGHT,
              originAirportCode: 'DEL',
              destinationAirportCode: 'DXB',
              originCityName: 'Delhi',
              destinationCityName: 'Dubai',
              departureTime: '2027-01-10T04:40:00',
              arrivalTime: '2027-01-10T06:55:00',
            },
          ],
        ],
        passengers: [{ title: 'Mr', firstName: 'Ravi', lastName: 'Kumar', paxType: 1, fare: { totalFare: 0 } }],
      } as never,
    });
    const first = renderApp('/flight/fixedDeparture/print/good', { api });
    expect(await screen.findByRole('article', { name: 'Fixed-departure booking' }, WAIT)).toBeTruthy();
    expect(screen.getByText('ABC234')).toBeTruthy();
    expect(screen.getByText('Mr Ravi Kumar')).toBeTruthy();
    expect(screen.queryByText('Total paid')).toBeNull();
    first.unmount();
    renderApp('/flight/fixedDeparture/print/nope', { api });
    await waitFor(() => expect(screen.getByText(FD_TEXT.printNotFound)).toBeTruthy(), WAIT);
  });
});
