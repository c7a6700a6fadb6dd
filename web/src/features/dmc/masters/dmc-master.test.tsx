import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DMC_MSG,
  createNewAccomodation,
  createNewMarket,
  saveActivity,
  saveDriver,
  saveTourOptions,
  searchMarket,
} from '@tp/contracts/endpoints/dmc';
import { DMC_TEXT } from '@tp/domain/dmc';
import { INVALID_EMAIL } from '@tp/contracts/fields';
import * as MSG from '@tp/contracts/messages';
import { failure } from '#test/fake-api.ts';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { dialog, dmcServer, pick } from '../test-fixtures.ts';

async function open(tab = '', server = dmcServer()) {
  renderApp(`/staff/dmc_master${tab ? `?tab=${tab}` : ''}`, { user: staffUser(), api: server.api });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await screen.findByRole('heading', { name: 'DMC Master' });
  return { ...server, user };
}

describe('DMC Master', { timeout: 60_000 }, () => {
  it('lists markets and searches them on the server', async () => {
    const { api, user } = await open();
    const table = await screen.findByRole('table', { name: 'Markets' });
    expect(within(await within(table).findByRole('row', { name: /India/ })).getByText('Default')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Search markets' }), 'gc');
    await waitFor(() => expect(api.calls(searchMarket).some((c) => c.input.search === 'gc')).toBe(true));
    await waitFor(() => expect(within(table).queryByText('India')).toBeNull());
    expect(within(table).getByText('GCC')).toBeTruthy();
  });

  it("says 'Failed to fetch markets...' when markets cannot load", async () => {
    const server = dmcServer();
    server.api.on(searchMarket, failure(500, 'boom'));
    await open('', server);
    expect(await screen.findByText(MSG.marketsFailed)).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
  });

  it('creates a market with its currency', async () => {
    const { api, user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Add market' }));
    const form = await dialog('Add market');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(MSG.required)).toBeTruthy();
    expect(api.calls(createNewMarket)).toHaveLength(0);
    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Europe');
    await user.clear(form.getByRole('textbox', { name: /Currency/ }));
    await user.type(form.getByRole('textbox', { name: /Currency/ }), 'eur');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(createNewMarket)).toHaveLength(1));
    expect(api.calls(createNewMarket)[0]!.input).toEqual({ name: 'Europe', currency: 'EUR', isDefault: false });
    expect(await within(await screen.findByRole('table', { name: 'Markets' })).findByText('Europe')).toBeTruthy();
  });

  it("saves an activity with name and city required, priority 1 by default: 'Activity Saved Successfully'", async () => {
    const { api, user } = await open('activities');
    await user.click(await screen.findByRole('button', { name: 'Add activity' }));
    const form = await dialog('Add activity');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findAllByText(MSG.required)).toHaveLength(2);
    expect(api.calls(saveActivity)).toHaveLength(0);

    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Dubai Aquarium');
    await pick(user, form.getByRole('combobox', { name: /^City/ }), 'Dub', 'Dubai');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.activitySaved)).toBeTruthy();
    expect(api.calls(saveActivity)[0]!.input).toMatchObject({
      name: 'Dubai Aquarium',
      cityId: 26,
      cityName: 'Dubai',
      priority: 1,
      description: '',
    });
  });

  it('checks an accommodation: name, address and city required, email of a valid shape', async () => {
    const { api, user } = await open('accommodations');
    await user.click(await screen.findByRole('button', { name: 'Add accommodation' }));
    const form = await dialog('Add accommodation');
    await user.type(form.getByRole('textbox', { name: 'Email' }), 'frontdesk');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findAllByText(MSG.required)).toHaveLength(3);
    expect(form.getByText(INVALID_EMAIL)).toBeTruthy();

    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Rove Downtown');
    await user.type(form.getByRole('textbox', { name: 'Address' }), 'Financial Centre Road');
    await pick(user, form.getByRole('combobox', { name: /^City/ }), 'Dub', 'Dubai');
    await pick(user, form.getByRole('combobox', { name: /^Area/ }), 'Dei', 'Deira');
    // No top-level-domain check (spec 001 §5): `x@host` is a valid shape.
    await user.type(form.getByRole('textbox', { name: 'Email' }), '@rove');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(createNewAccomodation)).toHaveLength(1));
    expect(api.calls(createNewAccomodation)[0]!.input).toMatchObject({
      name: 'Rove Downtown',
      cityId: 26,
      area: 'dmc-area-deira',
      email: 'frontdesk@rove',
    });
    // Saved: the success toast, as every master says.
    expect(await screen.findByText(DMC_MSG.accommodationSaved)).toBeTruthy();
  });

  it('saves a tour option of an activity, with time slots when it is sold by slot', async () => {
    const { api, user } = await open('tour-options');
    await user.click(await screen.findByRole('button', { name: 'Add tour option' }));
    const form = await dialog('Add tour option');
    await pick(user, form.getByRole('combobox', { name: /^Activity/ }), 'Burj', 'Burj Khalifa');
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Level 148');
    await user.click(form.getByRole('switch', { name: 'Sold by time slot' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(DMC_TEXT.timeSlotsRequired)).toBeTruthy();
    expect(api.calls(saveTourOptions)).toHaveLength(0);

    await user.type(form.getByLabelText(/^Time slots/), '10:30{enter}');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(saveTourOptions)).toHaveLength(1));
    expect(api.calls(saveTourOptions)[0]!.input).toMatchObject({
      activityId: 'dmc-act-burj',
      name: 'Level 148',
      hasTimeSlots: true,
      timeSlots: ['10:30'],
      hasTicket: true,
    });
  });

  it('closes an open picker on Escape before the dialog, so typed fields survive', async () => {
    const { user } = await open('accommodations');
    await user.click(await screen.findByRole('button', { name: 'Add accommodation' }));
    const form = await dialog('Add accommodation');
    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Rove Downtown');
    const city = form.getByRole('combobox', { name: /^City/ });
    await user.click(city);
    await waitFor(() => expect(city.getAttribute('aria-expanded')).toBe('true'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(city.getAttribute('aria-expanded')).toBe('false'));
    expect(screen.getByRole('dialog', { name: 'Add accommodation', hidden: true })).toBeTruthy();
    expect((form.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Rove Downtown');
    // The next Escape is the dialog's: with a name typed, it asks before discarding it.
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Discard', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add accommodation', hidden: true })).toBeNull());
  });

  it('needs a driver name', async () => {
    const { api, user } = await open('drivers');
    await user.click(await screen.findByRole('button', { name: 'Add driver' }));
    const form = await dialog('Add driver');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(MSG.required)).toBeTruthy();
    expect(api.calls(saveDriver)).toHaveLength(0);
  });

  it("records a driver's vehicle seats, refusing a number outside 1–100", async () => {
    const { api, user } = await open('drivers');
    await user.click(await screen.findByRole('button', { name: 'Add driver' }));
    const form = await dialog('Add driver');
    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Ravi');
    const seats = form.getByRole('textbox', { name: /Vehicle seats/ });
    await user.type(seats, '0');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(MSG.invalidValue)).toBeTruthy();
    expect(api.calls(saveDriver)).toHaveLength(0);
    await user.clear(seats);
    await user.type(seats, '7');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(saveDriver)).toHaveLength(1));
    expect(api.calls(saveDriver)[0]!.input).toMatchObject({ driverName: 'Ravi', vehicleCapacity: 7 });
  });
});
