/**
 * A page's head, defined once: title, description, canonical URL, Open Graph and
 * Twitter tags, favicon and theme colour of one site's page. The served index.html carries it (the site
 * page renderer, functions/src/site/page-html.ts, for the local gateway and CloudFront alike), so link
 * previewers and crawlers that run no script see the site's own brand; the SPA sets the same values
 * when it moves between pages. Pure.
 */
import { defaultBrand } from './messages.ts';
import { spaRouteOf } from './route-match.ts';
import type { TSiteDetails, TSeoEntry } from './endpoints/site.ts';
import { SPA_BASENAME } from './spa-routes.ts';

/** What the head needs of a site record (`TSiteDetails` and the server's `SiteRecord` both fit). */
export type PageHeadSite = Pick<TSiteDetails, 'companyName' | 'faviconImage' | 'logoUrl' | 'seo'> & {
  brandingSettings: { theme: { palette: { primary: string } } };
};

export interface PageHead {
  /** `<page> | <company>`: the page's SEO title, else the route's. */
  title: string;
  description: string;
  keywords: string;
  /** Absolute: the request's origin, the SPA's base and the path (no query). */
  canonical: string;
  siteName: string;
  /** Absolute image URL for link previews, or '' (none). */
  image: string;
  twitterCard: 'summary' | 'summary_large_image';
  favicon: string;
  themeColor: string;
}

/** The template's own favicon and colour (web/index.html), for a site without its own. */
export const DEFAULT_FAVICON = `${SPA_BASENAME}/favicon.svg`;
export const DEFAULT_THEME_COLOR = '#1c64f2';

/** The site's entry for one route path (`/`, `/login`, `/visa/:country`…), or null. */
export const seoEntryOf = (site: Pick<TSiteDetails, 'seo'> | null, routePath: string | undefined): TSeoEntry | null =>
  (routePath !== undefined && site?.seo?.find((e) => e.page === routePath)) || null;

/** A site path (`/media/…`, `/app/brand/…`) or an http(s) URL; anything else (javascript:, data:) is none. */
function absolute(url: string | undefined, origin: string): string {
  const value = (url ?? '').trim();
  if (!value || value.startsWith('//')) return '';
  try {
    const parsed = new URL(value, origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : '';
  } catch {
    return '';
  }
}

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The head of `path` (under the SPA's base: `/`, `/visa/ae`) on `site`, as served from `origin`
 * (`https://skyway.example.com`); `routeTitle` replaces the route's title (the app's "Not found" for a page
 * the site does not offer). A page without its own SEO entry takes the home page's description and
 * image, so a preview always names the site, never the template's brand.
 */
export function pageHead(site: PageHeadSite | null, path: string, origin: string, routeTitle?: string): PageHead {
  const route = spaRouteOf(path);
  const brand = site?.companyName || defaultBrand;
  const own = seoEntryOf(site, route.path);
  const home = seoEntryOf(site, '/');
  const shown = own?.title || (routeTitle ?? route.title);
  const seoImage = absolute(own?.image, origin) || absolute(home?.image, origin);
  const image = seoImage || absolute(site?.logoUrl, origin);
  const clean = (path.split(/[?#]/, 1)[0] || '/').replace(/^(?!\/)/, '/');
  const color = site?.brandingSettings.theme.palette.primary ?? '';
  return {
    title: shown ? `${shown} | ${brand}` : brand,
    description: own?.description || home?.description || `Search and book flights and holidays with ${brand}.`,
    keywords: own?.keywords || home?.keywords || '',
    // Empty where the origin is opaque (a document not served over http, e.g. about:blank): no tag then.
    canonical: absolute(`${SPA_BASENAME}${clean}`, origin),
    siteName: brand,
    image,
    twitterCard: seoImage ? 'summary_large_image' : 'summary',
    favicon: absolute(site?.faviconImage, origin) ? site!.faviconImage.trim() : DEFAULT_FAVICON,
    themeColor: HEX.test(color) ? color : DEFAULT_THEME_COLOR,
  };
}

/** The head as `<meta>` tags: [attribute, key, value], empty values left out. */
export function pageHeadMeta(head: PageHead): [attr: 'name' | 'property', key: string, value: string][] {
  const rows: [attr: 'name' | 'property', key: string, value: string][] = [
    ['name', 'description', head.description],
    ['name', 'keywords', head.keywords],
    ['name', 'theme-color', head.themeColor],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', head.siteName],
    ['property', 'og:title', head.title],
    ['property', 'og:description', head.description],
    ['property', 'og:url', head.canonical],
    ['property', 'og:image', head.image],
    ['name', 'twitter:card', head.twitterCard],
    ['name', 'twitter:title', head.title],
    ['name', 'twitter:description', head.description],
    ['name', 'twitter:image', head.image],
  ];
  return rows.filter(([, , value]) => value !== '');
}
