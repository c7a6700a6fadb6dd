/**
 * The wallet as people use it, in Chromium against the local stack: an agent tops up through the
 * embedded sandbox gateway (Pay) and sees the new balance; staff add money from /staff/walletReport
 * (the customer list's Add Money lands there with ?email=). Balances are compared before/after, so
 * the seeded amounts do not matter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import * as MSG from '@tp/contracts/messages';
import { appUrl, launch, newPage, signIn } from '../support/browser.ts';

const SITE = 'partner.localhost';
const AGENT = `agent2@${SITE}`;
const ADMIN = `admin@${SITE}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** "₹3,500" → 3500 */
const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));
const balanceOn = async (page: Page) => {
  const el = page.getByTestId('wallet-balance');
  await el.waitFor();
  return rupees(await el.innerText());
};

describe('wallet', () => {
  it('an agent tops up through the sandbox gateway and sees the new balance', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(appUrl(SITE, '/payments'));
    await page.waitForURL(/\/app\/login/);
    await signIn(page, AGENT);
    await page.waitForURL(/\/app\/payments$/);
    const before = await balanceOn(page);

    await page.getByLabel(/^Amount \(₹\)/).fill('1500');
    await page.getByRole('button', { name: 'Pay with Sandbox gateway' }).click();
    await page.waitForURL(/\/app\/sandbox-gateway\/P\w+$/);
    await expect.poll(() => page.getByTestId('sandbox-amount').innerText()).toContain('1,500');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await page.waitForURL(/\/app\/1\/success/, { timeout: 20_000 });
    await page.getByRole('heading', { name: MSG.paymentSuccessful }).waitFor();
    await page.getByRole('link', { name: 'Go to wallet' }).click();
    await page.waitForURL(/\/app\/user\/transactionHistory$/);
    await expect.poll(() => balanceOn(page)).toBe(before + 1500);
    await page.getByRole('table', { name: 'Wallet entries' }).getByText('+₹1,500').first().waitFor();
    await context.close();
  });

  it('staff add money from the wallet report', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(appUrl(SITE, `/staff/walletReport?email=${encodeURIComponent(AGENT)}`));
    await page.waitForURL(/\/app\/login/);
    await signIn(page, ADMIN);
    await page.waitForURL(/\/app\/staff\/walletReport\?email=/);
    const before = await balanceOn(page);

    await page.getByRole('button', { name: 'Add Money' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Money' });
    await dialog.getByLabel(/^Amount \(₹\)/).fill('250');
    await dialog.getByLabel('Remark').fill('Cash deposit');
    await dialog.getByRole('button', { name: 'Add Money' }).click();
    await page.locator('.mantine-Notification-root', { hasText: 'Money added successfully' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => balanceOn(page)).toBe(before + 250);
    await page.getByRole('table', { name: 'Wallet entries' }).getByText('Cash deposit').waitFor();
    await context.close();
  });
});
