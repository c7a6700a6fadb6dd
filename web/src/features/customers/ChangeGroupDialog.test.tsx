import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCustomers } from '@tp/contracts/endpoints/customers';
import { getLeGroups, mapLegalEntityToGroup } from '@tp/contracts/endpoints/groups';
import { setLERelationConfig } from '@tp/contracts/endpoints/suppliers';
import * as MSG from '@tp/contracts/messages';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { agent, customer, page } from './test-fixtures.ts';

const GROUPS = [
  { id: 'g-default', groupName: 'Default', isDefault: true },
  { id: 'g-gold', groupName: 'B2B Gold', isDefault: false },
  { id: 'g-retail', groupName: 'Retail Saver', isDefault: false },
];

async function openChangeGroup(name: string) {
  const api = fakeApi()
    .on(getCustomers, page([customer(), agent()]))
    .on(getLeGroups, GROUPS)
    .on(mapLegalEntityToGroup, (input) => ({
      LEId: input.LEId,
      groupId: input.groupId,
      groupName: GROUPS.find((g) => g.id === input.groupId)!.groupName,
    }))
    .on(setLERelationConfig, (input) => ({ userLEID: input.userLEID, isTdsDeductable: input.isTdsDeductable }));
  renderApp('/staff/customers', { user: staffUser(), api });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await screen.findByRole('table', { name: 'Site customers' });
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Change Markup Group', hidden: true }));
  const dialog = await screen.findByRole('dialog', { name: 'Change Group', hidden: true });
  return { api, user, dialog: within(dialog) };
}

describe('Change Group', { timeout: 20_000 }, () => {
  it('maps the legal entity to the chosen group, says so, and the row shows the group', async () => {
    const { api, user, dialog } = await openChangeGroup('Mehta Tours');
    await user.click(dialog.getByRole('combobox', { name: 'Markup group', hidden: true }));
    await user.click(await screen.findByRole('option', { name: 'B2B Gold', hidden: true }));
    await user.click(dialog.getByRole('button', { name: 'Change Group', hidden: true }));
    expect(await screen.findByText(MSG.groupChanged)).toBeTruthy();
    expect(api.calls(mapLegalEntityToGroup)[0]?.input).toEqual({ groupId: 'g-gold', LEId: 'le-arjun' });
    await waitFor(() =>
      expect(within(screen.getByRole('row', { name: /Mehta Tours/ })).getByText('B2B Gold')).toBeTruthy(),
    );
  });

  it('offers the TDS switch for a travel agent and saves it', async () => {
    const { api, user, dialog } = await openChangeGroup('Mehta Tours');
    expect(dialog.getByText('Tax Settings')).toBeTruthy();
    const tds = dialog.getByRole('switch', { name: 'Deduct TDS on commission', hidden: true }) as HTMLInputElement;
    await user.click(tds);
    expect(await screen.findByText(MSG.tdsChanged)).toBeTruthy();
    expect(api.calls(setLERelationConfig)[0]?.input).toEqual({ isTdsDeductable: true, userLEID: 'le-arjun' });
    await waitFor(() => expect(tds.checked).toBe(true));
  });

  it('has no Tax Settings for a retail customer', async () => {
    const { dialog } = await openChangeGroup('Asha Rao');
    expect(dialog.queryByText('Tax Settings')).toBeNull();
    expect(dialog.getByText(/is in: Retail Saver/)).toBeTruthy();
  });
});
