import { describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES, SPA_ROUTES, type SpaRoute } from '@tp/contracts/spa-routes';
import { testSite, testUser } from '#test/fixtures.ts';
import { decideAccess, decideConsoleAccess, isLocked, routeAvailable, type AccessContext } from './access.ts';

const route = (path: string): SpaRoute => {
  const r = SPA_ROUTES.find((x) => x.path === path);
  if (!r) throw new Error(`no route ${path}`);
  return r;
};
const ctx = (pathname: string, more: Partial<AccessContext> = {}): AccessContext => ({
  pathname,
  search: '',
  user: null,
  site: testSite(),
  ...more,
});

describe('decideAccess', () => {
  it('sends an unauthenticated visit of a login route to /login with redirectTo set to the path', () => {
    expect(decideAccess(route('/user/dashboard'), ctx('/user/dashboard'))).toEqual({
      kind: 'redirect',
      to: '/login?redirectTo=%2Fuser%2Fdashboard',
    });
  });

  it('keeps the query in redirectTo and carries redirectType over', () => {
    const access = decideAccess(route('/flight/*'), ctx('/flight/search', { search: '?adt=1&redirectType=flight' }));
    expect(access.kind).toBe('redirect');
    const to = new URL((access as { to: string }).to, 'http://x');
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('redirectTo')).toBe('/flight/search?adt=1&redirectType=flight');
    expect(to.searchParams.get('redirectType')).toBe('flight');
  });

  it('sends unauthenticated visits of staff routes to login too', () => {
    expect(decideAccess(route('/staff/customers'), ctx('/staff/customers'))).toMatchObject({
      kind: 'redirect',
      to: '/login?redirectTo=%2Fstaff%2Fcustomers',
    });
  });

  it('sends a non-staff user on a staff route to /403', () => {
    for (const userType of ['retail', 'travelAgent', 'corporate'] as const) {
      expect(
        decideAccess(route('/staff/customers'), ctx('/staff/customers', { user: testUser({ userType }) })),
      ).toEqual({ kind: 'redirect', to: '/403' });
    }
  });

  it('lets staff on staff routes and any signed-in user on login routes', () => {
    expect(decideAccess(route('/staff/customers'), ctx('/staff/customers', { user: { userType: 'staff' } }))).toEqual({
      kind: 'allow',
    });
    expect(decideAccess(route('/user/dashboard'), ctx('/user/dashboard', { user: { userType: 'retail' } }))).toEqual({
      kind: 'allow',
    });
  });

  it('redirects signed-in users away from /login and /signup to /', () => {
    const user = { userType: 'retail' as const };
    expect(decideAccess(route('/login'), ctx('/login', { user }))).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess(route('/signup'), ctx('/signup', { user }))).toEqual({ kind: 'redirect', to: '/' });
  });

  it('lets a signed-in user reach /login with a one-time link so the page can consume it', () => {
    const user = testUser();
    for (const search of ['?sessionId=abc', '?verifyEmailToken=abc&redirectTo=%2Fuser%2Fdashboard'])
      expect(decideAccess(route('/login'), ctx('/login', { user, search }))).toEqual({ kind: 'allow' });
  });

  it('lands a fresh login on its redirectTo, or /flight for the flight login, but never on another origin', () => {
    const user = { userType: 'retail' as const };
    expect(decideAccess(route('/login'), ctx('/login', { user, search: '?redirectTo=%2Fuser%2Fdashboard' }))).toEqual({
      kind: 'redirect',
      to: '/user/dashboard',
    });
    expect(decideAccess(route('/flight/login'), ctx('/flight/login', { user }))).toEqual({
      kind: 'redirect',
      to: '/flight',
    });
    expect(decideAccess(route('/login'), ctx('/login', { user, search: '?redirectTo=%2F%2Fevil.example' }))).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(
      decideAccess(route('/login'), ctx('/login', { user, search: '?redirectTo=https%3A%2F%2Fevil.example' })),
    ).toEqual({ kind: 'redirect', to: '/' });
  });

  it('hides the permission-groups route unless the site allows the permission menu', () => {
    const r = route('/staff/setting/permission-groups');
    const staff = { userType: 'staff' as const };
    expect(decideAccess(r, ctx(r.path, { user: staff }))).toEqual({ kind: 'notFound' });
    const allowed = testSite({ wlMeta: { canShowPermissionMenu: true } });
    expect(decideAccess(r, ctx(r.path, { user: staff, site: allowed }))).toEqual({ kind: 'allow' });
  });

  it('knows test-host-only routes only on test hosts', () => {
    const r = route('/staff/tboRefundExcelImport');
    const staff = { userType: 'staff' as const };
    expect(decideAccess(r, ctx(r.path, { user: staff }))).toEqual({ kind: 'notFound' });
    expect(decideAccess(r, ctx(r.path, { user: staff, site: testSite({ isTestHost: true }) }))).toEqual({
      kind: 'allow',
    });
  });
});

