import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCustomer } from '@tp/contracts/endpoints/customers';
import { getCustomers, searchWlUser, toggleFlightSearchExemption } from '@tp/contracts/endpoints/customers';
import * as MSG from '@tp/contracts/messages';
import { TIMING } from '@tp/contracts/platform';
import type { TSiteDetails } from '@tp/contracts/endpoints/site';
import type { TUser } from '@tp/contracts/endpoints/users';
import { fakeApi, reply, type FakeApi } from '#test/fake-api.ts';
import { staffUser, testSite } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { agent, customer, page, staffMember } from './test-fixtures.ts';

function openScreen({
  records = [customer(), agent(), staffMember()],
  totalPages = 1,
  user = staffUser(),
  site = testSite(),
  api = fakeApi(),
  path = '/staff/customers',
}: {
  records?: TCustomer[];
  totalPages?: number;
  user?: TUser;
  site?: TSiteDetails;
  api?: FakeApi;
  path?: string;
} = {}) {
  if (!api.answers(getCustomers)) api.on(getCustomers, page(records, records.length * totalPages, totalPages));
  return renderApp(path, { user, site, api });
}

const table = () => screen.findByRole('table', { name: 'Site customers' });
const row = (name: RegExp) => screen.getByRole('row', { name });

async function openActions(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  // The dropdown is still in its opening transition (hidden to the accessibility tree) in happy-dom.
  return screen.findByRole('menu', { hidden: true });
}

