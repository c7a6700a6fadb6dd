/**
 * The html the local gateway serves for SPA pages (functions/src/site/page-html.ts, the same renderer as
 * CloudFront's page origin), fetched as curl or a link previewer would: no script runs.
 *  - every demo domain's pages carry that site's title, description, canonical URL,
 *    Open Graph and Twitter tags, favicon and theme colour (per-page SEO where the site set it);
 *  - a page that needs a session (every route of the route table that is not public)
 *    is served with a policy naming none of the site's scripts; public pages keep them.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { saveSeoSettings } from '@tp/contracts/endpoints/settings';
import { DEMO_DOMAINS } from '@tp/contracts/platform';
import { SPA_ROUTES } from '@tp/contracts/spa-routes';
import { db, tableName } from '../../functions/src/lib/db.ts';
import { asSiteId, keys } from '../../functions/src/lib/keys.ts';
import { getSiteFresh } from '../../functions/src/site/repo.ts';
import { DEMO_SITES } from '../../scripts/seed/sites.ts';
import { FLIGHTDEALS, newStaff } from './customers-helpers.ts';
import { useStackTable } from './users-helpers.ts';

interface Served {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** GET `path` from the gateway with `host` as the Host header (curl --resolve, in effect). */
function get(host: string, path: string): Promise<Served> {
  const gateway = new URL(inject('gatewayUrl'));
  return new Promise((resolve, reject) => {
    const req = request(
      { host: gateway.hostname, port: gateway.port, path, headers: { host: `${host}:${gateway.port}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const decode = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The head as a previewer reads it: title, meta by name or property, link by rel. */
function head(html: string) {
  const all = (re: RegExp) => [...html.matchAll(re)].map((m) => decode(m[1]!));
  const meta = (key: string) => all(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`, 'g'));
  const link = (rel: string) => all(new RegExp(`<link rel="${rel}"[^>]* href="([^"]*)"`, 'g'));
  return {
    titles: all(/<title>([^<]*)<\/title>/g),
    description: meta('description'),
    canonical: link('canonical'),
    icon: link('icon'),
    themeColor: meta('theme-color'),
    og: (k: string) => meta(`og:${k}`),
    twitter: (k: string) => meta(`twitter:${k}`),
  };
}

const originOf = (host: string) => `http://${host}:${new URL(inject('gatewayUrl')).port}`;

/** A concrete URL path for a route pattern (`:id` → a value, `*` → a segment). */
const pathFor = (pattern: string) =>
  pattern === '*' ? '/no-such-page' : pattern.replace(/:\w+\??/g, 'x1').replace(/\*$/, 'x1');

beforeAll(() => useStackTable());

describe("each site's pages carry its own head", () => {
  const pages = [
    '/',
    '/login',
    '/visa',
    '/visa/ae',
    '/flight/search',
    '/staff/customers',
    '/user/dashboard',
    // The pages customers share (WhatsApp, copy link): the chat's preview is the site's.
    '/flight/eTicket/x1',
    '/invoice/x1',
    '/quotation/x1',
    '/packages/dubai-5-days/x1',
  ];

  for (const domain of DEMO_DOMAINS) {
    const demo = DEMO_SITES.find((s) => s.domain === domain)!;
    it(`${domain}: title, description, canonical, Open Graph, Twitter, favicon and theme colour`, async () => {
      // The site as stored now: other files save the demo sites' SEO and branding (audit-log, settings).
      const site = (await getSiteFresh(asSiteId(demo.siteId)))!;
      const origin = originOf(domain);
      for (const page of pages) {
        const res = await get(domain, `/app${page}`);
        expect(res.status, page).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        const h = head(res.body);
        const seo = site.seo?.find((e) => e.page === page) ?? null;
        const home = site.seo?.find((e) => e.page === '/') ?? null;
        // One of each: the template's own tags are replaced, not doubled.
        expect(h.titles, page).toHaveLength(1);
        expect(h.description, page).toHaveLength(1);
        expect(h.themeColor).toEqual([site.brandingSettings.theme.palette.primary]);
        expect(h.icon).toEqual([site.faviconImage]);
        expect(h.canonical).toEqual([`${origin}/app${page}`]);
        expect(h.og('url')).toEqual(h.canonical);
        expect(h.og('site_name')).toEqual([site.companyName]);
        expect(h.titles[0]!.endsWith(` | ${site.companyName}`), h.titles[0]).toBe(true);
        if (seo?.title) expect(h.titles[0]).toBe(`${seo.title} | ${site.companyName}`);
        expect(h.og('title')).toEqual(h.titles);
        expect(h.twitter('title')).toEqual(h.titles);
        const description = seo?.description || home?.description;
        if (description) expect(h.description).toEqual([description]);
        else expect(h.description[0]).toContain(site.companyName);
        expect(h.og('description')).toEqual(h.description);
        expect(h.twitter('description')).toEqual(h.description);
        const image = seo?.image || home?.image;
        expect(h.og('image')).toEqual([new URL(image || site.logoUrl, origin).href]);
        expect(h.twitter('card')).toEqual([image ? 'summary_large_image' : 'summary']);
        // Another reseller's brand never shows.
        for (const other of DEMO_SITES.filter((s) => s.siteId !== site.siteId && s.companyName !== site.companyName))
          expect(res.body, `${domain}${page} names ${other.companyName}`).not.toContain(`| ${other.companyName}<`);
      }
    });
  }

  it("uses Flight Deals' per-page SEO where it set it", async () => {
    // A copy of the seeded Flight Deals (other files change the live demo site's SEO).
    const site = await freshSite({});
    const login = head((await get(site.domain, '/app/login')).body);
    expect(login.titles).toEqual(['Sign in | Flight Deals']);
    expect(login.description).toEqual(['Sign in to book and manage your trips.']);
    const home = head((await get(site.domain, '/app/')).body);
    expect(home.titles).toEqual(['Cheap flights and holidays | Flight Deals']);
    expect(home.og('image')).toEqual([`${originOf(site.domain)}/app/brand/flightdeals.svg`]);
  });

  it('shows an SEO save on the next fetch, escaped', async () => {
    const site = await freshSite({});
    const admin = await newStaff(site, { superAdmin: true });
    const saved = await admin.client.call(saveSeoSettings, {
      entries: [{ page: '/visa', title: 'Visas "fast" <b>', description: 'Visas & more', keywords: 'visa', image: '' }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const res = await get(site.domain, '/app/visa');
    const h = head(res.body);
    expect(h.titles).toEqual([`Visas "fast" <b> | ${site.companyName}`]);
    expect(h.description).toEqual(['Visas & more']);
    expect(res.body).not.toContain('<b> |');
  });

  it('redirects the bare root, and a missing file under /app is a 404, not a page', async () => {
    expect((await get(FLIGHTDEALS.domain, '/app')).status).toBe(301);
    expect((await get(FLIGHTDEALS.domain, '/app/assets/missing-file.js')).status).toBe(404);
  });
});

type Site = typeof FLIGHTDEALS;

/** A copy of Flight Deals on a domain of its own, with `over` applied. */
async function freshSite(over: Partial<Site>): Promise<Site> {
  const id = asSiteId(`site-sh${randomUUID().slice(0, 8)}`);
  const site: Site = { ...FLIGHTDEALS, ...over, siteId: id, _id: id, domain: `${id}.localhost`, extraDomains: [] };
  const { extraDomains: _unused, ...record } = site;
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.site(id), type: 'Site', ...record } }));
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.domain(site.domain), type: 'Domain', siteId: id } }),
  );
  return site;
}

