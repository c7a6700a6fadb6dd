import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  VISA_MSG,
  deleteVisaCountry,
  saveVisaCategory,
  saveVisaChecklist,
  saveVisaCountry,
} from '@tp/contracts/endpoints/visa';
import * as MSG from '@tp/contracts/messages';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { category, checklist, country, visaApi } from './test-fixtures.ts';

// happy-dom (TipTap's ProseMirror needs layout calls jsdom lacks); the sanitised html is visa.test.tsx's (jsdom).
const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });
const dialog = async (name: string) => within(await screen.findByRole('dialog', { name, hidden: true }));

afterEach(() => vi.restoreAllMocks());

describe('Visa Checklists (staff)', { timeout: 60_000 }, () => {
  it('walks country → category → checklists and adds a country, refusing an empty name', async () => {
    const u = user();
    const api = visaApi().on(saveVisaCountry, (input) =>
      country({ _id: 'oman', countryName: String(input.countryName), categoryCount: 0 }),
    );
    renderApp('/staff/visa', { user: staffUser(), api });
    expect(await screen.findByRole('heading', { name: 'Visa Checklists' })).toBeTruthy();
    await u.click(await screen.findByRole('button', { name: /^United Arab Emirates/ }));
    await u.click(await screen.findByRole('button', { name: /^Tourist visa – 30 days/ }));
    const lists = await screen.findByRole('region', { name: 'Checklists: Tourist visa – 30 days' });
    expect(await within(lists).findByText('India')).toBeTruthy();
    expect(within(lists).getByText(VISA_MSG.defaultNationality)).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Add country' }));
    const form = await dialog('Add country');
    await u.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(MSG.required)).toBeTruthy();
    expect(api.calls(saveVisaCountry)).toHaveLength(0);
    await u.type(form.getByRole('textbox', { name: /^Country/ }), 'Oman');
    expect(form.getByText('Visitors open /visa/oman')).toBeTruthy();
    await u.type(form.getByRole('textbox', { name: 'ISO country code' }), 'om');
    await u.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(saveVisaCountry)).toHaveLength(1));
    expect(api.calls(saveVisaCountry)[0]!.input).toEqual({ countryName: 'Oman', countryCode: 'OM' });
  });

  it('edits a category with the version it loaded', async () => {
    const u = user();
    const api = visaApi().on(saveVisaCategory, (input) => category({ ...input, version: 2 } as never));
    renderApp('/staff/visa?country=uae', { user: staffUser(), api });
    await u.click(await screen.findByRole('button', { name: 'Edit Tourist visa – 30 days' }));
    const form = await dialog('Edit Tourist visa – 30 days');
    const name = form.getByRole('textbox', { name: /^Visa category/ });
    await u.clear(name);
    await u.type(name, 'Tourist visa – 30 days (single entry)');
    await u.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(saveVisaCategory)).toHaveLength(1));
    expect(api.calls(saveVisaCategory)[0]!.input).toMatchObject({
      id: 'visa-uae-tourist-30',
      version: 1,
      countryId: 'uae',
      visaCategory: 'Tourist visa – 30 days (single entry)',
    });
  });

  it('adds a checklist only for a nationality without one, with the rich-text editor', async () => {
    const u = user();
    const api = visaApi().on(saveVisaChecklist, (input) => checklist(String(input.nationality), String(input.html)));
    renderApp('/staff/visa?country=uae&category=visa-uae-tourist-30', { user: staffUser(), api });
    await u.click(await screen.findByRole('button', { name: 'Add checklist' }));
    const form = await dialog('Add checklist');
    // India, the UK and the default already have one: the first free nationality is offered.
    const nationality = form.getByRole('combobox', { name: /^Nationality/ }) as HTMLInputElement;
    expect(nationality.value).toBe('Afghanistan');
    const editor = await form.findByRole('textbox', { name: 'Checklist' });
    await u.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(VISA_MSG.emptyChecklist)).toBeTruthy();
    await u.click(editor);
    await u.type(editor, 'Passport');
    await u.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(saveVisaChecklist)).toHaveLength(1));
    expect(api.calls(saveVisaChecklist)[0]!.input).toEqual({
      categoryId: 'visa-uae-tourist-30',
      nationality: 'AF',
      html: '<p>Passport</p>',
      fee: 0,
      documents: [],
    });
  });

  it('edits a checklist with its version, loading what it holds into the editor', async () => {
    const u = user();
    const api = visaApi().on(saveVisaChecklist, (input) => checklist('IN', String(input.html), { version: 2 }));
    renderApp('/staff/visa?country=uae&category=visa-uae-tourist-30', { user: staffUser(), api });
    await u.click(await screen.findByRole('button', { name: 'Edit India' }));
    const form = await dialog('Edit checklist: India');
    const editor = await form.findByRole('textbox', { name: 'Checklist' });
    await waitFor(() => expect(editor.textContent).toContain('Indian passport, PAN card'));
    await u.click(editor);
    await u.keyboard('{Control>}a{/Control}');
    await u.type(editor, 'Passport only');
    await u.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(saveVisaChecklist)).toHaveLength(1));
    expect(api.calls(saveVisaChecklist)[0]!.input).toMatchObject({
      categoryId: 'visa-uae-tourist-30',
      nationality: 'IN',
      version: 1,
    });
    expect(String(api.calls(saveVisaChecklist)[0]!.input.html)).toContain('Passport only');
  });

  it('deletes a country after confirming', async () => {
    const u = user();
    const api = visaApi().on(deleteVisaCountry, { id: 'thailand' });
    renderApp('/staff/visa', { user: staffUser(), api });
    await u.click(await screen.findByRole('button', { name: 'Delete Thailand' }));
    await u.click((await dialog('Delete Thailand?')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls(deleteVisaCountry)).toHaveLength(1));
    expect(api.calls(deleteVisaCountry)[0]!.input).toEqual({ id: 'thailand' });
  });

  it('tells staff without visa.manage that they may not', async () => {
    renderApp('/staff/visa', { user: staffUser(), permissions: ['dmc.masters'], api: visaApi() });
    expect(await screen.findByText(MSG.forbidden)).toBeTruthy();
  });
});
