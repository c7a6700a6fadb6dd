/**
 * Fixed departures in Chromium against the local stack: Flight Deals' staff add a domestic
 * group fare on the inventory screen; the demo agent finds it on /fixed-departures at the marked-up price, books
 * two seats from the wallet, and prints the booking (A4 print page, public link). Screenshots at 1366 and 390 px
 * for a person to look at (E2E_SHOTS, README "Tests").
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { axeViolations, dialogsSettled } from '../support/axe.ts';
import type { Locator } from 'playwright-core';
import { ahead, appUrl, dayMonthYear, saveShot, screenshots, signIn, toast, useBrowser } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';
const TITLE = `E2E Goa group ${randomUUID().slice(0, 6)}`;
const DAY = ahead(35);

const browser = useBrowser();
const shoot = screenshots('fixed-departures');

/** A date picker inside a dialog: typed, then Tab (Escape would close the dialog itself). */
async function typeDay(field: Locator, iso: string): Promise<void> {
  await field.click();
  await field.fill(dayMonthYear(iso));
  await field.press('Tab');
  await expect.poll(() => field.inputValue()).toBe(dayMonthYear(iso));
}

describe('Fixed departures', () => {
  it('staff add a group fare; an agent books it from the wallet and prints it', { timeout: 420_000 }, async () => {
    const staff = await browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
    const s = await staff.newPage();
    await s.goto(appUrl(SITE, '/staff/fixed-departures'));
    await s.waitForURL(/\/app\/login\?redirectTo=/);
    await signIn(s, `admin@${SITE}`);
    await s.getByRole('heading', { name: 'Fixed Departures', level: 1 }).waitFor();
    await s.getByRole('table', { name: 'Fixed departures' }).getByRole('row', { name: /Dubai/ }).first().waitFor();
    await shoot(s, 'staff-list');
    expect(await axeViolations(s, '#main')).toEqual([]);

    await s.getByRole('button', { name: 'Add fixed departure' }).click();
    const form = s.getByRole('dialog', { name: 'Add fixed departure' });
    await form.getByRole('textbox', { name: /^Title/ }).fill(TITLE);
    await form.getByRole('textbox', { name: /^Group PNR/ }).fill('GOA777');
    const flight = form.getByRole('group', { name: 'Flight 1' });
    await flight.getByRole('textbox', { name: /^Airline code/ }).fill('6E');
    await flight.getByRole('textbox', { name: /^Flight number/ }).fill('5312');
    await flight.getByRole('textbox', { name: /^From/ }).fill('BOM');
    await flight.getByRole('textbox', { name: /^To/ }).fill('GOI');
    // Local times at each airport: a day and a time.
    await typeDay(flight.getByRole('textbox', { name: /^Departure date/ }), DAY);
    await flight.getByLabel(/^Departure time/).fill('07:15');
    await typeDay(flight.getByRole('textbox', { name: /^Arrival date/ }), DAY);
    await flight.getByLabel(/^Arrival time/).fill('08:30');
    await form.getByRole('textbox', { name: /^Total seats/ }).fill('12');
    await typeDay(form.getByRole('textbox', { name: /^Sale opens/ }), ahead(-1));
    await typeDay(form.getByRole('textbox', { name: /^Sale closes/ }), ahead(30));
    for (const [label, amount] of [
      ['Adult base fare', '4200'],
      ['Adult taxes', '800'],
      ['Child base fare', '3900'],
      ['Child taxes', '800'],
      ['Infant base fare', '900'],
      ['Infant taxes', '200'],
    ] as const)
      await form.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(amount);
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(s, 'Fixed departure saved').waitFor();
    await s.getByRole('table', { name: 'Fixed departures' }).getByText(TITLE).waitFor();
    await staff.close();

    const agent = await browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
    const page = await agent.newPage();
    await page.goto(appUrl(SITE, '/fixed-departures'));
    await page.waitForURL(/\/app\/login\?redirectTo=/);
    await signIn(page, `agent@${SITE}`);
    await page.getByRole('heading', { name: 'Fixed departures', level: 1 }).waitFor();
    const card = page.getByRole('article', { name: TITLE });
    await card.waitFor();
    // No fixed-departure markup on BOM-GOI: the block fare, ₹5,000 per adult.
    await expect.poll(() => card.textContent()).toContain('₹5,000.00');
    await shoot(page, 'list');
    expect(await axeViolations(page, '#main')).toEqual([]);

    await card.getByRole('button', { name: 'Book' }).click();
    const dialog = page.getByRole('dialog', { name: `Book ${TITLE}` });
    await dialog.getByRole('textbox', { name: /^Adults/ }).fill('2');
    const pay = dialog.getByRole('button', { name: 'Pay ₹10,000.00' });
    await pay.waitFor();
    for (const [i, [title, first, gender]] of [
      ['Mr', 'Ravi', 'Male'],
      ['Mrs', 'Sita', 'Female'],
    ].entries()) {
      const pax = dialog.getByRole('group', { name: i === 0 ? 'Adult 1 (lead passenger)' : 'Adult 2' });
      await pax.getByRole('combobox', { name: /^Title/ }).click();
      await page.getByRole('option', { name: title, exact: true }).click();
      await pax.getByRole('textbox', { name: /^First name/ }).fill(first!);
      await pax.getByRole('textbox', { name: /^Last name/ }).fill('Kumar');
      await pax.getByRole('combobox', { name: /^Gender/ }).click();
      await page.getByRole('option', { name: gender, exact: true }).click();
      if (i === 0) await pax.getByRole('textbox', { name: /^Mobile number/ }).fill('9876543210');
    }
    await dialogsSettled(page);
    await shoot(page, 'book');
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await pay.click();
    await dialog.getByText(/Booking \d+, reference [A-Z0-9]{6}/).waitFor({ timeout: 30_000 });

    await dialog.getByRole('link', { name: 'Print' }).click();
    await page.waitForURL(/\/flight\/fixedDeparture\/print\//);
    const doc = page.getByRole('article', { name: 'Fixed-departure booking' });
    await doc.waitFor();
    await expect.poll(() => doc.textContent()).toContain('Mrs Sita Kumar');
    expect(await doc.textContent()).toContain('₹10,000.00');
    await shoot(page, 'print');
    expect(await axeViolations(page, '.fd-doc')).toEqual([]);
    // Printed on A4 it is one page with the document only (no shell, no Print button).
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await doc.isVisible()).toBe(true);
    await saveShot(page, 'fixed-departures', 'print-media');
    const pdf = await PDFDocument.load(await page.pdf({ format: 'A4', printBackground: true }));
    expect(pdf.getPageCount()).toBe(1);
    expect(Math.abs(pdf.getPage(0).getWidth() - 595)).toBeLessThan(2);
    await page.emulateMedia({ media: 'screen' });

    // The same link signed out: the booking without prices.
    const url = page.url();
    const visitor = await browser().newContext({ viewport: { width: 390, height: 900 } });
    const v = await visitor.newPage();
    await v.goto(url);
    const open = v.getByRole('article', { name: 'Fixed-departure booking' });
    await open.waitFor();
    expect(await open.textContent()).toContain('Ravi Kumar');
    expect(await open.textContent()).not.toContain('₹10,000.00');
    await visitor.close();
    await agent.close();
  });
});
