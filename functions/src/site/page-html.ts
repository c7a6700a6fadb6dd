/**
 * The one place a site's page html is made: the built index.html with the
 * site's head for the page asked (title, description, canonical, Open Graph, Twitter, favicon, theme
 * colour; `@tp/contracts/page-head`) and the page's security headers (the site's scripts allowed only
 * where `siteScriptsAllowedOn` says). The local gateway (scripts/local/gateway.ts) and the CloudFront
 * origin for SPA pages (functions/src/entries/site-page.ts) both answer with it. Pure: the caller brings the template,
 * the site record and the request's origin.
 */
import { pageHead, pageHeadMeta, type PageHeadSite } from '@tp/contracts/page-head';
import {
  httpSecurityHeaders,
  siteScriptsAllowedOn,
  spaSecurityHeaders,
  type SiteScriptSettings,
} from '@tp/contracts/security-headers';
import { CONSOLE_BRAND, SPA_BASENAME } from '@tp/contracts/spa-routes';

export type PageSite = PageHeadSite & SiteScriptSettings;

export interface SitePage {
  status: 200 | 301 | 404;
  headers: Record<string, string>;
  body: string;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The template's own tags that the site's head replaces. */
const TEMPLATE_HEAD = [
  /\s*<title>[^<]*<\/title>/i,
  /\s*<meta name="description"[^>]*>/i,
  /\s*<meta name="theme-color"[^>]*>/i,
  /\s*<link rel="icon"[^>]*>/i,
];
const VIEWPORT = /<meta name="viewport"[^>]*>/i;

/** `/app/visa/ae` → `/visa/ae`; null when the path is not under the SPA's base. */
export function spaPathOf(urlPath: string): string | null {
  if (urlPath === SPA_BASENAME) return '/';
  if (!urlPath.startsWith(`${SPA_BASENAME}/`)) return null;
  return urlPath.slice(SPA_BASENAME.length) || '/';
}

/** A path whose last segment has a dot names a file, not a screen: a missing file stays a 404. */
export const isScreenPath = (path: string): boolean => !path.slice(path.lastIndexOf('/') + 1).includes('.');

/** The page's head tags, escaped, one a line. */
export function headTags(site: PageSite | null, path: string, origin: string): string {
  const head = pageHead(site, path, origin);
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    ...pageHeadMeta(head).map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`] : []),
    `<link rel="icon" href="${escapeHtml(head.favicon)}" />`,
  ].join('\n    ');
}

/** The security headers of a page: the site's scripts only on pages that may run them. */
export function pageSecurityHeaders(
  site: SiteScriptSettings | null,
  path: string,
  scriptHashes: readonly string[],
): Record<string, string> {
  const scripts = site && siteScriptsAllowedOn(path) ? site : null;
  return httpSecurityHeaders(spaSecurityHeaders({ scriptHashes, site: scripts }));
}

export interface SitePageInput {
  /** The built index.html (web/dist). */
  template: string;
  /** The site the request's host names; null for an unknown host (the template's own brand). */
  site: PageSite | null;
  /** The request's path (`/app/visa/ae`) and origin (`https://skyway.example.com`). */
  urlPath: string;
  origin: string;
  /** web/boot's inline script hashes (`BOOT_SCRIPT_HASHES`). */
  scriptHashes: readonly string[];
  /**
   * The request's host is the platform console's (CONSOLE_DOMAIN): the page is marked as the console's
   * (`<html data-app="console">`, which the boot scripts and the SPA read) with its own head and name, and no
   * site's head, branding or scripts.
   */
  console?: boolean;
}

/** The console's head: its name, kept out of search engines. */
const CONSOLE_HEAD = [
  `<title>${CONSOLE_BRAND}</title>`,
  '<meta name="robots" content="noindex, nofollow" />',
  `<link rel="icon" href="${SPA_BASENAME}/favicon.svg" />`,
].join('\n    ');
const HTML_TAG = /<html\b/i;
const BOOT_NAME = '<span class="tp-boot-name"></span>';

/**
 * The answer to a GET of an SPA page: `/` and `/app` redirect to `/app/`; a file path (`/app/x.js`) that
 * reached here is a 404; any other path under the base is index.html with the site's head for that page.
 */
export function renderSitePage(input: SitePageInput): SitePage {
  const { template, urlPath, origin, scriptHashes } = input;
  // The console is no site's: whatever a lookup of its host answered, nothing of a site reaches its page.
  const site = input.console ? null : input.site;
  const path = spaPathOf(urlPath);
  if (urlPath === '/' || urlPath === '' || urlPath === SPA_BASENAME)
    return { status: 301, headers: { location: `${SPA_BASENAME}/` }, body: '' };
  const security = pageSecurityHeaders(site, path ?? '/', scriptHashes);
  if (path === null || !isScreenPath(path))
    return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', ...security }, body: 'Not found' };
  if (!VIEWPORT.test(template)) throw new Error('index.html: no viewport meta tag to put the head after');
  const head = input.console ? CONSOLE_HEAD : headTags(site, path, origin);
  let body = TEMPLATE_HEAD.reduce((html, tag) => html.replace(tag, ''), template).replace(
    VIEWPORT,
    (viewport) => `${viewport}\n    ${head}`,
  );
  if (input.console) {
    if (!HTML_TAG.test(body)) throw new Error('index.html: no <html> tag to mark as the console');
    body = body
      .replace(HTML_TAG, '<html data-app="console"')
      .replace(BOOT_NAME, `<span class="tp-boot-name">${CONSOLE_BRAND}</span>`);
  }
  return {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', ...security },
    body,
  };
}
