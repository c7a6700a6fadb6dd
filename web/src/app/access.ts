import { isAccountAdmin } from '@tp/contracts/account-roles';
import { CONSOLE_HOME_PATH, CONSOLE_LOGIN_PATH, type SpaRoute } from '@tp/contracts/spa-routes';
import type { TSiteDetails } from '@tp/contracts/endpoints/site';
import type { TUser } from '@tp/contracts/endpoints/users';
import { POLICY_PAGES } from '#api/boot.ts';
import {
  FLIGHT_HOME_PATH,
  FORBIDDEN_PATH,
  FLIGHT_LOGIN_PATH,
  LOGIN_PATH,
  LOGOUT_PATH,
  loginPath,
  safeRedirect,
} from '#lib/redirects.ts';

/** Route guards (spec 000 §2, §6) as pure functions: the router and the menus both ask them. */

export type SiteFlags = Pick<TSiteDetails, 'wlMeta' | 'isTestHost' | 'brandingSettings'>;
export type UserRole = Pick<TUser, 'userType' | 'accountRole'>;

const SIGNUP_PATH = '/signup';

/** A route exists on a site unless a site flag hides it (permission menu, test hosts). */
export function routeAvailable(
  route: Pick<SpaRoute, 'needsPermissionMenu' | 'testHostsOnly'>,
  site: Pick<SiteFlags, 'wlMeta' | 'isTestHost'> | null,
): boolean {
  if (route.needsPermissionMenu && !site?.wlMeta.canShowPermissionMenu) return false;
  if (route.testHostsOnly && !site?.isTestHost) return false;
  return true;
}

/** Open even in lock mode: signing in and its neighbours, the policies, and token links (drivers cannot log in). */
const LOCK_EXEMPT = new Set([
  LOGIN_PATH,
  FLIGHT_LOGIN_PATH,
  SIGNUP_PATH,
  '/signup_success',
  LOGOUT_PATH,
  '/generate_password',
  FORBIDDEN_PATH,
  ...POLICY_PAGES.map((p) => `/${p}`),
]);

const underPrefix = (pathname: string, prefix: string): boolean => {
  const p = prefix.replace(/\/+$/, '');
  return p === '' || pathname === p || pathname.startsWith(`${p}/`);
};

/** Lock mode: locked routes (none listed = the whole site) need a signed-in user. */
export function isLocked(route: Pick<SpaRoute, 'path' | 'access'>, pathname: string, site: SiteFlags | null): boolean {
  const lock = site?.brandingSettings.lockMode;
  if (!lock?.enabled || route.access === 'token' || LOCK_EXEMPT.has(route.path)) return false;
  return lock.lockedRoutes.length === 0 || lock.lockedRoutes.some((prefix) => underPrefix(pathname, prefix));
}

/** Query parameters of one-time links that land on /login (wl/user/jumplogin, the verification mail). */
export const LOGIN_LINK_PARAMS = ['sessionId', 'verifyEmailToken'] as const;

export type Access = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'notFound' };

export interface AccessContext {
  pathname: string;
  search: string;
  user: UserRole | null;
  site: SiteFlags | null;
}

export function decideAccess(route: SpaRoute, ctx: AccessContext): Access {
  if (!routeAvailable(route, ctx.site)) return { kind: 'notFound' };
  if (ctx.user) {
    // Signed-in users skip the entry pages; the login pages honour redirectTo (that is how a login lands).
    if (route.path === LOGIN_PATH || route.path === FLIGHT_LOGIN_PATH) {
      // …except a one-time link (jump login hand-off, email verification): the login page consumes it first.
      if (LOGIN_LINK_PARAMS.some((p) => new URLSearchParams(ctx.search).has(p))) return { kind: 'allow' };
      const wanted = safeRedirect(new URLSearchParams(ctx.search).get('redirectTo'));
      return { kind: 'redirect', to: wanted ?? (route.path === FLIGHT_LOGIN_PATH ? FLIGHT_HOME_PATH : '/') };
    }
    if (route.path === SIGNUP_PATH) return { kind: 'redirect', to: '/' };
    if (route.access === 'staff' && ctx.user.userType !== 'staff') return { kind: 'redirect', to: FORBIDDEN_PATH };
    if (route.accountAdminOnly && !isAccountAdmin(ctx.user)) return { kind: 'redirect', to: FORBIDDEN_PATH };
    return { kind: 'allow' };
  }
  const needsLogin = route.access === 'login' || route.access === 'staff' || isLocked(route, ctx.pathname, ctx.site);
  return needsLogin ? { kind: 'redirect', to: loginPath(ctx) } : { kind: 'allow' };
}

/**
 * The console's guard (its host only): every screen but the sign-in needs a signed-in operator, who skips the
 * sign-in to where they were going (a console screen) or the reseller list.
 */
export function decideConsoleAccess(
  route: Pick<SpaRoute, 'path'>,
  ctx: { pathname: string; search: string; operator: object | null },
): Access {
  if (route.path !== CONSOLE_LOGIN_PATH)
    return ctx.operator ? { kind: 'allow' } : { kind: 'redirect', to: loginPath(ctx, CONSOLE_LOGIN_PATH) };
  if (!ctx.operator) return { kind: 'allow' };
  const wanted = safeRedirect(new URLSearchParams(ctx.search).get('redirectTo')) ?? '';
  const screen = wanted.split(/[?#]/, 1)[0]!;
  const consoleScreen = screen === CONSOLE_HOME_PATH || screen.startsWith(`${CONSOLE_HOME_PATH}/`);
  return { kind: 'redirect', to: consoleScreen && screen !== CONSOLE_LOGIN_PATH ? wanted : CONSOLE_HOME_PATH };
}
