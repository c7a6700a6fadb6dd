/**
 * A quotation's journey in Chromium against the local stack: a quotation for today with
 * an airport pickup is vouchered in the builder; its transfer is on today's job sheet; Flight Deals' super admin
 * assigns a driver and generates the driver's link; the driver opens it at 390 px and marks the transfer done;
 * staff see it done on the job sheet and in the date-wise itinerary (screen and print layout). The driver page
 * and the itinerary pass axe and fit. Screenshots of each screen (E2E_SHOTS, README "Tests").
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createDetailPendingCustomerForDmc } from '@tp/contracts/endpoints/customers';
import { saveDriver } from '@tp/contracts/endpoints/dmc';
import { DMC_OPS_MSG } from '@tp/contracts/endpoints/dmc-operations';
import { KART_MSG, saveKart } from '@tp/contracts/endpoints/kart';
import { localDay } from '../../functions/src/lib/time.ts';
import { axeViolations, horizontalOverflow } from '../support/axe.ts';
import { appUrl, atWidth, saveShot, signIn, toast, useBrowser } from '../support/browser.ts';
import { ok, staff, tag } from '../integration/dmc-helpers.ts';
import { uniquePhone } from '../integration/users-helpers.ts';

const SITE = 'flightdeals.localhost';
const run = tag();
const GUEST = `E2E guest ${run}`;
const KART = `E2E airport pickup ${run}`;
const DRIVER = `E2E driver ${run}`;
/** Flight Deals keeps the default zone: its today. */
const today = localDay(new Date(), 'Asia/Kolkata');

const browser = useBrowser();

async function shot(page: Page, name: string): Promise<void> {
  await saveShot(page, 'dmc-operations', name);
}

describe('DMC operations', () => {
  it(
    'a quotation vouchered in the builder reaches the job sheet, its driver and the itinerary',
    { timeout: 240_000 },
    async () => {
      const admin = await staff();
      await ok(admin, saveDriver, { driverName: DRIVER, phone: '+971501234567' });
      const guestPhone = uniquePhone();
      const customer = await ok(admin, createDetailPendingCustomerForDmc, {
        firstName: 'E2E',
        lastName: `guest ${run}`,
        phone: guestPhone,
        phoneCode: 'in',
      });
      // A quotation arriving today: one night at Rove Downtown with a private airport pickup.
      const kart = await ok(admin, saveKart, {
        customerId: customer.id,
        kartName: KART,
        adults: 2,
        child: 1,
        infant: 0,
        arrivalDate: today,
        quoteValidyInDays: 7,
        noOfDays: 2,
        noOfNights: 1,
        accomodations: [
          {
            accomodationId: 'dmc-hotel-rove-downtown',
            accomodationName: 'Rove Downtown',
            noOfNights: 1,
            checkinDate: today,
            numberOfRooms: 1,
            rooms: { double: { price: 450, count: 1 }, childWithBed: { price: 100, count: 1 } },
            transferPrice: 130,
            bookedByCustomer: false,
            transferType: 'oneway',
            sharingBasis: 'PVT',
            pickupTransfer: {
              time: '10:00',
              pickupLocation: 'DXB Terminal 3',
              dropLocation: 'Rove Downtown',
              remarks: 'Meet at arrivals gate 5',
            },
          },
        ],
        passengers: [{ title: 'Mr', firstName: 'E2E', lastName: `guest ${run}`, paxType: 'adult' }],
      });

      // Staff voucher it in the builder: its transfer goes on the job sheet.
      // bypassCSP: axe comes in as a script tag (tests/support/axe.ts).
      const context = await browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
      const page = await context.newPage();
      await page.goto(appUrl(SITE, `/staff/kart?kart=${kart.id}`));
      await page.waitForURL(/\/app\/login\?redirectTo=/);
      await signIn(page, `admin@${SITE}`);
      await page.getByRole('heading', { name: KART }).waitFor();
      await page.getByRole('button', { name: `Voucher ${KART}` }).click();
      await page
        .getByRole('dialog', { name: `Voucher ${KART}?` })
        .getByRole('button', { name: 'Voucher' })
        .click();
      await toast(page, KART_MSG.vouchered).first().waitFor();

      // The job sheet opens on today → tomorrow, with the vouchered transfer; assign the driver.
      await page.goto(appUrl(SITE, '/staff/dmc_job_sheet'));
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
      const phone = await browser().newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
      const driverPage = await phone.newPage();
      await driverPage.goto(appUrl(SITE, `/dmc/driver/${url.split('/').at(-1)}`));
      const card = driverPage.getByRole('article', { name: GUEST });
      await card.waitFor();
      expect(await card.getByRole('link', { name: /^Call/ }).getAttribute('href')).toContain(guestPhone);
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
      await atWidth(page, 390);
      await shot(page, 'job-sheet-390');
      // Today's itinerary holds the customer's day: check-in and the transfer, on screen and in print.
      await page.goto(appUrl(SITE, '/staff/dmc-datewise-itineraries'));
      await page.getByRole('heading', { name: 'Datewise Itineraries', level: 1 }).waitFor();
      const day = page.getByText(GUEST).first();
      await day.waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      await shot(page, 'itineraries-390');
      await atWidth(page, 1366);
      expect(await axeViolations(page, 'main')).toEqual([]);
      await shot(page, 'itineraries-1366');
      await page.emulateMedia({ media: 'print' });
      // Print: the customer blocks only (no shell, no date field or Print button).
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      expect(await day.isVisible()).toBe(true);
      await shot(page, 'itineraries-print');
      await page.emulateMedia({ media: 'screen' });
      await context.close();
    },
  );
});
