import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CUSTOMER_MSG, updateBillingDetails } from '@tp/contracts/endpoints/customers';
import * as MSG from '@tp/contracts/messages';
import { fakeApi } from '#test/fake-api.ts';
import { testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { userStore } from '#lib/state.ts';

const user = () => userEvent.setup({ delay: null });

describe('/user/billing-details', { timeout: 30_000 }, () => {
  it('validates GSTIN and PAN with the contract rules before saving', async () => {
    const u = user();
    const api = fakeApi().on(updateBillingDetails, (billing) =>
      testUser({
        billing: {
          billingName: billing.billingName,
          gstNumber: billing.gstNumber ?? '',
          gstState: billing.gstState ?? '',
          panNumber: billing.panNumber ?? '',
        },
      }),
    );
    renderApp('/user/billing-details', { user: testUser(), api });
    const name = await screen.findByRole('textbox', { name: /Billing name/ });
    expect((name as HTMLInputElement).value).toBe('Asha Rao');
    const pan = screen.getByRole('textbox', { name: /^PAN/ });
    await u.type(pan, 'abc12');
    await u.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByText(CUSTOMER_MSG.invalidPan)).toBeTruthy();
    expect((pan as HTMLInputElement).value).toBe('ABC12');

    // A valid GSTIN names its state; its PAN part must match the PAN.
    await u.type(screen.getByRole('textbox', { name: /GST number/ }), '27aapfu0939f1zv');
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: /GST state/ }) as HTMLInputElement).value).toMatch(/Maharashtra/),
    );
    await u.clear(pan);
    await u.type(pan, 'ABCDE1234F');
    await u.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByText(CUSTOMER_MSG.gstinPanMismatch)).toBeTruthy();
    expect(api.calls(updateBillingDetails)).toHaveLength(0);

    await u.clear(pan);
    await u.type(pan, 'AAPFU0939F');
    await u.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByText(MSG.settingSaved)).toBeTruthy();
    expect(api.calls(updateBillingDetails)[0]?.input).toEqual({
      billingName: 'Asha Rao',
      gstNumber: '27AAPFU0939F1ZV',
      gstState: 'Maharashtra',
      panNumber: 'AAPFU0939F',
    });
    expect(userStore.get()?.billing?.gstState).toBe('Maharashtra');
  });

  it('asks for the state of a GSTIN and for a billing name', async () => {
    const u = user();
    const api = fakeApi();
    renderApp('/user/billing-details', {
      user: testUser({ billing: { billingName: '', gstNumber: '', gstState: '', panNumber: '' } }),
      api,
    });
    // 28 is the pre-2014 Andhra Pradesh code: a valid GSTIN whose state is not filled in.
    await u.type(await screen.findByRole('textbox', { name: /GST number/ }), '28AAPFU0939F1ZT');
    await u.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findAllByText(MSG.required)).toHaveLength(2);
    expect(api.calls(updateBillingDetails)).toHaveLength(0);
  });
});
