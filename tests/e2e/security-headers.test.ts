/**
 * The strict Content-Security-Policy in Chromium: the SPA and API responses carry the security headers
 * of `@tp/contracts/security-headers`, and login (first and returning visit), flight search and
 * results, the e-ticket and its print view run without a single CSP violation. A site's own script
 * URL runs because the policy names it; any other script is refused.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { stackTable } from '../support/table.ts';
import { API_SECURITY_HEADERS, httpSecurityHeaders, spaSecurityHeaders } from '@tp/contracts/security-headers';
import { TABLE } from '@tp/contracts/platform';
import { ticketSlug } from '@tp/contracts/endpoints/tickets';
import { BOOT_SCRIPT_HASHES } from '@tp/web/boot/index.ts';
import { asSiteId, keys } from '../../functions/src/lib/keys.ts';
import { DEMO_SITES } from '../../scripts/seed/sites.ts';
import { ahead, appUrl, launch, newPage, signIn, typeDate } from '../support/browser.ts';
import { supplierBooking } from '../integration/tickets-helpers.ts';
import { newStaff } from '../integration/customers-helpers.ts';
import { PASSWORD } from '../integration/users-helpers.ts';

const SITE = 'flightdeals.localhost';
const AGENT = `agent@${SITE}`;

let browser: Browser;
let widgets: Server;
let widgetOrigin: string;
beforeAll(async () => {
  browser = await launch();
  // A third-party script host of the site with scripts (its own origin, like a CDN).
  widgets = createServer((req, res) => {
    const name = /^\/(\w+)\.js$/.exec(new URL(req.url ?? '/', 'http://widgets').pathname)?.[1];
    if (!name) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(`window.__${name} = 'ran';`);
  }).listen(0, '127.0.0.1');
  await once(widgets, 'listening');
  widgetOrigin = `http://widgets.localhost:${(widgets.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  widgets?.close();
});

interface Violation {
  directive: string;
  blocked: string;
  url: string;
}

/**
 * Every CSP violation the context's pages report: `securitypolicyviolation` events (through a binding,
 * which the page's policy cannot block) and Chromium's console errors for refused loads or code.
 */
async function watchViolations(context: BrowserContext): Promise<{ violations: Violation[]; console: string[] }> {
  const seen = { violations: [] as Violation[], console: [] as string[] };
  await context.exposeBinding('__tpCspViolation', (_source, v: Violation) => void seen.violations.push(v));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __tpCspViolation(v: Violation): void }).__tpCspViolation({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        url: e.documentURI,
      }),
    );
  });
  context.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) seen.console.push(msg.text());
  });
  return seen;
}

/** Waits a moment for late reports (the event is dispatched asynchronously), then expects none. */
async function expectNoViolations(page: Page, seen: { violations: Violation[]; console: string[] }) {
  await page.waitForTimeout(300);
  expect(seen.violations).toEqual([]);
  expect(seen.console).toEqual([]);
}

const spaHeadersFor = (site?: { gtm_tag?: string; scriptUrls?: string[] }) =>
  httpSecurityHeaders(spaSecurityHeaders({ scriptHashes: BOOT_SCRIPT_HASHES, site: site ?? null }));

