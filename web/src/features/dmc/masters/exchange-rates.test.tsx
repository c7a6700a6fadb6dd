import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EXCHANGE_RATE_MSG,
  getExchangeRates,
  getQuotationSettings,
  saveCartPayment,
  savePaymentTerms,
  saveExchangeRate,
  type TExchangeRate,
} from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { dialog, typeDay } from '../test-fixtures.ts';

const USD: TExchangeRate = {
  id: 'dmc-rate-usd',
  currency: 'USD',
  rate: 3.6725,
  validFrom: '2025-01-01',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

async function open(api = fakeApi()) {
  renderApp('/staff/dmc-exchange-rates', { user: staffUser(), api });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await screen.findByRole('heading', { name: 'Exchange Rates' });
  return { api, user };
}

describe('Exchange rates', { timeout: 60_000 }, () => {
  it('says so when the table has no rows (the list answered by its contract alone)', async () => {
    await open(fakeApi().on(getExchangeRates));
    expect(await screen.findByText('No exchange rates yet')).toBeTruthy();
  });

  it('adds a row after the schema refused an empty and an unknown one, then lists it', async () => {
    const rows: TExchangeRate[] = [];
    const api = fakeApi()
      .on(getExchangeRates, () => ({ records: [...rows], nextCursor: null }))
      .on(saveExchangeRate, (input) => {
        const saved = {
          ...USD,
          id: 'dmc-rate-new',
          currency: input.currency,
          rate: Number(input.rate),
          validFrom: input.validFrom,
        };
        rows.push(saved);
        return saved;
      });
    const { user } = await open(api);
    await user.click(await screen.findByRole('button', { name: 'Add exchange rate' }));
    const form = await dialog('Add exchange rate');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect((await form.findAllByText(MSG.required)).length).toBeGreaterThan(0);
    await user.type(form.getByRole('textbox', { name: /^Currency/ }), 'QQQ');
    await user.type(form.getByRole('textbox', { name: /^Rate/ }), '0');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(EXCHANGE_RATE_MSG.unknownCurrency)).toBeTruthy();
    expect(await form.findByText(EXCHANGE_RATE_MSG.ratePositive)).toBeTruthy();
    expect(api.calls(saveExchangeRate)).toHaveLength(0);

    await user.clear(form.getByRole('textbox', { name: /^Currency/ }));
    await user.type(form.getByRole('textbox', { name: /^Currency/ }), 'USD');
    await user.clear(form.getByRole('textbox', { name: /^Rate/ }));
    await user.type(form.getByRole('textbox', { name: /^Rate/ }), '3.6725');
    typeDay(form.getByRole('textbox', { name: /^Valid from/ }), '2025-01-01');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(saveExchangeRate)).toHaveLength(1));
    expect(api.calls(saveExchangeRate)[0]!.input).toEqual({
      currency: 'USD',
      rate: 3.6725,
      buffer: 0,
      validFrom: '2025-01-01',
    });
    const table = await screen.findByRole('table', { name: 'Exchange rates' });
    const row = await within(table).findByRole('row', { name: /USD/ });
    expect(within(row).getByText('3.6725')).toBeTruthy();
  });

  it('edits a row with its id', async () => {
    const api = fakeApi()
      .on(getExchangeRates, { records: [USD], nextCursor: null })
      .on(saveExchangeRate, (input) => ({ ...USD, rate: Number(input.rate) }));
    const { user } = await open(api);
    const table = await screen.findByRole('table', { name: 'Exchange rates' });
    await user.click(await within(table).findByRole('button', { name: /^Edit USD/ }));
    const form = await dialog('Edit exchange rate');
    await user.clear(form.getByRole('textbox', { name: /^Rate/ }));
    await user.type(form.getByRole('textbox', { name: /^Rate/ }), '3.67');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(saveExchangeRate)).toHaveLength(1));
    expect(api.calls(saveExchangeRate)[0]!.input).toEqual({
      id: 'dmc-rate-usd',
      currency: 'USD',
      rate: 3.67,
      buffer: 0,
      validFrom: '2025-01-01',
    });
  });

  it("saves the site's payment terms: a fixed deposit and the balance's days before arrival", async () => {
    const settings = {
      minimumMarginPercent: null,
      baseCurrency: 'AED',
      paymentTerms: { depositKind: 'percent' as const, depositValue: 30, balanceDaysBeforeArrival: 14 },
      cartPaysAt: 'none' as const,
    };
    const api = fakeApi()
      .on(getExchangeRates)
      .on(getQuotationSettings, settings)
      .on(savePaymentTerms, (terms) => ({ ...settings, paymentTerms: terms }));
    const { user } = await open(api);
    const form = await screen.findByRole('form', { name: 'Payment terms' });
    await user.click(within(form).getByRole('combobox', { name: 'Deposit on acceptance' }));
    await user.click(await screen.findByRole('option', { name: 'Fixed amount', hidden: true }));
    const deposit = within(form).getByRole('textbox', { name: 'Deposit amount' });
    await user.clear(deposit);
    await user.type(deposit, '500');
    const days = within(form).getByRole('textbox', { name: 'Balance due (days before arrival)' });
    await user.clear(days);
    await user.type(days, '21');
    await user.click(within(form).getByRole('button', { name: 'Save terms' }));
    await waitFor(() =>
      expect(api.calls(savePaymentTerms)[0]?.input).toEqual({
        depositKind: 'amount',
        depositValue: 500,
        balanceDaysBeforeArrival: 21,
      }),
    );
  });

  it("saves the site's cancellation terms with the payment terms they sit beside", async () => {
    const settings = {
      minimumMarginPercent: null,
      baseCurrency: 'AED',
      paymentTerms: {
        depositKind: 'percent' as const,
        depositValue: 30,
        balanceDaysBeforeArrival: 14,
        cancellationFees: [{ daysBefore: 30, feePercent: 0 }],
      },
      cartPaysAt: 'none' as const,
    };
    const api = fakeApi()
      .on(getExchangeRates)
      .on(getQuotationSettings, settings)
      .on(savePaymentTerms, (terms) => ({ ...settings, paymentTerms: terms }));
    const { user } = await open(api);
    const form = await screen.findByRole('form', { name: 'Cancellation terms' });
    await user.click(within(form).getByRole('button', { name: 'Add row' }));
    await user.type(within(form).getByRole('textbox', { name: 'Row 2: days before arrival' }), '7');
    await user.type(within(form).getByRole('textbox', { name: 'Row 2: fee (%)' }), '50');
    await user.click(within(form).getByRole('button', { name: 'Save cancellation terms' }));
    await waitFor(() =>
      expect(api.calls(savePaymentTerms)[0]?.input).toEqual({
        depositKind: 'percent',
        depositValue: 30,
        balanceDaysBeforeArrival: 14,
        cancellationFees: [
          { daysBefore: 30, feePercent: 0 },
          { daysBefore: 7, feePercent: 50 },
        ],
      }),
    );
  });

  it('saves when activity carts debit the agent: when confirmed', async () => {
    const settings = {
      minimumMarginPercent: null,
      baseCurrency: 'AED',
      paymentTerms: { depositKind: 'percent' as const, depositValue: 30, balanceDaysBeforeArrival: 14 },
      cartPaysAt: 'none' as const,
    };
    const api = fakeApi()
      .on(getExchangeRates)
      .on(getQuotationSettings, settings)
      .on(saveCartPayment, (input) => ({ ...settings, ...input }));
    const { user } = await open(api);
    const form = await screen.findByRole('form', { name: 'Activity cart payment' });
    await user.click(within(form).getByRole('combobox', { name: "Activity carts debit the agent's wallet" }));
    await user.click(await screen.findByRole('option', { name: 'When confirmed', hidden: true }));
    await user.click(within(form).getByRole('button', { name: 'Save cart payment' }));
    await waitFor(() => expect(api.calls(saveCartPayment)[0]?.input).toEqual({ cartPaysAt: 'confirmed' }));
  });
});