describe('lock mode', () => {
  const locked = (lockedRoutes: string[]) =>
    testSite({ brandingSettings: { ...testSite().brandingSettings, lockMode: { enabled: true, lockedRoutes } } });

  it('with no locked routes locks the whole site except sign-in, policy pages and token links', () => {
    const site = locked([]);
    expect(decideAccess(route('/visa/:country'), ctx('/visa/uae', { site }))).toEqual({
      kind: 'redirect',
      to: '/login?redirectTo=%2Fvisa%2Fuae',
    });
    expect(decideAccess(route('*'), ctx('/anything', { site })).kind).toBe('redirect');
    for (const open of [
      '/login',
      '/signup',
      '/signup_success',
      '/logout',
      '/generate_password',
      '/flight/login',
      '/403',
      '/privacy_policy',
      '/terms_and_conditions',
    ]) {
      expect(decideAccess(route(open), ctx(open, { site })), open).toEqual({ kind: 'allow' });
    }
    expect(isLocked(route('/dmc/driver/:driverAccessToken'), '/dmc/driver/abc', site)).toBe(false);
  });

  it('with locked routes locks only those prefixes', () => {
    const site = locked(['/visa']);
    expect(isLocked(route('/visa/:country'), '/visa/uae', site)).toBe(true);
    expect(isLocked(route('/flight/eTicket/:bookingSlug'), '/flight/eTicket/abc', site)).toBe(false);
    expect(isLocked(route('*'), '/visas', site)).toBe(false);
  });

  it('does not lock signed-in users out, and does nothing when disabled', () => {
    const site = locked([]);
    expect(decideAccess(route('/visa/:country'), ctx('/visa/uae', { site, user: { userType: 'retail' } }))).toEqual({
      kind: 'allow',
    });
    expect(isLocked(route('/visa/:country'), '/visa/uae', testSite())).toBe(false);
  });
});

describe('routeAvailable', () => {
  it('treats an unknown site as allowing nothing optional', () => {
    expect(routeAvailable({ needsPermissionMenu: true }, null)).toBe(false);
    expect(routeAvailable({ testHostsOnly: true }, null)).toBe(false);
    expect(routeAvailable({}, null)).toBe(true);
  });
});

describe('decideConsoleAccess', () => {
  const at = (pathname: string, search = '', operator: object | null = null) => ({ pathname, search, operator });
  const screen = (path: string) => CONSOLE_ROUTES.find((r) => r.path === path)!;

  it('sends a visitor without an operator session to the console sign-in, keeping where they were going', () => {
    expect(decideConsoleAccess(screen('/console/resellers/:siteId'), at('/console/resellers/s1'))).toEqual({
      kind: 'redirect',
      to: '/console/login?redirectTo=%2Fconsole%2Fresellers%2Fs1',
    });
    expect(decideConsoleAccess(screen('/console/login'), at('/console/login'))).toEqual({ kind: 'allow' });
  });

  it('lets a signed-in operator in, and past the sign-in only to a console screen', () => {
    const op = { operatorId: 'o1' };
    expect(decideConsoleAccess(screen('/console'), at('/console', '', op))).toEqual({ kind: 'allow' });
    const signIn = screen('/console/login');
    expect(decideConsoleAccess(signIn, at('/console/login', '?redirectTo=%2Fconsole%2Faudit', op))).toEqual({
      kind: 'redirect',
      to: '/console/audit',
    });
    for (const elsewhere of ['/staff/customers', '//evil.example.com', '/console/login', '/consoles'])
      expect(
        decideConsoleAccess(signIn, at('/console/login', `?redirectTo=${encodeURIComponent(elsewhere)}`, op)),
        elsewhere,
      ).toEqual({ kind: 'redirect', to: '/console' });
  });
});
