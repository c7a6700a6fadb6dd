/**
 * The staff P&L screen in Chromium against the local stack: the super admin opens Supplier Profit &
 * Loss, filters it to one customer's bookings, checks the totals row, downloads the Excel file of the
 * filtered range, and the test opens that file with exceljs.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import { putBooking, type BookingRecord } from '../../functions/src/bookings/index.ts';
import { demoBooking, demoUser } from '../../scripts/seed/bookings.ts';
import { DEMO_PASSWORD } from '../../scripts/seed/logins.ts';
import { appUrl, downloadedBytes, launch, newPage } from '../support/browser.ts';
import { FLIGHTDEALS } from '../integration/customers-helpers.ts';
import { newAgent } from '../integration/tickets-helpers.ts';

const SITE = FLIGHTDEALS.domain;
let browser: Browser;
let agentEmail: string;
const bookings: BookingRecord[] = [];

beforeAll(async () => {
  browser = await launch();
  agentEmail = (await newAgent(FLIGHTDEALS)).email;
  const user = (await demoUser(FLIGHTDEALS.siteId, agentEmail))!;
  for (const [i, farePerPax] of [4100, 5300, 6700].entries()) {
    const b = demoBooking({
      siteId: FLIGHTDEALS.siteId,
      user,
      bookingId: `E2E${randomUUID().slice(0, 8)}`,
      pnr: `E${randomUUID().replace(/-/g, '').slice(0, 5).toUpperCase()}`,
      createdAt: new Date(Date.now() - i * 60_000),
      travelDate: new Date(Date.now() + 30 * 86_400_000),
      statusId: BOOKING_STATUS.ticketed,
      route: ['BLR', 'GOI'],
      airline: 'UK',
      passengers: [{ firstName: 'Meera', lastName: 'Nair' }],
      farePerPax,
    });
    await putBooking(b);
    bookings.push(b);
  }
});
afterAll(async () => {
  await browser?.close();
});

describe('Supplier Profit & Loss', () => {
  it('super admin filters to a customer, sees the totals and downloads the Excel file', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(appUrl(SITE, '/staff/supplierProfitLoss'));
    await page.waitForURL(/\/app\/login\?redirectTo=/);
    await page.getByLabel(/^Email/).fill(`admin@${SITE}`);
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /^Login$/ }).click();
    await page.getByRole('heading', { name: 'Supplier Profit & Loss' }).waitFor();

    await page.getByLabel('Customer').fill(agentEmail);
    await page.getByLabel('Airline code').fill('UK');
    await page.getByRole('button', { name: 'Apply' }).click();
    const table = page.getByRole('table', { name: 'Profit and loss by booking' });
    for (const b of bookings) await table.getByText(b.pnr).waitFor();
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(bookings.length);
    // Seed fares: published − offered (3 %) is earned and kept; no markup, GST or TDS.
    const profit = bookings.reduce((n, b) => n + b.accounting.amountCharged - b.fare.offeredFare, 0);
    const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });
    await expect.poll(() => page.getByTestId('total-profit').textContent()).toBe(inr.format(profit));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^profit-loss-.*\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await downloadedBytes(download)) as never);
    const ws = wb.getWorksheet('Profit & Loss')!;
    expect(ws.rowCount).toBe(bookings.length + 2); // header, the bookings, the totals row
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const pnrCol = header.indexOf('PNR') + 1;
    const profitCol = header.indexOf('Profit') + 1;
    const pnrs = Array.from({ length: bookings.length }, (_, i) => ws.getRow(i + 2).getCell(pnrCol).value);
    expect(pnrs.sort()).toEqual(bookings.map((b) => b.pnr).sort());
    const total = ws.getRow(bookings.length + 2);
    expect(total.getCell(1).value).toBe('Total');
    expect(Number(total.getCell(profitCol).value)).toBeCloseTo(profit, 2);
    await context.close();
  });
});
