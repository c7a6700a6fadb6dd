import { describe, expect, it } from 'vitest';
import { DEFAULT_FAVICON, DEFAULT_THEME_COLOR, pageHead, pageHeadMeta, type PageHeadSite } from './page-head.ts';
import { spaRouteOf } from './route-match.ts';
import { siteScriptsAllowedOn } from './security-headers.ts';

const site: PageHeadSite = {
  companyName: 'SkyWay Travels',
  faviconImage: '/app/brand/skyway-favicon.svg',
  logoUrl: '/app/brand/skyway.svg',
  brandingSettings: { theme: { palette: { primary: '#0f766e' } } },
  seo: [
    { page: '/', title: 'Fly further', description: 'Cheap flights', keywords: 'flights', image: '/media/s/home.png' },
    { page: '/visa/:country', title: 'Visa', description: '', keywords: '', image: 'javascript:alert(1)' },
  ],
};
const ORIGIN = 'https://skyway.example.com';

describe('pageHead', () => {
  it("names the site, the route and the page's own SEO", () => {
    const head = pageHead(site, '/visa/ae?x=1', ORIGIN);
    expect(head.title).toBe('Visa | SkyWay Travels');
    // No description of its own: the home page's; an unsafe image is none, so the home page's.
    expect(head.description).toBe('Cheap flights');
    expect(head.image).toBe(`${ORIGIN}/media/s/home.png`);
    expect(head.twitterCard).toBe('summary_large_image');
    expect(head.canonical).toBe(`${ORIGIN}/app/visa/ae`);
    expect(head.favicon).toBe('/app/brand/skyway-favicon.svg');
    expect(head.themeColor).toBe('#0f766e');
  });

  it('falls back to the route title, a branded description and the logo', () => {
    const bare = { ...site, seo: [] };
    const head = pageHead(bare, '/login', ORIGIN);
    expect(head.title).toBe('Login | SkyWay Travels');
    expect(head.description).toContain('SkyWay Travels');
    expect(head.image).toBe(`${ORIGIN}/app/brand/skyway.svg`);
    expect(head.twitterCard).toBe('summary');
    expect(pageHead(bare, '/no/such/page', ORIGIN, 'Not found').title).toBe('Not found | SkyWay Travels');
  });

  it('keeps the template defaults for a bad colour or favicon, and the default brand without a site', () => {
    const odd = {
      ...site,
      faviconImage: 'javascript:x',
      brandingSettings: { theme: { palette: { primary: 'red' } } },
    };
    expect(pageHead(odd, '/', ORIGIN)).toMatchObject({ favicon: DEFAULT_FAVICON, themeColor: DEFAULT_THEME_COLOR });
    expect(pageHead(null, '/login', ORIGIN).title).toBe('Login | Flight Deals');
  });

  it('gives no canonical URL, rather than failing, where the origin is opaque', () => {
    // A document that is not served over http (about:blank after a navigation in a test DOM, a file) has the
    // origin "null": the head still builds, without a canonical URL.
    expect(pageHead(null, '/staff/audit', 'null').canonical).toBe('');
  });

  it('lists meta tags without empty values', () => {
    const rows = pageHeadMeta(pageHead({ ...site, seo: [] }, '/login', ORIGIN));
    expect(rows.map(([, key]) => key)).not.toContain('keywords');
    expect(rows).toContainEqual(['property', 'og:site_name', 'SkyWay Travels']);
  });
});

describe('routes and site scripts', () => {
  it('matches paths as the app does', () => {
    expect(spaRouteOf('/flight/ticketQueue').path).toBe('/flight/ticketQueue');
    expect(spaRouteOf('/flight/search').path).toBe('/flight/*');
    expect(spaRouteOf('/visa/ae/').path).toBe('/visa/:country');
    expect(spaRouteOf('/nowhere/at/all').path).toBe('*');
  });

  it('allows site scripts on public pages only', () => {
    for (const path of ['/', '/login', '/visa/ae', '/flight/eTicket/abc'])
      expect(siteScriptsAllowedOn(path)).toBe(true);
    for (const path of [
      '/staff',
      '/staff/customers',
      '/staff/setting/other-settings',
      '/staff/dmc_master',
      '/flights/ticketQueue',
      '/flights/changeRequestQueue',
      '/user/dashboard',
      '/flight/search',
      '/dmc/driver/tok',
    ])
      expect(siteScriptsAllowedOn(path), path).toBe(false);
  });
});