describe('security headers and a strict CSP', () => {
  it('the SPA and the API send the defined headers', async () => {
    const { context, page } = await newPage(browser);
    // Read off the network (a page's fetch() hides HSTS sent over plain http).
    const api = page.waitForResponse((r) => r.url().includes('/api/whitelabel/detetct'));
    const entry = page.waitForResponse((r) => /\/app\/assets\/index-[\w-]+\.js$/.test(r.url()));
    const doc = (await page.goto(appUrl(SITE, '/login')))!;
    expect(doc.headers()).toMatchObject(spaHeadersFor(DEMO_SITES[0]));
    expect(doc.headers()['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Static assets carry them too (CloudFront's policy covers the whole behaviour).
    expect((await entry).headers()).toMatchObject(spaHeadersFor(DEMO_SITES[0]));
    // The branding call of a first visit, and an API error answer.
    expect((await api).headers()).toMatchObject(API_SECURITY_HEADERS);
    const missing = page.waitForResponse((r) => r.url().endsWith('/api/no/such/route'));
    await page.evaluate(() => fetch('/api/no/such/route'));
    expect((await missing).status()).toBe(404);
    expect((await missing).headers()).toMatchObject(API_SECURITY_HEADERS);
    await context.close();
  });

  it('login, flight search and results, the e-ticket and its print view run without a CSP violation', async () => {
    const booking = await supplierBooking(asSiteId('site-flightdeals'), AGENT);
    const { context, page } = await newPage(browser);
    const seen = await watchViolations(context);

    // First visit (the branding boot script), then a returning one (the stored-branding boot shell).
    await page.goto(appUrl(SITE, '/login'));
    await page.getByLabel(/^Email/).waitFor();
    await page.reload();
    await page.getByLabel(/^Email/).waitFor();
    expect(await page.evaluate(() => document.querySelector('.tp-boot-name')?.textContent ?? null)).not.toBe('');
    await expectNoViolations(page, seen);

    // Sign in (the login rules' zod) and search (the search form's zod, the city autocomplete).
    await signIn(page, AGENT);
    await page.waitForURL((u) => u.pathname.startsWith('/app/flight'));
    await page.goto(appUrl(SITE, '/flight/search'));
    const from = page.getByLabel('From', { exact: true });
    await from.click();
    await from.pressSequentially('Delhi', { delay: 40 });
    await page.getByRole('option', { name: /^Delhi \(DEL\)/ }).waitFor();
    await from.press('Tab');
    const to = page.getByLabel('To', { exact: true });
    await to.click();
    await to.pressSequentially('Mumbai', { delay: 40 });
    await page.getByRole('option', { name: /^Mumbai \(BOM\)/ }).waitFor();
    await to.press('Tab');
    await typeDate(page.getByLabel('Departure', { exact: true }), ahead(20));
    await page.getByRole('button', { name: 'Search Flights' }).click();
    await page.getByText(/Showing \d+ of \d+ flights/).waitFor({ timeout: 30_000 });
    await expectNoViolations(page, seen);

    // The e-ticket (PDF417 barcodes), then its print view in a tab of its own.
    const eticket = appUrl(SITE, `/flight/eTicket/${encodeURIComponent(ticketSlug(booking.bookingId, booking.pnr))}`);
    await page.goto(eticket);
    await page.getByRole('region', { name: 'Passengers' }).waitFor();
    await page.getByRole('button', { name: 'Print' }).waitFor();
    const print = await context.newPage();
    await print.addInitScript(() => {
      window.print = () => undefined;
    });
    const printed = (await print.goto(`${eticket}?print=true&hp=true`))!;
    expect(printed.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await print.getByRole('region', { name: 'Passengers' }).waitFor();
    await expectNoViolations(print, seen);
    await context.close();
  });

  it("runs the site's own script URL because the policy names it, and refuses any other", async () => {
    const { extraDomains: _unused, ...base } = DEMO_SITES.find((x) => x.siteId === 'site-flightdeals')!;
    const site = {
      ...base,
      siteId: asSiteId('site-scripts'),
      _id: 'site-scripts',
      domain: 'scripts.localhost',
      companyName: 'Scripts Co',
      scriptUrls: [`${widgetOrigin}/allowed.js?v=1`],
    };
    const db = stackTable();
    await db.send(
      new PutCommand({ TableName: TABLE.name, Item: { ...keys.site(site.siteId), type: 'Site', ...site } }),
    );
    await db.send(
      new PutCommand({
        TableName: TABLE.name,
        Item: { ...keys.domain(site.domain), type: 'Domain', siteId: site.siteId },
      }),
    );

    const { context, page } = await newPage(browser);
    const seen = await watchViolations(context);
    const doc = (await page.goto(appUrl(site.domain, '/login')))!;
    const csp = doc.headers()['content-security-policy']!;
    expect(csp).toBe(spaHeadersFor(site)['content-security-policy']);
    expect(csp).toContain(`${widgetOrigin}/allowed.js`);
    await expect.poll(() => page.evaluate(() => (window as { __allowed?: string }).__allowed)).toBe('ran');
    await expectNoViolations(page, seen);

    // The same host, another file: not in the policy, so the browser refuses it and reports it.
    await page.evaluate((src) => {
      const s = document.createElement('script');
      s.src = src;
      document.head.appendChild(s);
    }, `${widgetOrigin}/other.js`);
    await expect.poll(() => seen.violations.length).toBe(1);
    expect(seen.violations[0]).toMatchObject({ directive: 'script-src-elem', blocked: `${widgetOrigin}/other.js` });
    expect(await page.evaluate(() => (window as { __other?: string }).__other)).toBeUndefined();
    await context.close();
  });

  it('never runs a site script beside a signed-in staff member', async () => {
    const { extraDomains: _unused, ...base } = DEMO_SITES.find((x) => x.siteId === 'site-flightdeals')!;
    const site = {
      ...base,
      siteId: asSiteId('site-staffscripts'),
      _id: 'site-staffscripts',
      domain: 'staffscripts.localhost',
      companyName: 'Staff Scripts Co',
      scriptUrls: [`${widgetOrigin}/marketing.js`],
    };
    const db = stackTable();
    await db.send(
      new PutCommand({ TableName: TABLE.name, Item: { ...keys.site(site.siteId), type: 'Site', ...site } }),
    );
    await db.send(
      new PutCommand({
        TableName: TABLE.name,
        Item: { ...keys.domain(site.domain), type: 'Domain', siteId: site.siteId },
      }),
    );
    const admin = await newStaff({ ...site, extraDomains: [] }, { superAdmin: true });

    const { context, page } = await newPage(browser);
    const ran = () => page.evaluate(() => (window as { __marketing?: string }).__marketing ?? null);
    // A public page runs the reseller's tag.
    await page.goto(appUrl(site.domain, '/login'));
    await expect.poll(ran, { timeout: 15_000 }).toBe('ran');

    // Signing in as staff replaces the document that ran the tag (the app loads a new one): the tag is gone
    // and the app does not run it for a staff member.
    const next = page.waitForResponse(
      (r) =>
        r.request().resourceType() === 'document' && r.status() === 200 && new URL(r.url()).pathname !== '/app/login',
    );
    await signIn(page, admin.email, PASSWORD);
    await next;
    await page.waitForLoadState('load');
    await page
      .getByRole('button', { name: /account|menu/i })
      .first()
      .waitFor();
    expect(await ran()).toBeNull();
    expect(await page.locator(`script[src^="${widgetOrigin}"]`).count()).toBe(0);

    // The back office itself.
    const staff = (await page.goto(appUrl(site.domain, '/staff/customers')))!;
    expect(staff.headers()['content-security-policy']).not.toContain(widgetOrigin);
    await page.getByRole('heading', { name: 'Customers' }).first().waitFor();
    expect(await ran()).toBeNull();
    expect(await page.locator(`script[src^="${widgetOrigin}"]`).count()).toBe(0);

    // A public page visited while signed in as staff does not run it either.
    await page.goto(appUrl(site.domain, '/visa'));
    await page.getByRole('heading').first().waitFor();
    expect(await ran()).toBeNull();
    await context.close();
  });
});
