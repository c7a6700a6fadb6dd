import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { CONSOLE_MSG } from '@tp/contracts/endpoints/console';
import { detectSite } from '@tp/contracts/endpoints/site';
import { fakeApi } from '#test/fake-api.ts';
import { testSite, testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

describe('a suspended site', { timeout: 30_000 }, () => {
  it('shows only the notice on every page: no sign-in form, no menu, no screen', async () => {
    const site = testSite({ status: 'suspended' });
    for (const path of ['/login', '/staff/customers', '/']) {
      const { unmount } = renderApp(path, { site, user: path === '/staff/customers' ? testUser() : null });
      await screen.findByRole('heading', { name: 'Temporarily unavailable' });
      expect(screen.getByText(CONSOLE_MSG.siteSuspendedNotice)).toBeTruthy();
      expect(screen.getByText('Test Travels')).toBeTruthy();
      expect(screen.queryByLabelText(/^Password/)).toBeNull();
      expect(screen.queryByRole('navigation')).toBeNull();
      unmount();
    }
  });

  it('comes back once its detection answers it active again', async () => {
    const api = fakeApi().on(detectSite, testSite({ status: 'active' }));
    renderApp('/login', { site: testSite({ status: 'suspended' }), api });
    // The stored copy paints the notice; the fresh answer brings the site back.
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByText(CONSOLE_MSG.siteSuspendedNotice)).toBeNull();
  });
});

describe('a site has no console', () => {
  it('answers a console path as not found', async () => {
    renderApp('/console', {});
    await screen.findByRole('heading', { name: 'Page not found' });
  });
});
