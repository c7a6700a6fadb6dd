/**
 * #11 item 5 in Chromium against the local stack: one money and date format, date pickers, no raw status
 * codes. The search form's dates are typed and picked as dd/mm/yyyy (no native date field, the return
 * cannot precede the departure) and the search runs with ISO days; the ticket queue labels its status
 * chips; the e-ticket page and its mail show ₹ amounts with two decimals and never `INR `.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import * as MSG from '@tp/contracts/messages';
import { plainBooking } from '../integration/tickets-helpers.ts';
import { waitForMail } from '../support/api.ts';
import { ahead, appUrl, dayMonthYear, launch, newPage, pickCity, signIn, toast, typeDate } from '../support/browser.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';

const SITE = 'flightdeals.localhost';
const AGENT = `agent@${SITE}`;
/** `₹8,444.00`, `₹12,34,567.50`, `−₹100.00`: the rupee sign, Indian grouping, two decimals. */
const INR = /^−?₹(?:(?:\d{1,2},)*\d{1,2},\d{3}|\d{1,3})\.\d{2}$/;
/** `05 Mar 2025, 14:30`. */
const DATE_TIME = /^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/;
/** A day button of the picker's calendar is named like "25 March 2026". */
const dayName = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function signInAt(page: Page, path: string) {
  await page.goto(appUrl(SITE, path));
  await page.waitForURL(/\/app\/(flight\/)?login/);
  await signIn(page, AGENT);
  await page.waitForURL((u) => u.pathname === `/app${path}`);
}

/** The open calendar's button for `iso`, moving on a month at a time until it is shown. */
async function calendarDay(page: Page, iso: string) {
  const day = page.getByRole('button', { name: dayName(iso), exact: true });
  for (let i = 0; i < 3 && !(await day.isVisible()); i++)
    await page.getByRole('button', { name: 'Next month' }).click();
  return day;
}

describe('one format, date pickers, labelled statuses', () => {
  it('searches with dates typed and picked as dd/mm/yyyy; the return cannot precede the departure', async () => {
    const { page, context } = await newPage(browser);
    await signInAt(page, '/flight/search');
    await page.getByLabel('From', { exact: true }).waitFor();
    expect(await page.locator('input[type="date"]').count()).toBe(0);
    await page.getByText('Return', { exact: true }).click();
    await pickCity(page, 'From', 'Delhi', 'Delhi (DEL)');
    await pickCity(page, 'To', 'Mumbai', 'Mumbai (BOM)');

    const departure = page.getByLabel('Departure', { exact: true });
    expect(await departure.getAttribute('placeholder')).toBe('dd/mm/yyyy');
    await typeDate(departure, ahead(20));

    // The return date from the calendar: days before the departure are not offered.
    const back = page.getByLabel('Return date', { exact: true });
    await back.click();
    expect(await (await calendarDay(page, ahead(19))).isDisabled()).toBe(true);
    await (await calendarDay(page, ahead(25))).click();
    await expect.poll(() => back.inputValue()).toBe(dayMonthYear(ahead(25)));
    // Typed before the departure: not taken, the field goes back to the day it had.
    await back.fill(dayMonthYear(ahead(10)));
    await back.press('Escape');
    await back.blur();
    await expect.poll(() => back.inputValue()).toBe(dayMonthYear(ahead(25)));

    await page.getByRole('button', { name: 'Search Flights' }).click();
    await page.waitForURL(
      (u) => u.searchParams.get('departure') === ahead(20) && u.searchParams.get('return') === ahead(25),
      {
        timeout: 30_000,
      },
    );
    await page
      .getByText(/Showing \d+ of \d+ flights/)
      .first()
      .waitFor({ timeout: 30_000 });
    await context.close();
  });

  it('labels the queue chips; the e-ticket page and its mail show ₹ amounts with two decimals, no INR', async () => {
    const booking = await plainBooking(asSiteId('site-flightdeals'), AGENT, {
      statusId: BOOKING_STATUS.changeRequested,
    });
    const { page, context } = await newPage(browser);
    await signInAt(page, '/flight/ticketQueue');
    await page.getByLabel('PNR or ticket number').fill(booking.pnr);
    await page.getByRole('button', { name: 'Apply' }).click();
    const card = page.getByRole('article', { name: `Booking ${booking.pnr}` });
    await card.waitFor();
    await card.getByText('Change requested', { exact: true }).waitFor();
    expect(await card.textContent()).not.toMatch(/ChangeRequested|CHANGEREQUESTED/);
    expect(await card.getByText(/^₹/).first().textContent()).toMatch(INR);
    expect(await card.getByText(/^Booked /).textContent()).toMatch(
      /^Booked \d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} by$/,
    );

    await card.getByRole('link', { name: 'Full e-ticket' }).click();
    await page.waitForURL(/\/app\/flight\/eTicket\//);
    const total = page.getByTestId('eticket-total');
    await total.waitFor();
    expect(await total.textContent()).toMatch(INR);
    const fare = page.getByRole('region', { name: 'Fare' });
    const amounts = await fare.locator('table').first().locator('tr td:last-child').allTextContents();
    expect(amounts.length).toBeGreaterThan(1);
    for (const a of amounts) expect(a).toMatch(INR);
    // Per passenger type: "₹5,000.00 each (taxes ₹1,000.00)".
    const each = await page
      .getByRole('table', { name: 'Fare per passenger type' })
      .locator('td:last-child')
      .allTextContents();
    expect(each.length).toBeGreaterThan(0);
    for (const e of each) {
      const [, price, tax] = /^(\S+) each \(taxes (\S+)\)$/.exec(e) ?? [];
      expect(price).toMatch(INR);
      expect(tax).toMatch(INR);
    }
    await page.getByText('Change requested', { exact: true }).waitFor();
    expect(await page.getByText(/^Booked on /).textContent()).toMatch(
      /^Booked on \d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
    );
    const times = await page.getByRole('region', { name: 'Flights' }).locator('td').allInnerTexts();
    expect(times.flatMap((t) => t.split('\n')).filter((l) => DATE_TIME.test(l.trim())).length).toBeGreaterThanOrEqual(
      2,
    );
    // Ours, that is: fare rules are the supplier's own text, shown as it sent them.
    const rules = await page.getByRole('region', { name: 'Fare rules' }).innerText();
    const ours = (await page.locator('main').innerText()).replace(rules, '');
    expect(ours).not.toMatch(/INR\s?\d|ChangeRequested/);

    // The mail renders the same amounts.
    const to = `formats-${booking.pnr.toLowerCase()}@example.com`;
    await page.getByRole('button', { name: 'Email' }).click();
    await page.getByRole('dialog').getByLabel('Email').fill(to);
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
    await toast(page, MSG.emailSent).waitFor();
    const mail = await waitForMail(to, new RegExp(booking.pnr));
    const html = mail.body.html ?? '';
    expect(html).toContain((await total.textContent())!);
    expect(html).not.toMatch(/ChangeRequested/);
    const cells = [...html.matchAll(/<td[^>]*>\s*([^<]*\d\.\d{2})\s*<\/td>/g)].map((m) => m[1]!);
    expect(cells.length).toBeGreaterThan(1);
    for (const amount of cells) expect(amount).toMatch(INR);
    expect(html).toContain('Change requested');
    await context.close();
  }, 120_000);
});
