/**
 * Site settings and PAN review in Chromium against the local stack, on a site made
 * for this file so its new colours never reach another test: staff change the theme colour, the header html
 * and a page's SEO title, and a fresh visit (a new browser context) shows all three; staff verify a customer's
 * PAN and the customer sees it on their billing page. Each screen is checked with axe (WCAG 2 AA) at desktop
 * and phone widths.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { updateBillingDetails } from '@tp/contracts/endpoints/customers';
import { db, tableName } from '../../functions/src/lib/db.ts';
import { asSiteId, keys } from '../../functions/src/lib/keys.ts';
import { axeViolations, dialogsSettled, horizontalOverflow } from '../support/axe.ts';
import { appUrl, launch, saveShot, signIn, toast } from '../support/browser.ts';
import { FLIGHTDEALS, newStaff } from '../integration/customers-helpers.ts';
import { newAgent } from '../integration/tickets-helpers.ts';
import { PASSWORD, useStackTable } from '../integration/users-helpers.ts';

type Site = typeof FLIGHTDEALS;

/** Screenshots for a person to look at (E2E_SHOTS, README "Tests"). */
const shot = (page: Page, name: string) => saveShot(page, 'settings', name);

let browser: Browser;
let site: Site;
let admin: Awaited<ReturnType<typeof newStaff>>;

beforeAll(async () => {
  useStackTable();
  const id = asSiteId(`site-e2e${randomUUID().slice(0, 8)}`);
  site = { ...FLIGHTDEALS, siteId: id, _id: id, domain: `${id}.localhost`, extraDomains: [], seo: [] };
  const { extraDomains: _unused, ...record } = site;
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.site(id), type: 'Site', ...record } }));
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.domain(site.domain), type: 'Domain', siteId: id } }),
  );
  admin = await newStaff(site, { superAdmin: true });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh browser context (no stored branding or session); bypassCSP because axe comes in as a script tag. */
async function open(width = 1366) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  // A script error would blank the page: report it with the test that caused it.
  page.on('pageerror', (err) => console.error(`page error on ${page.url()}: ${err.stack ?? err.message}`));
  return { context, page };
}

async function staffPage(path: string, width = 1366) {
  const { page, context } = await open(width);
  await page.goto(appUrl(site.domain, path));
  await page.waitForURL(/\/app\/login\?redirectTo=/);
  await signIn(page, admin.email, PASSWORD);
  return { page, context };
}

describe('site settings', () => {
  it('staff change colours, header and SEO title; a fresh visit shows them', async () => {
    const { page, context } = await staffPage('/staff/setting/other-settings');
    await page.getByRole('heading', { name: 'Other Settings' }).waitFor();
    const primary = page.getByRole('textbox', { name: 'Primary colour' });
    await primary.fill('#b91c1c');
    await primary.press('Tab');
    await page
      .getByRole('textbox', { name: 'Header html' })
      .fill('<div class="wl-header">Monsoon sale on every flight</div>');
    // Checked before saving: the toast's own close button is the notifications system's, not this screen's.
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'other-settings-1366');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await toast(page, 'Setting saved successfully').waitFor();

    await page.goto(appUrl(site.domain, '/staff/setting/seo-settings'));
    await page.getByRole('heading', { name: 'SEO Settings' }).waitFor();
    // The first page offered is Login (SEO_PAGES order).
    await page.getByRole('textbox', { name: /^Title/ }).fill('Sign in to Monsoon fares');
    await page.getByRole('textbox', { name: /^Description/ }).fill('Book cheap flights with one login.');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'seo-settings-1366');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'setting saved successfully').waitFor();
    await context.close();

    // A visitor who has never been here: nothing stored in the browser.
    const visitor = await open();
    await visitor.page.goto(appUrl(site.domain, '/login'));
    await visitor.page.getByText('Monsoon sale on every flight').waitFor();
    await expect.poll(() => visitor.page.title()).toBe(`Sign in to Monsoon fares | ${site.companyName}`);
    expect(await visitor.page.locator('meta[name="description"]').getAttribute('content')).toBe(
      'Book cheap flights with one login.',
    );
    const loginButton = visitor.page.getByRole('button', { name: /^Login$/ });
    await expect
      .poll(() => loginButton.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(185, 28, 28)');
    await visitor.context.close();
  });

  it('the screens fit a phone and pass axe', async () => {
    // One sign-in for the three screens.
    const paths = ['/staff/setting/other-settings', '/staff/setting/seo-settings', '/staff/verifyPanCard'] as const;
    const { page, context } = await staffPage(paths[0], 390);
    for (const [i, path] of paths.entries()) {
      if (i > 0) await page.goto(appUrl(site.domain, path));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
      expect(await axeViolations(page), path).toEqual([]);
      await shot(page, `${path.split('/').pop()}-390`);
    }
    await context.close();
  });
});

describe('PAN verification', () => {
  it('staff verify a PAN and the customer sees it on the billing page', async () => {
    const customer = await newAgent(site);
    const saved = await customer.client.call(updateBillingDetails, {
      billingName: 'Monsoon Tours',
      gstNumber: '',
      gstState: '',
      panNumber: 'ABCPE1234F',
    });
    expect(saved.status).toBe(200);

    const { page, context } = await staffPage('/staff/verifyPanCard');
    const table = page.getByRole('table', { name: 'Pending PAN and GST numbers' });
    await table.getByText('ABCPE1234F').waitFor();
    await shot(page, 'verify-pan-1366');
    await page.getByRole('button', { name: `Reject PAN ABCPE1234F of Ticket Agent` }).click();
    await dialogsSettled(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: `Verify PAN ABCPE1234F of Ticket Agent` }).click();
    await toast(page, 'PAN marked verified').waitFor();
    await context.close();

    const own = await open();
    await own.page.goto(appUrl(site.domain, '/user/billing-details'));
    await own.page.waitForURL(/\/app\/login\?redirectTo=/);
    await signIn(own.page, customer.email, PASSWORD);
    const state = own.page.getByRole('status', { name: 'PAN verification' });
    await state.getByText('Verified').waitFor();
    expect(await axeViolations(own.page)).toEqual([]);
    await shot(own.page, 'billing-1366');
    await own.context.close();
  });
});
