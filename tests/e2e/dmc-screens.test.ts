/**
 * Every DMC back-office screen (issue #13) and its create dialog, on a desktop (1366 px) and a phone (390 px):
 * axe finds no WCAG 2.1 A/AA violation in the screen's own region (#dmc-screen) or the open dialog, and
 * nothing is wider than the viewport. The shell around the screens has its own checks.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, launch, signIn } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Path, heading, and the button opening its dialog (with the dialog's title). */
const SCREENS: [string, string, [string, string] | null][] = [
  ['/staff/dmc_master', 'DMC Master', ['Add market', 'Add market']],
  ['/staff/dmc_master?tab=accommodations', 'DMC Master', ['Add accommodation', 'Add accommodation']],
  ['/staff/dmc_master?tab=activities', 'DMC Master', ['Add activity', 'Add activity']],
  ['/staff/dmc_master?tab=tour-options', 'DMC Master', ['Add tour option', 'Add tour option']],
  ['/staff/dmc_master?tab=drivers', 'DMC Master', ['Add driver', 'Add driver']],
  ['/staff/dmc_master?tab=locations', 'DMC Master', ['Add location', 'Add location']],
  ['/staff/dmc_rate_management', 'Rate Management', null],
  ['/staff/dmc-activities', 'DMC Activities', null],
  ['/staff/dmc-combos', 'Combos', ['Create combo', 'Create combo']],
  ['/staff/areas', 'Areas', ['Add area', 'Add area']],
  ['/staff/area-transfer', 'Area Transfers', ['Add area transfer', 'Add area transfer']],
  ['/staff/dmc-data-management', 'DMC Data', null],
];

/** axe-core's WCAG 2.1 A/AA rules on one part of the page: the ids of the rules it breaks, with where. */
async function violations(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<any> } }).axe;
    const result = await axe.run({ include: [include] }, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
    return result.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
  }, selector);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('DMC screens are accessible and fit the screen', () => {
  for (const width of [1366, 390]) {
    it(`at ${width} px`, { timeout: 240_000 }, async () => {
      // axe is injected as a script tag, which the site's CSP (rightly) refuses: bypass it in this context only.
      const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
      const page = await context.newPage();
      await page.goto(appUrl(SITE, '/staff/dmc_master'));
      await page.waitForURL(/\/app\/login\?redirectTo=/);
      await signIn(page, `admin@${SITE}`);
      await page.waitForURL((u) => u.pathname === '/app/staff/dmc_master');
      for (const [path, heading, opens] of SCREENS) {
        await page.goto(appUrl(SITE, path));
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        // Loaded: the lists have their rows (or their empty text), no skeleton left.
        await expect.poll(() => page.locator('#dmc-screen [aria-busy="true"]').count()).toBe(0);
        expect(await violations(page, '#dmc-screen'), path).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBe(0);
        if (!opens) continue;
        await page.getByRole('button', { name: opens[0], exact: true }).click();
        const dialog = page.getByRole('dialog', { name: opens[1] });
        await dialog.waitFor();
        // Checked once it has faded in: mid-transition colours are not the dialog's.
        await page.waitForFunction(() =>
          [...document.querySelectorAll('.mantine-Modal-content, .mantine-Modal-overlay')].every(
            (el) => getComputedStyle(el).opacity === '1',
          ),
        );
        expect(await violations(page, '.mantine-Modal-content'), `${path} dialog`).toEqual([]);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
      }
      await context.close();
    });
  }
});
