/**
 * Every DMC back-office screen and its create dialog, on a desktop (1366 px) and a phone (390 px):
 * axe finds no WCAG 2.1 A/AA violation in the screen's own region (#dmc-screen) or the open dialog, and
 * nothing is wider than the viewport. The shell around the screens has its own checks. Each screen is saved at
 * both widths for a person to look at (E2E_SHOTS, README "Tests").
 */
import { describe, expect, it } from 'vitest';
import { accessibleAtEachWidth, appUrl, atWidth, SHOT_WIDTHS, signIn, useBrowser } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';

/** Path, heading, and the button opening its dialog (with the dialog's title). */
const SCREENS: [string, string, [string, string] | null][] = [
  ['/staff/dmc_master', 'DMC Master', ['Add market', 'Add market']],
  ['/staff/dmc_master?tab=accommodations', 'DMC Master', ['Add accommodation', 'Add accommodation']],
  ['/staff/dmc_master?tab=activities', 'DMC Master', ['Add activity', 'Add activity']],
  ['/staff/dmc_master?tab=tour-options', 'DMC Master', ['Add tour option', 'Add tour option']],
  ['/staff/dmc_master?tab=drivers', 'DMC Master', ['Add driver', 'Add driver']],
  ['/staff/dmc_master?tab=locations', 'DMC Master', ['Add location', 'Add location']],
  ['/staff/dmc_rate_management', 'Rate Management', null],
  ['/staff/dmc-exchange-rates', 'Exchange Rates', ['Add exchange rate', 'Add exchange rate']],
  // A seeded option with ticket and transfer rates, stop-sales and the price check, opened by its link.
  ['/staff/dmc_rate_management?activity=dmc-act-dhow-marina&option=dmc-to-dhow-marina-dinner', 'Rate Management', null],
  ['/staff/dmc-activities', 'DMC Activities', null],
  ['/staff/dmc-combos', 'Combos', ['Create combo', 'Create combo']],
  ['/staff/areas', 'Areas', ['Add area', 'Add area']],
  ['/staff/area-transfer', 'Area Transfers', ['Add area transfer', 'Add area transfer']],
  ['/staff/dmc-data-management', 'DMC Data', null],
  ['/staff/dmc_job_sheet', 'Job Sheet', null],
  ['/staff/dmc-datewise-itineraries', 'Datewise Itineraries', null],
  ['/staff/kart', 'Quotations', null],
  ['/staff/kart?kart=new', 'Quotations', ['New customer', 'New customer']],
  ['/staff/kart?kart=dmc-kart-demo-quote', 'Quotations', null],
  ['/staff/kart/dmc-kart-demo-quote/print', 'Quotation', null],
];

const browser = useBrowser();
/** A file name for a screen: its path without /staff/ and the query's punctuation. */
const shotName = (path: string) =>
  path
    .replace('/staff/', '')
    .replace(/[^\w-]+/g, '_')
    .slice(0, 80);

describe('DMC screens are accessible and fit the screen', () => {
  // One load of each screen, looked at on a desktop then a phone (atWidth re-lays it out): a load per width cost
  // the browser twice the CPU for the same checks.
  it(`at ${SHOT_WIDTHS.join(' and ')} px`, { timeout: 480_000 }, async () => {
    // bypassCSP: axe comes in as a script tag (tests/support/axe.ts).
    const context = await browser().newContext({ viewport: { width: SHOT_WIDTHS[0], height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(appUrl(SITE, '/staff/dmc_master'));
    await page.waitForURL(/\/app\/login\?redirectTo=/);
    await signIn(page, `admin@${SITE}`);
    await page.waitForURL((u) => u.pathname === '/app/staff/dmc_master');
    for (const [path, heading, opens] of SCREENS) {
      await atWidth(page, SHOT_WIDTHS[0]);
      await page.goto(appUrl(SITE, path));
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      // Loaded: the lists have their rows (or their empty text), no skeleton left (a busy machine is slow).
      await expect.poll(() => page.locator('#dmc-screen [aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0);
      await accessibleAtEachWidth(page, 'dmc', shotName(path), '#dmc-screen');
      if (!opens) continue;
      await page.getByRole('button', { name: opens[0], exact: true }).click();
      const dialog = page.getByRole('dialog', { name: opens[1] });
      await dialog.waitFor();
      await accessibleAtEachWidth(page, 'dmc', `${shotName(path)}-dialog`, '.mantine-Modal-content');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await context.close();
  });
});
