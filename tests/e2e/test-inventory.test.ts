/**
 * The simulator in Chromium, on both kinds of stage. On the run's stack (which allows it, as dev and the
 * local stack do) an agent sees the "Test inventory" mark on the results, the review, the confirmation, the
 * e-ticket and the ticket queue. On a production-like gateway this file starts in its own process
 * (SIMULATED_SUPPLY=forbidden, as the prod stage's Lambdas have it) a site without a real supplier shows its
 * staff what to configure, in Flight Settings and on a search. Screenshots at 1366 and 390 px (E2E_SHOTS); axe on each.
 */
import type { Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SUPPLY_MSG } from '@tp/contracts/endpoints/flights';
import { startGateway } from '../../scripts/local/gateway.ts';
import { ROOT } from '../../scripts/local/stack.ts';
import { appUrl, ahead, launch, pickCity, screenshots, signIn, toast, typeDate } from '../support/browser.ts';
import { axeViolations } from '../support/axe.ts';
import { TEST_PORTS } from '../support/ports.ts';
import { useStackTable } from '../integration/users-helpers.ts';

const SITE = 'flightdeals.localhost';
const shoot = screenshots('test-inventory');
const PRODUCTION_PORT = TEST_PORTS.gateway + 21;
const onProduction = (path: string) => `http://${SITE}:${PRODUCTION_PORT}/app${path}`;

let browser: Browser;
let production: Server;
beforeAll(async () => {
  browser = await launch();
  useStackTable();
  // This worker's handlers read their environment once, on first use: set the stage before any call.
  Object.assign(process.env, { SIMULATED_SUPPLY: 'forbidden', SANDBOX_PAYMENTS: 'forbidden', LOG_LEVEL: 'silent' });
  production = await startGateway({ port: PRODUCTION_PORT, webDist: join(ROOT, 'web', 'dist') });
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((done) => production.close(() => done()));
});

/** A page whose context lets axe in (it comes as a script tag, which the site's CSP refuses). */
const axePage = async () =>
  (await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true })).newPage();

const badge = (page: Page) => page.getByText(SUPPLY_MSG.testInventory, { exact: true });

async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

async function searchDelhiMumbai(page: Page) {
  await page.getByLabel('From', { exact: true }).waitFor();
  await pickCity(page, 'From', 'Delhi', 'Delhi (DEL)');
  await pickCity(page, 'To', 'Mumbai', 'Mumbai (BOM)');
  await typeDate(page.getByLabel('Departure', { exact: true }), ahead(21));
  await page.getByRole('button', { name: 'Search Flights' }).click();
}

describe('a stage that allows the simulator', () => {
  it('marks every step of a simulated booking as test inventory', async () => {
    const page = await axePage();
    await page.goto(appUrl(SITE, '/flight'));
    await page.waitForURL(/\/app\/(flight\/)?login/);
    await signIn(page, `agent@${SITE}`);
    await page.waitForURL((u) => u.pathname === '/app/flight');
    await searchDelhiMumbai(page);
    await page.getByText(/Showing \d+ of \d+ flights/).waitFor({ timeout: 30_000 });
    const first = page.locator('[data-result]').first();
    await expect.poll(() => first.textContent()).toContain(SUPPLY_MSG.testInventory);
    await expectAccessible(page);
    await shoot(page, 'results');

    await first.getByRole('button', { name: 'Book' }).click();
    await page.getByRole('button', { name: 'Continue to passengers' }).waitFor({ timeout: 30_000 });
    const changed = page.getByRole('dialog', { name: 'Price changed' });
    if (await changed.isVisible()) await changed.getByRole('button', { name: 'Continue' }).click();
    await badge(page).waitFor();
    await expectAccessible(page);
    await shoot(page, 'review');

    await page.getByRole('button', { name: 'Continue to passengers' }).click();
    const lead = page.getByRole('group', { name: /Adult 1 \(lead passenger\)/ });
    await lead.getByLabel('Title').click();
    await page.getByRole('option', { name: 'Mr', exact: true }).click();
    await lead.getByLabel('First name').fill('Ravi');
    await lead.getByLabel('Last name').fill('Testinventory');
    await lead.getByLabel('Gender').click();
    await page.getByRole('option', { name: 'Male', exact: true }).click();
    await lead.locator('input[type="tel"]').fill('9876543210');
    await lead.getByLabel('Email').fill(`ravi.${Date.now()}@example.com`);
    await page.getByLabel(/^Wallet \(balance/).check();
    await page.getByRole('button', { name: 'Pay and book' }).click();
    await page.getByRole('heading', { name: 'Booking confirmed' }).waitFor({ timeout: 60_000 });
    await badge(page).waitFor();
    await expectAccessible(page);
    await shoot(page, 'confirmation');

    await page.getByRole('link', { name: 'View e-ticket' }).click();
    await page.waitForURL(/\/app\/flight\/eTicket\//);
    await page.getByText('Testinventory').first().waitFor({ timeout: 30_000 });
    await badge(page).waitFor();
    await expectAccessible(page);
    await shoot(page, 'eticket');

    await page.goto(appUrl(SITE, '/flight/ticketQueue'));
    const card = page.getByRole('article').filter({ hasText: 'Ravi Testinventory' }).first();
    await card.waitFor({ timeout: 30_000 });
    await card.getByText(SUPPLY_MSG.testInventory, { exact: true }).waitFor();
    await expectAccessible(page);
    await shoot(page, 'ticket-queue');
  }, 180_000);
});

describe('a production stage, for a site without a real supplier', () => {
  it('tells staff flights are not available yet and what to configure', async () => {
    const page = await axePage();
    await page.goto(onProduction('/staff/flightSettings'));
    await page.waitForURL(/\/app\/login/);
    await signIn(page, `admin@${SITE}`);
    await page.getByRole('heading', { name: 'Flight Settings' }).waitFor({ timeout: 30_000 });
    await page.getByText(SUPPLY_MSG.unavailableStaff).waitFor();
    expect(await page.getByRole('radio', { name: 'Simulator' }).count()).toBe(0);
    await expectAccessible(page);
    await shoot(page, 'flight-settings-production');

    await page.goto(onProduction('/flight'));
    await searchDelhiMumbai(page);
    // The results page says why instead of offering to try again (and the toast says the same).
    await page
      .getByRole('alert')
      .filter({ hasText: 'Flights cannot be searched' })
      .getByText(SUPPLY_MSG.unavailableStaff)
      .waitFor({ timeout: 30_000 });
    await toast(page, SUPPLY_MSG.unavailableStaff).first().waitFor();
    await expectAccessible(page);
    await shoot(page, 'search-refused-production');
  }, 120_000);
});
