/**
 * The destination back office as staff use it, in Chromium against the local stack: Flight Deals'
 * super admin creates a market, an activity with a tour option, two overlapping ticket rates (flagged before
 * saving) and a transfer rate, reorders the rates by drag and by keyboard, sees the price the rate engine
 * gives for the order, builds a combo, adds two areas and an area transfer, then exports the master data
 * as .xlsx, imports it back unchanged, and imports a broken copy that is refused row by row with nothing written.
 */
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { DMC_MSG } from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { formatDate, formatMoney } from '@tp/domain/format';
import { ahead, appUrl, newPage, signIn, toast, typeDate, useBrowser } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';
const tag = randomUUID().slice(0, 6);
const MARKET = `E2E market ${tag}`;
const ACTIVITY = `E2E safari ${tag}`;
const OPTION = 'Sunset deck';
const FROM_AREA = `E2E harbour ${tag}`;
const TO_AREA = `E2E old town ${tag}`;

const browser = useBrowser();

/** A server-searched select (web/src/features/dmc/shared/pickers.tsx): type, then take the option. */
async function pick(scope: Page | Locator, label: string | RegExp, text: string, option: string): Promise<void> {
  const page = 'page' in scope ? scope.page() : scope;
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  if (text) await box.fill(text);
  await page.getByRole('option', { name: option, exact: true }).first().click();
  await expect.poll(() => box.inputValue()).toBe(option);
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function open(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(appUrl(SITE, path));
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/** Rows of a priority table, top first, by their accessible names ("#1 …"). */
const order = (table: Locator) =>
  table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));

