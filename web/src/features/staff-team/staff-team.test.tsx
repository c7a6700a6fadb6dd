import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getRbacUserGroupList } from '@tp/contracts/endpoints/rbac';
import {
  changeStaffGroup,
  inviteStaff,
  listStaff,
  revokeStaffInvite,
  setStaffActive,
  type TStaffMember,
} from '@tp/contracts/endpoints/staff';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser, testSite } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

const member = (over: Partial<TStaffMember> = {}): TStaffMember => ({
  userId: 'u-neha',
  firstName: 'Neha',
  lastName: 'Kapoor',
  email: 'neha@example.com',
  role: 'staff',
  status: 'active',
  group: { id: 'g-desk', groupName: 'Ticketing desk' },
  lastSignInAt: '2026-11-28T09:30:00.000Z',
  invitedAt: '2026-11-27T09:30:00.000Z',
  inviteExpiresAt: null,
  ...over,
});
const invited = member({
  userId: 'u-ravi',
  firstName: 'Ravi',
  lastName: 'Iyer',
  email: 'ravi@example.com',
  status: 'invited',
  group: null,
  lastSignInAt: null,
  inviteExpiresAt: '2026-12-01T09:30:00.000Z',
});
const setup = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });
const groups = [
  { id: 'g-desk', groupName: 'Ticketing desk', permissions: [] },
  { id: 'g-acc', groupName: 'Accounts', permissions: [] },
];

describe('/staff/team', { timeout: 30_000 }, () => {
  it('lists staff with status and last sign-in; invites with a group; deactivates after asking', async () => {
    const api = fakeApi()
      .on(listStaff, { records: [member(), invited], nextCursor: null })
      .on(getRbacUserGroupList, groups)
      .on(inviteStaff, member({ userId: 'u-new', status: 'invited' }))
      .on(setStaffActive, member({ status: 'deactivated' }));
    renderApp('/staff/team', {
      user: staffUser(),
      api,
      site: testSite({ wlMeta: { canShowPermissionMenu: true } }),
    });
    const user = setup();
    const table = await screen.findByRole('table', { name: 'Staff' });
    const neha = within(table).getByRole('row', { name: /Neha Kapoor/ });
    expect(within(neha).getByText('Ticketing desk')).toBeTruthy();
    expect(within(neha).getByText('Active')).toBeTruthy();
    const ravi = within(table).getByRole('row', { name: /Ravi Iyer/ });
    expect(within(ravi).getByText('Invited')).toBeTruthy();
    expect(within(ravi).getByText('Never')).toBeTruthy();
    expect(within(ravi).getByRole('button', { name: 'Resend invite Ravi Iyer' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Invite staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite staff' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(api.calls(inviteStaff)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Full name' }), 'Meera Shah');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'meera@example.com');
    await user.click(within(dialog).getByRole('combobox', { name: 'Permission group' }));
    await user.click(await screen.findByRole('option', { name: 'Accounts', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.calls(inviteStaff)).toHaveLength(1));
    expect(api.calls(inviteStaff)[0]!.input).toEqual({
      name: 'Meera Shah',
      email: 'meera@example.com',
      role: 'staff',
      groupId: 'g-acc',
    });

    await user.click(within(neha).getByRole('button', { name: 'Deactivate Neha Kapoor' }));
    const confirm = await screen.findByRole('dialog', { name: /Deactivate/ });
    expect(api.calls(setStaffActive)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: /Deactivate/ }));
    await waitFor(() => expect(api.calls(setStaffActive)[0]!.input).toEqual({ userId: 'u-neha', active: false }));
  });

  it('changes a group and revokes an invite; no group controls where the site has no permission menu', async () => {
    const api = fakeApi()
      .on(listStaff, { records: [member(), invited], nextCursor: null })
      .on(getRbacUserGroupList, groups)
      .on(changeStaffGroup, member({ group: null }))
      .on(revokeStaffInvite, { userId: 'u-ravi' });
    renderApp('/staff/team', { user: staffUser(), api, site: testSite({ wlMeta: { canShowPermissionMenu: true } }) });
    const user = setup();
    const table = await screen.findByRole('table', { name: 'Staff' });
    await user.click(within(table).getByRole('button', { name: 'Change group of Neha Kapoor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change permission group' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Permission group' }));
    await user.click(await screen.findByRole('option', { name: 'Staff defaults (no group)', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(changeStaffGroup)[0]!.input).toEqual({ userId: 'u-neha', groupId: null }));

    await user.click(within(table).getByRole('button', { name: 'Revoke invite Ravi Iyer' }));
    const confirm = await screen.findByRole('dialog', { name: /Revoke invite/ });
    await user.click(within(confirm).getByRole('button', { name: /Revoke invite/ }));
    await waitFor(() => expect(api.calls(revokeStaffInvite)[0]!.input).toEqual({ userId: 'u-ravi' }));
  });

  it('without the permission menu offers no groups; without users.manage shows only the notice', async () => {
    const api = fakeApi().on(listStaff, { records: [member({ group: null })], nextCursor: null });
    const first = renderApp('/staff/team', { user: staffUser(), api });
    const table = await screen.findByRole('table', { name: 'Staff' });
    expect(within(table).queryByRole('button', { name: /Change group/ })).toBeNull();
    expect(within(table).getByText('Staff defaults')).toBeTruthy();
    first.unmount();

    const none = fakeApi();
    renderApp('/staff/team', { user: staffUser(), api: none, permissions: ['customers.view'] });
    await screen.findByRole('heading', { name: 'Staff' });
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Staff' })).toBeNull());
    expect(none.calls(listStaff)).toHaveLength(0);
  });
});
