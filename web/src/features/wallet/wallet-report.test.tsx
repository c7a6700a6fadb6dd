import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addWalletEntry, debitWalletEntry, getCustomerWalletEntries } from '@tp/contracts/endpoints/wallet';
import type { TWalletEntry } from '@tp/contracts/endpoints/wallet';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

const EMAIL = 'asha@example.com';
const balance = { legalEntityId: 'LE1', balance: 500, creditLimit: 0, available: 500, currency: 'INR' };
const entry = (over: Partial<TWalletEntry> = {}): TWalletEntry => ({
  entryId: 'debit-1',
  legalEntityId: 'LE1',
  amount: -40,
  currency: 'INR',
  kind: 'adjustment',
  remark: 'Cancelled cheque',
  byUserId: 'S1',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
const report = (records: TWalletEntry[] = []) => ({ records, nextCursor: null, balance, customerEmail: EMAIL });
const open = (permissions?: string[]) => {
  const api = fakeApi().on(getCustomerWalletEntries, report());
  renderApp(`/staff/walletReport?email=${EMAIL}`, { user: staffUser(), api, permissions });
  return api;
};
const amountOf = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /Amount/ });

describe('wallet report adjustments', { timeout: 20_000 }, () => {
  it('offers Add Money and Debit Money only to staff holding their permissions', async () => {
    open(['wallet.viewReports', 'wallet.addMoney']);
    await screen.findByRole('button', { name: 'Add Money' });
    expect(screen.queryByRole('button', { name: 'Debit Money' })).toBeNull();
  });

  it('offers neither to a group that may only view reports', async () => {
    open(['wallet.viewReports']);
    await screen.findByText(`Wallet balance of ${EMAIL}`);
    expect(screen.queryByRole('button', { name: 'Add Money' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Debit Money' })).toBeNull();
  });

  it('refuses a negative Add Money on the field and sends nothing (no clamping to ₹1)', async () => {
    const api = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Money' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Money' });
    fireEvent.change(amountOf(dialog), { target: { value: '-50' } });
    fireEvent.blur(amountOf(dialog));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Money' }));
    await within(dialog).findByText('Amount must be greater than 0');
    expect(api.calls(addWalletEntry)).toHaveLength(0);
  });

  it('debits with a required reason, once per dialog, and refreshes the history', async () => {
    const api = open();
    api.on(debitWalletEntry, (input) => ({
      entry: entry({ amount: -Number(input.amount), remark: String(input.reason) }),
      balance: { ...balance, balance: 460, available: 460 },
      duplicate: false,
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'Debit Money' }));
    const dialog = await screen.findByRole('dialog', { name: 'Debit Money' });
    fireEvent.change(amountOf(dialog), { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Debit Money' }));
    await within(dialog).findByText('This is required field.');
    expect(api.calls(debitWalletEntry)).toHaveLength(0);

    api.on(getCustomerWalletEntries, report([entry()]));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: ' Cancelled cheque ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Debit Money' }));
    await screen.findByText('Money debited successfully');
    expect(api.calls(debitWalletEntry)).toHaveLength(1);
    expect(api.calls(debitWalletEntry)[0]!.input).toMatchObject({
      email: EMAIL,
      amount: 40,
      reason: 'Cancelled cheque',
      requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
    const table = await screen.findByRole('table', { name: 'Wallet entries' });
    await waitFor(() => expect(within(table).getByText('Cancelled cheque')).toBeTruthy());
    expect(within(table).getByText(/−₹40/)).toBeTruthy();
  });
});
