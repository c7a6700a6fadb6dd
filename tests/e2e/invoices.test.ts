/**
 * The GST invoice of a booking in Chromium against the local stack: the customer opens their e-ticket,
 * follows "Tax invoice", and the invoice shows the booking's amounts (the e-ticket's total, our markup taxed with
 * CGST + SGST); it passes axe, prints on ONE A4 page, and downloads as PDF. Staff list the month and download its
 * .xlsx. Screenshots at 1366 and 390 px for a person to look at
 * (E2E_SHOTS, README "Tests").
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import { ticketSlug } from '@tp/contracts/endpoints/tickets';
import { putBooking, type BookingRecord } from '../../functions/src/bookings/index.ts';
import { invoiceBooked } from '../../functions/src/invoices/index.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { siteById } from '../../functions/src/lib/tenancy.ts';
import { demoBooking } from '../../scripts/seed/bookings.ts';
import { DEMO_INVOICE_SETTINGS } from '../../scripts/seed/invoices.ts';
import { conversionText, toRupees } from '@tp/domain/gst';
import { formatMoney } from '@tp/domain/format';
import { axeViolations, horizontalOverflow } from '../support/axe.ts';
import { appUrl, atWidth, downloadedBytes, launch, screenshots, signIn, toast } from '../support/browser.ts';
import { bookerOf } from '../integration/tickets-helpers.ts';

const SITE = 'flightdeals.localhost';
const SITE_ID = asSiteId('site-flightdeals');
const RETAIL = `retail@${SITE}`;
const shoot = screenshots('invoices');
const amount = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

let browser: Browser;
let booking: BookingRecord;

/** bypassCSP: axe comes in as a script tag (tests/support/axe.ts). */
async function newPage(b: Browser) {
  const context = await b.newContext({
    viewport: { width: 1366, height: 900 },
    bypassCSP: true,
    acceptDownloads: true,
  });
  return { context, page: await context.newPage() };
}

/** A new page on `path`, signed in as `email` from the login screen the path redirects to. */
async function openSignedIn(path: string, email: string) {
  const opened = await newPage(browser);
  await opened.page.goto(appUrl(SITE, path));
  await opened.page.waitForURL(/\/app\/login\?redirectTo=/);
  await signIn(opened.page, email);
  return opened;
}

beforeAll(async () => {
  browser = await launch();
  // A ticketed booking of the demo retail customer with our markup (₹300) and its GST in the fare, as the order
  // machinery stores it, then the after-booking hook that issues its invoice.
  const user = await bookerOf(SITE_ID, RETAIL);
  const now = new Date();
  const b = demoBooking({
    siteId: SITE_ID,
    user,
    bookingId: `E2E${randomUUID().slice(0, 8)}`,
    pnr: `V${randomUUID().replace(/-/g, '').slice(0, 5).toUpperCase()}`,
    createdAt: now,
    travelDate: new Date(now.getTime() + 30 * 86_400_000),
    statusId: BOOKING_STATUS.ticketed,
    route: ['BOM', 'DEL'],
    airline: '6E',
    passengers: [{ firstName: 'Meera', lastName: 'Nair' }],
    farePerPax: 6200,
  });
  const markup = 300;
  const gst = 54;
  const totalFare = b.fare.totalFare + markup + gst;
  booking = {
    ...b,
    fare: { ...b.fare, markup, gstOnMarkup: gst, publishedPrice: totalFare, totalFare, totalPayable: totalFare },
    accounting: { ...b.accounting, amountCharged: totalFare },
  };
  await putBooking(booking);
  await invoiceBooked((await siteById(SITE_ID))!, booking, now);
});
afterAll(async () => {
  await browser?.close();
});

