/**
 * The ticket screens in Chromium against the local stack: an agent opens the Air Ticket Queue, filters
 * it, opens the e-ticket, adds a markup, hides the price, prints it to PDF (A4), emails it (read back
 * from the SES emulator with its PDF) and asks for a refund from the Change Request dialog; the super
 * admin downloads the queue as Excel (made in the background, offered by its signed link) and the file is opened with
 * exceljs, then finds it again under Your exports from the staff menu.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import * as MSG from '@tp/contracts/messages';
import { TICKET_MSG } from '@tp/contracts/endpoints/tickets';
import type { BookingRecord } from '../../functions/src/bookings/index.ts';
import { waitForMail } from '../support/api.ts';
import {
  accessibleAtEachWidth,
  appUrl,
  downloadedBytes,
  launch,
  newPage,
  saveShot,
  signIn,
  toast,
} from '../support/browser.ts';
import { supplierBooking } from '../integration/tickets-helpers.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';

const SITE = 'flightdeals.localhost';
const AGENT = `agent@${SITE}`;

let browser: Browser;
let booking: BookingRecord;
beforeAll(async () => {
  browser = await launch();
  booking = await supplierBooking(asSiteId('site-flightdeals'), AGENT);
});
afterAll(async () => {
  await browser?.close();
});

async function filterByPnr(page: Page, pnr: string) {
  await page.getByLabel('PNR or ticket number').fill(pnr);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('article', { name: `Booking ${pnr}` }).waitFor();
  await expect.poll(() => page.getByRole('article').count(), { timeout: 10_000 }).toBe(1);
}

describe('ticket screens', () => {
  it('agent: queue, e-ticket with markup, hidden price, print, email, and a refund request', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(appUrl(SITE, '/flight/ticketQueue'));
    await page.waitForURL(/\/app\/login\?redirectTo=/);
    await signIn(page, AGENT);
    await page.getByRole('heading', { name: 'Air Ticket Queue' }).waitFor();
    await filterByPnr(page, booking.pnr);

    // The full e-ticket, with the owner's prices.
    const card = page.getByRole('article', { name: `Booking ${booking.pnr}` });
    await card.getByRole('link', { name: 'Full e-ticket' }).click();
    await page.waitForURL(/\/app\/flight\/eTicket\//);
    const total = page.getByTestId('eticket-total');
    await total.waitFor();
    const before = Number((await total.textContent())!.replace(/[^\d.]/g, ''));

    await page.getByRole('button', { name: 'Add Markup' }).click();
    await page.getByRole('dialog').getByLabel('Markup').fill('100');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => Number((await total.textContent())!.replace(/[^\d.]/g, '')), { timeout: 10_000 })
      .toBeCloseTo(before + 100, 2);
    await page.getByRole('button', { name: 'Update Markup' }).waitFor();

    await page.getByRole('button', { name: 'Hide Price' }).click();
    await total.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Show Price' }).waitFor();

    // Print: the same url with print=true and hp; printed to PDF on A4 without the app around it.
    const printPage = await context.newPage();
    await printPage.addInitScript(() => {
      window.print = () => undefined;
    });
    await printPage.goto(`${page.url()}?print=true&hp=true`);
    await printPage.getByRole('region', { name: 'Passengers' }).waitFor();
    expect(await printPage.getByTestId('eticket-total').count()).toBe(0);
    // Each passenger's PDF417 barcode is drawn (by bwip-js in a worker): the canvas takes the symbol's size (a
    // blank canvas stays 300 × 150) and has dark modules on it.
    const barcode = printPage.locator('canvas[data-barcode]').first();
    await expect
      .poll(() => barcode.evaluate((c: HTMLCanvasElement) => `${c.width}x${c.height}`), { timeout: 10_000 })
      .not.toBe('300x150');
    const dark = await barcode.evaluate((c: HTMLCanvasElement) => {
      const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 0 && data[i]! < 128) n++;
      return n;
    });
    expect(dark).toBeGreaterThan(100);
    await printPage.emulateMedia({ media: 'print' });
    expect(await printPage.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    const pdfBytes = await printPage.pdf({ format: 'A4', printBackground: true });
    // For looking at the print by eye.
    await saveShot(printPage, 'tickets', 'eticket-print-media');
    const pdf = await PDFDocument.load(pdfBytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    // A4 is 595 × 842 pt (Chromium rounds the page box to whole pixels).
    expect(Math.abs(pdf.getPage(0).getWidth() - 595)).toBeLessThan(2);
    expect(Math.abs(pdf.getPage(0).getHeight() - 842)).toBeLessThan(2);
    await printPage.close();

    // Email: through the queue to the SES emulator, with the PDF.
    const to = `eticket-${booking.pnr.toLowerCase()}@example.com`;
    await page.getByRole('button', { name: 'Email' }).click();
    await page.getByRole('dialog').getByLabel('Email').fill(to);
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
    await toast(page, MSG.emailSent).waitFor();
    const mail = await waitForMail(to, new RegExp(booking.pnr));
    expect(mail.attachments.map((a) => a.filename)).toContain(`e-ticket-${booking.pnr}.pdf`);

    // A refund request from the dialog.
    await page.goto(appUrl(SITE, '/flight/ticketQueue'));
    await filterByPnr(page, booking.pnr);
    await card.getByRole('button', { name: 'Cancel Seats' }).click();
    const dialog = page.getByRole('dialog');
    const send = dialog.getByRole('button', { name: 'Send', exact: true });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('Request type').click();
    await page.getByRole('option', { name: 'Refund', exact: true }).click();
    const leg = booking.segments.flat()[0]!;
    const sector = dialog.getByRole('checkbox', { name: `${leg.originAirportCode} → ${leg.destinationAirportCode}` });
    expect(await sector.isChecked()).toBe(true);
    expect(await sector.isDisabled()).toBe(true);
    const pax = dialog.getByRole('checkbox', { name: 'Luc Desmarais' });
    expect(await pax.isChecked()).toBe(true);
    expect(await pax.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: /cancellation policy/ }).check();
    await send.click();
    await dialog.getByText(MSG.required).waitFor();
    await dialog.getByLabel('Remarks').fill('Travel plans changed');
    await send.click();
    // The charges step takes the amount paid apart.
    await dialog.getByRole('table', { name: 'Cancellation charges and refund' }).waitFor();
    await dialog.getByRole('row', { name: /^Airline cancellation charge/ }).waitFor();
    await dialog.getByRole('button', { name: 'Accept and Send Cancellation Request' }).click();
    await toast(page, TICKET_MSG.crSent).waitFor();
    // The supplier's status text (spec 000 §4), not our own "Change requested".
    await card.getByText('Unassigned', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Refresh Status' }).click();
    await card.getByRole('button', { name: 'Refresh Status' }).waitFor();
    await context.close();
  });

  it('super admin: downloads the filtered queue as Excel, and finds it under Your exports', async () => {
    // bypassCSP: axe comes in as a script tag (tests/support/axe.ts).
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(appUrl(SITE, '/flights/ticketQueue'));
    await page.waitForURL(/\/app\/login\?redirectTo=/);
    await signIn(page, `admin@${SITE}`);
    await page.getByRole('heading', { name: 'Air Ticket Queue' }).waitFor();
    await filterByPnr(page, booking.pnr);
    // The export runs in the background; its link is offered once the file is stored.
    await page.getByRole('button', { name: 'Download Excel' }).click();
    const link = page.getByRole('link', { name: 'Download', exact: true });
    await link.waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^tickets-tickets-.*\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await downloadedBytes(download)) as never);
    const ws = wb.getWorksheet('Tickets')!;
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(2).value).toBe(booking.pnr);

    // A staff member who left the page finds the export again from the staff menu.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Your exports' }).click();
    const table = page.getByRole('table', { name: 'Your exports' });
    await table
      .getByRole('link', { name: `Download ${download.suggestedFilename()}` })
      .first()
      .waitFor();
    await accessibleAtEachWidth(page, 'tickets', 'your-exports', 'main');
    await context.close();
  });
});
