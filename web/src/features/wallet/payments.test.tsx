import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getActiveGateway, getBankDetails, getWalletBalance, userPaymentEntry } from '@tp/contracts/endpoints/wallet';
import * as MSG from '@tp/contracts/messages';
import { failure, fakeApi } from '#test/fake-api.ts';
import { testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

const BANK = {
  accountName: 'Travel Co',
  accountNumber: '0001',
  ifsc: 'HDFC0000001',
  bankName: 'HDFC',
  branch: 'Fort',
  upiId: '',
};
const open = () => {
  const api = fakeApi()
    .on(getActiveGateway, { name: null, label: '', isSandbox: false })
    .on(getBankDetails, BANK)
    .on(getWalletBalance, { legalEntityId: 'LE1', balance: 0, creditLimit: 0, available: 0, currency: 'INR' });
  renderApp('/payments', { user: testUser(), api });
  return { api, user: userEvent.setup({ delay: null, pointerEventsCheck: 0 }) };
};

describe('offline bank transfer', { timeout: 20_000 }, () => {
  it('says what is missing or malformed on the fields (the contract schema) and sends nothing', async () => {
    const { api, user } = open();
    const form = within((await screen.findByRole('button', { name: 'Record payment' })).closest('form')!);
    await user.click(form.getByRole('button', { name: 'Record payment' }));
    expect(await form.findAllByText(MSG.required)).toHaveLength(2);
    await user.type(form.getByRole('textbox', { name: /Amount transferred/ }), '500');
    await user.type(form.getByRole('textbox', { name: /Transaction reference/ }), 'UTR 1');
    await user.click(form.getByRole('button', { name: 'Record payment' }));
    expect(await form.findByText(MSG.invalidReference)).toBeTruthy();
    expect(api.calls(userPaymentEntry)).toHaveLength(0);
  });

  it('refuses −5 and 0 with the contract’s message, keeps them as typed (no clamping to ₹1) and sends nothing', async () => {
    const { api, user } = open();
    const form = within((await screen.findByRole('button', { name: 'Record payment' })).closest('form')!);
    const amount = form.getByRole('textbox', { name: /Amount transferred/ });
    await user.type(form.getByRole('textbox', { name: /Transaction reference/ }), 'UTR1');
    for (const typed of ['-5', '0']) {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.tab();
      expect((amount as HTMLInputElement).value).toBe(typed);
      await user.click(form.getByRole('button', { name: 'Record payment' }));
      expect(await form.findByText('Amount must be greater than 0')).toBeTruthy();
    }
    expect(api.calls(userPaymentEntry)).toHaveLength(0);
  });

  it('records the transfer, and a refused reference lands on its field', async () => {
    const { api, user } = open();
    api.on(
      userPaymentEntry,
      failure(400, 'Reference already used', { shortError: { transactionId: 'Reference already used' } }),
    );
    const form = within((await screen.findByRole('button', { name: 'Record payment' })).closest('form')!);
    await user.type(form.getByRole('textbox', { name: /Amount transferred/ }), '1200');
    await user.type(form.getByRole('textbox', { name: /Transaction reference/ }), 'UTR1');
    await user.click(form.getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(api.calls(userPaymentEntry)[0]?.input).toEqual({
        mode: 'offline',
        amount: 1200,
        transactionId: 'UTR1',
        remark: '',
      }),
    );
    expect((await form.findAllByText('Reference already used')).length).toBeGreaterThan(0);
  });
});
