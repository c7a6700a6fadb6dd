/**
 * The hotel contract screen on a seeded Dubai hotel, on a desktop (1366 px) and a phone (390 px): every tab and the
 * rate dialog pass axe (WCAG 2 AA) and fit the viewport; the price check prices a stay across the season change and
 * shows its working. Each view is saved for a person to look at (E2E_SHOTS, README "Tests").
 */
import { describe, expect, it } from 'vitest';
import { axeViolations, dialogsSettled, horizontalOverflow } from '../support/axe.ts';
import { appUrl, saveShot, signIn, useBrowser } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';
const HOTEL = '/staff/dmc-hotel-contracts?hotel=dmc-hotel-rove-downtown';
const TABS: [string, string | null][] = [
  ['', 'Add room type'],
  ['&tab=rates', 'Add rate'],
  ['&tab=children', null],
  ['&tab=stop-sales', null],
  ['&tab=allotments', null],
  ['&tab=price-check', null],
  ['&tab=workbook', null],
];

const browser = useBrowser();

describe('hotel contracts screen', () => {
  for (const width of [1366, 390]) {
    it(`at ${width} px`, { timeout: 360_000 }, async () => {
      const context = await browser().newContext({ viewport: { width, height: 900 }, bypassCSP: true });
      const page = await context.newPage();
      await page.goto(appUrl(SITE, HOTEL));
      await page.waitForURL(/\/app\/login\?redirectTo=/);
      await signIn(page, `admin@${SITE}`);
      await page.waitForURL((u) => u.pathname === '/app/staff/dmc-hotel-contracts');
      for (const [tab, opens] of TABS) {
        await page.goto(appUrl(SITE, HOTEL + tab));
        await page.getByRole('heading', { name: 'Hotel Contracts', level: 1 }).waitFor();
        await page.getByText(/Contract version \d+\./).waitFor();
        expect(await axeViolations(page, '#dmc-screen'), tab).toEqual([]);
        expect(await horizontalOverflow(page), tab).toBe(0);
        await saveShot(page, 'hotel-contracts', `${tab.replace(/\W+/g, '') || 'rooms'}-${width}`);
        if (!opens) continue;
        await page.getByRole('button', { name: opens, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: opens });
        await dialog.waitFor();
        await dialogsSettled(page);
        expect(await axeViolations(page, '.mantine-Modal-content'), `${tab} dialog`).toEqual([]);
        await saveShot(page, 'hotel-contracts', `${tab.replace(/\W+/g, '') || 'rooms'}-dialog-${width}`);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
      }

      // Four nights across the change from high to low season (30 April → 1 May 2027), two adults and a child of 8.
      await page.goto(appUrl(SITE, `${HOTEL}&tab=price-check`));
      await page.getByRole('textbox', { name: 'Check-in' }).fill('29/04/2027');
      await page.getByRole('textbox', { name: 'Check-in' }).press('Tab');
      await page.getByRole('textbox', { name: 'Nights' }).fill('4');
      await page.getByRole('textbox', { name: /Child ages per room/ }).fill('8');
      await page.getByRole('button', { name: 'Price', exact: true }).click();
      const working = page.getByLabel('Working');
      await working.waitFor();
      expect(await working.textContent()).toMatch(/^2 × AED\s?[\d,.]+ \+ 2 × AED\s?[\d,.]+ = AED/);
      expect(await axeViolations(page, '#dmc-screen'), 'priced').toEqual([]);
      expect(await horizontalOverflow(page), 'priced').toBe(0);
      await saveShot(page, 'hotel-contracts', `priced-${width}`);
      await context.close();
    });
  }
});
