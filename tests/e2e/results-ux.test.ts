/**
 * In Chromium against the local stack (simulator supply): the city
 * autocomplete's ranking, result cards (every multi-city leg, fare families grouped, logos, layover
 * and baggage on the card), the ±3-day fare strip, the price slider, counts that follow the other
 * filters, the page scrolling the list (no inner scroll box) and the phone drawer's Apply / Reset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, launch, newPage, signIn, ahead } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const ONE_WAY = `origin=DEL&destination=BOM&departure=${ahead(20)}&adt=1&chd=0&inf=0`;
const SHOWING = /Showing (\d+) of (\d+) flights/;

async function agentAt(page: Page, path: string) {
  await page.goto(appUrl(SITE, path));
  // The login form (the guard's client-side redirect), whatever the load state of the page.
  await page.getByLabel(/^Email/).waitFor({ timeout: 30_000 });
  await signIn(page, `agent@${SITE}`);
  await page.waitForURL((u) => !/login/.test(u.pathname));
}

async function results(page: Page, query = ONE_WAY) {
  await page.goto(appUrl(SITE, `/flight/results/new?${query}`));
  await page.getByText(SHOWING).waitFor({ timeout: 30_000 });
}

const shownCount = async (page: Page) => Number(SHOWING.exec((await page.getByText(SHOWING).textContent()) ?? '')![1]);

describe('results UX', () => {
  it('the city autocomplete offers Goa (GOI) before Genoa for "goa"', async () => {
    const { page } = await newPage(browser);
    await agentAt(page, '/flight/search');
    const from = page.getByLabel('From', { exact: true });
    await from.click();
    await from.pressSequentially('goa', { delay: 40 });
    // The autocomplete's own list (the form's native selects have options too).
    const options = page.getByRole('listbox').getByRole('option');
    await options.first().waitFor();
    await expect
      .poll(async () => (await options.allTextContents()).slice(0, 2).join(' | '))
      .toMatch(/^Goa \(GOI\).* \| Genoa \(GOA\)/);
  });

  it('cards show logos, layover and baggage; fare families are one card; the strip and slider work', async () => {
    const { page } = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await agentAt(page, '/flight');
    await results(page);
    const total = await shownCount(page);

    // One lazy logo per card, baggage on every card, layovers named with their wait.
    const cards = page.locator('[data-result]');
    const first = cards.first();
    await expect.poll(() => first.locator('img').count()).toBe(1);
    expect(await first.locator('img').getAttribute('loading')).toBe('lazy');
    expect(await first.textContent()).toMatch(/Check-in .+ · Cabin /);

    // Fare families: some card holds several fares; opening it offers each with its own Book.
    const withFares = cards.filter({ has: page.getByRole('button', { name: /^\d+ fares$/ }) }).first();
    // Held by its id: once opened, the card's button reads "Hide fares" and the filter above no longer matches it.
    const familyCard = page.locator(`[data-result="${await withFares.getAttribute('data-result')}"]`);
    await familyCard.getByRole('button', { name: /^\d+ fares$/ }).click();
    const fares = familyCard.getByRole('list', { name: 'Fares for these flights' });
    expect(await fares.getByRole('listitem').count()).toBeGreaterThan(1);
    expect(await fares.getByRole('button', { name: 'Book' }).count()).toBe(await fares.getByRole('listitem').count());

    // The list scrolls with the page: no inner scroll box cuts an opened card.
    const list = page.getByRole('list', { name: 'Flights', exact: true });
    expect(await list.evaluate((el) => getComputedStyle(el).overflowY)).toBe('visible');

    // Counts follow the other filters: with Direct ticked, the airline counts add up to what is shown.
    await page.getByRole('group', { name: 'Stops' }).getByText('Direct').click();
    await expect.poll(() => shownCount(page)).toBeLessThan(total);
    const direct = await shownCount(page);
    await expect
      .poll(async () => {
        const labels = await page.getByRole('group', { name: 'Airlines' }).locator('label').allTextContents();
        return labels.reduce((n, l) => n + Number(/\((\d+)\)/.exec(l)?.[1] ?? 0), 0);
      })
      .toBe(direct);

    // The price slider is visible and dragging its upper thumb narrows the list.
    const thumb = page.getByRole('slider', { name: 'Maximum price' });
    const box = (await thumb.boundingBox())!;
    expect(box.width).toBeGreaterThan(8);
    expect(box.height).toBeGreaterThan(8);
    const low = (await page.getByRole('slider', { name: 'Minimum price' }).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // Drag the upper thumb a third of the way back towards the lower one.
    await page.mouse.move(low.x + ((box.x - low.x) * 2) / 3, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => shownCount(page)).toBeLessThan(direct);

    // The fare strip: seven days, the searched one marked; another day searches that day.
    const strip = page.getByRole('navigation', { name: 'Fares on nearby days' });
    const days = strip.getByRole('button');
    expect(await days.count()).toBe(7);
    expect(await days.nth(3).getAttribute('aria-current')).toBe('date');
    await expect.poll(() => days.nth(4).textContent()).toMatch(/₹[\d,]+\.\d\d/);
    await days.nth(4).click();
    await page.waitForURL(new RegExp(`departure=${ahead(21)}`));
    await page.getByText(SHOWING).waitFor({ timeout: 30_000 });
  });

  it('a multi-city card shows both legs and its details label Leg 1 and Leg 2', async () => {
    const { page } = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await agentAt(page, '/flight');
    const segments = `DEL-BOM-${ahead(20)},BOM-GOI-${ahead(24)}`;
    await results(page, `${ONE_WAY}&journeyType=3&segments=${segments}`);
    const card = page.locator('[data-result]').first();
    await expect.poll(() => card.textContent()).toMatch(/Leg 1.*DEL.*BOM.*Leg 2.*BOM.*GOI/);
    await card.getByRole('button', { name: 'Flight details' }).click();
    await card.getByRole('group', { name: 'Leg 2 flights' }).waitFor();
    expect(await card.getByRole('group', { name: 'Return flights' }).count()).toBe(0);
  });

  it('on a phone the filter drawer applies on Apply and clears on Clear Filters (spec 000 §2)', async () => {
    const { page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await agentAt(page, '/flight');
    await results(page);
    const total = await shownCount(page);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByRole('group', { name: 'Stops' }).getByText('Direct').click();
    // Nothing changes under the drawer until Apply.
    expect(await shownCount(page)).toBe(total);
    await drawer.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => shownCount(page)).toBeLessThan(total);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await drawer.getByRole('button', { name: 'Clear Filters' }).click();
    await drawer.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => shownCount(page)).toBe(total);
  });
});
