import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeRequest, getCancellationCharges, getTickets } from '@tp/contracts/endpoints/tickets';
import { MSG } from '@tp/contracts/messages';
import { TICKET_MSG, type TTicketPage, type TTicketView } from '@tp/contracts/tickets';
import { fakeApi } from '#test/fake-api.ts';
import { testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

const leg = (from: string, to: string) => ({
  airlineName: 'IndiGo',
  airlineCode: '6E',
  flightNumber: '201',
  fareClass: 'Y',
  operatingCarrier: '6E',
  originAirportCode: from,
  originAirportName: from,
  originCityName: from,
  originCityCode: from,
  originCountryCode: 'IN',
  originTerminal: '1',
  destinationAirportCode: to,
  destinationAirportName: to,
  destinationCityName: to,
  destinationCityCode: to,
  destinationCountryCode: 'IN',
  destinationTerminal: '2',
  departureTime: '2026-12-01T06:00:00',
  arrivalTime: '2026-12-01T08:00:00',
  durationMinutes: 120,
  groundTimeMinutes: 0,
  tripIndicator: 1,
  flightStatus: 'Confirmed',
  baggage: '15 KG',
  cabinBaggage: '7 KG',
  stopPoint: '',
  stopPointArrivalTime: '',
  stopPointDepartureTime: '',
});
const pax = (i: number, firstName: string) => ({
  title: 'Mr' as const,
  firstName,
  lastName: 'Iyer',
  paxType: 1 as const,
  gender: 1 as const,
  isLeadPax: i === 0,
  paxIndex: i,
  ticket: { ticketId: `T${i}`, ticketNumber: `09800000${i}`, validatingAirline: '6E' },
  baggage: [],
  mealDynamic: [],
  seat: [],
  fare: { passengerType: 1, baseFare: 4000, tax: 1000, totalFare: 5000 },
});
const zeroFare = Object.fromEntries(
  ['baseFare', 'tax', 'yq', 'offeredOtherCharges', 'serviceFee', 'txnFee', 'publishedFare', 'offeredFare'].map((k) => [
    k,
    0,
  ]),
);
const ticket = (): TTicketView => ({
  bookingId: 'B1',
  pnr: 'PNR001',
  orderId: 'O1',
  searchId: 'S1',
  resultIndex: 'OB1',
  supplierBookingId: '123',
  source: 'GDS',
  supplier: 'simulator',
  isLcc: false,
  isRefundable: true,
  isDomestic: true,
  journeyType: 1,
  leg: 1,
  linkedBookingId: null,
  statusId: 3,
  status: 'Ticketed',
  lastTicketDate: null,
  airlineCode: '6E',
  airlineName: 'IndiGo',
  segments: [[leg('DEL', 'BOM'), leg('BOM', 'GOI')]],
  passengers: [pax(0, 'Aarav'), pax(1, 'Meera')],
  fare: {
    ...zeroFare,
    currency: 'INR',
    commissionEarned: 0,
    tds: 0,
    markup: 0,
    gstOnMarkup: 0,
    discount: 0,
    publishedPrice: 10000,
    totalFare: 10000,
    totalPayable: 10000,
    totalPayableAmt: 10000,
    baggagePrice: 0,
    mealPrice: 0,
    seatPrice: 0,
  } as TTicketView['fare'],
  fareRules: [{ origin: 'DEL', destination: 'GOI', airline: '6E', fareRuleDetail: 'Cancellation INR 3000' }],
  agentMarkup: 0,
  agentDiscount: 0,
  accounting: {
    amountCharged: 10000,
    currency: 'INR',
    paymentMode: 'wallet',
    transactionId: null,
    legalEntityId: 'le-1',
    refundedAmount: 0,
  },
  user: { userId: 'user-1', email: 'asha@example.com', firstName: 'Asha', lastName: 'Rao', userType: 'retail' },
  ticketCRInfo: [],
  supplierChangeReqStatus: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  travelDate: '2026-12-01T06:00:00',
  invoiceCreatedOn: null,
  slug: btoa('B1___PNR001'),
  displayStatus: 'Ticketed',
});
const page = (records: TTicketView[]): TTicketPage => ({
  records,
  totalRecords: records.length,
  totalPages: 1,
  page: 1,
});

describe('ticket queue', { timeout: 20_000 }, () => {
  it('shows the empty state with a Book a Flight link', async () => {
    const api = fakeApi().on(getTickets, page([]));
    renderApp('/flight/ticketQueue', { user: testUser(), api });
    await screen.findByText(TICKET_MSG.noTickets);
    expect(screen.getByRole('link', { name: 'Book a Flight' }).getAttribute('href')).toBe('/flight/search');
    expect(api.calls(getTickets)[0]!.input).toMatchObject({ queue: 'tickets', sort: 'BD', page: 1 });
  });

  it('sends a refund from the Change Request dialog after the charges', async () => {
    const api = fakeApi()
      .on(getTickets, page([ticket()]))
      .on(getCancellationCharges, { refundAmount: 7000, cancellationCharge: 3000, currency: 'INR' })
      .on(changeRequest, (input) => ({
        booking: ticket(),
        changeRequests: [
          {
            changeRequestId: 'CR1',
            ticketId: null,
            requestType: input.RequestType,
            status: 'Unassigned',
            remarks: input.Remarks,
            createdAt: '',
          },
        ],
      }));
    renderApp('/flight/ticketQueue', { user: testUser(), api });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const card = await screen.findByRole('article', { name: 'Booking PNR001' });
    // Retail creators are highlighted.
    expect(within(card).getByText('Retail')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Cancel Seats' }));
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    const send = dialog.getByRole('button', { name: 'Send', hidden: true });
    expect((send as HTMLButtonElement).disabled).toBe(true);

    await user.click(dialog.getByRole('combobox', { name: /Request type/, hidden: true }));
    await user.click(await screen.findByRole('option', { name: 'Refund', hidden: true }));
    for (const name of ['DEL → BOM', 'BOM → GOI', 'Aarav Iyer', 'Meera Iyer']) {
      const box = dialog.getByRole('checkbox', { name, hidden: true }) as HTMLInputElement;
      expect(box.checked).toBe(true);
      expect(box.disabled).toBe(true);
    }
    await user.click(dialog.getByRole('checkbox', { name: /cancellation policy/, hidden: true }));
    expect((send as HTMLButtonElement).disabled).toBe(false);
    await user.click(send);
    expect(await dialog.findByText(MSG.required)).toBeTruthy();
    expect(api.calls(getCancellationCharges)).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: /Remarks/, hidden: true }), 'Plans changed');
    await user.click(send);
    await dialog.findByText('Cancellation charge: INR 3000.00');
    await user.click(dialog.getByRole('button', { name: 'Accept and Send Cancellation Request', hidden: true }));
    await waitFor(() => expect(api.calls(changeRequest)).toHaveLength(1));
    expect(api.calls(changeRequest)[0]!.input).toEqual({
      BookingId: 'B1',
      RequestType: 1,
      CancellationType: 3,
      Remarks: 'Plans changed',
    });
  });
});
