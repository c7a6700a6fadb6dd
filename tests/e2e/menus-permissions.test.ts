/**
 * Menus and actions follow the signed-in user's permissions, in Chromium against the
 * local stack. The shell loads rbac/getPermissionsFromSession and hides what the user's permission group
 * lacks, instead of offering it and answering 403: Partner Holidays' demo staff member works the
 * 'Ticketing desk' group (booking and the queues of the Flights module: no Excel, no wallet, no
 * customers), its admin holds everything. Every menu starts with "Search flights"; CRM shows only on a
 * site with a CRM module (Flight Deals has FlightsForm; Partner Holidays has flights only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { appUrl, launch, newPage, signIn } from '../support/browser.ts';

const PARTNER = 'partner.localhost';
const FLIGHTDEALS = 'flightdeals.localhost';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const menu = (page: Page): Locator => page.getByRole('navigation', { name: 'Main menu' });
const link = (page: Page, name: string) => menu(page).getByRole('link', { name, exact: true });

async function signedInAt(domain: string, email: string, path: string, expectUrl: RegExp) {
  const { page, context } = await newPage(browser);
  await page.goto(appUrl(domain, path));
  await page.waitForURL(/\/app\/login/);
  await signIn(page, email);
  await page.waitForURL(expectUrl);
  return { page, context };
}

describe('menus and actions follow permissions', () => {
  it("staff see only their group's links and no Download Excel they would be refused", async () => {
    const { page, context } = await signedInAt(
      PARTNER,
      `staff@${PARTNER}`,
      '/flights/ticketQueue',
      /\/app\/flights\/ticketQueue/,
    );
    // A guarded link the desk holds appears once the permissions are loaded; only then judge the rest.
    await link(page, 'Hold Queue').waitFor();
    for (const name of ['Search flights', 'Dashboard', 'Air Ticket Queue', 'All Tickets', 'Change Requests'])
      expect(await link(page, name).count(), name).toBe(1);
    for (const name of [
      'Customers',
      'Link Supplier',
      'Flight Settings',
      'Manage Markup',
      'Wallet Report',
      'Payment Gateway Transactions',
      'Pending Gateway Entries',
      'Download Balances',
      'Supplier Wallets',
      'CRM',
    ])
      expect(await link(page, name).count(), name).toBe(0);
    await page.getByRole('heading', { name: 'Air Ticket Queue' }).waitFor();
    expect(await page.getByRole('button', { name: 'Download Excel' }).count()).toBe(0);

    // A link the group holds opens its screen without a 403.
    await link(page, 'Hold Queue').click();
    await page.waitForURL(/\/app\/flights\/holdQueue$/);
    await page.getByRole('heading', { name: 'Hold Queue' }).waitFor();
    expect(page.url()).not.toContain('/403');
    await context.close();
  });

  it('an admin holding every permission sees the staff links and Download Excel; no CRM without a CRM module', async () => {
    const { page, context } = await signedInAt(
      PARTNER,
      `admin@${PARTNER}`,
      '/flights/ticketQueue',
      /\/app\/flights\/ticketQueue/,
    );
    await link(page, 'Wallet Report').waitFor();
    for (const name of ['Search flights', 'Customers', 'Manage Markup', 'Payment Gateway Transactions'])
      expect(await link(page, name).count(), name).toBe(1);
    await page.getByRole('button', { name: 'Download Excel' }).waitFor();
    expect(await link(page, 'CRM').count()).toBe(0);
    await context.close();
  });

  it('customers get Search flights first, and CRM only where the site has a CRM module', async () => {
    const partner = await signedInAt(PARTNER, `agent@${PARTNER}`, '/user/dashboard', /\/app\/user\/dashboard/);
    await link(partner.page, 'Wallet').waitFor();
    const first = menu(partner.page).getByRole('link').first();
    expect(await first.innerText()).toBe('Search flights');
    expect(await link(partner.page, 'CRM').count()).toBe(0);
    await link(partner.page, 'Search flights').click();
    await partner.page.waitForURL(/\/app\/flight(\/|$)/);
    await partner.context.close();

    const deals = await signedInAt(FLIGHTDEALS, `agent@${FLIGHTDEALS}`, '/user/dashboard', /\/app\/user\/dashboard/);
    await link(deals.page, 'Wallet').waitFor();
    expect(await menu(deals.page).getByRole('link', { name: 'CRM' }).count()).toBe(1);
    await deals.context.close();
  });
});
