import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exportBooks, getLedgers, saveLedgers, type TLedgers } from '@tp/contracts/endpoints/books';
import { getExport } from '@tp/contracts/endpoints/exports';
import { DEFAULT_LEDGERS } from '@tp/domain/accounting';
import * as MSG from '@tp/contracts/messages';
import { fakeApi } from '#test/fake-api.ts';
import { exportJob, staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

const LEDGERS: TLedgers = { ...DEFAULT_LEDGERS, tallyCompany: '', version: 0 };

describe('Accounting export', { timeout: 60_000 }, () => {
  it('exports a period in the chosen format and hands over the file by link', async () => {
    const ready = exportJob({ kind: 'accounting', fileName: 'books.csv', status: 'ready', url: '/export-files/x.csv' });
    const api = fakeApi()
      .on(getLedgers, LEDGERS)
      .on(exportBooks, exportJob({ kind: 'accounting', fileName: 'books.csv' }))
      .on(getExport, ready);
    renderApp('/staff/accounting-export', { user: staffUser(), api });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    await screen.findByRole('heading', { name: 'Accounting Export' });
    await user.click(screen.getByRole('radio', { name: /Zoho Books/ }));
    await user.click(screen.getByRole('button', { name: 'Export (.csv)' }));
    await waitFor(() => expect(api.calls(exportBooks)).toHaveLength(1));
    expect(api.calls(exportBooks)[0]!.input).toMatchObject({ format: 'zoho' });
    expect((await screen.findByRole('link', { name: 'Download' })).getAttribute('href')).toBe('/export-files/x.csv');
  });

  it('saves the ledger names with the version read, and shows a refused name on its field', async () => {
    const api = fakeApi()
      .on(getLedgers, LEDGERS)
      .on(saveLedgers, (input) => ({ ...LEDGERS, ...(input as object), version: 1 }) as TLedgers);
    renderApp('/staff/accounting-export', { user: staffUser(), api });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const form = within(await screen.findByRole('form', { name: 'Ledger names' }));
    const sales = form.getByRole('textbox', { name: /^Sales/ });
    await user.clear(sales);
    await user.click(form.getByRole('button', { name: 'Save ledger names' }));
    expect(await form.findByText(MSG.required)).toBeTruthy();
    expect(api.calls(saveLedgers)).toHaveLength(0);
    await user.type(sales, 'Tour Sales');
    await user.click(form.getByRole('button', { name: 'Save ledger names' }));
    await waitFor(() => expect(api.calls(saveLedgers)).toHaveLength(1));
    expect(api.calls(saveLedgers)[0]!.input).toMatchObject({ names: { sales: 'Tour Sales' }, version: 0 });
  });

  it('shows nothing but the permission notice to staff without invoices.books', async () => {
    renderApp('/staff/accounting-export', { user: staffUser(), api: fakeApi(), permissions: ['invoices.view'] });
    await screen.findByRole('heading', { name: 'Accounting Export' });
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
  });
});
