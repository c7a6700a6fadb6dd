import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCustomers } from '@tp/contracts/endpoints/customers';
import { addUserToRbacUserGroup, getRbacUserGroupList, getUserGroupByUserId } from '@tp/contracts/endpoints/rbac';
import * as MSG from '@tp/contracts/messages';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser, testSite } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { page, staffMember } from './test-fixtures.ts';

const GROUPS = [
  { id: 'rg-desk', groupName: 'Ticketing desk', permissions: ['flights.search'] },
  { id: 'rg-accounts', groupName: 'Accounts', permissions: ['wallet.viewReports'] },
];

async function openDialog() {
  const api = fakeApi()
    .on(getCustomers, page([staffMember()]))
    .on(getRbacUserGroupList, GROUPS)
    .on(getUserGroupByUserId, { userId: 'u-sameer', group: { id: 'rg-desk', groupName: 'Ticketing desk' } })
    .on(addUserToRbacUserGroup, (input) => ({
      userId: input.userId,
      group: input.userGroupId
        ? { id: input.userGroupId, groupName: GROUPS.find((g) => g.id === input.userGroupId)!.groupName }
        : null,
    }));
  renderApp('/staff/customers', {
    user: staffUser({ isUserSuperAdmin: true }),
    site: testSite({ wlMeta: { canShowPermissionMenu: true } }),
    api,
  });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await screen.findByRole('table', { name: 'Site customers' });
  await user.click(screen.getByRole('button', { name: 'Actions for Sameer Staff' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Change Permission Group', hidden: true }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Select Permission Group', hidden: true }));
  await waitFor(() =>
    expect((dialog.getByRole('radio', { name: 'Ticketing desk', hidden: true }) as HTMLInputElement).checked).toBe(
      true,
    ),
  );
  return { api, user, dialog };
}

const row = () => within(screen.getByRole('row', { name: /Sameer Staff/ }));

describe('Select Permission Group', { timeout: 20_000 }, () => {
  it('moves the user to another group and the row shows it', async () => {
    const { api, user, dialog } = await openDialog();
    await user.click(dialog.getByRole('radio', { name: 'Accounts', hidden: true }));
    await user.click(dialog.getByRole('button', { name: 'Save', hidden: true }));
    expect(await screen.findByText(MSG.groupChanged)).toBeTruthy();
    expect(api.calls(addUserToRbacUserGroup)[0]?.input).toEqual({ userId: 'u-sameer', userGroupId: 'rg-accounts' });
    await waitFor(() => expect(row().getByText('Accounts')).toBeTruthy());
  });

  it('sends null for "No group" and the badge goes', async () => {
    const { api, user, dialog } = await openDialog();
    await user.click(dialog.getByRole('radio', { name: 'No group', hidden: true }));
    await user.click(dialog.getByRole('button', { name: 'Save', hidden: true }));
    await waitFor(() =>
      expect(api.calls(addUserToRbacUserGroup)[0]?.input).toEqual({ userId: 'u-sameer', userGroupId: null }),
    );
    await waitFor(() => expect(row().queryByText('Ticketing desk')).toBeNull());
  });
});
