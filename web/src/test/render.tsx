import { useEffect, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { getPermissionsFromSession } from '@tp/contracts/endpoints/rbac';
import { detectSite } from '@tp/contracts/endpoints/site';
import { ALL_PERMISSION_KEYS } from '@tp/contracts/permissions';
import { getUserBySessionId } from '@tp/contracts/endpoints/users';
import type { TSiteDetails } from '@tp/contracts/endpoints/site';
import type { TUser } from '@tp/contracts/endpoints/users';
import { consoleSession, type TOperator } from '@tp/contracts/endpoints/console';
import { NavigationBridge } from '#api/navigation.ts';
import { ConsoleProviders, Providers } from '#app/Providers.tsx';
import { ConsoleRoutes } from '#app/console-router.tsx';
import { AppRoutes } from '#app/router.tsx';
import { operatorStore, permissionStore, siteStore, userStore } from '#lib/state.ts';
import { fakeApi, type FakeApi } from './fake-api.ts';
import { testSite } from './fixtures.ts';

export interface RenderOptions {
  /** Initial path inside the app (without /app). */
  route?: string;
  /** The stored (signed-in) user; none by default. */
  user?: TUser | null;
  /** The branding detect returns and the stored copy; null = no site for this domain. */
  site?: TSiteDetails | null;
  /** Pass one with answers set up when the screen calls on mount (otherwise the first call can beat `api.on`). */
  api?: FakeApi;
  /** The user's permission keys (rbac/getPermissionsFromSession); staff hold every key by default, others none. */
  permissions?: string[];
}

/**
 * Renders inside the real providers (SWR with a fresh cache, site branding, Mantine, toasts) and a
 * MemoryRouter, with `fetch` answered by a fake API. `location()` reads where the router is now.
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const { route = '/', user = null } = options;
  const site = options.site === undefined ? testSite() : options.site;
  const api = options.api ?? fakeApi();
  // Answers a test gave before rendering win over these defaults.
  if (site) {
    siteStore.set(site);
    if (!api.answers(detectSite)) api.on(detectSite, site);
  }
  if (user) {
    userStore.set(user);
    if (!api.answers(getUserBySessionId)) api.on(getUserBySessionId, user);
    const state = {
      permissions: options.permissions ?? (user.userType === 'staff' ? [...ALL_PERMISSION_KEYS] : []),
      isUserSuperAdmin: false,
    };
    permissionStore.set(state);
    if (!api.answers(getPermissionsFromSession))
      api.on(getPermissionsFromSession, { ...state, lastSyncAt: new Date(0).toISOString(), modules: [] });
  }
  api.install();
  const probe: { location: Location | null } = { location: null };
  function LocationProbe() {
    const location = useLocation();
    useEffect(() => {
      probe.location = location;
    }, [location]);
    return null;
  }
  const result = render(
    <Providers swr={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[route]}>
        <NavigationBridge />
        <LocationProbe />
        {ui}
      </MemoryRouter>
    </Providers>,
  );
  const location = () => (probe.location ? `${probe.location.pathname}${probe.location.search}` : '');
  return { ...result, api, location };
}

/** The whole app (layout, guards, lazy screens) at a path. */
export function renderApp(route: string, options: Omit<RenderOptions, 'route'> = {}) {
  return renderWithProviders(<AppRoutes />, { ...options, route });
}

/**
 * The console host's whole app (its providers, layout, guard and lazy screens) at a path, with `operator` signed
 * in (none by default) and `fetch` answered by a fake API (console/session answers the operator).
 */
export function renderConsole(route: string, options: { operator?: TOperator | null; api?: FakeApi } = {}) {
  const api = options.api ?? fakeApi();
  if (options.operator) {
    operatorStore.set(options.operator);
    if (!api.answers(consoleSession)) api.on(consoleSession, options.operator);
  }
  api.install();
  const probe: { location: Location | null } = { location: null };
  function LocationProbe() {
    const location = useLocation();
    useEffect(() => {
      probe.location = location;
    }, [location]);
    return null;
  }
  const result = render(
    <ConsoleProviders swr={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[route]}>
        <LocationProbe />
        <ConsoleRoutes />
      </MemoryRouter>
    </ConsoleProviders>,
  );
  const location = () => (probe.location ? `${probe.location.pathname}${probe.location.search}` : '');
  return { ...result, api, location };
}
