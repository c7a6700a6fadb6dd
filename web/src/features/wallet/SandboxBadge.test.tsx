import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { getActiveGateway } from '@tp/contracts/endpoints/wallet';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser, testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

const sandbox = { name: 'sandbox' as const, label: 'Sandbox gateway', isSandbox: true };

describe('Sandbox payments badge', { timeout: 20_000 }, () => {
  it('shows staff that the site takes play money', async () => {
    const api = fakeApi().on(getActiveGateway, sandbox);
    renderApp('/user/dashboard', { user: staffUser(), api });
    expect(await screen.findByText('Sandbox payments', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('stays hidden for staff on a site with a real gateway', async () => {
    const api = fakeApi().on(getActiveGateway, { name: 'phonepe', label: 'PhonePe', isSandbox: false });
    renderApp('/user/dashboard', { user: staffUser(), api });
    await screen.findByRole('banner');
    await new Promise((r) => setTimeout(r, 300));
    expect(api.calls(getActiveGateway)).toHaveLength(1);
    expect(screen.queryByText('Sandbox payments')).toBeNull();
  });

  it('is never asked for by travellers', async () => {
    const api = fakeApi().on(getActiveGateway, sandbox);
    renderApp('/user/dashboard', { user: testUser(), api });
    await screen.findByRole('banner');
    await new Promise((r) => setTimeout(r, 300));
    expect(api.calls(getActiveGateway)).toHaveLength(0);
    expect(screen.queryByText('Sandbox payments')).toBeNull();
  });
});
