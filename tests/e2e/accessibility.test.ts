/**
 * The screens people use every day, whole page with the shell around them, on a desktop (1366 px) and a
 * phone (390 px): axe-core finds no WCAG 2.1 A/AA violation (colour contrast included) and nothing is wider
 * than the viewport. The DMC back office has its own walk with its dialogs (dmc-screens.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, horizontalOverflow } from '../support/axe.ts';
import { ahead, appUrl, atWidth, SHOT_WIDTHS, signIn, useBrowser } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';
const SEARCH = `origin=DEL&destination=BOM&departure=${ahead(20)}&adt=1&chd=0&inf=0`;

/** Who signs in (null: nobody), then each screen, with a text that shows it has loaded where idle is not enough. */
const WALKS: { who: string | null; screens: [string, RegExp?][] }[] = [
  {
    who: null,
    screens: [['/login'], ['/signup']],
  },
  {
    who: 'agent',
    screens: [
      ['/flight'],
      [`/flight/results/new?${SEARCH}`, /Showing \d+ of \d+ flights/],
      ['/flight/ticketQueue'],
      ['/user/dashboard'],
      ['/user/transactionHistory'],
      ['/payments'],
      ['/user/billing-details'],
    ],
  },
  {
    who: 'admin',
    screens: [
      ['/staff/customers'],
      ['/flights/holdQueue'],
      ['/flights/manage-markup'],
      ['/staff/walletReport'],
      ['/staff/setting/permission-groups'],
    ],
  },
];

/** Loaded: the network is idle, the screen's text (if given) is there and no list or page shows a loader. */
async function settled(page: Page, shows?: RegExp): Promise<void> {
  await page.waitForLoadState('networkidle');
  if (shows) await page.getByText(shows).first().waitFor({ timeout: 30_000 });
  await expect
    .poll(() => page.locator('[aria-busy="true"], .mantine-Loader-root').count(), { timeout: 30_000 })
    .toBe(0);
}

const browser = useBrowser();

describe('everyday screens are accessible and fit the screen', () => {
  // One load of each screen, looked at on a desktop then a phone (atWidth re-lays it out): a load per width cost
  // the browser twice the CPU for the same checks.
  it(`at ${SHOT_WIDTHS.join(' and ')} px`, { timeout: 480_000 }, async () => {
    const found: string[] = [];
    for (const { who, screens } of WALKS) {
      // bypassCSP: axe comes in as a script tag (tests/support/axe.ts).
      const context = await browser().newContext({ viewport: { width: SHOT_WIDTHS[0], height: 900 }, bypassCSP: true });
      const page = await context.newPage();
      if (who) {
        await page.goto(appUrl(SITE, '/login'));
        await signIn(page, `${who}@${SITE}`);
        await page.waitForURL((u) => !/login/.test(u.pathname));
      }
      for (const [path, shows] of screens) {
        await atWidth(page, SHOT_WIDTHS[0]);
        await page.goto(appUrl(SITE, path));
        await settled(page, shows);
        for (const width of SHOT_WIDTHS) {
          await atWidth(page, width);
          const where = `${path} (${who ?? 'visitor'}) at ${width}`;
          for (const v of await axeViolations(page)) found.push(`${where}: ${v}`);
          const overflow = await horizontalOverflow(page);
          if (overflow > 0) found.push(`${where}: ${overflow} px wider than the screen`);
        }
      }
      await context.close();
    }
    expect(found).toEqual([]);
  });
});

describe('the passengers page with a seat map open is accessible', () => {
  it('at 1366 and 390 px', { timeout: 240_000 }, async () => {
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(appUrl(SITE, '/login'));
    await signIn(page, `agent@${SITE}`);
    await page.waitForURL((u) => !/login/.test(u.pathname));
    await page.goto(appUrl(SITE, `/flight/results/new?${SEARCH}`));
    await settled(page, /Showing \d+ of \d+ flights/);
    await page.locator('[data-result]').first().getByRole('button', { name: 'Book' }).click();
    const next = page.getByRole('button', { name: 'Continue to passengers' });
    await next.waitFor({ timeout: 30_000 });
    const changed = page.getByRole('dialog', { name: 'Price changed' });
    if (await changed.isVisible()) await changed.getByRole('button', { name: 'Continue' }).click();
    await next.click();
    await page.waitForURL(/\/app\/flight\/passengers\//);
    const lead = page.getByRole('group', { name: 'Adult 1 (lead passenger)' });
    // Every simulated flight sells seats: open the lead passenger's seat map of the first segment.
    await lead
      .getByRole('button', { name: /^Seat [A-Z]{3}-[A-Z]{3}\b/ })
      .first()
      .click();
    await lead.getByRole('group', { name: /^Seats [A-Z]{3}-[A-Z]{3} for Adult 1/ }).waitFor();
    const found: string[] = [];
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await settled(page);
      for (const v of await axeViolations(page)) found.push(`passengers with a seat map at ${width}: ${v}`);
    }
    expect(found).toEqual([]);
    await context.close();
  });
});
