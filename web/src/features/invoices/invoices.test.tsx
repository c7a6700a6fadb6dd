import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getInvoiceSettings, listInvoices, type TInvoiceRow } from '@tp/contracts/endpoints/invoices';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

const row = (over: Partial<TInvoiceRow>): TInvoiceRow => ({
  id: 'inv-1',
  docType: 'invoice',
  number: 'FD/26-27/00007',
  issueDate: '2026-11-24',
  source: 'booking',
  sourceRef: 'PNR123',
  recipientName: 'Verma Travels',
  recipientGstin: '29AAECS5678L1ZJ',
  placeOfSupply: '29-Karnataka',
  sac: '998551',
  taxableValue: 200,
  cgst: 0,
  sgst: 0,
  igst: 36,
  total: 5236,
  againstNumber: '',
  ...over,
});

describe('GST invoices list', { timeout: 30_000 }, () => {
  it("lists the month's invoices, then its credit notes when chosen, with the settings below", async () => {
    const api = fakeApi()
      .on(listInvoices, ({ docType }) => ({
        records:
          docType === 'creditNote'
            ? [row({ id: 'cn-1', docType: 'creditNote', number: 'FDC/26-27/00002', againstNumber: 'FD/26-27/00007' })]
            : [row({})],
        nextCursor: null,
      }))
      .on(getInvoiceSettings, {
        legalName: 'Flight Deals Travel Private Limited',
        address: 'Mumbai',
        gstin: '27AAFCF1234K1ZP',
        stateCode: '27',
        prefix: 'FD',
        exchangeRates: [],
      });
    renderApp('/staff/invoices', { user: staffUser(), api });
    const invoices = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(invoices).getByText('FD/26-27/00007')).toBeTruthy();
    // The settings render after the list (in a transition of their own), with what was saved.
    expect(await screen.findByDisplayValue('Flight Deals Travel Private Limited')).toBeTruthy();

    const documents = screen.getByRole('radiogroup', { name: 'Documents' });
    expect(within(documents).getByRole('radio', { name: 'Invoices' })).toHaveProperty('checked', true);
    await userEvent.setup({ delay: null }).click(within(documents).getByRole('radio', { name: 'Credit notes' }));
    const notes = await screen.findByRole('table', { name: 'Credit notes' });
    // The month's invoices stay in view until the credit notes answer (no empty flash), then give way.
    expect(await within(notes).findByText('FDC/26-27/00002')).toBeTruthy();
    expect(within(notes).queryByText('FD/26-27/00007')).toBeNull();
    await waitFor(() => expect(api.calls(listInvoices).at(-1)!.input).toMatchObject({ docType: 'creditNote' }));
  });

  it('offers the settings form with what it means when the site has none yet', async () => {
    const api = fakeApi().on(listInvoices, { records: [], nextCursor: null }).on(getInvoiceSettings, null);
    renderApp('/staff/invoices', { user: staffUser(), api });
    expect(await screen.findByText('No invoice is issued until these are saved.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Legal name/ })).toHaveProperty('value', '');
    expect(await screen.findByText('No invoices in this month.')).toBeTruthy();
  });
});
