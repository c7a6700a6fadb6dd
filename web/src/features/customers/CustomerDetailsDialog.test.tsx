import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getCustomerMonthlyFlightDetails,
  getUserById,
  setFlightHoldSettingForUser,
  setFlightSearchSettingForUser,
  toggleBlock,
} from '@tp/contracts/endpoints/customers';
import * as MSG from '@tp/contracts/messages';
import { failure, fakeApi, reply } from '#test/fake-api.ts';
import { staffUser } from '#test/fixtures.ts';
import { renderWithProviders } from '#test/render.tsx';
import { CustomerDetailsDialog } from './CustomerDetailsDialog.tsx';
import { customer } from './test-fixtures.ts';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
}

function openDialog(api = fakeApi()) {
  if (!api.answers(getUserById)) api.on(getUserById, customer());
  if (!api.answers(getCustomerMonthlyFlightDetails))
    api.on(getCustomerMonthlyFlightDetails, [
      { month_year: '03-2025', look_count: 42, book_count: 3 },
      { month_year: '02-2025', look_count: 7, book_count: 0 },
    ]);
  renderWithProviders(<CustomerDetailsDialog customer={customer()} onClose={() => undefined} />, {
    user: staffUser(),
    api,
  });
  return api;
}

const switchNamed = (name: string) => screen.getByRole('switch', { name, hidden: true }) as HTMLInputElement;

describe('customer details dialog', { timeout: 20_000 }, () => {
  it('changes the flight hold switch only after the server reports success, with a loader meanwhile', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const server = gate();
    let stored = customer();
    const api = fakeApi()
      .on(getUserById, () => stored)
      .on(setFlightHoldSettingForUser, async (input) => {
        await server.opened;
        stored = customer({ isFlightHoldAllowed: input.isFlightHold });
        return reply(200, { success: true, message: MSG.settingSaved, result: stored });
      });
    openDialog(api);
    const hold = await screen.findByRole('switch', { name: 'Flight hold allowed', hidden: true });
    await user.click(hold);
    await waitFor(() => expect(api.calls(setFlightHoldSettingForUser)).toHaveLength(1));
    expect(api.calls(setFlightHoldSettingForUser)[0]?.input).toEqual({ userId: 'u-asha', isFlightHold: true });
    expect(switchNamed('Flight hold allowed').checked).toBe(false);
    expect(switchNamed('Flight hold allowed').getAttribute('aria-busy')).toBe('true');
    server.open();
    await waitFor(() => expect(switchNamed('Flight hold allowed').checked).toBe(true));
    expect(await screen.findByText(MSG.settingSaved)).toBeTruthy();
    expect(switchNamed('Flight hold allowed').getAttribute('aria-busy')).toBeNull();
  });

  it('leaves the flight search switch as it was when the server refuses', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const api = fakeApi().on(setFlightSearchSettingForUser, failure(500, MSG.someError));
    openDialog(api);
    const search = (await screen.findByRole('switch', {
      name: 'Flight search allowed',
      hidden: true,
    })) as HTMLInputElement;
    expect(search.checked).toBe(true);
    await user.click(search);
    expect(await screen.findByText(MSG.someError)).toBeTruthy();
    await waitFor(() => expect(switchNamed('Flight search allowed').getAttribute('aria-busy')).toBeNull());
    expect(switchNamed('Flight search allowed').checked).toBe(true);
  });

  it('blocks and unblocks with the server messages', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    // The dialog reads the customer again as it opens: the fake server keeps what the block call changed.
    let stored = customer();
    const api = fakeApi()
      .on(getUserById, () => stored)
      .on(toggleBlock, (input) => {
        stored = customer({ isBlocked: input.isBlocked });
        return reply(200, {
          success: true,
          message: input.isBlocked ? MSG.customerBlocked : MSG.customerUnblocked,
          result: stored,
        });
      });
    openDialog(api);
    await user.click(await screen.findByRole('switch', { name: 'Blocked', hidden: true }));
    expect(await screen.findByText(MSG.customerBlocked)).toBeTruthy();
    await waitFor(() => expect(switchNamed('Blocked').checked).toBe(true));
    expect(api.calls(toggleBlock)[0]?.input).toEqual({ customerId: 101, isBlocked: true });
    await user.click(switchNamed('Blocked'));
    expect(await screen.findByText(MSG.customerUnblocked)).toBeTruthy();
    await waitFor(() => expect(switchNamed('Blocked').checked).toBe(false));
  });

  it('shows the monthly searches and bookings', async () => {
    openDialog();
    const table = await screen.findByRole('table', { name: 'Monthly searches and bookings', hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows.map((r) => r.textContent)).toEqual(['MonthSearchesBookings', 'Mar 2025423', 'Feb 202570']);
  });

  it('opens Change Details from the dialog', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    openDialog();
    await user.click(await screen.findByRole('button', { name: 'Change Details', hidden: true }));
    expect(await screen.findByRole('form', { name: 'Change Details', hidden: true })).toBeTruthy();
  });
});
