import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { getInvoice, getSourceInvoice, type TInvoiceDocument } from '@tp/contracts/endpoints/invoices';
import { failure, fakeApi } from '#test/fake-api.ts';
import { testUser } from '#test/fixtures.ts';
import { renderApp, renderWithProviders } from '#test/render.tsx';
import { InvoiceLink } from './InvoiceLink.tsx';

const party = {
  name: 'Flight Deals Travel Private Limited',
  address: 'Mumbai',
  gstin: '27AAFCF1234K1ZP',
  state: '27-Maharashtra',
};
const invoice = (over: Partial<TInvoiceDocument> = {}): TInvoiceDocument => ({
  id: 'inv-1',
  docType: 'invoice',
  number: 'FD/26-27/00007',
  issuedAt: '2026-11-24T04:00:00.000Z',
  issueDate: '2026-11-24',
  financialYear: '2026-27',
  source: 'booking',
  sourceId: 'B1',
  sourceRef: 'PNR123',
  kind: 'flight',
  sac: '998551',
  sacDescription: 'Reservation services for transportation',
  currency: 'INR',
  supplier: party,
  recipient: { name: 'Verma Travels', address: '', gstin: '29AAECS5678L1ZJ', state: '29-Karnataka' },
  placeOfSupply: '29-Karnataka',
  reverseCharge: false,
  lines: [
    { description: 'Air fare DEL-BOM', sac: '', taxable: false, amount: 5000 },
    { description: 'Service charges', sac: '998551', taxable: true, amount: 200 },
  ],
  supplyType: 'interState',
  rate: 18,
  taxableValue: 200,
  cgst: 0,
  sgst: 0,
  igst: 36,
  totalTax: 36,
  reimbursement: 5000,
  total: 5236,
  amountInWords: 'Rupees Five Thousand Two Hundred Thirty Six Only',
  against: null,
  reason: '',
  creditNotes: [{ id: 'cn-1', number: 'FDC/26-27/00002', issueDate: '2026-11-25', total: 1000 }],
  ...over,
});

describe('invoice print view', { timeout: 20_000 }, () => {
  it("shows a booking's invoice: parties, place of supply, IGST for another state, its credit notes", async () => {
    const api = fakeApi().on(getSourceInvoice, invoice());
    renderApp('/invoice/booking/B1', { user: testUser(), api });
    const doc = await screen.findByRole('article', { name: 'Tax invoice FD/26-27/00007' });
    expect(within(doc).getByText('GSTIN 29AAECS5678L1ZJ')).toBeTruthy();
    expect(within(doc).getByTestId('invoice-igst').textContent).toBe('₹36.00');
    expect(within(doc).queryByTestId('invoice-cgst')).toBeNull();
    expect(within(doc).getByTestId('invoice-total').textContent).toBe('₹5,236.00');
    expect(within(doc).getByRole('link', { name: 'FDC/26-27/00002' }).getAttribute('href')).toMatch(/\/invoice\/cn-1$/);
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(api.calls(getSourceInvoice).at(-1)?.input).toEqual({ source: 'booking', sourceId: 'B1' });
  });

  it('shows an AED cart invoiced in rupees with the quoted amount and the rate it names', async () => {
    const doc = invoice({
      source: 'cart',
      kind: 'activityCart',
      total: 9209.2,
      currency: 'INR',
      conversion: { currency: 'AED', amount: 404.8, inrPerUnit: 22.75, rateDate: '2026-11-20' },
      creditNotes: [],
    });
    renderApp('/invoice/cart/C1', { user: testUser(), api: fakeApi().on(getSourceInvoice, doc) });
    const view = await screen.findByRole('article', { name: 'Tax invoice FD/26-27/00007' });
    expect(within(view).getByTestId('invoice-total').textContent).toBe('₹9,209.20');
    expect(within(view).getByTestId('invoice-conversion').textContent).toBe(
      'Quoted in AED\u00a0404.80, converted at ₹22.75 per AED (rate of 20 Nov 2026)',
    );
  });

  it('shows a credit note against its invoice, with CGST and SGST within the state', async () => {
    const note = invoice({
      id: 'cn-1',
      docType: 'creditNote',
      number: 'FDC/26-27/00002',
      supplyType: 'intraState',
      cgst: 9,
      sgst: 9,
      igst: 0,
      against: { id: 'inv-1', number: 'FD/26-27/00007', issueDate: '2026-11-24' },
      reason: 'Refund for PNR PNR123',
      creditNotes: [],
    });
    renderApp('/invoice/cn-1', { user: testUser(), api: fakeApi().on(getInvoice, note) });
    const doc = await screen.findByRole('article', { name: 'Credit note FDC/26-27/00002' });
    expect(within(doc).getByRole('link', { name: 'FD/26-27/00007' })).toBeTruthy();
    expect(within(doc).getByTestId('invoice-cgst').textContent).toBe('₹9.00');
    expect(within(doc).getByText('Total credited')).toBeTruthy();
  });

  it('says so when there is no invoice', async () => {
    renderApp('/invoice/booking/B2', {
      user: testUser(),
      api: fakeApi().on(getSourceInvoice, failure(404, 'No invoice was found')),
    });
    expect(await screen.findByText('No invoice was found')).toBeTruthy();
  });
});

describe('the link to a source’s invoice', () => {
  const staff = testUser({ userType: 'staff' });

  it('opens the invoice of a quotation or cart for staff who may read invoices', async () => {
    renderWithProviders(<InvoiceLink source="kart" sourceId="K 1" />, { user: staff, permissions: ['invoices.view'] });
    expect((await screen.findByRole('link', { name: 'Invoice' })).getAttribute('href')).toBe('/invoice/kart/K%201');
  });

  it('is not offered to staff without the invoices permission (the page would answer 403)', () => {
    renderWithProviders(<InvoiceLink source="cart" sourceId="C1" />, { user: staff, permissions: [] });
    expect(screen.queryByRole('link', { name: 'Invoice' })).toBeNull();
  });

  it('is offered to a customer, whose own invoices need no permission', async () => {
    renderWithProviders(<InvoiceLink source="cart" sourceId="C1" variant="button" />, { user: testUser() });
    expect(await screen.findByRole('link', { name: 'Tax invoice' })).toBeTruthy();
  });
});
