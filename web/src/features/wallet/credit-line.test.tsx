import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  getCustomerWalletEntries,
  getMyWalletEntries,
  getWalletBalance,
  setCreditLine,
} from '@tp/contracts/endpoints/wallet';
import type { TWalletBalance } from '@tp/contracts/endpoints/wallet';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser, testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

const EMAIL = 'asha@example.com';
const onCredit: TWalletBalance = {
  legalEntityId: 'LE1',
  balance: -7500,
  creditLimit: 10000,
  available: 2500,
  currency: 'INR',
  creditDays: 2,
  creditUsed: 7500,
  creditLeft: 2500,
  oldestDueDate: '2026-11-25',
  oldestDueAmount: 7500,
  overdue: false,
  alerts: [
    { kind: 'dueSoon', dueDay: '2026-11-25', amount: 7500 },
    { kind: 'lowCredit', threshold: 40, creditLeft: 2500 },
  ],
};
const none: TWalletBalance = { legalEntityId: 'LE1', balance: 500, creditLimit: 0, available: 500, currency: 'INR' };

describe('credit line (staff)', { timeout: 20_000 }, () => {
  it('offers the dialog only with wallet.creditLines, checks the fields and sends the line', async () => {
    const api = fakeApi()
      .on(getCustomerWalletEntries, { records: [], nextCursor: null, balance: none, customerEmail: EMAIL })
      .on(setCreditLine, { ...none, creditLimit: 10000, available: 10500, creditDays: 15, creditLeft: 10000 });
    renderApp(`/staff/walletReport?email=${EMAIL}`, {
      user: staffUser(),
      api,
      permissions: ['wallet.viewReports', 'wallet.creditLines'],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Credit line' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit line' });
    const limit = within(dialog).getByRole('textbox', { name: /Credit limit/ });
    const days = within(dialog).getByRole('textbox', { name: /Credit days/ });
    fireEvent.change(limit, { target: { value: '-5' } });
    fireEvent.change(days, { target: { value: '400' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Credit limit cannot be negative');
    expect(within(dialog).getByText('Credit days must be a whole number from 0 to 365')).toBeTruthy();
    expect(api.calls(setCreditLine)).toHaveLength(0);

    fireEvent.change(limit, { target: { value: '10000' } });
    fireEvent.change(days, { target: { value: '15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Credit line saved');
    expect(api.calls(setCreditLine)[0]!.input).toEqual({ email: EMAIL, creditLimit: 10000, creditDays: 15 });
  });

  it('is not offered without the permission', async () => {
    const api = fakeApi().on(getCustomerWalletEntries, {
      records: [],
      nextCursor: null,
      balance: none,
      customerEmail: EMAIL,
    });
    renderApp(`/staff/walletReport?email=${EMAIL}`, { user: staffUser(), api, permissions: ['wallet.viewReports'] });
    await screen.findByText(`Wallet balance of ${EMAIL}`);
    expect(screen.queryByRole('button', { name: 'Credit line' })).toBeNull();
  });
});

describe('credit line (agent)', { timeout: 20_000 }, () => {
  it('shows credit used, left, the oldest due amount and the open alerts on the wallet page', async () => {
    const api = fakeApi().on(getWalletBalance, onCredit).on(getMyWalletEntries, { records: [], nextCursor: null });
    renderApp('/user/transactionHistory', { user: testUser({ userType: 'travelAgent' }), api });
    await waitFor(() => expect(screen.getByTestId('credit-used').textContent).toBe('₹7,500.00'));
    expect(screen.getByTestId('credit-left').textContent).toBe('₹2,500.00');
    expect(screen.getByTestId('credit-due').textContent).toBe('₹7,500.00 on 25 Nov 2026');
    const alerts = screen.getByTestId('credit-alerts');
    expect(within(alerts).getByText('Credit payment due soon')).toBeTruthy();
    expect(within(alerts).getByText('Credit running low')).toBeTruthy();
    // The shell's banner stays off on the wallet page (one set of alerts).
    expect(screen.getAllByTestId('credit-alerts')).toHaveLength(1);
  });

  it('shows no credit figures for a wallet without a credit line', async () => {
    const api = fakeApi().on(getWalletBalance, none).on(getMyWalletEntries, { records: [], nextCursor: null });
    renderApp('/user/transactionHistory', { user: testUser({ userType: 'travelAgent' }), api });
    await screen.findByTestId('wallet-balance');
    expect(screen.queryByTestId('credit-used')).toBeNull();
    expect(screen.queryByTestId('credit-alerts')).toBeNull();
  });
});