describe('staff customer screen', { timeout: 20_000 }, () => {
  it('shows the title, the buttons, both tabs and the total', async () => {
    const { api } = openScreen({ records: [customer(), agent()], totalPages: 3 });
    await table();
    expect(screen.getByRole('heading', { name: 'Customers' })).toBeTruthy();
    for (const name of ['Markup Groups', 'API Customer Requests'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Site Customers', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Api Consumers' })).toBeTruthy();
    expect(screen.getByText('Total customers: 6')).toBeTruthy();
    expect(api.calls(getCustomers)[0]?.input).toEqual({ staffId: 'staff-1', page: 1 });
  });

  it('is the same screen at /staff', async () => {
    openScreen({ path: '/staff' });
    expect(await table()).toBeTruthy();
  });

  it('renders each row: name or company with id, group or Default Group Applicable, type, badges, phone, date', async () => {
    openScreen({
      records: [customer({ isBlocked: true, flightLookToBook: { is_exempted: true } }), agent(), staffMember()],
    });
    await table();
    const arjun = within(row(/Mehta Tours/));
    expect(arjun.getByText('Arjun Mehta')).toBeTruthy();
    expect(arjun.getByText('#102')).toBeTruthy();
    expect(arjun.getByText(MSG.defaultGroupApplicable)).toBeTruthy();
    expect(arjun.getByText('Travel Agent (B2B)')).toBeTruthy();
    expect(arjun.getByText('arjun@example.com')).toBeTruthy();
    expect(arjun.getByText('+91 9810000003')).toBeTruthy();
    expect(arjun.getByText('Not Verified')).toBeTruthy();
    expect(arjun.queryByText('Exempted')).toBeNull();
    expect(arjun.queryByText('Blocked')).toBeNull();

    const asha = within(row(/Asha Rao/));
    expect(asha.getByText('Retail Saver')).toBeTruthy();
    expect(asha.getByText('Retail (B2C)')).toBeTruthy();
    expect(asha.getByText('Verified')).toBeTruthy();
    expect(asha.getByText('Exempted')).toBeTruthy();
    expect(asha.getByText('Blocked')).toBeTruthy();
    expect(asha.getByText('05 Mar 2025')).toBeTruthy();

    expect(within(row(/Sameer Staff/)).getByText('Ticketing desk')).toBeTruthy();
  });

  it("says 'No Reults found!' when there is nobody", async () => {
    openScreen({ records: [] });
    expect(await screen.findByText(MSG.noResults)).toBeTruthy();
  });

  it('asks the server for page 2', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const { api } = openScreen({ records: [customer()], totalPages: 3 });
    await table();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.calls(getCustomers).at(-1)?.input).toEqual({ staffId: 'staff-1', page: 2 }));
  });

  it('searches once, 400 ms after the last keystroke', async () => {
    const api = fakeApi().on(searchWlUser, [agent()]);
    openScreen({ api });
    await table();
    const box = screen.getByRole('searchbox', { name: 'Search customers' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const text of ['m', 'me', 'meh', 'meht']) {
      fireEvent.change(box, { target: { value: text } });
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    fireEvent.change(box, { target: { value: 'mehta' } });
    await act(() => vi.advanceTimersByTimeAsync(TIMING.userSearchDebounceMs - 1));
    expect(api.calls(searchWlUser)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(api.calls(searchWlUser)).toHaveLength(1));
    expect(api.calls(searchWlUser)[0]?.input).toEqual({ searchQuery: 'mehta' });
    expect(await screen.findByText('1 found')).toBeTruthy();
    expect(row(/Mehta Tours/)).toBeTruthy();
    expect(screen.queryByRole('row', { name: /Asha Rao/ })).toBeNull();
  });

  it('exempts a customer from L2B with the server message and marks the row Exempted', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const api = fakeApi().on(toggleFlightSearchExemption, (input) =>
      reply(200, {
        success: true,
        message: input.exempt ? MSG.customerExempted : MSG.customerExemptionRemoved,
        result: customer({ flightLookToBook: { is_exempted: input.exempt } }),
      }),
    );
    openScreen({ api });
    await table();
    const menu = await openActions(user, 'Asha Rao');
    await user.click(within(menu).getByRole('menuitem', { name: 'Exempt L2B', hidden: true }));
    expect(await screen.findByText(MSG.customerExempted)).toBeTruthy();
    await waitFor(() => expect(within(row(/Asha Rao/)).getByText('Exempted')).toBeTruthy());
    expect(api.calls(toggleFlightSearchExemption)[0]?.input).toEqual({ customerId: 101, exempt: true });

    const again = await openActions(user, 'Asha Rao');
    await user.click(within(again).getByRole('menuitem', { name: 'Remove L2B Exemption', hidden: true }));
    expect(await screen.findByText(MSG.customerExemptionRemoved)).toBeTruthy();
    await waitFor(() => expect(within(row(/Asha Rao/)).queryByText('Exempted')).toBeNull());
  });

  it('sends Add Money to the wallet report with the email', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const { location } = openScreen();
    await table();
    const menu = await openActions(user, 'Mehta Tours');
    await user.click(within(menu).getByRole('menuitem', { name: 'Add Money', hidden: true }));
    await waitFor(() => expect(location()).toBe('/staff/walletReport/?email=arjun%40example.com'));
  });

  describe('Change Permission Group', () => {
    const menuItems = async (user: TUser, site: TSiteDetails) => {
      const u = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
      openScreen({ user, site });
      await table();
      const menu = await openActions(u, 'Sameer Staff');
      return within(menu)
        .getAllByRole('menuitem', { hidden: true })
        .map((i) => i.textContent);
    };
    const menuSite = (canShowPermissionMenu: boolean) => testSite({ wlMeta: { canShowPermissionMenu } });

    it('is offered to a super admin on a site with the permission menu', async () => {
      expect(await menuItems(staffUser({ isUserSuperAdmin: true }), menuSite(true))).toEqual([
        'Add Money',
        'View Details',
        'Change Markup Group',
        'Change Permission Group',
        'Exempt L2B',
      ]);
    });

    it('is hidden from staff who are not super admins', async () => {
      expect(await menuItems(staffUser(), menuSite(true))).not.toContain('Change Permission Group');
    });

    it('is hidden when the site does not allow the permission menu', async () => {
      expect(await menuItems(staffUser({ isUserSuperAdmin: true }), menuSite(false))).not.toContain(
        'Change Permission Group',
      );
    });
  });
});
