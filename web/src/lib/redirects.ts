/** Where login and logout send people, and the redirectTo / redirectType query they carry (spec 000 §2). */
export const LOGIN_PATH = '/login';
export const LOGOUT_PATH = '/logout';
export const FLIGHT_LOGIN_PATH = '/flight/login';
export const FLIGHT_HOME_PATH = '/flight';
/** Where a signed-in user lands on a staff-only page. */
export const FORBIDDEN_PATH = '/403';

const AUTH_PAGES = new Set([LOGIN_PATH, LOGOUT_PATH, '/signup', FLIGHT_LOGIN_PATH]);

/** A redirectTo we may follow: a path inside the app (never another origin), not an auth page. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  const path = value.split(/[?#]/)[0]!;
  return AUTH_PAGES.has(path) ? null : value;
}

/** `/login?redirectTo=<where the user was>`, keeping redirectType when that page had one. */
export function loginPath(from: { pathname: string; search: string }, login: string = LOGIN_PATH): string {
  const params = new URLSearchParams({ redirectTo: from.pathname + from.search });
  const type = new URLSearchParams(from.search).get('redirectType');
  if (type) params.set('redirectType', type);
  return `${login}?${params.toString()}`;
}

/** The redirectTo / redirectType pair of a query string, as a query string of its own ('' when absent). */
export function redirectQuery(search: string): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of ['redirectTo', 'redirectType']) {
    const v = from.get(name);
    if (v) kept.set(name, v);
  }
  const s = kept.toString();
  return s ? `?${s}` : '';
}

/** Site data (core site url, logo, favicon) may only point at http(s) or a same-origin path, never javascript:. */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const value = url.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Where the CRM link goes: the core site's /crm, or (no core site) our own /crm page: the enquiry inbox. */
export function crmHref(site: { coreSiteUrl?: string | null } | null): string | null {
  const base = safeUrl(site?.coreSiteUrl)?.replace(/\/+$/, '');
  return base ? `${base}/crm` : null;
}
