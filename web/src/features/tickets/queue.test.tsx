import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderSuccessCallback, SUPPLY_MSG } from '@tp/contracts/endpoints/flights';
import {
  acceptChangeRequest,
  approveChangeRequestRefund,
  changeRequest,
  getCancellationCharges,
  getTickets,
  releaseFlight,
  TICKET_MSG,
  ticketHeldBooking,
  type TTicketView,
} from '@tp/contracts/endpoints/tickets';
import * as MSG from '@tp/contracts/messages';
import { bookingRefundBreakdown } from '@tp/domain/refund';
import { failure, fakeApi } from '#test/fake-api.ts';
import { staffUser, testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { leg, page, ticket } from './test-fixtures.ts';

describe('ticket queue', { timeout: 20_000 }, () => {
  it('shows the empty state with a Book a Flight link', async () => {
    const api = fakeApi().on(getTickets, page([]));
    renderApp('/flight/ticketQueue', { user: testUser(), api });
    await screen.findByText(TICKET_MSG.noTickets);
    expect(screen.getByRole('link', { name: 'Book a Flight' }).getAttribute('href')).toBe('/flight/search');
    expect(api.calls(getTickets)[0]!.input).toMatchObject({ queue: 'tickets', sort: 'BD', page: 1 });
  });

  it('pages a staff queue by the cursor each answer names, and shows no total a filter has not counted', async () => {
    const api = fakeApi().on(getTickets, (input) =>
      input.cursor === 'after-1'
        ? { ...page([{ ...ticket(), bookingId: 'B2', pnr: 'PNR002' }]), page: 2, totalPages: 2, nextCursor: null }
        : { ...page([ticket()]), totalRecords: 2, totalPages: 2, nextCursor: 'after-1', totalKnown: false },
    );
    renderApp('/flights/ticketQueue', { user: staffUser(), api });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    await screen.findByRole('article', { name: 'Booking PNR001' });
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('article', { name: 'Booking PNR002' });
    expect(api.calls(getTickets).at(-1)!.input).toMatchObject({ page: 2, cursor: 'after-1' });
  });

  it('sends a refund from the Change Request dialog after the charges', async () => {
    const api = fakeApi()
      .on(getTickets, page([ticket()]))
      .on(getCancellationCharges, {
        refundAmount: 7000,
        cancellationCharge: 3000,
        currency: 'INR',
        breakdown: bookingRefundBreakdown(ticket(), null, { charge: 3000, refund: 7000 }, 'Flight Deals'),
      })
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
    // The charges step takes what was paid apart: charge, kept, refund, where it goes.
    const table = within(await dialog.findByRole('table', { name: 'Cancellation charges and refund', hidden: true }));
    const row = (label: string) => table.getByRole('row', { name: new RegExp(`^${label}`), hidden: true });
    expect(row('Airline cancellation charge').textContent).toContain('₹3,000.00');
    expect(row('Refund ').textContent).toContain('₹7,000.00');
    expect(row('You paid').textContent).toContain('₹');
    expect(dialog.getByText(/Credited to your wallet/)).toBeTruthy();
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

describe('ticket card formats', { timeout: 20_000 }, () => {
  it('labels statuses (never a raw code) and shows money and dates in the one format', async () => {
    const changing: TTicketView = {
      ...ticket(),
      statusId: 5,
      status: 'ChangeRequested',
      displayStatus: 'ChangeRequested',
      ticketCRInfo: [
        {
          changeRequestId: 'CR1',
          ticketId: 'T0',
          requestType: 1,
          status: 'PARTIALLYCANCELLED',
          remarks: '',
          createdAt: '2026-11-02T10:00:00.000Z',
        },
      ],
    };
    const api = fakeApi().on(getTickets, page([changing]));
    renderApp('/flight/ticketQueue', { user: testUser(), api });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const card = within(await screen.findByRole('article', { name: 'Booking PNR001' }));
    expect(card.getByText('Change requested')).toBeTruthy();
    expect(card.queryByText(/ChangeRequested|CHANGEREQUESTED/)).toBeNull();
    expect(card.getByText('₹10,000.00')).toBeTruthy();
    // Booked at 10:00 UTC is 15:30 in India; the flight's own time is airport-local as stored.
    expect(card.getByText(/^Booked 01 Nov 2026, 15:30 by$/)).toBeTruthy();
    expect(card.getByText(/· 01 Dec 2026, 06:00 ·/)).toBeTruthy();
    await user.click(card.getByRole('button', { name: 'Open' }));
    expect(await card.findByText('CR1: Partially cancelled')).toBeTruthy();
  });
});

describe('test inventory', { timeout: 20_000 }, () => {
  it("marks the simulator's bookings from their data, and no other", async () => {
    const simulated: TTicketView = { ...ticket(), testInventory: true };
    const real: TTicketView = { ...ticket(), bookingId: 'B2', pnr: 'PNR002', supplier: 'tbo' };
    const api = fakeApi().on(getTickets, page([simulated, real]));
    renderApp('/flight/ticketQueue', { user: testUser(), api });
    const marked = within(await screen.findByRole('article', { name: 'Booking PNR001' }));
    expect(marked.getByText(SUPPLY_MSG.testInventory)).toBeTruthy();
    const other = within(screen.getByRole('article', { name: 'Booking PNR002' }));
    expect(other.queryByText(SUPPLY_MSG.testInventory)).toBeNull();
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
    expect(dialog.getByText(/^Amount to pay:/).textContent).toBe('Amount to pay: ₹10,000.00');
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

describe("agent's own queue: held fares", { timeout: 20_000 }, () => {
  const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
  const held = (): TTicketView => ({
    ...ticket(),
    statusId: 1,
    status: 'Held',
    displayStatus: 'Held',
    lastTicketDate: inHours(5),
    accounting: { ...ticket().accounting, amountCharged: 0 },
    fare: { ...ticket().fare, totalPayableAmt: 8444 },
    passengers: ticket().passengers.map((p) => ({ ...p, ticket: null })),
    user: { ...ticket().user, userType: 'travelAgent' },
  });

  it('finds holds under the Held status, with the held amount, a countdown, and Release after a confirmation', async () => {
    const api = fakeApi()
      .on(getTickets, (input) =>
        page(
          input.status === 'held' ? [held()] : [{ ...ticket(), segments: [[leg('DEL', 'BOM')], [leg('BOM', 'GOI')]] }],
        ),
      )
      .on(releaseFlight, { ...held(), statusId: 6, status: 'Released', displayStatus: 'Released' });
    renderApp('/flight/ticketQueue', { user: testUser({ userType: 'travelAgent' }), api });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    // A multi-city booking reads the route of every trip, not first origin → last destination (DEL → DEL).
    const ticketed = await screen.findByRole('article', { name: 'Booking PNR001' });
    expect(within(ticketed).getByText(/IndiGo · DEL → BOM → GOI ·/)).toBeTruthy();

    await user.click(screen.getAllByRole('combobox', { name: 'Status' })[0]!);
    await user.click(await screen.findByRole('option', { name: 'Held', hidden: true }));
    await user.click(screen.getAllByRole('button', { name: 'Apply' })[0]!);
    await waitFor(() => expect(api.calls(getTickets).at(-1)!.input).toMatchObject({ status: 'held', sort: 'LT' }));
    const card = await screen.findByRole('article', { name: 'Booking PNR001' });
    await within(card).findByText(/^Held amount/);
    // What Ticket now will charge, not the nothing charged so far.
    expect(within(card).getByText(/^Held amount/).textContent).toBe('Held amount ₹8,444.00');
    expect(within(card).getByRole('timer').textContent).toMatch(/^Ticket within 4 h 5\d m \(by /);
    expect(within(card).getByRole('button', { name: 'Ticket now' })).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Release' }));
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    await user.click(dialog.getByRole('button', { name: 'Keep the hold', hidden: true }));
    expect(api.calls(releaseFlight)).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'Release' }));
    const again = within(await screen.findByRole('dialog', { hidden: true }));
    await user.click(again.getByRole('button', { name: 'Release booking', hidden: true }));
    await waitFor(() => expect(api.calls(releaseFlight)).toHaveLength(1));
    expect(api.calls(releaseFlight)[0]!.input).toEqual({ BookingId: 'B1', Source: 'GDS' });
  });

  it('opens the hold queue most urgent first', async () => {
    const api = fakeApi().on(getTickets, page([held()]));
    renderApp('/flights/holdQueue', { user: testUser({ userType: 'staff', isUserSuperAdmin: true }), api });
    await screen.findByRole('article', { name: 'Booking PNR001' });
    expect(api.calls(getTickets)[0]!.input).toMatchObject({ queue: 'holds', sort: 'LT' });
  });

  it("staff process a change request from the queue: accept, then approve the outcome's refund", async () => {
    const cr = {
      changeRequestId: 'CR9',
      ticketId: null,
      requestType: 1,
      status: 'Unassigned',
      remarks: 'Plans changed',
      createdAt: '2026-01-01T00:00:00Z',
    };
    const requested = { ...ticket(), statusId: 5, displayStatus: 'ChangeRequested', ticketCRInfo: [cr] };
    const outcome = {
      cancellationCharge: 3000,
      refundAmount: 7000,
      newTicketNumbers: [],
      recordedBy: 'Asha Admin',
      recordedAt: '2026-01-01T01:00:00Z',
    };
    const accepted = { ...requested, ticketCRInfo: [{ ...cr, status: 'Pending', acceptedBy: 'Asha Admin', outcome }] };
    let current: TTicketView = requested;
    const api = fakeApi()
      .on(getTickets, () => page([current]))
      .on(acceptChangeRequest, () => {
        current = accepted;
        return { ...accepted.ticketCRInfo[0]!, bookingId: 'B1', displayStatus: 'ChangeRequested' };
      })
      .on(approveChangeRequestRefund, () => ({
        ...cr,
        status: 'Completed',
        bookingId: 'B1',
        displayStatus: 'Cancelled',
      }));
    renderApp('/flights/changeRequestQueue', { user: staffUser(), api });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const card = await screen.findByRole('article', { name: 'Booking PNR001' });
    await user.click(within(card).getByRole('button', { name: 'Accept change request CR9' }));
    await waitFor(() =>
      expect(api.calls(acceptChangeRequest)[0]!.input).toEqual({ BookingId: 'B1', ChangeRequestId: 'CR9' }),
    );
    await user.click(await within(card).findByRole('button', { name: 'Approve refund of change request CR9' }));
    const dialog = within(await screen.findByRole('dialog', { hidden: true }));
    // The breakdown of the recorded outcome, and the amount it credits, is what is approved.
    const refund = bookingRefundBreakdown(accepted, null, { charge: 3000, refund: 7000 }, 'Flight Deals').refund;
    await user.click(dialog.getByRole('button', { name: /^Approve and credit/, hidden: true }));
    await waitFor(() =>
      expect(api.calls(approveChangeRequestRefund)[0]!.input).toEqual({
        BookingId: 'B1',
        ChangeRequestId: 'CR9',
        Amount: refund,
      }),
    );
  });

  it('offers no processing step to staff without flights.processChangeRequests, nor to customers', async () => {
    const cr = {
      changeRequestId: 'CR9',
      ticketId: null,
      requestType: 1,
      status: 'Unassigned',
      remarks: 'x',
      createdAt: '',
    };
    const requested = { ...ticket(), statusId: 5, displayStatus: 'ChangeRequested', ticketCRInfo: [cr] };
    const api = fakeApi().on(getTickets, page([requested]));
    renderApp('/flights/changeRequestQueue', { user: staffUser(), api, permissions: ['flights.changeRequests'] });
    const card = await screen.findByRole('article', { name: 'Booking PNR001' });
    expect(within(card).queryByRole('button', { name: /^Accept change request/ })).toBeNull();
  });
});
