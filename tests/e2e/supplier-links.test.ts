/**
 * Supplier relationships and the user's own pages as people use them, in Chromium against the local
 * stack (docs/suppliers.md "Demo data"): SkyWay's staff ask Flight Deals again for the Tour Packages
 * list it once rejected, after accepting its terms; Flight Deals' super admin approves; SkyWay then
 * sees the link and opens the supplier panel through jump login. A retail traveller edits a phone
 * number on My Profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import * as MSG from '@tp/contracts/messages';
import { appUrl, launch, newPage, signIn, toast } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A valid, unused Indian mobile number. */
const mobile = () => `9${String(Date.now()).slice(-7)}${Math.floor(10 + Math.random() * 89)}`;

/** Opens a guarded page: the guard sends the visitor to login, and signing in comes back to it. */
async function openSignedIn(page: Page, domain: string, path: string, email: string) {
  await page.goto(appUrl(domain, path));
  await page.waitForURL(/\/app\/login\?redirectTo=/);
  await signIn(page, email);
  await page.waitForURL((u) => u.pathname === `/app${path.split('?')[0]}`);
}

describe('supplier links between two sites', () => {
  it('SkyWay asks again for a rejected list after accepting terms, Flight Deals approves, SkyWay is linked', async () => {
    // 1. SkyWay (a locked site: its staff simply sign in) asks Flight Deals for Tour Packages again.
    const skyway = await newPage(browser);
    const sky = skyway.page;
    await openSignedIn(sky, 'skyway.localhost', '/staff/link_supplier', 'staff@skyway.localhost');
    const supplier = sky.getByRole('article', { name: 'Flight Deals', exact: true });
    await supplier.waitFor();
    // The seed: Flights pending (nothing to ask), Tour Packages rejected (may be asked for again).
    expect(await supplier.getByRole('button', { name: /Flights from Flight Deals/ }).count()).toBe(0);
    const again = supplier.getByRole('button', { name: 'Request access to Tour Packages from Flight Deals' });
    expect(await again.textContent()).toBe('Request again');
    await again.click();

    const dialog = sky.getByRole('dialog', { name: /Request access: Tour Packages from Flight Deals/ });
    await dialog.getByRole('heading', { name: /Flight Deals API partner terms/ }).waitFor();
    const send = dialog.getByRole('button', { name: 'Send request' });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: /I have read and accept the terms and conditions/ }).check();
    await send.click();
    await toast(sky, 'Request for Tour Packages sent to Flight Deals').waitFor();
    await expect.poll(() => supplier.getByText('Pending', { exact: true }).count()).toBe(2);
    // Flight Deals sells Flights, Tour Packages and Fixed Departures: only the last is left to ask for.
    expect(await supplier.getByRole('button', { name: /Request access/ }).count()).toBe(1);
    expect(
      await supplier.getByRole('button', { name: /Request access to Fixed ?Departures? from Flight Deals/ }).count(),
    ).toBe(1);

    // 2. Flight Deals' super admin approves it from the supplier screen.
    const fd = await newPage(browser);
    const deals = fd.page;
    await openSignedIn(
      deals,
      'flightdeals.localhost',
      '/user/supplier/becomeSupplier?tab=requests',
      'admin@flightdeals.localhost',
    );
    const request = deals.getByRole('article', { name: 'Request from SkyWay Travels Tour Packages' }).first();
    await request.getByText('Pending', { exact: true }).waitFor();
    // Only the allowed decisions are offered.
    expect(await request.getByRole('button').allTextContents()).toEqual(['Approve', 'Reject']);
    await request.getByRole('button', { name: 'Approve SkyWay Travels Tour Packages' }).click();
    await toast(deals, MSG.requestStatusChanged).waitFor();
    await deals
      .getByText(/Approved by Asha Admin/)
      .first()
      .waitFor();

    // …and the new consumer appears on the Consumers tab, suspendable.
    await deals.getByRole('tab', { name: 'Consumers' }).click();
    const consumer = deals.getByRole('article', { name: 'SkyWay Travels Tour Packages', exact: true });
    await consumer.waitFor();
    expect(await consumer.getByRole('button').allTextContents()).toEqual(['Suspend']);
    await fd.context.close();

    // 3. Back on SkyWay the supplier shows as linked and approved.
    await sky.reload();
    const link = sky.getByRole('article', { name: 'Flight Deals Tour Packages', exact: true });
    await link.getByText('Approved', { exact: true }).waitFor();
    expect(await link.getByRole('switch', { name: 'Use Flight Deals Tour Packages' }).isChecked()).toBe(true);
    await supplier.getByText('Approved', { exact: true }).waitFor();

    // 4. "Open supplier panel": jump login signs SkyWay's partner account in on Flight Deals.
    await link.getByRole('button', { name: 'Open supplier panel of Flight Deals' }).click();
    await sky.waitForURL((u) => u.hostname === 'flightdeals.localhost' && !u.pathname.endsWith('/login'));
    expect(sky.url()).not.toContain('sessionId');
    await expect.poll(() => sky.getByRole('button', { name: /Account menu for SkyWay Travels/ }).count()).toBe(1);
    await skyway.context.close();
  });

  it('fits a 375 px screen', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 375, height: 740 } });
    await openSignedIn(
      page,
      'flightdeals.localhost',
      '/user/supplier/becomeSupplier?tab=consumers',
      'admin@flightdeals.localhost',
    );
    await page.getByRole('article', { name: 'Partner Holidays Flights' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.goto(appUrl('flightdeals.localhost', '/user/dashboard'));
    await page.getByRole('region', { name: 'Phone numbers' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});

describe('my profile', () => {
  it('a retail traveller adds an emergency phone number', async () => {
    const { context, page } = await newPage(browser);
    await openSignedIn(page, 'flightdeals.localhost', '/user/dashboard', 'retail@flightdeals.localhost');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await page.locator('#main').getByText('Rahul Sharma', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit phone numbers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Phone numbers' });
    await dialog.getByRole('button', { name: /^Add (Secondary|Emergency) phone$/ }).click();
    const number = mobile();
    await dialog.getByRole('textbox', { name: /^(Secondary|Emergency) phone/ }).fill(number);
    await dialog.getByRole('button', { name: 'Save phone numbers' }).click();
    await toast(page, MSG.phoneUpdated).waitFor();
    await page.getByRole('region', { name: 'Phone numbers' }).getByText(`+91 ${number}`).waitFor();
    // The server kept it: a reload shows the same numbers.
    await page.reload();
    await page.getByRole('region', { name: 'Phone numbers' }).getByText(`+91 ${number}`).waitFor();
    await context.close();
  });
});
