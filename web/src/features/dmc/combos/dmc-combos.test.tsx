import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createDmcCombo } from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { failure } from '#test/fake-api.ts';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { L124, dialog, dmcServer, pick } from '../test-fixtures.ts';

async function open(server = dmcServer()) {
  renderApp('/staff/dmc-combos', { user: staffUser(), api: server.api });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await screen.findByRole('heading', { name: 'Combos' });
  await user.click(await screen.findByRole('button', { name: 'Create combo' }));
  return { ...server, user, form: await dialog('Create combo') };
}

const OPTION_LABEL = `${L124.activityName} · ${L124.name}`;

describe('Combos', { timeout: 60_000 }, () => {
  it("checks a combo as the spec says: 'Please select a tour option', 'Tour already added', 'Please enter a valid amount'", async () => {
    const { api, user, form } = await open();
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(MSG.validAmount)).toBeTruthy();
    expect(form.getByText(MSG.selectTourOption)).toBeTruthy();
    expect(form.getByText(MSG.required)).toBeTruthy();

    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(form.getAllByText(MSG.selectTourOption).length).toBeGreaterThan(0);
    const picker = form.getByRole('combobox', { name: 'Add a tour option' });
    await pick(user, picker, 'Level', OPTION_LABEL);
    await user.click(form.getByRole('button', { name: 'Add' }));
    const added = form.getByRole('list', { name: 'Tour options of the combo' });
    expect(within(added).getByText(OPTION_LABEL)).toBeTruthy();
    await pick(user, picker, 'Level', OPTION_LABEL);
    await user.click(form.getByRole('button', { name: 'Add' }));
    expect(await form.findByText(MSG.tourAlreadyAdded)).toBeTruthy();
    expect(within(added).getAllByRole('listitem')).toHaveLength(1);
    expect(api.calls(createDmcCombo)).toHaveLength(0);
  });

  it("creates a combo ('Combo created successfully') and lists its tour options with their ticket and transfer rates", async () => {
    const { api, user, form } = await open();
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Burj and dhow');
    await user.type(form.getByRole('textbox', { name: /^Amount per person/ }), '399');
    await pick(user, form.getByRole('combobox', { name: 'Add a tour option' }), 'Level', OPTION_LABEL);
    await user.click(form.getByRole('button', { name: 'Add' }));
    await pick(user, form.getByRole('combobox', { name: `Onward transfer of ${OPTION_LABEL}` }), '', 'SIC');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.comboCreated)).toBeTruthy();
    expect(api.calls(createDmcCombo)[0]!.input).toEqual({
      name: 'Burj and dhow',
      currency: 'AED',
      amount: 399,
      tourOptions: [{ tourOptionId: L124.id, onwardTransfer: 'SIC', returnTransfer: null }],
    });
    const combos = await screen.findByRole('list', { name: 'Combos' });
    await within(combos).findByText('Burj and dhow');
    const tickets = within(combos).getByRole('table', { name: `Ticket rates of ${L124.name}` });
    // Adult 169 for India and for GCC, each rate named by its market (Intl writes a no-break space after the code).
    expect(within(tickets).getAllByText(/^AED.169\.00$/)).toHaveLength(2);
    expect(within(tickets).getByText('India')).toBeTruthy();
    expect(within(tickets).getByText('GCC')).toBeTruthy();
    const transfers = within(combos).getByRole('table', { name: `Transfer rates of ${L124.name}` });
    expect(within(transfers).getByText('Pickup & Drop · SIC')).toBeTruthy();
  });

  it("says 'Failed to create combo' when the server refuses it", async () => {
    const server = dmcServer();
    server.api.on(createDmcCombo, failure(500, 'Database unavailable'));
    const { user, form } = await open(server);
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Burj and dhow');
    await user.type(form.getByRole('textbox', { name: /^Amount per person/ }), '399');
    await pick(user, form.getByRole('combobox', { name: 'Add a tour option' }), 'Level', OPTION_LABEL);
    await user.click(form.getByRole('button', { name: 'Add' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.comboFailed)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Database unavailable')).toBeNull());
  });
});
