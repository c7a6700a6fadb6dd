import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderSuccessCallback } from '@tp/contracts/endpoints/flights';
import { changeRequest, getCancellationCharges, getTickets, ticketHeldBooking } from '@tp/contracts/endpoints/tickets';
import { MSG } from '@tp/contracts/messages';
import { TICKET_MSG, type TTicketPage, type TTicketView } from '@tp/contracts/tickets';
import { failure, fakeApi } from '#test/fake-api.ts';
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

describe('hold queue: Ticket now', { timeout: 20_000 }, () => {
  const held = (userType: string): TTicketView => ({
    ...ticket(),
    statusId: 1,
    status: 'Held',
    displayStatus: 'Held',
    lastTicketDate: '2026-11-30T18:00:00',
    accounting: { ...ticket().accounting, amountCharged: 0 },
    passengers: ticket().passengers.map((p) => ({ ...p, ticket: null })),
    user: { ...ticket().user, userType },
  });
  const order = (paymentMode: 'wallet' | 'gateway') => ({
    orderId: 'ORD-T1',
    amount: 10000,
    currency: 'INR',
    traceId: 'S1',
    redirectTo: paymentMode === 'gateway' ? '/app/sandbox-gateway/P123' : null,
    remark: 'Ticketing of PNR PNR001',
    serviceName: 'flight',
    supplierSiteId: null,
    segments: [],
    transactionId: null,
    status: 'created' as const,
    paymentMode,
    hold: false,
    expiresAt: '2026-11-30T18:00:00.000Z',
    bookingIds: [],
  });
  const staff = () => testUser({ userType: 'staff', isUserSuperAdmin: true });

  it('confirms the amount, pays from the wallet, then refreshes the queue', async () => {
    let ticketed = false;
    const api = fakeApi()
      .on(getTickets, () => page(ticketed ? [] : [held('travelAgent')]))
      .on(ticketHeldBooking, order('wallet'))
      .on(orderSuccessCallback, () => {
        ticketed = true;
        return { order: { ...order('wallet'), status: 'booked' as const }, bookings: [], next: 'ticketQueue' as const };
      });
    renderApp('/flights/holdQueue', { user: staff(), api });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const card = await screen.findByRole('article', { name: 'Booking PNR001' });
    expect(within(card).getByRole('button', { name: 'Release' })).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Ticket now' }));
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    expect(dialog.getByText(/^Amount to pay:/).textContent).toBe('Amount to pay: INR 10000.00');
    expect(api.calls(ticketHeldBooking)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Confirm and ticket', hidden: true }));
    await waitFor(() => expect(api.calls(orderSuccessCallback)).toHaveLength(1));
    expect(api.calls(ticketHeldBooking)[0]!.input).toEqual({ BookingId: 'B1', expectedTotal: 10000 });
    expect(api.calls(orderSuccessCallback)[0]!.input).toEqual({ orderId: 'ORD-T1' });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Booking PNR001' })).toBeNull());
  });

  it("sends a retail customer's hold to the gateway", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = fakeApi()
      .on(getTickets, page([held('retail')]))
      .on(ticketHeldBooking, order('gateway'));
    renderApp('/flights/holdQueue', { user: staff(), api });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const card = await screen.findByRole('article', { name: 'Booking PNR001' });
    await user.click(within(card).getByRole('button', { name: 'Ticket now' }));
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    await user.click(dialog.getByRole('button', { name: 'Pay and ticket', hidden: true }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/app/sandbox-gateway/P123'));
    expect(api.calls(orderSuccessCallback)).toHaveLength(0);
    vi.unstubAllGlobals();
  });

  it('says why when the wallet is short, and stays on the queue', async () => {
    const api = fakeApi()
      .on(getTickets, page([held('travelAgent')]))
      .on(ticketHeldBooking, order('wallet'))
      .on(
        orderSuccessCallback,
        failure(402, 'Insufficient wallet balance. Please add money to your wallet or pay online.'),
      );
    renderApp('/flights/holdQueue', { user: staff(), api });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const card = await screen.findByRole('article', { name: 'Booking PNR001' });
    await user.click(within(card).getByRole('button', { name: 'Ticket now' }));
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    await user.click(dialog.getByRole('button', { name: 'Confirm and ticket', hidden: true }));
    expect(await screen.findByText(/Insufficient wallet balance/)).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Booking PNR001' })).toBeTruthy();
  });
});
