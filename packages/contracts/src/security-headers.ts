/**
 * The security headers, defined once. The CloudFront response-headers policies (infra web stack), the
 * local gateway (SPA and API responses) and the handler preset's JSON headers all build theirs from
 * here, so what the local stack and the e2e tests see is what production sends.
 *
 * Pure (no I/O): the SPA imports the script rules too, so it injects exactly what the policy allows.
 * The boot scripts' hashes come from `web/boot` (node side), passed in as `scriptHashes`.
 */

import { spaRouteOf } from './route-match.ts';

/** The site fields that name third-party script (spec 000 "Site details"). */
export interface SiteScriptSettings {
  gtm_tag?: string | undefined;
  scriptUrls?: readonly string[] | undefined;
}

export interface SecurityHeaderSet {
  contentSecurityPolicy: string;
  /** Ignored by browsers over plain http (the local stack), so it is sent everywhere. */
  strictTransportSecurity: { maxAgeSeconds: number; includeSubDomains: boolean; preload: boolean };
  contentTypeOptions: 'nosniff';
  /** The legacy twin of `frame-ancestors 'none'`. */
  frameOptions: 'DENY';
  referrerPolicy: 'strict-origin-when-cross-origin';
  permissionsPolicy: string;
}

/** CloudFront's limit on a response-headers policy's Content-Security-Policy value. */
export const CLOUDFRONT_CSP_MAX_LENGTH = 1783;

const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;
export const GTM_SCRIPT_URL = 'https://www.googletagmanager.com/gtm.js';
/** What a GTM container loads and reports to (Google's CSP guide for Tag Manager and GA4). */
const GTM_SOURCES = {
  script: ['https://*.googletagmanager.com'],
  connect: ['https://*.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
};

/** The site's Tag Manager container id (`GTM-…`), or null when unset or not an id. */
export function gtmContainerId(site: SiteScriptSettings): string | null {
  const id = (site.gtm_tag ?? '').trim().toUpperCase();
  return GTM_ID.test(id) ? id : null;
}

const parsedHref = (raw: string): string => {
  try {
    return new URL(raw.trim()).href;
  } catch {
    return raw.trim();
  }
};

/** The settings as stored: the id upper case, each URL once, as the URL parser writes it. */
export function normaliseSiteScripts(site: SiteScriptSettings): { gtm_tag: string; scriptUrls: string[] } {
  return {
    gtm_tag: (site.gtm_tag ?? '').trim().toUpperCase(),
    scriptUrls: [...new Set((site.scriptUrls ?? []).map(parsedHref))],
  };
}

/** Whether two settings name the same scripts (same id, same URLs in the same order). */
export function sameSiteScripts(a: SiteScriptSettings, b: SiteScriptSettings): boolean {
  const [x, y] = [normaliseSiteScripts(a), normaliseSiteScripts(b)];
  return x.gtm_tag === y.gtm_tag && JSON.stringify(x.scriptUrls) === JSON.stringify(y.scriptUrls);
}

const LOOPBACK = /^(localhost|127\.0\.0\.1|[a-z0-9-]+\.localhost)$/;

/**
 * The site's script URLs that may run: absolute https URLs without credentials (plain http only on
 * loopback hosts, for the local stack). Anything else is dropped, from the page and from the policy.
 */
export function siteScriptUrls(site: SiteScriptSettings): URL[] {
  const out = new Map<string, URL>();
  for (const raw of site.scriptUrls ?? []) {
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      continue;
    }
    const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));
    if (secure && !url.username && !url.password) out.set(url.href, url);
  }
  return [...out.values()];
}

/**
 * Whether the site's own scripts (Tag Manager, script URLs) may load on a page: only on
 * pages open to signed-out visitors (`access: 'public'` in the route table). Every page that needs a
 * session (the back office under /staff, the queues, /user/*, the DMC and settings screens, token links)
 * is served without them, in its markup and in its Content-Security-Policy, so a reseller's marketing
 * tag never runs beside a signed-in staff member's screens.
 */
export const siteScriptsAllowedOn = (path: string): boolean => spaRouteOf(path).access === 'public';

/**
 * A URL as a CSP source: scheme, host, port and path (a query cannot be part of a source). `;` and
 * `,` are escaped as CSP requires, so a URL can never end a directive or start another.
 */
