/**
 * The platform foundation as a person sees it, in Chromium against the local stack: white-label
 * branding side by side, sign-up → sign-in → guarded page → logout with the redirect kept, lock mode,
 * the client error catalogue, untrusted header html, and a small screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { stackTable } from '../support/table.ts';
import * as MSG from '@tp/contracts/messages';
import { TABLE } from '@tp/contracts/platform';
import { asSiteId, keys } from '../../functions/src/lib/keys.ts';
import { DEMO_SITES } from '../../scripts/seed/sites.ts';
import { appUrl, launch, newPage } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** A valid, unused Indian mobile number. */
const mobile = () => `9${String(Date.now()).slice(-7)}${Math.floor(10 + Math.random() * 89)}`;

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: /^(Login|Sign in|Log in)$/i }).click();
}

describe('white-label sites side by side', () => {
  it('each domain shows its own name, colours, header, footer and favicon', async () => {
    const seen: Record<
      string,
      { title: string; header: string; footer: string; primary: string; favicon: string | null }
    > = {};
    for (const domain of ['flightdeals.localhost', 'skyway.localhost']) {
      const { context, page } = await newPage(browser);
      await page.goto(appUrl(domain, '/login'));
      // The app's copy (index.html's boot shell paints the header before the app runs), then the page title
      // ("<page> | <brand>") and favicon its first effects set.
      await page.locator('main .wl-header').first().waitFor();
      await expect.poll(() => page.title()).toContain(' | ');
      seen[domain] = {
        title: await page.title(),
        header: (await page.locator('.wl-header').first().textContent()) ?? '',
        footer: (await page.locator('.wl-footer').first().textContent()) ?? '',
        primary: await page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
        ),
        favicon: await page.locator('link[rel~="icon"]').first().getAttribute('href'),
      };
      await context.close();
    }
    const a = seen['flightdeals.localhost']!;
    const b = seen['skyway.localhost']!;
    expect(a.title).toContain('Flight Deals');
    expect(b.title).toContain('SkyWay Travels');
    expect(a.header).toContain('Flight Deals');
    expect(b.header).toContain('SkyWay Travels');
    expect(b.footer).toContain('SkyWay Travels LLP');
    expect(a.primary).not.toBe('');
    expect(a.primary).not.toBe(b.primary);
    expect(a.favicon).toContain('flightdeals-favicon');
    expect(b.favicon).toContain('skyway-favicon');
  });

  it('never runs script from server-supplied header or footer html', async () => {
    const db = stackTable();
    const base = DEMO_SITES[0]!;
    const { extraDomains: _unused, ...site } = base;
    const evil = {
      ...site,
      siteId: asSiteId('site-untrusted'),
      _id: 'site-untrusted',
      domain: 'untrusted.localhost',
      companyName: 'Untrusted Html Co',
      headerHtml:
        '<div class="wl-header">Hello<img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:window.__pwned=3">x</a></div>',
      footerHtml: '<div class="wl-footer" onmouseover="window.__pwned=4">Footer</div>',
    };
    await db.send(
      new PutCommand({ TableName: TABLE.name, Item: { ...keys.site(evil.siteId), type: 'Site', ...evil } }),
    );
    await db.send(
      new PutCommand({
        TableName: TABLE.name,
        Item: { ...keys.domain(evil.domain), type: 'Domain', siteId: evil.siteId },
      }),
    );

    const { context, page } = await newPage(browser);
    await page.goto(appUrl('untrusted.localhost', '/login'));
    await page.locator('.wl-header').first().waitFor();
    await page.locator('.wl-footer').first().hover();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('.wl-header script').count()).toBe(0);
    expect(await page.locator('.wl-header a[href^="javascript"]').count()).toBe(0);
    await context.close();
  });
});

