/**
 * #11 items 1–3 and 13 in Chromium against the local stack: money shown is money charged. An agent books
 * with a meal and a paid seat; the passengers page (summary and the phone's pay bar), the booking-confirmed
 * page and the e-ticket show the amount the wallet ledger debited, and the e-ticket's base/tax split is
 * the one the review page showed. The price-changed alert, when the simulator moves a price, quotes the
 * card's price as the old one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { getBookingDetails } from '@tp/contracts/endpoints/flights';
import type { TBooking } from '@tp/contracts/endpoints/flights';
import { ticketSlug } from '@tp/contracts/endpoints/tickets';
import { balanceOf } from '../../functions/src/wallet/ledger-repo.ts';
import { FLIGHTDEALS } from '../integration/customers-helpers.ts';
import { newCustomer } from '../integration/flights-helpers.ts';
import { PASSWORD } from '../integration/users-helpers.ts';
import { appUrl, launch, newPage, signIn, ahead } from '../support/browser.ts';

const SITE = FLIGHTDEALS.domain;
const money = (n: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(n);
/** "₹5,350.00" → 5350. */
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The amount on a summary line ("Base fare₹4,000.00"). */
async function line(summary: Locator, label: string): Promise<number> {
  const row = summary.locator('div', { has: summary.page().getByText(label, { exact: true }) }).last();
  return amountOf(await row.locator('p').last().textContent());
}

describe('money shown is money charged', () => {
  it('passengers, confirmation and e-ticket show what the wallet debited; the split matches review', async () => {
    const agent = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 2_000_000 });
    const { page } = await newPage(browser);
    await page.goto(appUrl(SITE, '/flight'));
    await page.waitForURL(/\/app\/(flight\/)?login/);
    await signIn(page, agent.email, PASSWORD);
    await page.waitForURL((u) => u.pathname === '/app/flight');
    // The search form filled from a query (as "Modify search" opens it), then searched.
    await page.goto(appUrl(SITE, `/flight/search?origin=DEL&destination=BOM&departure=${ahead(21)}&adt=1&chd=0&inf=0`));
    await page.getByRole('button', { name: 'Search Flights' }).click();
    await page.getByText(/Showing \d+ of \d+ flights/).waitFor({ timeout: 30_000 });
    // An LCC sells seats with prices; the simulator's LCC fares are those with a seat map.
    const card = page.locator('[data-result]').first();
    const cardPrice = amountOf(await card.locator('[class*="price"]').first().textContent());
    await card.getByRole('button', { name: 'Book' }).click();

    await page.getByRole('button', { name: 'Continue to passengers' }).waitFor({ timeout: 30_000 });
    const changed = page.getByRole('dialog', { name: 'Price changed' });
    if (await changed.isVisible()) {
      // Item 3: the old price is the one on the card that was clicked.
      expect(await changed.textContent()).toContain(`from ${money(cardPrice)}`);
      await changed.getByRole('button', { name: 'Continue' }).click();
    }
    const review = page.getByRole('group', { name: 'Fare summary' });
    const reviewBase = await line(review, 'Base fare');
    const reviewTax = await line(review, 'Taxes and fees');
    await page.getByRole('button', { name: 'Continue to passengers' }).click();
    await page.waitForURL(/\/app\/flight\/passengers\//);

    const lead = page.getByRole('group', { name: /Adult 1 \(lead passenger\)/ });
    await lead.getByLabel('Title').click();
    await page.getByRole('option', { name: 'Mr', exact: true }).click();
    await lead.getByLabel('First name').fill('Ravi');
    await lead.getByLabel('Last name').fill('Kumar');
    await lead.getByLabel('Gender').click();
    await page.getByRole('option', { name: 'Male', exact: true }).click();
    await lead.locator('input[type="tel"]').fill('9876543210');
    await lead.getByLabel('Email').fill(agent.email);
    await lead
      .getByLabel(/^Meal /)
      .first()
      .click();
    await page.getByRole('option').first().click();
    const seatControl = lead.getByRole('button', { name: /^Seat [A-Z]{3}-[A-Z]{3}: / }).first();
    const seatPicked = (await seatControl.count()) > 0;
    let paidSeat = false;
    if (seatPicked) {
      await seatControl.click();
      const seat = lead.getByRole('button', { name: /, Seat /, pressed: false, disabled: false }).first();
      paidSeat = ((await seat.textContent()) ?? '').includes('₹');
      await seat.click();
    }
    const summary = page.getByRole('group', { name: 'Fare summary' });
    const extras = page.getByRole('list', { name: 'Extras chosen' }).getByRole('listitem');
    await expect.poll(() => extras.count()).toBe(seatPicked ? 2 : 1);
    expect(await extras.first().textContent()).toMatch(/^Adult 1 · [A-Z]{3}-[A-Z]{3} · Meal /);
    // Item 2: the split is the review page's (extras add their own lines, never to base or taxes).
    expect(await line(summary, 'Base fare')).toBe(reviewBase);
    expect(await line(summary, 'Taxes and fees')).toBe(reviewTax);
    const shown = amountOf(await page.getByTestId('pay-bar-total').textContent());
    const totalFare = await line(summary, 'Total fare');
    const youPay = page.getByTestId('fare-you-pay');
    expect((await youPay.count()) ? amountOf(await youPay.textContent()) : totalFare).toBe(shown);

    const before = (await balanceOf(FLIGHTDEALS.siteId, agent.legalEntityId)).balance;
    await page.getByLabel(/^Wallet \(balance/).check();
    await page.getByRole('button', { name: 'Pay and book' }).first().click();
    await page.waitForURL(/\/app\/flight\/transaction\//, { timeout: 60_000 });
    await page.getByRole('heading', { name: 'Booking confirmed' }).waitFor({ timeout: 30_000 });
    const after = (await balanceOf(FLIGHTDEALS.siteId, agent.legalEntityId)).balance;
    // The ledger debited exactly the total the passengers page showed.
    expect(Math.round((before - after) * 100)).toBe(Math.round(shown * 100));
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
    const booking = (await agent.client.call(getBookingDetails, { orderId })).body.result.booking as TBooking;
    expect(booking.accounting.amountCharged).toBe(shown);
    await page.getByText(money(shown), { exact: true }).first().waitFor();

    await page.goto(appUrl(SITE, `/flight/eTicket/${encodeURIComponent(ticketSlug(booking.bookingId, booking.pnr))}`));
    const total = page.getByTestId('eticket-total');
    await total.waitFor({ timeout: 30_000 });
    const fare = page.getByRole('region', { name: 'Fare' });
    const cell = async (label: string) =>
      amountOf(
        await fare
          .locator('tr', { has: page.getByRole('cell', { name: label, exact: true }) })
          .locator('td')
          .last()
          .textContent(),
      );
    expect(await cell('Base fare')).toBe(reviewBase);
    expect(await cell('Taxes and fees')).toBe(reviewTax);
    if (paidSeat) expect(await cell('Seat charges')).toBeGreaterThan(0);
    // The e-ticket's total is the fare with extras the summary showed; an agent's debit is that less the
    // commission plus TDS ("You pay" above).
    expect(await total.textContent()).toBe(money(totalFare));
    await page
      .getByRole('table', { name: 'Fare per passenger type' })
      .getByText(/^Adult × 1$/)
      .waitFor();
  }, 240_000);
});
