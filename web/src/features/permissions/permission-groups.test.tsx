import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getPermissionGroup,
  getRbacUserGroupList,
  getUsersByRbacUserGroup,
  savePermissionGroup,
} from '@tp/contracts/endpoints/rbac';
import * as MSG from '@tp/contracts/messages';
import { PERMISSION_CATALOGUE } from '@tp/contracts/permissions';
import type { TModuleState } from '@tp/contracts/endpoints/rbac';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser, testSite } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

/** The catalogue as the server describes a group granting `granted`. */
function described(granted: string[]): TModuleState[] {
  return PERMISSION_CATALOGUE.map((m) => {
    const groups = m.groups.map((g) => {
      const permissions = g.permissions.map((p) => ({ ...p, isActive: granted.includes(p.key) }));
      return { name: g.name, isActive: permissions.some((p) => p.isActive), permissions };
    });
    return { moduleName: m.moduleName, isActive: groups.some((g) => g.isActive), groups };
  });
}

const DESK = ['flights.search', 'flights.book', 'flights.ticketQueue'];

async function openEditor(path = '/staff/setting/permission-groups?group=rg-desk') {
  const api = fakeApi()
    .on(getRbacUserGroupList, [{ id: 'rg-desk', groupName: 'Ticketing desk', permissions: DESK }])
    .on(getPermissionGroup, { id: 'rg-desk', groupName: 'Ticketing desk', permissions: DESK, modules: described(DESK) })
    .on(getUsersByRbacUserGroup, [
      {
        id: 'u-1',
        users_id: 7,
        firstName: 'Sameer',
        lastName: 'Staff',
        email: 'sameer@example.com',
        isUserSuperAdmin: false,
      },
    ])
    .on(savePermissionGroup, (input) => ({
      id: input.id ?? 'rg-new',
      groupName: input.groupName,
      permissions: [],
      modules: described([]),
    }));
  renderApp(path, {
    user: staffUser({ isUserSuperAdmin: true }),
    site: testSite({ wlMeta: { canShowPermissionMenu: true } }),
    api,
  });
  return { api, user: userEvent.setup({ delay: null }) };
}

const sw = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;
const checkedIn = (moduleName: string) =>
  within(screen.getByRole('region', { name: `${moduleName} module` }))
    .getAllByRole('switch')
    .filter((s) => (s as HTMLInputElement).checked)
    .map((s) => s.getAttribute('aria-label'));

describe('permission groups', { timeout: 20_000 }, () => {
  it('lists the groups and the users of the chosen one', async () => {
    await openEditor();
    const nav = await screen.findByRole('navigation', { name: 'Permission groups' });
    // The nav shows skeletons until the list arrives, so wait for the group inside it.
    expect(await within(nav).findByText('Ticketing desk')).toBeTruthy();
    expect(await screen.findByText('sameer@example.com')).toBeTruthy();
  });

  it('switching a module off switches off every permission in it', async () => {
    const { user } = await openEditor();
    await screen.findByRole('switch', { name: 'Flights module' });
    expect(sw('Flights module').checked).toBe(true);
    await user.click(sw('Flights module'));
    expect(checkedIn('Flights')).toEqual([]);
  });

  it('switching a group on switches on only the permissions allowed by default', async () => {
    const { user } = await openEditor();
    // Wallet → Money mixes staff rights (Add Money, spec 000 §2; PAN review, the customer's details of spec 000 §6)
    // with rights of our own that move money.
    await screen.findByRole('switch', { name: 'Wallet: Money group' });
    expect(sw('Wallet: Money group').checked).toBe(false);
    await user.click(sw('Wallet: Money group'));
    expect(sw('Wallet: Money group').checked).toBe(true);
    for (const on of ['Add money to wallets', 'Verify PAN cards']) expect(sw(on).checked, on).toBe(true);
    for (const off of ['Debit wallets (adjustment with a reason)', 'Set credit limits and credit days'])
      expect(sw(off).checked, off).toBe(false);
    // The other groups of the module are untouched.
    expect(sw('View wallet and gateway reports').checked).toBe(false);
  });

  it('shows a group (and its module) on while any of its permissions is on', async () => {
    const { user } = await openEditor();
    await screen.findByRole('switch', { name: 'Customers: Manage group' });
    expect(sw('Customers: Manage group').checked).toBe(false);
    expect(sw('Customers module').checked).toBe(false);
    await user.click(sw('Exempt from look-to-book limit'));
    expect(sw('Customers: Manage group').checked).toBe(true);
    expect(sw('Customers module').checked).toBe(true);
    await user.click(sw('Exempt from look-to-book limit'));
    expect(sw('Customers: Manage group').checked).toBe(false);
  });

  it('saves every permission as shown', async () => {
    const { user, api } = await openEditor();
    await screen.findByRole('switch', { name: 'Download Excel' });
    await user.click(sw('Download Excel'));
    await user.click(screen.getByRole('button', { name: 'Save group' }));
    expect(await screen.findByText(MSG.groupSaved)).toBeTruthy();
    const sent = api.calls(savePermissionGroup)[0]?.input as { id: string; groupName: string; modules: TModuleState[] };
    expect(sent.id).toBe('rg-desk');
    expect(sent.groupName).toBe('Ticketing desk');
    const granted = sent.modules.flatMap((m) =>
      m.groups.flatMap((g) => g.permissions.filter((p) => p.isActive).map((p) => p.key)),
    );
    expect(granted.sort()).toEqual([...DESK, 'flights.exportExcel'].sort());
  });

  it('creates a new group with a name', async () => {
    const { user, api } = await openEditor('/staff/setting/permission-groups');
    await user.click(await screen.findByRole('button', { name: 'New group' }));
    await user.click(await screen.findByRole('button', { name: 'Create group' }));
    expect(await screen.findByText(MSG.required)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Group name' }), 'Auditors');
    await user.click(sw('Wallet: Reports group'));
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(api.calls(savePermissionGroup)).toHaveLength(1));
    const sent = api.calls(savePermissionGroup)[0]?.input as { id?: string; groupName: string };
    expect(sent.id).toBeUndefined();
    expect(sent.groupName).toBe('Auditors');
  });
});