describe('GST invoice', () => {
  it(
    "opens from the e-ticket, matches the booking's amounts, prints on one A4 page",
    { timeout: 240_000 },
    async () => {
      const eticket = `/flight/eTicket/${ticketSlug(booking.bookingId, booking.pnr)}`;
      const { page, context } = await openSignedIn('/flight/ticketQueue', RETAIL);
      await page.waitForURL((u) => !u.pathname.includes('/login'));
      await page.goto(appUrl(SITE, eticket));
      const eticketTotal = page.getByTestId('eticket-total');
      await eticketTotal.waitFor();
      const ticketTotal = amount(await eticketTotal.textContent());
      expect(ticketTotal).toBe(booking.accounting.amountCharged);

      await page.getByRole('link', { name: 'Tax invoice' }).click();
      await page.waitForURL((u) => u.pathname === `/app/invoice/booking/${booking.bookingId}`);
      const doc = page.getByRole('article', { name: /^Tax invoice / });
      await doc.waitFor();
      expect(amount(await page.getByTestId('invoice-total').textContent())).toBe(ticketTotal);
      expect(amount(await page.getByTestId('invoice-taxable').textContent())).toBe(300);
      // Flight Deals (Maharashtra) to a customer without billing details: intra-state, 9 % + 9 %.
      expect(amount(await page.getByTestId('invoice-cgst').textContent())).toBe(27);
      expect(amount(await page.getByTestId('invoice-sgst').textContent())).toBe(27);
      expect(await page.getByTestId('invoice-number').textContent()).toMatch(/FD\/\d\d-\d\d\/\d{5}/);
      await expect.poll(() => doc.textContent()).toContain(booking.pnr);
      expect(await axeViolations(page, 'main')).toEqual([]);
      await shoot(page, 'invoice');

      // Print: the document alone on one A4 page.
      const printed = await page.pdf({ format: 'A4', printBackground: true });
      expect((await PDFDocument.load(printed)).getPageCount()).toBe(1);

      // Download PDF: the server's A4 PDF.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download PDF' }).click();
      const pdf = await PDFDocument.load(await downloadedBytes(await download));
      expect(pdf.getPageCount()).toBe(1);
      expect(pdf.getTitle()).toMatch(/^Tax invoice FD\//);
      await toast(page, 'Downloaded').first().waitFor();

      // Another customer finds nothing at the same address.
      const other = await openSignedIn(`/invoice/booking/${booking.bookingId}`, `agent@${SITE}`);
      await other.page.getByText('No invoice was found').waitFor();
      await other.context.close();
      await context.close();
    },
  );

  it(
    'opens from a vouchered activity cart, in rupees at the rate it names for the total the cart shows',
    { timeout: 180_000 },
    async () => {
      const { page, context } = await openSignedIn('/activities/queue', `admin@${SITE}`);
      await page.getByRole('heading', { name: 'Activity queue', level: 1 }).waitFor();
      await page.getByRole('tab', { name: /Vouchered/ }).click();
      // The demo retail customer's vouchered cart (scripts/seed/activities.ts), invoiced by the seed as when vouchered.
      await page.getByRole('button', { name: 'Open cart A20261120-DEMO04' }).click();
      const dialog = page.getByRole('dialog');
      const cartTotal = amount(
        await dialog
          .getByRole('row', { name: /^Total/ })
          .getByRole('columnheader')
          .last()
          .textContent(),
      );
      expect(cartTotal).toBeGreaterThan(0);
      await shoot(page, 'cart-with-invoice-link');
      await dialog.getByRole('link', { name: 'Invoice' }).click();
      await page.waitForURL((u) => u.pathname === '/app/invoice/cart/dmc-cart-demo-vouchered');
      await page.getByRole('article', { name: /^Tax invoice / }).waitFor();
      // The cart is priced in AED; a GST invoice is in rupees at the site's rate, naming the AED total and the rate
      // (until then this test compared the invoice's AED total with the cart's).
      const rate = DEMO_INVOICE_SETTINGS['site-flightdeals']!.exchangeRates.find((r) => r.currency === 'AED')!;
      expect(await page.getByTestId('invoice-total').textContent()).toBe(
        formatMoney(toRupees(cartTotal, rate.inrPerUnit)),
      );
      expect(await page.getByTestId('invoice-conversion').textContent()).toBe(
        conversionText({ currency: 'AED', amount: cartTotal, inrPerUnit: rate.inrPerUnit, rateDate: rate.rateDate }),
      );
      expect(await axeViolations(page, 'main')).toEqual([]);
      await context.close();
    },
  );

  it("staff list the month's invoices and download its .xlsx", { timeout: 180_000 }, async () => {
    const { page, context } = await openSignedIn('/staff/invoices', `admin@${SITE}`);
    await page.getByRole('heading', { name: 'GST Invoices', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Invoices' });
    await table.getByRole('row', { name: new RegExp(booking.pnr) }).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    await shoot(page, 'staff-invoices');
    await page.getByRole('button', { name: 'Download month (.xlsx)' }).click();
    const link = page.getByRole('link', { name: 'Download', exact: true });
    await link.waitFor({ timeout: 30_000 });
    const download = page.waitForEvent('download');
    await link.click();
    expect((await download).suggestedFilename()).toMatch(/^gst-invoices-\d{4}-\d{2}\.xlsx$/);
    await context.close();
  });
  it(
    'staff export the books for Tally: accessible at 1366 and 390 px, the file by link',
    { timeout: 180_000 },
    async () => {
      const { page, context } = await openSignedIn('/staff/accounting-export', `admin@${SITE}`);
      await page.getByRole('heading', { name: 'Accounting Export', level: 1 }).waitFor();
      await page.getByRole('textbox', { name: /^Sales/ }).waitFor();
      for (const width of [1366, 390]) {
        await atWidth(page, width);
        expect(await axeViolations(page, 'main'), `${width} px`).toEqual([]);
        expect(await horizontalOverflow(page), `${width} px`).toBeLessThanOrEqual(0);
        await shoot(page, `accounting-export-${width}`);
      }
      await atWidth(page, 1366);
      await page.getByRole('button', { name: 'Export (.xml)' }).click();
      const link = page.getByRole('link', { name: 'Download', exact: true });
      await link.waitFor({ timeout: 30_000 });
      const download = page.waitForEvent('download');
      await link.click();
      expect((await download).suggestedFilename()).toMatch(/^books-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-tally\.xml$/);
      await context.close();
    },
  );
});
