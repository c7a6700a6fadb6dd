/**
 * Manage Markup as staff use it, in Chromium against the local stack: Flight Deals' super admin opens
 * /app/flights/manage-markup, sees the seeded default markup, adds an airline-specific markup for a
 * group, sees it listed, and deletes it after confirming.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import * as MSG from '@tp/contracts/messages';
import { DEMO_PASSWORD } from '../../scripts/seed/logins.ts';
import { appUrl, launch, newPage } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text }).first();

describe('manage markup screen', () => {
  it('adds an airline-specific markup, lists it and deletes it', async () => {
    const { page } = await newPage(browser);
    await page.goto(appUrl(SITE, '/flights/manage-markup'));
    await page.waitForURL(/\/app\/login\?redirectTo=/);
    await page.getByLabel(/^Email/).fill(`admin@${SITE}`);
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /^Login$/ }).click();
    await page.waitForURL((u) => u.pathname === '/app/flights/manage-markup');

    // The seeded default airline markup of the Default group.
    const defaults = page.getByRole('table', { name: 'Default Airline Markup of Default' });
    await defaults.getByText('₹150.00 per passenger').waitFor();

    await page.getByRole('tab', { name: 'Airline Specific Markup' }).click();
    const table = page.getByRole('table', { name: 'Airline Specific Markup of Default' });
    await table.getByText('AI', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Add markup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Airline Specific Markup' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(MSG.required).first().waitFor();
    await dialog.getByRole('textbox', { name: /Airline code/ }).fill('uk');
    await dialog.getByRole('textbox', { name: 'Markup', exact: true }).fill('99');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, MSG.settingSaved).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = table.getByRole('row', { name: /UK/ });
    await row.getByText('₹99.00 per passenger').waitFor();

    await row.getByRole('button', { name: 'Delete Airline Specific Markup UK' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Airline Specific Markup UK?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await table.getByText('AI', { exact: true }).count()).toBe(1);
  });
});