const urlSource = (url: URL): string =>
  `${url.protocol}//${url.host}${url.pathname.replace(/;/g, '%3B').replace(/,/g, '%2C')}`;

/** Google Identity Services, which the login page loads on sites with a Google client id. */
const GOOGLE_SIGN_IN = {
  script: ['https://accounts.google.com/gsi/client'],
  style: ['https://accounts.google.com/gsi/style'],
  frame: ['https://accounts.google.com/gsi/'],
  connect: ['https://accounts.google.com/gsi/'],
};
/** Facebook sign-in exchanges its code for the id token from the browser (PKCE, no SDK). */
const FACEBOOK_TOKEN = 'https://graph.facebook.com';

const serialise = (directives: Record<string, readonly string[]>): string =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ');

export interface SpaPolicyInput {
  /** `'sha256-…'` sources of the page's inline scripts (web/boot). */
  scriptHashes: readonly string[];
  /** The domain's third-party script settings: allowed by name, never by loosening the policy. */
  site?: SiteScriptSettings | null;
}

/**
 * The SPA's policy: scripts only from the app's origin, the boot scripts by hash, Google sign-in and
 * the site's own GTM container and script URLs; no `unsafe-inline` or `unsafe-eval` for scripts.
 * Styles keep `'unsafe-inline'`: Mantine writes the site's theme variables into `<style>` elements at
 * run time (per-site colours, so no fixed hash) and a static S3 origin cannot nonce them.
 */
export function spaContentSecurityPolicy({ scriptHashes, site }: SpaPolicyInput): string {
  const gtm = site && gtmContainerId(site) ? GTM_SOURCES : { script: [], connect: [] };
  const urls = site ? siteScriptUrls(site).map(urlSource) : [];
  return serialise({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...GOOGLE_SIGN_IN.script, ...gtm.script, ...urls],
    'style-src': ["'self'", "'unsafe-inline'", ...GOOGLE_SIGN_IN.style],
    // Logos and header/footer html may point at images anywhere.
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...GOOGLE_SIGN_IN.connect, FACEBOOK_TOKEN, ...gtm.connect],
    'frame-src': GOOGLE_SIGN_IN.frame,
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // The print views (e-ticket print) open as their own tab: nothing needs framing.
    'frame-ancestors': ["'none'"],
  });
}

/** The API answers JSON only: nothing in it may load, run or be framed. */
export const API_CONTENT_SECURITY_POLICY = serialise({
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
});

/** Nothing the app uses; clipboard, fullscreen and sign-in (FedCM) keep the browser's defaults. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

const headerSet = (contentSecurityPolicy: string): SecurityHeaderSet => ({
  contentSecurityPolicy,
  strictTransportSecurity: { maxAgeSeconds: 2 * 365 * 24 * 60 * 60, includeSubDomains: true, preload: true },
  contentTypeOptions: 'nosniff',
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  permissionsPolicy: PERMISSIONS_POLICY,
});

/** The SPA's headers for one domain (its site's scripts allowed). */
export const spaSecurityHeaders = (input: SpaPolicyInput): SecurityHeaderSet =>
  headerSet(spaContentSecurityPolicy(input));

export const API_SECURITY_HEADER_SET: SecurityHeaderSet = headerSet(API_CONTENT_SECURITY_POLICY);

/** A header set as HTTP response headers (lower-case names). */
export function httpSecurityHeaders(set: SecurityHeaderSet): Record<string, string> {
  const hsts = set.strictTransportSecurity;
  return {
    'content-security-policy': set.contentSecurityPolicy,
    'strict-transport-security': [
      `max-age=${hsts.maxAgeSeconds}`,
      ...(hsts.includeSubDomains ? ['includeSubDomains'] : []),
      ...(hsts.preload ? ['preload'] : []),
    ].join('; '),
    'x-content-type-options': set.contentTypeOptions,
    'x-frame-options': set.frameOptions,
    'referrer-policy': set.referrerPolicy,
    'permissions-policy': set.permissionsPolicy,
  };
}

/** What every API response carries (the handler preset spreads it into its JSON headers). */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = httpSecurityHeaders(API_SECURITY_HEADER_SET);
