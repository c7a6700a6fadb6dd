import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCustomers } from '@tp/contracts/endpoints/customers';
import { getLeGroups, GROUP_MSG, saveLeGroup, setDefaultLeGroup, type TLeGroup } from '@tp/contracts/endpoints/groups';
import * as MSG from '@tp/contracts/messages';
import { failure, fakeApi } from '#test/fake-api.ts';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { page } from './test-fixtures.ts';

/** A fake server holding the groups, so reloads after a change show it. */
function groupsServer() {
  let groups: TLeGroup[] = [
    { id: 'g-default', groupName: 'Default', isDefault: true },
    { id: 'g-gold', groupName: 'B2B Gold', isDefault: false },
  ];
  return fakeApi()
    .on(getCustomers, page([]))
    .on(getLeGroups, () => groups)
    .on(saveLeGroup, (input) => {
      if (input.id) {
        groups = groups.map((g) => (g.id === input.id ? { ...g, groupName: input.groupName } : g));
        return groups.find((g) => g.id === input.id)!;
      }
      const created = { id: `g-${groups.length}`, groupName: input.groupName, isDefault: false };
      groups = [...groups, created];
      return created;
    })
    .on(setDefaultLeGroup, (input) => {
      groups = groups.map((g) => ({ ...g, isDefault: g.id === input.groupId }));
      return groups.find((g) => g.id === input.groupId)!;
    });
}

async function openDialog(api = groupsServer()) {
  renderApp('/staff/customers', { user: staffUser(), api });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await user.click(await screen.findByRole('button', { name: 'Markup Groups' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Customer Groups', hidden: true }));
  await dialog.findByRole('list', { name: 'Customer groups', hidden: true });
  return { api, user, dialog };
}

const item = (dialog: ReturnType<typeof within>, name: string) =>
  within(
    dialog.getAllByRole('listitem', { hidden: true }).find((li: HTMLElement) => li.textContent?.startsWith(name))!,
  );

describe('Customer Groups', { timeout: 20_000 }, () => {
  it("lists the groups with a 'Default' marker on the default one", async () => {
    const { dialog } = await openDialog();
    expect(item(dialog, 'Default').getByText('Default', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(item(dialog, 'B2B Gold').queryByText('Default')).toBeNull();
    expect(item(dialog, 'Default').queryByRole('button', { name: /as default/, hidden: true })).toBeNull();
  });

  it('adds a group', async () => {
    const { dialog, user, api } = await openDialog();
    await user.type(dialog.getByRole('textbox', { name: 'New group name', hidden: true }), 'Corporate Plus');
    await user.click(dialog.getByRole('button', { name: 'Add group', hidden: true }));
    expect(await screen.findByText(MSG.groupSaved)).toBeTruthy();
    expect(api.calls(saveLeGroup)[0]?.input).toEqual({ groupName: 'Corporate Plus' });
    expect(await dialog.findByText('Corporate Plus')).toBeTruthy();
  });

  it('renames a group, and shows a taken name on the field', async () => {
    const api = groupsServer().on(
      saveLeGroup,
      failure(409, GROUP_MSG.groupNameTaken, { shortError: { groupName: GROUP_MSG.groupNameTaken } }),
    );
    const { dialog, user } = await openDialog(api);
    await user.click(dialog.getByRole('button', { name: 'Rename B2B Gold', hidden: true }));
    const box = dialog.getByRole('textbox', { name: 'New name for B2B Gold', hidden: true });
    await user.clear(box);
    await user.type(box, 'Default');
    await user.click(dialog.getByRole('button', { name: 'Save', hidden: true }));
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(api.calls(saveLeGroup)[0]?.input).toEqual({ id: 'g-gold', groupName: 'Default' });
  });

  it('sets another group as the default', async () => {
    const { dialog, user, api } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Set B2B Gold as default', hidden: true }));
    expect(await screen.findByText(MSG.groupSetDefault)).toBeTruthy();
    expect(api.calls(setDefaultLeGroup)[0]?.input).toEqual({ groupId: 'g-gold' });
    await waitFor(() => expect(item(dialog, 'B2B Gold').getByText('Default')).toBeTruthy());
  });
});