describe('sign-up, sign-in, guarded pages and logout', () => {
  it('registers a retail traveller, signs in through a guarded page and keeps redirectTo after logout', async () => {
    const { context, page } = await newPage(browser);
    const email = `e2e-${unique()}@example.com`;
    const password = 'Journey123';

    await page.goto(appUrl('flightdeals.localhost', '/signup'));
    await page.getByRole('radio', { name: 'Female' }).check();
    await page.getByLabel(/^First name/).fill('Meera');
    await page.getByLabel(/^Last name/).fill('Iyer');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByRole('textbox', { name: /^Phone/ }).fill(mobile());
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/app\/signup_success/);

    // A guarded page sends the visitor to login with the way back…
    await page.goto(appUrl('flightdeals.localhost', '/user/dashboard'));
    await page.waitForURL(/\/app\/login\?redirectTo=%2Fuser%2Fdashboard/);
    await signIn(page, email, password);
    // …and signing in returns there.
    await page.waitForURL(/\/app\/user\/dashboard$/);
    await expect.poll(() => page.getByRole('button', { name: /Account menu for Meera/ }).count()).toBe(1);

    // Logout keeps redirectTo/redirectType for the next sign-in, and clears the session.
    await page.goto(appUrl('flightdeals.localhost', '/logout?redirectTo=%2Fflight&redirectType=flight'));
    await page.waitForURL(/\/app\/login\?.*redirectTo=%2Fflight/);
    expect(page.url()).toContain('redirectType=flight');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'auth-token')).toBeUndefined();
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((k) => /user/i.test(k) && localStorage.getItem(k) !== 'null'),
      ),
    ).toEqual([]);

    await page.goto(appUrl('flightdeals.localhost', '/user/dashboard'));
    await page.waitForURL(/\/app\/login\?redirectTo=/);
    await context.close();
  });

  it('sends a signed-in visitor away from /login and /signup', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(appUrl('flightdeals.localhost', '/login'));
    await signIn(page, 'agent@flightdeals.localhost', 'Demo@1234');
    await page.waitForURL((u) => !u.pathname.endsWith('/login'));
    await page.goto(appUrl('flightdeals.localhost', '/signup'));
    await page.waitForURL((u) => !u.pathname.endsWith('/signup'));
    await context.close();
  });

  it('shows staff pages to staff and the forbidden page to others', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(appUrl('flightdeals.localhost', '/login?redirectTo=%2Fstaff%2Fcustomers'));
    await signIn(page, 'agent@flightdeals.localhost', 'Demo@1234');
    await page.waitForURL(/\/app\/403$/);
    await context.close();
  });
});

describe('lock mode', () => {
  it('sends visitors of a locked site to login but leaves entry and policy pages open', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(appUrl('skyway.localhost', '/visa/AE'));
    await page.waitForURL(/\/app\/login\?redirectTo=%2Fvisa%2FAE/);
    await page.goto(appUrl('skyway.localhost', '/privacy_policy'));
    await expect.poll(() => page.getByText('SkyWay Travels', { exact: false }).count()).toBeGreaterThan(0);
    expect(page.url()).toContain('/privacy_policy');
    // The same public page on an unlocked site stays open.
    await page.goto(appUrl('flightdeals.localhost', '/visa/AE'));
    await page.waitForTimeout(500);
    expect(page.url()).toContain('/visa/AE');
    await context.close();
  });
});

describe('client error catalogue', () => {
  const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text });

  it('shows the server message of a failed call', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(appUrl('flightdeals.localhost', '/login'));
    await signIn(page, 'agent@flightdeals.localhost', 'wrong-password-1');
    await toast(page, MSG.invalidCredentials).waitFor();
    await context.close();
  });

  it('shows the timeout text on a 502 and the fallback text on an unreadable failure', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(appUrl('flightdeals.localhost', '/login'));
    await page.route('**/api/wl/user/login', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    await signIn(page, 'agent@flightdeals.localhost', 'Demo@1234');
    await toast(page, MSG.requestTimeout).waitFor();
    await page.unroute('**/api/wl/user/login');
    await page.route('**/api/wl/user/login', (route) => route.fulfill({ status: 500, body: '<html>oops</html>' }));
    await page.getByRole('button', { name: /^(Login|Sign in|Log in)$/i }).click();
    await toast(page, MSG.httpFailed('POST')).waitFor();
    await context.close();
  });

  it('logs the browser out when the session is no longer valid (401)', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(appUrl('flightdeals.localhost', '/login?redirectTo=%2Fuser%2Fdashboard'));
    await signIn(page, 'agent@flightdeals.localhost', 'Demo@1234');
    await page.waitForURL(/\/app\/user\/dashboard$/);
    // The session ends on the server (another tab logged out); the next session check sends the user to login.
    await context.clearCookies();
    await page.reload();
    await page.waitForURL(/\/app\/login/);
    await context.close();
  });
});

describe('small screens', () => {
  it('fits 375 px without sideways scrolling and opens the menu from a burger', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 375, height: 740 } });
    await page.goto(appUrl('flightdeals.localhost', '/login?redirectTo=%2Fuser%2Fdashboard'));
    await signIn(page, 'agent@flightdeals.localhost', 'Demo@1234');
    await page.waitForURL(/\/app\/user\/dashboard$/);
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    await burger.waitFor();
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    // Collapsed, the navbar sits off-screen to the left; the burger slides it in.
    const navRight = async () => (await nav.boundingBox())?.x ?? -1;
    expect(await navRight()).toBeLessThan(0);
    await burger.click();
    await expect.poll(navRight).toBeGreaterThanOrEqual(0);
    await nav.getByRole('link', { name: /My Profile/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
