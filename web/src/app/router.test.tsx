import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CONSOLE_ROUTES, SPA_ROUTES } from '@tp/contracts/spa-routes';
import { getPolicyPage } from '@tp/contracts/endpoints/site';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser, testSite, testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { matchRoutes } from 'react-router-dom';
import { appRoutes, routesFor, SCREENS } from './router.tsx';

describe('route table', () => {
  const PAGES = Object.keys(import.meta.glob('../features/**/*.page.tsx')).map((f) =>
    f.slice('../features/'.length, -'.page.tsx'.length),
  );
  /** A splat route's page may route further itself (`/flight/*`): the pages beside it are its screens. */
  const nestedScreens = (page: string) =>
    SPA_ROUTES.some((r) => r.path.endsWith('/*') && page.startsWith(r.screen.slice(0, r.screen.lastIndexOf('/') + 1)));

  it("has exactly one page module for every route (the console host's too)", () => {
    for (const route of [...SPA_ROUTES, ...CONSOLE_ROUTES]) {
      expect(
        PAGES.filter((p) => p === route.screen),
        route.path,
      ).toHaveLength(1);
      expect(SCREENS.get(route.screen), route.path).toBeDefined();
    }
  });

  it("matches every path to the same route from its first segment's candidates as from the whole table", () => {
    // Each route's own path with its parameters filled in, in the case it is declared and in capitals (react-router
    // matches without regard to case), with a trailing slash, and paths no route names.
    const paths = SPA_ROUTES.flatMap((r) => {
      const p =
        r.path
          .replace(/\/:\w+\?/g, '/opt')
          .replace(/:\w+/g, 'x1')
          .replace(/\*$/, 'a/b') || '/';
      return [p, p.toUpperCase(), p.replace(/\/opt/g, '')];
    });
    paths.push('/', '/nowhere/at/all', '/%66light/search', '/FLIGHT', '/flight');
    const leaf = (routes: typeof appRoutes, path: string) => matchRoutes(routes, path)?.at(-1)?.route.path;
    for (const path of paths) expect(leaf(routesFor(path), path), path).toBe(leaf(appRoutes, path));
    // Each whole-table match flattens and ranks all the routes again (the work routesFor saves): slow under load.
  }, 60_000);

  it('gives every page module a route (or the nested router of a splat route)', () => {
    const routed = new Set([...SPA_ROUTES, ...CONSOLE_ROUTES].map((r) => r.screen));
    expect(PAGES.filter((p) => !routed.has(p) && !nestedScreens(p))).toEqual([]);
  });
});

describe('router and guards', () => {
  it('sends an unauthenticated visitor of a guarded route to /login with redirectTo', async () => {
    const { location } = renderApp('/user/dashboard?tab=wallet');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(location()).toBe('/login?redirectTo=%2Fuser%2Fdashboard%3Ftab%3Dwallet');
  });

  it('sends a non-staff user on a staff route to /403', async () => {
    const { location } = renderApp('/staff/customers', { user: testUser({ userType: 'travelAgent' }) });
    expect(await screen.findByText('Access denied')).toBeTruthy();
    expect(location()).toBe('/403');
  });

  it('lets staff into staff routes', async () => {
    const { location } = renderApp('/staff/customers', { user: staffUser() });
    expect(await screen.findByRole('tab', { name: 'Site Customers' })).toBeTruthy();
    expect(location()).toBe('/staff/customers');
  });

  it('redirects a signed-in user from /login and /signup to / (and / to flights)', async () => {
    const first = renderApp('/login', { user: testUser() });
    await waitFor(() => expect(first.location()).toBe('/flight'));
    first.unmount();
    const second = renderApp('/signup', { user: testUser() });
    await waitFor(() => expect(second.location()).toBe('/flight'));
  });

  it('sends / to the core site with a full navigation when the site has one', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderApp('/', { site: testSite({ coreSiteUrl: 'https://core.example.com' }) });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://core.example.com/'));
  });

  it('in lock mode sends unauthenticated visitors of locked routes to login', async () => {
    const site = testSite({
      brandingSettings: { ...testSite().brandingSettings, lockMode: { enabled: true, lockedRoutes: [] } },
    });
    const { location } = renderApp('/visa/uae', { site });
    await waitFor(() => expect(location()).toBe('/login?redirectTo=%2Fvisa%2Fuae'));
  });

  it('in lock mode keeps policy pages open', async () => {
    const site = testSite({
      brandingSettings: { ...testSite().brandingSettings, lockMode: { enabled: true, lockedRoutes: [] } },
    });
    const api = fakeApi().on(getPolicyPage, {
      page: 'privacy_policy',
      title: 'Privacy Policy',
      html: '<p>We keep your data safe.</p>',
      updatedAt: '2025-01-01',
    });
    const { location } = renderApp('/privacy_policy', { site, api });
    expect(await screen.findByRole('heading', { name: 'Privacy Policy' })).toBeTruthy();
    expect(location()).toBe('/privacy_policy');
  });

  it('shows not found for the permission-groups route when the site does not allow the permission menu', async () => {
    renderApp('/staff/setting/permission-groups', { user: staffUser() });
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });

  it('shows not found for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });
});

describe('app shell', () => {
  it('shows the logo and the site name, and Login / Sign up when signed out', async () => {
    renderApp('/403');
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Test Travels')).toBeTruthy();
    expect(header.querySelector('img')?.getAttribute('src')).toBe('/app/brand/flightdeals.svg');
    expect(within(header).getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it('uses the default brand when the domain has no site', async () => {
    renderApp('/403', { site: null });
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Flight Deals')).toBeTruthy();
  });

  it('gives staff the staff menu and other users theirs', async () => {
    const staff = renderApp('/403', { user: staffUser() });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Customers' })).toBeTruthy();
    expect(within(nav).getByText('Manage Markup')).toBeTruthy();
    staff.unmount();
    renderApp('/403', { user: testUser() });
    const userNav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(userNav).getByText('My Profile')).toBeTruthy();
    expect(within(userNav).getByText('Wallet')).toBeTruthy();
    expect(within(userNav).queryByText('Customers')).toBeNull();
  });

  it('shows the user name and type', async () => {
    renderApp('/403', { user: testUser({ userType: 'travelAgent' }) });
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Asha Rao')).toBeTruthy();
    expect(within(header).getByText('Travel Agent')).toBeTruthy();
  });
});
