/**
 * The hotel contract screen on a seeded Dubai hotel, on a desktop (1366 px) and a phone (390 px): every tab and the
 * rate dialog pass axe (WCAG 2 AA) and fit the viewport; the price check prices a stay across the season change and
 * shows its working. Each view is saved for a person to look at (E2E_SHOTS, README "Tests").
 */
import { describe, expect, it } from 'vitest';
import { accessibleAtEachWidth, appUrl, atWidth, SHOT_WIDTHS, signIn, useBrowser } from '../support/browser.ts';

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
  // One load of each tab, looked at on a desktop then a phone (accessibleAtEachWidth).
  it(`at ${SHOT_WIDTHS.join(' and ')} px`, { timeout: 480_000 }, async () => {
    const context = await browser().newContext({ viewport: { width: SHOT_WIDTHS[0], height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(appUrl(SITE, HOTEL));
    await page.waitForURL(/\/app\/login\?redirectTo=/);
    await signIn(page, `admin@${SITE}`);
    await page.waitForURL((u) => u.pathname === '/app/staff/dmc-hotel-contracts');
    for (const [tab, opens] of TABS) {
      const name = tab.replace(/\W+/g, '') || 'rooms';
      await atWidth(page, SHOT_WIDTHS[0]);
      await page.goto(appUrl(SITE, HOTEL + tab));
      await page.getByRole('heading', { name: 'Hotel Contracts', level: 1 }).waitFor();
      await page.getByText(/Contract version \d+\./).waitFor();
      await accessibleAtEachWidth(page, 'hotel-contracts', name, '#dmc-screen');
      if (!opens) continue;
      await page.getByRole('button', { name: opens, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: opens });
      await dialog.waitFor();
      await accessibleAtEachWidth(page, 'hotel-contracts', `${name}-dialog`, '.mantine-Modal-content');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }

    // Four nights across the change from high to low season (30 April → 1 May 2027), two adults and a child of 8.
    await atWidth(page, SHOT_WIDTHS[0]);
    await page.goto(appUrl(SITE, `${HOTEL}&tab=price-check`));
    await page.getByRole('textbox', { name: 'Check-in' }).fill('29/04/2027');
    await page.getByRole('textbox', { name: 'Check-in' }).press('Tab');
    await page.getByRole('textbox', { name: 'Nights' }).fill('4');
    await page.getByRole('textbox', { name: /Child ages per room/ }).fill('8');
    await page.getByRole('button', { name: 'Price', exact: true }).click();
    const working = page.getByLabel('Working');
    await working.waitFor();
    expect(await working.textContent()).toMatch(/^2 × AED\s?[\d,.]+ \+ 2 × AED\s?[\d,.]+ = AED/);
    await accessibleAtEachWidth(page, 'hotel-contracts', 'priced', '#dmc-screen');
    await context.close();
  });
});
