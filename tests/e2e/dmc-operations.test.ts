/**
 * Operations in Chromium against the local stack (issue #14 items 4, 5): a vouchered kart's transfer on today's
 * job sheet; Flight Deals' super admin assigns a driver and generates the driver's link; the driver opens it at
 * 390 px and marks the transfer done; staff see it done on the job sheet. The driver page passes axe and fits.
 *
 * The transfer is written through the kart side's storage seam (`transferPutItems`), as a voucher save writes
 * it (tests/integration/dmc-operations.test.ts does the same): the kart calls have no end-to-end voucher path
 * tested yet, and this test is about operations. `OPS_SHOTS=<dir>` saves screenshots of each screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { saveDriver } from '@tp/contracts/endpoints/dmc';
import { DMC_OPS_MSG } from '@tp/contracts/endpoints/dmc-operations';
import type { Transfer } from '@tp/domain/dmc';
import { transact } from '../../functions/src/lib/db.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { localDay } from '../../functions/src/lib/time.ts';
import { transferPutItems } from '../../functions/src/kart/transfers-repo.ts';
import { axeViolations, horizontalOverflow } from '../support/axe.ts';
import { appUrl, launch, newPage, signIn, toast } from '../support/browser.ts';
import { FLIGHTDEALS, ok, staff, tag } from '../integration/dmc-helpers.ts';

const SITE = 'flightdeals.localhost';
const run = tag();
const GUEST = `E2E guest ${run}`;
const DRIVER = `E2E driver ${run}`;
/** Flight Deals keeps the default zone: its today. */
const today = localDay(new Date(), 'Asia/Kolkata');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (process.env.OPS_SHOTS) await page.screenshot({ path: `${process.env.OPS_SHOTS}/${name}.png`, fullPage: true });
}

describe('DMC operations', () => {
  it(
    'staff assign a driver and send the link; the driver marks the transfer done at 390 px',
    { timeout: 240_000 },
    async () => {
      const admin = await staff();
      await ok(admin, saveDriver, { driverName: DRIVER, phone: '+971501234567' });
      const kartId = `kart${run}`;
      const transfer: Transfer = {
        id: `${kartId}-accomodation-l1-pickup`,
        kartId,
        source: { section: 'accomodations', lineId: 'l1' },
        leg: 'pickup',
        sharingType: 'PVT',
        date: today,
        time: '10:00',
        pickupLocation: 'DXB Terminal 3',
        dropLocation: 'Rove Downtown',
        remarks: 'Meet at arrivals gate 5',
        pax: { adults: 2, child: 1, infant: 0 },
        customerName: GUEST,
        customerPhone: '+971501112233',
        pickupArea: 'Airport',
        flightNo: 'EK 501',
        driverId: null,
        internalDriverCharges: null,
        status: 'pending',
        isCompleted: false,
        completedAt: null,
      };
      await transact(transferPutItems({ site: { siteId: asSiteId(FLIGHTDEALS.siteId) } }, [transfer]));

      // Staff: the job sheet opens on today → tomorrow, with the transfer; assign the driver.
      const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
      await page.goto(appUrl(SITE, '/staff/dmc_job_sheet'));
      await page.waitForURL(/\/app\/login\?redirectTo=/);
      await signIn(page, `admin@${SITE}`);
      await page.getByRole('heading', { name: 'Job Sheet', level: 1 }).waitFor();
      const row = page.getByRole('row', { name: new RegExp(GUEST) });
      await row.getByRole('combobox', { name: new RegExp(`^Driver for ${GUEST}`) }).selectOption({ label: DRIVER });
      await toast(page, DMC_OPS_MSG.driverAssigned).first().waitFor();
      await expect.poll(() => row.getByText('Assigned', { exact: true }).count()).toBe(1);
      await shot(page, 'job-sheet-1366');

      // The driver's link, shown once.
      await page.getByRole('button', { name: 'Driver links' }).click();
      const links = page.getByRole('dialog', { name: 'Driver links' });
      await links.getByRole('button', { name: `Generate link for ${DRIVER}` }).click();
      await toast(page, DMC_OPS_MSG.linkGenerated).first().waitFor();
      const url = await links.getByRole('textbox', { name: `Link for ${DRIVER}` }).inputValue();
      expect(url).toMatch(/\/dmc\/driver\/[A-Za-z0-9_-]{43}$/);
      const share = links.getByRole('link', { name: 'Share on WhatsApp' });
      expect(await share.getAttribute('href')).toContain('https://wa.me/971501234567?text=');
      await shot(page, 'driver-links-1366');
      await page.keyboard.press('Escape');

      // The driver, on a phone, no login.
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
      const driverPage = await phone.newPage();
      await driverPage.goto(appUrl(SITE, `/dmc/driver/${url.split('/').at(-1)}`));
      const card = driverPage.getByRole('article', { name: GUEST });
      await card.waitFor();
      expect(await card.getByRole('link', { name: /^Call/ }).getAttribute('href')).toBe('tel:+971501112233');
      expect(await axeViolations(driverPage, 'main')).toEqual([]);
      expect(await horizontalOverflow(driverPage)).toBe(0);
      await shot(driverPage, 'driver-390');
      await card.getByRole('button', { name: /^Mark done/ }).click();
      await driverPage.getByRole('dialog').getByRole('button', { name: 'Mark done' }).click();
      await card.getByText('Done', { exact: true }).waitFor();
      await shot(driverPage, 'driver-done-390');
      await phone.close();

      // Staff see it done.
      await page.reload();
      await expect.poll(() => row.getByRole('button', { name: /^Reopen/ }).count(), { timeout: 15_000 }).toBe(1);
      expect(await row.locator('.mantine-Badge-root').textContent()).toBe('Done');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'job-sheet-390');
      await page.goto(appUrl(SITE, '/staff/dmc-datewise-itineraries'));
      await page.getByRole('heading', { name: 'Datewise Itineraries', level: 1 }).waitFor();
      await shot(page, 'itineraries-390');
      await page.setViewportSize({ width: 1366, height: 900 });
      await shot(page, 'itineraries-1366');
      await context.close();
    },
  );
});
