/**
 * #11 items 6 and 7 in Chromium against the local stack. An agent finds the fare they held in their own
 * ticket queue under the Held status (held amount, countdown), tickets it for exactly that amount (the wallet
 * ledger says so) and releases another after a confirmation. A retail customer whose gateway payment fails
 * gets "Try again" and "View payment"; trying again makes a new order with the same passengers, and the paid
 * booking lands on the booking-confirmed screen with the PNR, the booking id and the amount charged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { getBookingDetails, orderSuccessCallback } from '@tp/contracts/endpoints/flights';
import type { TBooking } from '@tp/contracts/endpoints/flights';
import { balanceOf } from '../../functions/src/wallet/ledger-repo.ts';
import { FLIGHTDEALS } from '../integration/customers-helpers.ts';
import { adult, newCustomer, oneWay, pick, placeOrder, type Customer } from '../integration/flights-helpers.ts';
import { PASSWORD } from '../integration/users-helpers.ts';
import { appUrl, launch, newPage, signIn, toast } from '../support/browser.ts';

const SITE = FLIGHTDEALS.domain;
const money = (n: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(n);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function holdFor(agent: Customer, days: number): Promise<TBooking> {
  const found = await oneWay(agent.client, 'DEL', 'BOM', days);
  const gds = pick(found, (o) => !o.isLcc && o.isHoldAllowed);
  const order = await placeOrder(agent, found, gds, { paymentMode: 'wallet', hold: true });
  const res = await agent.client.call(orderSuccessCallback, { orderId: order.orderId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.bookings[0] as TBooking;
}

async function signInAs(page: Page, email: string, path: string) {
  await page.goto(appUrl(SITE, path));
  await page.waitForURL(/\/app\/(flight\/)?login/);
  await signIn(page, email, PASSWORD);
}

describe('holds in the agent queue', () => {
  it('finds the held fares under Held, tickets one for the held amount, releases another after asking', async () => {
    const agent = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 2_000_000, holdAllowed: true });
    const toTicket = await holdFor(agent, 14);
    const toRelease = await holdFor(agent, 16);
    const { page } = await newPage(browser);
    await signInAs(page, agent.email, '/flight/ticketQueue');
    await page.getByRole('heading', { name: 'Air Ticket Queue' }).waitFor();
    // Not in the unfiltered queue…
    await page.getByText('No tickets yet...').waitFor();
    // …but under Held.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Held', exact: true }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    const card = page.getByRole('article', { name: `Booking ${toTicket.pnr}` });
    await card.waitFor();
    await expect.poll(() => page.getByRole('article').count()).toBe(2);
    const amount = toTicket.fare.totalPayableAmt;
    expect(await card.getByText(/^Held amount/).textContent()).toBe(`Held amount ${money(amount)}`);
    expect(await card.getByRole('timer').textContent()).toMatch(/^Ticket within \d/);

    const before = (await balanceOf(FLIGHTDEALS.siteId, agent.legalEntityId)).balance;
    await card.getByRole('button', { name: 'Ticket now' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Confirm and ticket' }).click();
    await toast(page, 'Payment Successful').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('article').count(), { timeout: 30_000 }).toBe(1);
    const after = (await balanceOf(FLIGHTDEALS.siteId, agent.legalEntityId)).balance;
    // The amount shown on the card is the amount the ledger debited.
    expect(Math.round((before - after) * 100)).toBe(Math.round(amount * 100));

    const other = page.getByRole('article', { name: `Booking ${toRelease.pnr}` });
    await other.getByRole('button', { name: 'Release' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Keep the hold' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await other.isVisible()).toBe(true);
    await other.getByRole('button', { name: 'Release' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Release booking' }).click();
    await toast(page, 'Booking released').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('article').count(), { timeout: 30_000 }).toBe(0);
  }, 180_000);
});

describe('booking confirmed', () => {
  it('a failed gateway payment offers Try again and View payment; the retry is booked and confirmed', async () => {
    const retail = await newCustomer(FLIGHTDEALS, 'retail');
    const found = await oneWay(retail.client, 'DEL', 'BOM', 18);
    const option = found.results[0]![0]!;
    const passengers = [adult({ email: retail.email })];
    const failed = await placeOrder(retail, found, option, { paymentMode: 'gateway', passengers });
    const { page } = await newPage(browser);
    await signInAs(page, retail.email, '/flight/search');
    await page.waitForURL(/\/app\/flight\/search/);
    // What the passenger screen keeps when it makes an order in this browser.
    await page.evaluate((v) => localStorage.setItem('tp.orderInput', JSON.stringify(v)), {
      searchId: found.searchId,
      resultIndex: option.resultIndex,
      passengers,
      hold: false,
      paymentMode: 'gateway',
      orderId: failed.orderId,
      amount: failed.amount,
    });
    await page.goto(new URL(failed.redirectTo!, appUrl(SITE)).toString());
    await page.getByRole('button', { name: 'Fail' }).click();
    await page.waitForURL(/\/app\/phonepe\/verify\//, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Payment not confirmed' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('link', { name: 'View payment' }).getAttribute('href')).toBe(
      `/app/user/payments/${failed.orderId}`,
    );

    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/app/phonepe'), { timeout: 30_000 });
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/app\/flight\/transaction\//, { timeout: 60_000 });
    await page.getByRole('heading', { name: 'Booking confirmed' }).waitFor({ timeout: 30_000 });
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
    expect(orderId).not.toBe(failed.orderId);

    const details = await retail.client.call(getBookingDetails, { orderId });
    const booking = details.body.result.booking as TBooking;
    expect(booking.passengers.map((p) => `${p.firstName} ${p.lastName}`)).toEqual(['Ravi Kumar']);
    // The amount shown is the amount charged: the new order's, which is the failed one's.
    expect(booking.accounting.amountCharged).toBe(failed.amount);
    await page.getByText(money(booking.accounting.amountCharged), { exact: true }).waitFor();
    await page.getByText(booking.pnr, { exact: true }).waitFor();
    await page.getByText(booking.bookingId, { exact: true }).waitFor();
    for (const name of ['View e-ticket', 'Print']) await page.getByRole('link', { name }).waitFor();
    await page.getByRole('button', { name: 'Email e-ticket' }).click();
    await toast(page, 'Email successfully sent.').waitFor({ timeout: 30_000 });
  }, 180_000);
});
