/**
 * The audit log as staff use it, in Chromium against the local stack: Flight Deals' super admin
 * adds an airline markup on Manage Markup, opens /staff/audit, filters by record type and change type, opens the
 * entry (each field before and after) and its record's history, then deletes the markup and finds the deletion
 * in the same history. axe finds nothing on the log, the drawer or the history dialog. Screenshots at 1366 and
 * 390 px for a person to look at (E2E_SHOTS, README "Tests").
 */
import { describe, expect, it } from 'vitest';
import * as MSG from '@tp/contracts/messages';
import { axeViolations, dialogsSettled } from '../support/axe.ts';
import { appUrl, screenshots, signIn, toast, useBrowser } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';
const browser = useBrowser();
const shoot = screenshots('audit');

describe('Audit log', () => {
  it('shows a markup change, its details and its record history', { timeout: 300_000 }, async () => {
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(appUrl(SITE, '/flights/manage-markup'));
    await page.waitForURL(/\/app\/login\?redirectTo=/);
    await signIn(page, `admin@${SITE}`);
    await page.waitForURL((u) => u.pathname === '/app/flights/manage-markup');

    // Staff change a markup: an airline-specific one for Qatar Airways.
    await page.getByRole('tab', { name: 'Airline Specific Markup' }).click();
    const table = page.getByRole('table', { name: 'Airline Specific Markup of Default' });
    await table.getByText('AI', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add markup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Airline Specific Markup' });
    await dialog.getByRole('textbox', { name: /Airline code/ }).fill('qr');
    await dialog.getByRole('textbox', { name: 'Markup', exact: true }).fill('77');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, MSG.settingSaved).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = table.getByRole('row', { name: /QR/ });
    await row.getByText('₹77.00 per passenger').waitFor();

    // The log, filtered to markups that were created.
    await page.goto(appUrl(SITE, '/staff/audit'));
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const log = page.getByRole('table', { name: 'Audit log' });
    // Loaded (not the skeleton's rows): the seed's setup and this admin's change are there.
    await log.getByText('admin@flightdeals.localhost').first().waitFor();
    await shoot(page, 'log');

    await page.getByRole('combobox', { name: 'Record type' }).click();
    await page.getByRole('option', { name: 'Markup', exact: true }).click();
    await page.getByRole('combobox', { name: 'Change', exact: true }).click();
    await page.getByRole('option', { name: 'Created', exact: true }).click();
    await expect.poll(() => page.url()).toMatch(/entity=markup/);
    await expect.poll(() => page.url()).toMatch(/action=create/);
    // The previous filter's rows stay (marked busy) until this filter's answer comes: wait for that answer, a list
    // no longer busy that holds creations and, only creations, no other change type.
    const entry = log.getByRole('row').filter({ hasText: 'New record' }).first();
    const otherChanges = log.getByText(/^(Changed|Deleted|Status|Blocked|Unblocked)$/);
    await expect
      .poll(async () => ({
        busy: await log.getAttribute('aria-busy'),
        created: (await entry.count()) > 0,
        others: await otherChanges.count(),
      }))
      .toEqual({ busy: null, created: true, others: 0 });
    expect(await axeViolations(page, '#audit-log')).toEqual([]);
    await shoot(page, 'log-filtered');

    // The entry: each field before and after.
    await entry.getByRole('button', { name: /^Details of the change to Markup/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Change details' });
    await drawer
      .getByRole('row', { name: /markupValue/ })
      .getByText('77', { exact: true })
      .waitFor();
    await drawer
      .getByRole('row', { name: /airlineCode/ })
      .getByText('QR', { exact: true })
      .waitFor();
    await drawer.getByText('admin@flightdeals.localhost', { exact: false }).first().waitFor();
    await dialogsSettled(page);
    expect(await axeViolations(page, '.mantine-Drawer-content')).toEqual([]);
    await shoot(page, 'entry');

    // Its record's own history, one click away.
    await drawer.getByRole('button', { name: /^History of Markup/ }).click();
    const history = page.getByRole('dialog', { name: /^History of Markup/ });
    await history.getByText('Created', { exact: true }).waitFor();
    await history
      .getByText(/markupValue/)
      .first()
      .waitFor();
    await dialogsSettled(page);
    expect(await axeViolations(page, '.mantine-Modal-content')).toEqual([]);
    await shoot(page, 'history');
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // Deleting the markup adds to the same record's history.
    await page.goto(appUrl(SITE, '/flights/manage-markup'));
    await page.getByRole('tab', { name: 'Airline Specific Markup' }).click();
    await row.getByRole('button', { name: 'Delete Airline Specific Markup QR' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Airline Specific Markup QR?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await row.waitFor({ state: 'detached' });
    await page.goto(appUrl(SITE, '/staff/audit?entity=markup&action=delete'));
    const deleted = log.getByRole('row').filter({ hasText: 'Deleted' }).first();
    await deleted.waitFor();
    await deleted.getByRole('button', { name: /^History of Markup/ }).click();
    const trail = page.getByRole('dialog', { name: /^History of Markup/ });
    await trail.getByText('Deleted', { exact: true }).waitFor();
    await trail.getByText('Created', { exact: true }).waitFor();
    await context.close();
  });
});