describe('site scripts stay off signed-in pages', () => {
  const SCRIPT = 'https://tags.example.org/marketing.js';
  let site: Site;
  beforeAll(async () => {
    site = await freshSite({ gtm_tag: 'GTM-ABC1234', scriptUrls: [SCRIPT] });
  });

  const scriptOrigins = (policy: string) => ({
    url: policy.includes('https://tags.example.org/marketing.js'),
    gtm: policy.includes('googletagmanager'),
  });

  it('serves every page that needs a session with a policy and markup naming none of them', async () => {
    const backOffice = SPA_ROUTES.filter((r) => r.access !== 'public');
    // The examples are among them (the list comes from the route table).
    expect(backOffice.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/staff/customers',
        '/flights/ticketQueue',
        '/flights/changeRequestQueue',
        '/user/dashboard',
        '/staff/dmc_master',
        '/staff/setting/other-settings',
      ]),
    );
    for (const route of backOffice) {
      const path = `/app${pathFor(route.path)}`;
      const res = await get(site.domain, path);
      expect(res.status, path).toBe(200);
      const policy = String(res.headers['content-security-policy']);
      expect(scriptOrigins(policy), path).toEqual({ url: false, gtm: false });
      expect(res.body, path).not.toContain('tags.example.org');
      expect(res.body, path).not.toContain('googletagmanager');
    }
  });

  it('keeps them on public pages', async () => {
    for (const route of SPA_ROUTES.filter((r) => r.access === 'public')) {
      const path = `/app${pathFor(route.path)}`;
      const res = await get(site.domain, path);
      expect(res.status, path).toBe(200);
      expect(scriptOrigins(String(res.headers['content-security-policy'])), path).toEqual({ url: true, gtm: true });
    }
  });

  it("never lists them on the build's static files", async () => {
    const res = await get(site.domain, '/app/favicon.svg');
    expect(res.status).toBe(200);
    expect(scriptOrigins(String(res.headers['content-security-policy']))).toEqual({ url: false, gtm: false });
  });
});
