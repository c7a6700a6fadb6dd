/**
 * The staff customer screen as staff use it, in Chromium against the local stack: Flight Deals' super
 * admin finds the demo staff member by search, blocks them (who then cannot sign in, in another
 * browser), unblocks them, moves them to another markup group and permission group, and exempts them
 * from the look-to-book limit. The permission group is put back at the end: other journeys rely on the
 * demo staff member's default permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import * as MSG from '@tp/contracts/messages';
import { appUrl, launch, newPage, signIn, toast } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';
const ADMIN = `admin@${SITE}`;
const SUBJECT = `staff@${SITE}`;
const SUBJECT_NAME = 'Sameer Staff';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the row's actions menu and picks an action. */
async function rowAction(page: Page, row: Locator, action: string) {
  await row.getByRole('button', { name: `Actions for ${SUBJECT_NAME}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

async function setBlocked(page: Page, row: Locator, blocked: boolean) {
  await rowAction(page, row, 'View Details');
  const dialog = page.getByRole('dialog', { name: 'Customer details' });
  const blockedSwitch = dialog.getByRole('switch', { name: 'Blocked' });
  await blockedSwitch.waitFor();
  expect(await blockedSwitch.isChecked()).toBe(!blocked);
  await blockedSwitch.click();
  await toast(page, blocked ? MSG.customerBlocked : MSG.customerUnblocked).waitFor();
  await expect.poll(() => blockedSwitch.isChecked()).toBe(blocked);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

describe('staff customer screen', () => {
  it('finds, blocks, unblocks, regroups and exempts a customer', async () => {
    const staff = await newPage(browser);
    const page = staff.page;
    await page.goto(appUrl(SITE, '/staff/customers'));
    await page.waitForURL(/\/app\/login\?redirectTo=%2Fstaff%2Fcustomers/);
    await signIn(page, ADMIN);
    await page.waitForURL((u) => u.pathname === '/app/staff/customers');
    await page.getByRole('table', { name: 'Site customers' }).waitFor();

    // Search (debounced) narrows the list to the customer.
    await page.getByRole('searchbox', { name: 'Search customers' }).fill(SUBJECT);
    await page.getByText('1 found').waitFor();
    const row = page.getByRole('row', { name: new RegExp(SUBJECT_NAME) });
    await row.getByText(SUBJECT).waitFor();
    expect(await row.getByText(MSG.defaultGroupApplicable).count()).toBe(1);

    // Blocked: the customer cannot sign in and is told why.
    await setBlocked(page, row, true);
    await row.getByText('Blocked', { exact: true }).waitFor();
    const other = await newPage(browser);
    await other.page.goto(appUrl(SITE, '/login'));
    await signIn(other.page, SUBJECT);
    await toast(other.page, MSG.accountBlocked).waitFor();
    expect(new URL(other.page.url()).pathname).toBe('/app/login');

    // Unblocked: they can again.
    await setBlocked(page, row, false);
    await expect.poll(() => row.getByText('Blocked', { exact: true }).count()).toBe(0);
    await signIn(other.page, SUBJECT);
    await other.page.waitForURL((u) => u.pathname !== '/app/login');
    await other.context.close();

    // Markup group.
    await rowAction(page, row, 'Change Markup Group');
    const groupDialog = page.getByRole('dialog', { name: 'Change Group' });
    await groupDialog.getByLabel('Markup group').click();
    await page.getByRole('option', { name: 'B2B Gold', exact: true }).click();
    await groupDialog.getByRole('button', { name: 'Change Group' }).click();
    await toast(page, MSG.groupChanged).waitFor();
    await groupDialog.waitFor({ state: 'hidden' });
    await row.getByText('B2B Gold').waitFor();

    // Permission group (super admin, on a site with the permission menu).
    await rowAction(page, row, 'Change Permission Group');
    const permDialog = page.getByRole('dialog', { name: 'Select Permission Group' });
    await permDialog.getByRole('radio', { name: 'Accounts' }).check();
    await permDialog.getByRole('button', { name: 'Save' }).click();
    await permDialog.waitFor({ state: 'hidden' });
    await row.getByText('Accounts', { exact: true }).waitFor();

    // L2B exemption.
    await rowAction(page, row, 'Exempt L2B');
    await toast(page, MSG.customerExempted).waitFor();
    await row.getByText('Exempted', { exact: true }).waitFor();

    // The list (not only the search) shows the changes after a reload.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search customers' }).fill(SUBJECT);
    // Wait for the debounced search to replace the first page, or the row re-mounts under the next click.
    await page.getByText('1 found').waitFor();
    await row.getByText('Exempted', { exact: true }).waitFor();
    expect(await row.getByText('B2B Gold').count()).toBe(1);
    expect(await row.getByText('Accounts', { exact: true }).count()).toBe(1);

    // Put the permission group back.
    await rowAction(page, row, 'Change Permission Group');
    await permDialog.getByRole('radio', { name: 'No group' }).check();
    await permDialog.getByRole('button', { name: 'Save' }).click();
    await permDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.getByText('Accounts', { exact: true }).count()).toBe(0);
    await staff.context.close();
  });
});
