/**
 * Staff wallet adjustments in Chromium: a negative amount typed into Add
 * Money is refused on the field instead of being clamped to ₹1; Debit Money asks for a reason, takes the
 * money once and shows in the wallet history with that reason; the gateway transactions table names the
 * payer (name and email), never an id. Balances are compared before/after, so seeded amounts do not matter. The
 * balances download is an export job: its file comes by link, the screen passes axe at 1366 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { login } from '@tp/contracts/endpoints/users';
import { userPaymentEntry } from '@tp/contracts/endpoints/wallet';
import { DEMO_PASSWORD } from '../../scripts/seed/logins.ts';
import { Client } from '../support/api.ts';
import { accessibleAtEachWidth, appUrl, launch, newPage, signIn, toast } from '../support/browser.ts';

const SITE = 'partner.localhost';
const CUSTOMER = `retail@${SITE}`;
const ADMIN = `admin@${SITE}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const rupees = (text: string) => Number(text.replace(/[^\d.-]/g, ''));
const balanceOn = async (page: Page) => {
  const el = page.getByTestId('wallet-balance');
  await el.waitFor();
  return rupees(await el.innerText());
};

describe('staff wallet adjustments', () => {
  it('refuses a negative Add Money, then debits with a required reason shown in the history', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(appUrl(SITE, `/staff/walletReport?email=${encodeURIComponent(CUSTOMER)}`));
    await page.waitForURL(/\/app\/login/);
    await signIn(page, ADMIN);
    await page.waitForURL(/\/app\/staff\/walletReport\?email=/);
    const start = await balanceOn(page);

    // −50 stays −50 and is refused (it used to be clamped to ₹1 on blur and credited).
    await page.getByRole('button', { name: 'Add Money' }).click();
    const add = page.getByRole('dialog', { name: 'Add Money' });
    await add.getByLabel(/^Amount \(₹\)/).fill('-50');
    await add.getByLabel('Remark').click();
    await add.getByRole('button', { name: 'Add Money' }).click();
    await add.getByText('Amount must be greater than 0').waitFor();
    await add.getByLabel(/^Amount \(₹\)/).fill('100');
    await add.getByRole('button', { name: 'Add Money' }).click();
    await toast(page, 'Money added successfully').waitFor();
    await add.waitFor({ state: 'hidden' });
    await expect.poll(() => balanceOn(page)).toBe(start + 100);

    await page.getByRole('button', { name: 'Debit Money' }).click();
    const debit = page.getByRole('dialog', { name: 'Debit Money' });
    await debit.getByLabel(/^Amount \(₹\)/).fill('40');
    await debit.getByRole('button', { name: 'Debit Money' }).click();
    await debit.getByText('This is required field.').waitFor();
    await debit.getByLabel(/^Reason/).fill('Cancelled cheque 0099');
    await debit.getByRole('button', { name: 'Debit Money' }).click();
    await toast(page, 'Money debited successfully').waitFor();
    await debit.waitFor({ state: 'hidden' });
    await expect.poll(() => balanceOn(page)).toBe(start + 60);
    const row = page.getByRole('table', { name: 'Wallet entries' }).getByRole('row', { name: /Cancelled cheque 0099/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('−₹40');
    await context.close();
  });

  it('gateway transactions show the payer by name and email', async () => {
    const customer = new Client(SITE);
    expect((await customer.call(login, { email: CUSTOMER, password: DEMO_PASSWORD })).status).toBe(200);
    const utr = `UTR${Date.now()}`;
    const rec = await customer.call(userPaymentEntry, { mode: 'offline', amount: 12, transactionId: utr });
    expect(rec.status).toBe(200);

    const { page, context } = await newPage(browser);
    await page.goto(appUrl(SITE, '/staff/paymentGatewayTransactions'));
    await page.waitForURL(/\/app\/login/);
    await signIn(page, ADMIN);
    await page.waitForURL(/\/app\/staff\/paymentGatewayTransactions/);
    const row = page
      .getByRole('table', { name: 'Payment gateway transactions' })
      .getByRole('row', { name: new RegExp(utr) });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('Rahul Sharma');
    expect(text).toContain(CUSTOMER);
    expect(text).not.toContain(rec.body.result.payment.userId);
    await context.close();
  });

  it('downloads every balance as .xlsx through an export job, by its link', async () => {
    // bypassCSP: axe comes in as a script tag (tests/support/axe.ts).
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(appUrl(SITE, '/staff/downloadBalances'));
    await page.waitForURL(/\/app\/login/);
    await signIn(page, ADMIN);
    await page.getByRole('heading', { name: 'Download Balances', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Download Excel' }).click();
    const link = page.getByRole('link', { name: 'Download', exact: true });
    await link.waitFor({ timeout: 30_000 });
    expect(await link.getAttribute('download')).toMatch(/^wallet-balances-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await accessibleAtEachWidth(page, 'wallet', 'download-balances', 'main');
    await context.close();
  });
});
