import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getMonthlyMargins,
  getPayables,
  getSupplierStatement,
  recordSupplierPayment,
  type TPayable,
} from '@tp/contracts/endpoints/dmc-payables';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { dialog } from '../test-fixtures.ts';

const HOTEL: TPayable = {
  id: 'kart1.line1',
  kartId: 'kart1',
  quotationId: 'Q20991001-ABCDEF',
  supplier: { kind: 'hotel', id: 'h1', name: 'Creek Inn' },
  service: '2 nights, 1 room Standard',
  serviceDate: '2099-03-10',
  dueDate: '2099-04-09',
  currency: 'AED',
  amount: 1000,
  reversed: 0,
  paid: 0,
  outstanding: 1000,
  ageing: 'notDue',
  raisedAt: '2099-01-01T00:00:00.000Z',
  reversedAt: null,
  version: 1,
};

describe('Supplier payables', { timeout: 60_000 }, () => {
  it('lists what is owed and records a part payment with its reference', async () => {
    const api = fakeApi()
      .on(getPayables, () => ({ records: [HOTEL], nextCursor: null }))
      .on(recordSupplierPayment, (input) => ({
        ...HOTEL,
        paid: Number(input.amount),
        outstanding: 1000 - Number(input.amount),
        version: 2,
      }));
    renderApp('/staff/dmc-payables', { user: staffUser(), api });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const table = await screen.findByRole('table', { name: 'Payables' });
    expect(await within(table).findByText('Creek Inn')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Pay Creek Inn' }));
    const form = await dialog('Pay supplier');
    const amount = form.getByRole('textbox', { name: /^Amount/ });
    await user.clear(amount);
    await user.type(amount, '400');
    await user.type(form.getByRole('textbox', { name: /^Reference/ }), 'NEFT 1');
    await user.click(form.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.calls(recordSupplierPayment)).toHaveLength(1));
    expect(api.calls(recordSupplierPayment)[0]?.input).toMatchObject({
      payableId: HOTEL.id,
      amount: 400,
      reference: 'NEFT 1',
    });
    // The dialog closes once the payment is recorded.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pay supplier', hidden: true })).toBeNull());
  });

  it('says so when nothing is owed', async () => {
    renderApp('/staff/dmc-payables', { user: staffUser(), api: fakeApi().on(getPayables) });
    expect(await screen.findByText('Nothing is owed to suppliers.')).toBeTruthy();
  });

  it("prints a supplier's statement of a period", async () => {
    const api = fakeApi().on(getSupplierStatement, (input) => ({
      supplier: {
        supplier: input.supplier,
        name: 'Creek Inn',
        contactName: 'Reservations',
        email: '',
        phone: '',
        address: '',
        terms: { basis: 'afterService' as const, days: 45 },
        currency: 'AED',
        version: 1,
      },
      from: input.from,
      to: input.to,
      lines: [
        {
          date: '2099-01-01',
          kind: 'raised' as const,
          quotationId: 'Q1',
          detail: '2 nights',
          currency: 'AED',
          amount: 1000,
        },
        {
          date: '2099-01-02',
          kind: 'payment' as const,
          quotationId: 'Q1',
          detail: 'NEFT 1',
          currency: 'AED',
          amount: -400,
        },
      ],
      totals: { raised: 1000, paid: 400, reversed: 0, net: 600 },
    }));
    renderApp('/staff/dmc-payables/statement?supplier=hotel:h1', { user: staffUser(), api });
    const doc = await screen.findByRole('article', { name: 'Statement of Creek Inn' });
    expect(within(doc).getByRole('table', { name: 'Statement lines' })).toBeTruthy();
    expect(within(doc).getByText('NEFT 1')).toBeTruthy();
    expect(api.calls(getSupplierStatement)[0]?.input).toMatchObject({ supplier: 'hotel:h1' });
  });

  it('shows the margin by month', async () => {
    const api = fakeApi()
      .on(getPayables, () => ({ records: [], nextCursor: null }))
      .on(getMonthlyMargins, (input) => ({
        from: String(input.from),
        to: String(input.to),
        rows: [
          { month: '2026-11', currency: 'AED', received: 1200, refunded: 0, raised: 1000, reversed: 0, margin: 200 },
        ],
      }));
    renderApp('/staff/dmc-payables', { user: staffUser(), api });
    const table = await screen.findByRole('table', { name: 'Margin by month' });
    expect(within(table).getByText('Nov 2026')).toBeTruthy();
    expect(within(table).getByText('AED 200.00')).toBeTruthy();
    const input = api.calls(getMonthlyMargins)[0]!.input as { from: string; to: string };
    expect(input.from < input.to).toBe(true);
  });
});
