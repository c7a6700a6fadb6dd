/**
 * index.html's boot shell (web/boot): the site's header and footer html, name, logo and colour are
 * painted before the app's code runs — from the branding call started in <head> on a first visit, from
 * the stored branding at once on a return visit — and the app takes that call's answer instead of
 * asking again. Module scripts are blocked to prove "before the app": nothing but the page's inline
 * boot scripts can run then.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_SITES } from '../../scripts/seed/sites.ts';
import { appUrl, launch, newPage } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const FLIGHTDEALS = DEMO_SITES.find((s) => s.domain === 'flightdeals.localhost')!;
const blockAppCode = (page: Page) => page.route('**/app/assets/*.js', (route) => route.abort());
const bootShell = (page: Page) => page.locator('#root > .tp-boot');

describe('boot shell', () => {
  it("paints a first visit's header, footer, name and colour from the early branding call, without the app", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await blockAppCode(page);
    await page.goto(appUrl(FLIGHTDEALS.domain, '/login'));
    const shell = bootShell(page);
    await expect
      .poll(() => shell.locator('[data-site-html="header"] .wl-header').textContent())
      .toContain('24x7 support');
    expect(await shell.locator('[data-site-html="footer"] .wl-footer').textContent()).toContain('Flight Deals Travel');
    expect(await shell.locator('.tp-boot-name').textContent()).toBe(FLIGHTDEALS.companyName);
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--tp-brand'))).toBe(
      FLIGHTDEALS.brandingSettings.theme.palette.primary,
    );
    // The app never ran: the shell is index.html's own markup.
    expect(await page.locator('.mantine-AppShell-root').count()).toBe(0);
    await context.close();
  });

  it("paints a returning visitor's stored header at once, before any answer arrives", async () => {
    const { context, page } = await newPage(browser);
    await page.goto(appUrl(FLIGHTDEALS.domain, '/login'));
    await page.locator('main .wl-header').waitFor();
    // What the app stored on that visit, changed so only the stored copy can be what is painted.
    await page.evaluate(() => {
      const site = JSON.parse(localStorage.getItem('tp.site')!) as { headerHtml: string };
      site.headerHtml = '<div class="wl-header">Stored header</div>';
      localStorage.setItem('tp.site', JSON.stringify(site));
    });
    await blockAppCode(page);
    await page.route('**/api/whitelabel/detetct', (route) => route.abort());
    await page.goto(appUrl(FLIGHTDEALS.domain, '/login'), { waitUntil: 'domcontentloaded' });
    expect(await bootShell(page).locator('[data-site-html="header"]').innerHTML()).toBe(
      '<div class="wl-header">Stored header</div>',
    );
    await context.close();
  });

  it('hands the early answer to the app: one branding call per page load, the same header where it was', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/whitelabel/detetct')) calls++;
    });
    const box = async (l: ReturnType<Page['locator']>) => {
      const b = (await l.boundingBox())!;
      return [b.x, b.y, b.width, b.height].map(Math.round);
    };
    // The app's code is held until the boot shell has painted the header, whose place is noted then.
    let bootBox: number[] | undefined;
    await page.route('**/app/assets/*.js', async (route) => {
      bootBox ??= await box(bootShell(page).locator('[data-site-html="header"] .wl-header'));
      await route.continue();
    });
    await page.goto(appUrl(FLIGHTDEALS.domain, '/login'));
    await page.getByRole('button', { name: 'Login', exact: true }).first().waitFor();
    const appHeader = page.locator('main .wl-header');
    expect(await appHeader.textContent()).toContain('24x7 support');
    expect(await bootShell(page).count()).toBe(0);
    // Where the boot shell painted it: React's first frame does not move the header.
    expect(await box(appHeader)).toEqual(bootBox);
    expect(calls).toBe(1);
    await context.close();
  });
});
