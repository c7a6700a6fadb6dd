import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { getPermissionsFromSession } from '@tp/contracts/endpoints/rbac';
import { permissionStore } from '#lib/state.ts';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

describe('session permissions', () => {
  it("loads the user's permissions with the session check, holds them and hides what the group lacks", async () => {
    const api = fakeApi().on(getPermissionsFromSession, {
      permissions: ['flights.search', 'flights.holdQueue'],
      modules: [],
      lastSyncAt: '2026-11-23T00:00:00.000Z',
      isUserSuperAdmin: false,
    });
    // Nothing stored yet (a first sign-in): the guarded links wait for the answer.
    renderApp('/403', { user: staffUser(), api, permissions: [] });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await within(nav).findByRole('link', { name: 'Hold Queue' });
    expect(within(nav).getByRole('link', { name: 'Search flights' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Customers' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Wallet Report' })).toBeNull();
    await waitFor(() =>
      expect(permissionStore.get()).toEqual({
        permissions: ['flights.search', 'flights.holdQueue'],
        isUserSuperAdmin: false,
      }),
    );
    expect(api.calls(getPermissionsFromSession)).toHaveLength(1);
  });
});
