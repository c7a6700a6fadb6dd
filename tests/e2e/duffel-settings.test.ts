/**
 * Flight Settings in Chromium: staff of a site of its own choose Duffel, enter the local Duffel server's URL
 * and access token and the webhook's secret (the page names the webhook URL to register), test the connection and
 * save; neither secret is shown again and test mode is named.
 * Screenshots at 1366 and 390 px (E2E_SHOTS); axe on the page.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser } from 'playwright-core';
import { db, tableName } from '../../functions/src/lib/db.ts';
import { asSiteId, keys } from '../../functions/src/lib/keys.ts';
import { FLIGHTDEALS, newStaff } from '../integration/customers-helpers.ts';
import { PASSWORD, useStackTable } from '../integration/users-helpers.ts';
import { axeViolations } from '../support/axe.ts';
import { appUrl, launch, screenshots, signIn, toast } from '../support/browser.ts';
import { startDuffelStub, type DuffelStub } from '../support/duffel-stub.ts';

const shoot = screenshots('duffel-settings');
let browser: Browser;
let duffel: DuffelStub;

/** A copy of Flight Deals under a fresh id and domain, so choosing Duffel disturbs no other test. */
async function freshSite() {
  const id = asSiteId(`site-du${randomUUID().slice(0, 8)}`);
  const site = { ...FLIGHTDEALS, siteId: id, _id: id, domain: `${id}.localhost`, extraDomains: [] };
  const { extraDomains: _unused, ...record } = site;
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.site(id), type: 'Site', ...record } }));
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.domain(site.domain), type: 'Domain', siteId: id } }),
  );
  return site;
}

beforeAll(async () => {
  useStackTable();
  [browser, duffel] = await Promise.all([launch(), startDuffelStub()]);
});
afterAll(async () => {
  await browser?.close();
  await duffel?.stop();
});

describe('Flight Settings', () => {
  it('lets staff choose Duffel with a write-only access token, test it and save', async () => {
    const site = await freshSite();
    const staff = await newStaff(site, { superAdmin: true });
    const page = await (
      await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true })
    ).newPage();
    await page.goto(appUrl(site.domain, '/staff/flightSettings'));
    await page.waitForURL(/\/app\/login/);
    await signIn(page, staff.email, PASSWORD);
    await page.getByRole('heading', { name: 'Flight Settings' }).waitFor({ timeout: 30_000 });

    await page.getByText('Duffel', { exact: true }).click();
    await page.getByLabel('API base URL').fill(duffel.url);
    await page.getByLabel('Access token').fill(duffel.token);
    // The webhook's secret (Duffel shows it once), and where the site's schedule changes arrive.
    await page.getByLabel('Webhook secret').fill('whsec-local-e2e-secret');
    await page.getByText(/Schedule changes arrive at http.*\/flight-api\/api\/duffel\/webhook/).waitFor();
    await page.getByText(/Duffel has no fare calendar/).waitFor();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('status').filter({ hasText: 'Connected: Duffel accepted the access token' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Flight settings saved').first().waitFor();
    await page.getByText(/Test mode: bookings go to Duffel/).waitFor();
    await expect.poll(() => page.getByLabel('Access token').inputValue()).toBe('');
    await expect.poll(() => page.getByLabel('Webhook secret').inputValue()).toBe('');
    await page.getByText(/^Stored; leave blank to keep it\. Schedule changes arrive at/).waitFor();
    expect(await page.content()).not.toContain(duffel.token);
    expect(await page.content()).not.toContain('whsec-local-e2e-secret');
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'flight-settings-duffel');
  }, 120_000);
});
