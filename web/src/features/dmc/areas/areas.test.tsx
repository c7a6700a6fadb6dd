import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addArea, createTransfers, deleteArea } from '@tp/contracts/endpoints/areas';
import * as MSG from '@tp/contracts/messages';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { AIRPORT_TRANSFER, DEIRA, dialog, dmcServer, pick, typeDay } from '../test-fixtures.ts';

async function open(path: string, heading: string, server = dmcServer()) {
  renderApp(path, { user: staffUser(), api: server.api });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await screen.findByRole('heading', { name: heading });
  return { ...server, user };
}

describe('Areas', { timeout: 60_000 }, () => {
  it("adds an area ('Please fill the name') and deletes one after confirming", async () => {
    const { api, user } = await open('/staff/areas', 'Areas');
    await user.click(await screen.findByRole('button', { name: 'Add area' }));
    const form = await dialog('Add area');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(MSG.fillName)).toBeTruthy();
    expect(api.calls(addArea)).toHaveLength(0);
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Dubai Marina');
    await pick(user, form.getByRole('combobox', { name: /^City/ }), '', 'Dubai');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(addArea)).toHaveLength(1));
    expect(api.calls(addArea)[0]!.input).toEqual({ name: 'Dubai Marina', cityId: 26, cityName: 'Dubai' });
    const table = await screen.findByRole('table', { name: 'Areas' });
    await within(table).findByText('Dubai Marina');

    await user.click(within(table).getByRole('button', { name: `Delete ${DEIRA.name}` }));
    await user.click((await dialog(`Delete ${DEIRA.name}?`)).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls(deleteArea)).toHaveLength(1));
    expect(api.calls(deleteArea)[0]!.input).toEqual({ areaId: DEIRA.id });
    await waitFor(() => expect(within(table).queryByText(DEIRA.name)).toBeNull());
  });
});

describe('Area transfers', { timeout: 60_000 }, () => {
  it('lists transfers in dollars and says when none match', async () => {
    const { user } = await open('/staff/area-transfer', 'Area Transfers');
    const table = await screen.findByRole('table', { name: 'Area transfers' });
    const row = await within(table).findByRole('row', { name: /DXB Airport → Deira/ });
    expect(within(row).getByText('$13.61 per person')).toBeTruthy();
    expect(within(row).getByText('Sharing')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Search area transfers' }), 'Marina');
    expect(await screen.findByText(MSG.noAreaTransfers)).toBeTruthy();
  });

  it('checks every §5 rule with its message, and forces per pax by the sharing basis', async () => {
    const { api, user } = await open('/staff/area-transfer', 'Area Transfers');
    await user.click(screen.getByRole('button', { name: 'Add area transfer' }));
    const form = await dialog('Add area transfer');
    const perPax = form.getByRole('switch', { name: /Per person/ }) as HTMLInputElement;
    expect(perPax.checked).toBe(true);
    expect(perPax.disabled).toBe(true);
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(MSG.fromAreaRequired)).toBeTruthy();
    expect(form.getByText(MSG.toAreaRequired)).toBeTruthy();
    expect(form.getByText(MSG.marketIdRequired)).toBeTruthy();
    expect(form.getByText(MSG.amountPositive)).toBeTruthy();

    await pick(user, form.getByRole('combobox', { name: /^Sharing basis/ }), '', 'PVT');
    expect(perPax.checked).toBe(false);
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findAllByText(MSG.minMaxPaxPrivate)).toHaveLength(2);
    expect(api.calls(createTransfers)).toHaveLength(0);

    await pick(user, form.getByRole('combobox', { name: /^From area/ }), '', 'DXB Airport');
    await pick(user, form.getByRole('combobox', { name: /^To area/ }), '', 'Deira');
    await pick(user, form.getByRole('combobox', { name: /^Market/ }), '', 'India (AED)');
    await pick(user, form.getByRole('combobox', { name: /^Transfer type/ }), '', 'Drop');
    await user.type(form.getByRole('textbox', { name: /^Amount/ }), '35.4');
    await user.type(form.getByRole('textbox', { name: /^Min pax/ }), '1');
    await user.type(form.getByRole('textbox', { name: /^Max pax/ }), '3');
    typeDay(form.getByRole('textbox', { name: /^Valid from/ }), '2026-10-01');
    typeDay(form.getByRole('textbox', { name: /^Valid till/ }), '2027-09-30');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(createTransfers)).toHaveLength(1));
    expect(api.calls(createTransfers)[0]!.input).toMatchObject({
      from: AIRPORT_TRANSFER.from,
      to: AIRPORT_TRANSFER.to,
      marketId: 'dmc-mkt-india',
      transferType: 'Drop',
      sharingBasis: 'private',
      amount: 35.4,
      isPerPax: false,
      minPax: 1,
      maxPax: 3,
    });
  });

  it('edits a transfer for real: the same record, by id', async () => {
    const { api, user } = await open('/staff/area-transfer', 'Area Transfers');
    const table = await screen.findByRole('table', { name: 'Area transfers' });
    await user.click(await within(table).findByRole('button', { name: /^Edit DXB Airport → Deira/ }));
    const form = await dialog('Edit area transfer DXB Airport → Deira');
    const amount = form.getByRole('textbox', { name: /^Amount/ });
    expect((amount as HTMLInputElement).value).toBe('$13.61');
    await user.clear(amount);
    await user.type(amount, '15');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(createTransfers)).toHaveLength(1));
    expect(api.calls(createTransfers)[0]!.input).toMatchObject({ id: AIRPORT_TRANSFER.id, amount: 15 });
    expect(await within(table).findByText('$15.00 per person')).toBeTruthy();
  });
});