describe('DMC back office', () => {
  it(
    'masters, rates, priority, price, combo, areas, area transfer and the .xlsx round trip',
    { timeout: 300_000 },
    async () => {
      const { page, context } = await newPage(browser(), { viewport: { width: 1366, height: 900 } });
      await page.goto(appUrl(SITE, '/staff/dmc_master'));
      await page.waitForURL(/\/app\/login\?redirectTo=/);
      await signIn(page, `admin@${SITE}`);
      await page.getByRole('heading', { name: 'DMC Master', level: 1 }).waitFor();

      // A market.
      await page.getByRole('button', { name: 'Add market' }).click();
      let form = dialog(page, 'Add market');
      await form.getByRole('textbox', { name: /^Name/ }).fill(MARKET);
      await form.getByRole('button', { name: 'Save' }).click();
      await toast(page, DMC_MSG.marketSaved).first().waitFor();
      await page
        .getByRole('table', { name: 'Markets' })
        .getByRole('row', { name: new RegExp(MARKET) })
        .waitFor();

      // A hotel, saved with its toast like every master.
      await page.getByRole('tab', { name: 'Accommodations' }).click();
      await page.getByRole('button', { name: 'Add accommodation' }).click();
      form = dialog(page, 'Add accommodation');
      await form.getByRole('textbox', { name: /^Name/ }).fill(`E2E hotel ${tag}`);
      await form.getByRole('textbox', { name: /^Address/ }).fill('Sheikh Zayed Road');
      await pick(form, /^City/, 'Dubai', 'Dubai');
      await form.getByRole('button', { name: 'Save' }).click();
      await toast(page, DMC_MSG.accommodationSaved).first().waitFor();
      await page
        .getByRole('table', { name: 'Accommodations' })
        .getByRole('row', { name: new RegExp(`E2E hotel ${tag}`) })
        .waitFor();

      // An activity in Dubai, and a tour option of it.
      await page.getByRole('tab', { name: 'Activities' }).click();
      await page.getByRole('button', { name: 'Add activity' }).click();
      form = dialog(page, 'Add activity');
      await form.getByRole('textbox', { name: /^Name/ }).fill(ACTIVITY);
      await pick(form, /^City/, 'Dubai', 'Dubai');
      await form.getByRole('button', { name: 'Save' }).click();
      await toast(page, MSG.activitySaved).first().waitFor();

      await page.getByRole('tab', { name: 'Tour options' }).click();
      await page.getByRole('button', { name: 'Add tour option' }).click();
      form = dialog(page, 'Add tour option');
      await pick(form, /^Activity/, ACTIVITY, ACTIVITY);
      await form.getByRole('textbox', { name: /^Name/ }).fill(OPTION);
      await form.getByLabel('Pickup time', { exact: true }).fill('15:00');
      await form.getByRole('button', { name: 'Save' }).click();
      await toast(page, DMC_MSG.tourOptionSaved).first().waitFor();

      // Rates of the tour option.
      await open(page, '/staff/dmc_rate_management', 'Rate Management');
      await pick(page, 'Activity', ACTIVITY, ACTIVITY);
      await pick(page, 'Tour option', '', OPTION);
      const tickets = page.getByRole('table', { name: 'Ticket rates' });
      await page.getByText('No ticket rates yet.').waitFor();

      const addTicketRate = async (adult: string, child: string, from: string, till: string, overlaps: boolean) => {
        await page.getByRole('button', { name: 'Add ticket rate' }).click();
        const f = dialog(page, 'Add ticket rate');
        await pick(f, /^Market/, MARKET, `${MARKET} (AED)`);
        await f.getByLabel(/^Adult amount/).fill(adult);
        await f.getByLabel(/^Child amount/).fill(child);
        await typeDate(f.getByLabel(/^Valid from/), from);
        await typeDate(f.getByLabel(/^Valid till/), till);
        // Flagged before saving: the overlap with the saved rate shows while the dialog is open.
        expect(await f.getByText(DMC_MSG.overlapWarning(1)).isVisible()).toBe(overlaps);
        await f.getByRole('button', { name: 'Save' }).click();
        await f.waitFor({ state: 'detached' });
      };
      await addTicketRate('100', '50', ahead(1), ahead(60), false);
      await addTicketRate('80', '40', ahead(5), ahead(40), true);
      // A new rate goes on top.
      await expect
        .poll(() => order(tickets))
        .toEqual([expect.stringMatching(/^#1 .*, Any party size$/), expect.any(String)]);
      const [promo, season] = (await order(tickets)).map((s) => s.replace(/^#\d /, ''));
      expect(season).toContain(formatDate(ahead(1)));

      // Drag the promotion below the season rate, then put it back on top and down again with the keyboard.
      await tickets
        .getByRole('row', { name: `#1 ${promo}` })
        .dragTo(tickets.getByRole('row', { name: `#2 ${season}` }));
      await expect.poll(() => order(tickets)).toEqual([`#1 ${season}`, `#2 ${promo}`]);
      await tickets.getByRole('button', { name: `Move ${promo} up` }).click();
      await expect.poll(() => order(tickets)).toEqual([`#1 ${promo}`, `#2 ${season}`]);
      await tickets.getByRole('button', { name: `Move ${promo} down` }).click();
      await expect.poll(() => order(tickets)).toEqual([`#1 ${season}`, `#2 ${promo}`]);

      // A SIC transfer, per person, both ways.
      await page.getByRole('button', { name: 'Add transfer rate' }).click();
      form = dialog(page, 'Add transfer rate');
      await pick(form, /^Market/, MARKET, `${MARKET} (AED)`);
      await form.getByLabel(/^Description/).fill('Hotel pickup and drop');
      await pick(form, /^Transfer type/, '', 'Pickup & Drop');
      await form.getByLabel(/^Amount/).fill('30');
      await typeDate(form.getByLabel(/^Valid from/), ahead(1));
      await typeDate(form.getByLabel(/^Valid till/), ahead(60));
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'detached' });
      await page.getByRole('table', { name: 'Transfer rates' }).getByText('Hotel pickup and drop').waitFor();

      // The price call: the season rate is on top now, so 2 × 100 + 1 × 50 for tickets and 3 × 30 for transfers.
      const check = page.getByRole('form', { name: 'Price check' });
      await pick(check, 'Market', MARKET, `${MARKET} (AED)`);
      await typeDate(check.getByLabel(/^Date/), ahead(10));
      await check.getByLabel(/^Children/).fill('1');
      await pick(check, 'Transfer', '', 'Return (pickup and drop)');
      await pick(check, 'Sharing basis', '', 'SIC (both ways)');
      await check.getByRole('button', { name: 'Get price' }).click();
      await expect
        .poll(() => check.getByLabel('Total price').textContent())
        .toBe(formatMoney(2 * 100 + 50 + 3 * 30, 'AED'));

      // A combo of the tour option, listed with its rates.
      await open(page, '/staff/dmc-combos', 'Combos');
      await page.getByRole('button', { name: 'Create combo' }).click();
      form = dialog(page, 'Create combo');
      await form.getByRole('textbox', { name: /^Name/ }).fill(`Combo ${tag}`);
      await form.getByLabel(/^Amount per person/).fill('250');
      await pick(form, 'Add a tour option', ACTIVITY, `${ACTIVITY} · ${OPTION}`);
      await form.getByRole('button', { name: 'Add', exact: true }).click();
      await form.getByRole('button', { name: 'Save' }).click();
      await toast(page, MSG.comboCreated).first().waitFor();
      const combo = page
        .getByRole('list', { name: 'Combos' })
        .getByRole('listitem')
        .filter({ hasText: `Combo ${tag}` });
      await combo
        .getByRole('table', { name: `Ticket rates of ${OPTION}` })
        .getByText(formatMoney(100, 'AED'))
        .waitFor();
      await combo
        .getByRole('table', { name: `Transfer rates of ${OPTION}` })
        .getByText('Pickup & Drop · SIC')
        .waitFor();

      // Two areas and an area transfer between them, in dollars.
      await open(page, '/staff/areas', 'Areas');
      for (const name of [FROM_AREA, TO_AREA]) {
        await page.getByRole('button', { name: 'Add area' }).click();
        form = dialog(page, 'Add area');
        await form.getByRole('textbox', { name: /^Name/ }).fill(name);
        await pick(form, /^City/, 'Dubai', 'Dubai');
        await form.getByRole('button', { name: 'Save' }).click();
        await toast(page, DMC_MSG.areaSaved).first().waitFor();
        await form.waitFor({ state: 'detached' });
      }
      await open(page, '/staff/area-transfer', 'Area Transfers');
      await page.getByRole('button', { name: 'Add area transfer' }).click();
      form = dialog(page, 'Add area transfer');
      await pick(form, /^From area/, FROM_AREA, FROM_AREA);
      await pick(form, /^To area/, TO_AREA, TO_AREA);
      await pick(form, /^Market/, MARKET, `${MARKET} (AED)`);
      await pick(form, /^Transfer type/, '', 'Pickup');
      await form.getByLabel(/^Amount/).fill('12.5');
      await typeDate(form.getByLabel(/^Valid from/), ahead(1));
      await typeDate(form.getByLabel(/^Valid till/), ahead(60));
      await form.getByRole('button', { name: 'Save' }).click();
      await toast(page, DMC_MSG.areaTransferSaved).first().waitFor();
      await page.getByRole('searchbox', { name: 'Search area transfers' }).fill(tag);
      const transfer = page
        .getByRole('table', { name: 'Area transfers' })
        .getByRole('row', { name: new RegExp(FROM_AREA) });
      await transfer.getByText('$12.50 per person').waitFor();

      // Export, import the same workbook back (nothing changes), then a broken copy (refused, nothing written).
      await open(page, '/staff/dmc-data-management', 'DMC Data');
      const count = (label: string) =>
        page
          .getByLabel('Records per master')
          .getByText(label, { exact: true })
          .locator('xpath=following-sibling::dd')
          .textContent();
      await expect.poll(() => count('Ticket rates')).not.toBeNull();
      const ticketRatesBefore = Number(await count('Ticket rates'));
      await page.getByRole('button', { name: 'Download .xlsx' }).click();
      const link = page.getByRole('link', { name: 'Download', exact: true });
      await link.waitFor({ timeout: 30_000 });
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const exported = join(tmpdir(), `dmc-e2e-${tag}.xlsx`);
      await download.saveAs(exported);

      await page.locator('input[type="file"]').setInputFiles(exported);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await toast(page, DMC_MSG.imported).first().waitFor();
      const summary = page.getByRole('table', { name: 'Rows per sheet' });
      const ticketRow = summary.getByRole('row', { name: /^Ticket rates/ });
      // Round trip: every row of the export is already there as it is.
      expect(await ticketRow.locator('td').nth(1).textContent()).toBe('0');
      expect(await ticketRow.locator('td').nth(2).textContent()).toBe('0');
      expect(Number(await ticketRow.locator('td').nth(3).textContent())).toBe(ticketRatesBefore);

      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await readFile(exported)) as never);
      const sheet = book.getWorksheet('Ticket rates')!;
      const header = (sheet.getRow(1).values as unknown[]).map(String);
      const adultCol = header.indexOf('adultAmount');
      const childCol = header.indexOf('childAmount');
      // The promotion (80 / 40) of this run: no seeded rate has that pair.
      const mine = [...Array(sheet.rowCount).keys()]
        .map((i) => i + 1)
        .find((n) => sheet.getRow(n).getCell(adultCol).value === 80 && sheet.getRow(n).getCell(childCol).value === 40)!;
      expect(mine).toBeGreaterThan(1);
      sheet.getRow(mine).getCell(adultCol).value = -5;
      const broken = join(tmpdir(), `dmc-e2e-${tag}-broken.xlsx`);
      await writeFile(broken, Buffer.from(await book.xlsx.writeBuffer()));
      await page.locator('input[type="file"]').setInputFiles(broken);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const problems = page.getByRole('table', { name: 'Problems in the workbook' });
      await problems.getByRole('row', { name: new RegExp(`^Ticket rates ${mine} adultAmount`) }).waitFor();
      await page.getByText('Nothing was written.', { exact: false }).waitFor();
      await page.reload();
      await expect.poll(() => count('Ticket rates')).toBe(String(ticketRatesBefore));
      await context.close();
    },
  );
});
