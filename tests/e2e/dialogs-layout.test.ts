/**
 * In Chromium against the local stack: dialogs keep what was typed (Escape closes
 * the innermost layer, discarding asks first), screens fit a phone and narrow fields (the city list, the
 * confirmation's passengers, the enquiry and queue date fields), and the trade-only controls (Sources, e-ticket
 * markup and discount) show to agents, not to a retail traveller. Screenshots (E2E_SHOTS, README "Tests").
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { changeRequest, ticketSlug } from '@tp/contracts/endpoints/tickets';
import { dialogsSettled } from '../support/axe.ts';
import { ahead, appUrl, atWidth, saveShot, screenshots, signIn, useBrowser } from '../support/browser.ts';
import { demo, FLIGHTDEALS } from '../integration/customers-helpers.ts';
import { plainBooking, supplierBooking } from '../integration/tickets-helpers.ts';

const SITE = 'flightdeals.localhost';
const browser = useBrowser();
const shoot = screenshots('dialogs-layout');

async function signedIn(who: string, path: string, width = 1366): Promise<Page> {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(appUrl(SITE, path));
  await page.getByLabel(/^Email/).waitFor({ timeout: 60_000 });
  await signIn(page, `${who}@${SITE}`);
  await page.waitForURL((u) => !/login/.test(u.pathname));
  return page;
}

/** The field's text (its value, else its placeholder) fits inside its content box: nothing is cut off. */
async function fitsWhole(field: Locator): Promise<{ text: string; needs: number; has: number }> {
  return field.evaluate((el) => {
    const input = el as HTMLInputElement;
    const style = getComputedStyle(input);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = style.font;
    const text = input.value || input.placeholder;
    const has = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text, needs: Math.ceil(ctx.measureText(text).width), has: Math.floor(has) };
  });
}

describe('dialogs keep what was typed', () => {
  it('Escape in the fixed-departure booking date picker closes the calendar only; discarding asks first', async () => {
    const page = await signedIn('agent', '/fixed-departures');
    const card = page.getByRole('article', { name: 'Dubai Shopping Festival, 5 nights' });
    await card.getByRole('button', { name: 'Book' }).click();
    const dialog = page.getByRole('dialog', { name: /^Book Dubai Shopping Festival/ });
    // A child travels: a child's birth date is always asked.
    await dialog.getByRole('textbox', { name: /^Children/ }).fill('1');
    const lead = dialog.getByRole('group', { name: 'Adult 1 (lead passenger)' });
    await lead.getByRole('textbox', { name: /^First name/ }).fill('Ravi');
    const birth = dialog.getByRole('group', { name: 'Child 1' }).getByRole('textbox', { name: /^Date of birth/ });
    await birth.click();
    const calendar = page.getByRole('button', { name: 'Previous month' });
    await calendar.waitFor();

    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    expect(await lead.getByRole('textbox', { name: /^First name/ }).inputValue()).toBe('Ravi');
    expect(await dialog.getByRole('group', { name: 'Child 1' }).count()).toBe(1);

    // Now Escape is the dialog's: with a name typed, it asks; Keep editing goes back to the form as it was.
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
    await ask.waitFor();
    await dialogsSettled(page);
    await shoot(page, 'discard-question');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await lead.getByRole('textbox', { name: /^First name/ }).inputValue()).toBe('Ravi');

    // The × asks too; Discard closes.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('screens fit phones and narrow fields', () => {
  it('the city list is wider than a narrow field and breaks between words only', async () => {
    const page = await signedIn('agent', '/flight', 390);
    const from = page.getByLabel('From', { exact: true });
    await from.click();
    await from.pressSequentially('inter', { delay: 40 });
    const list = page.getByRole('listbox', { name: 'From options' });
    await list.getByRole('option').first().waitFor();
    const input = (await from.boundingBox())!;
    const option = (await list.getByRole('option').first().boundingBox())!;
    // Wider than the field when the field is narrow, and inside the screen.
    expect(option.width).toBeGreaterThan(input.width);
    expect(option.x).toBeGreaterThanOrEqual(0);
    expect(option.x + option.width).toBeLessThanOrEqual(390);
    // Every word of every option sits on one line ("International", not "Internation / al").
    const broken = await list.evaluate((el) => {
      const split: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) split.push(m[0]);
        }
      }
      return split;
    });
    expect(broken).toEqual([]);
    await shoot(page, 'city-list');
    await page.context().close();
  });

  it("the confirmation shows every passenger's column on a phone", { timeout: 240_000 }, async () => {
    const query = `origin=DEL&destination=BOM&departure=${ahead(21)}&adt=2&chd=0&inf=0`;
    const page = await signedIn('agent', `/flight/results/new?${query}`);
    await page.getByText(/Showing \d+ of \d+ flights/).waitFor({ timeout: 30_000 });
    await page.locator('[data-result]').first().getByRole('button', { name: 'Book' }).click();
    await page.getByRole('button', { name: 'Continue to passengers' }).waitFor({ timeout: 30_000 });
    const changed = page.getByRole('dialog', { name: 'Price changed' });
    if (await changed.isVisible()) await changed.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue to passengers' }).click();
    await page.waitForURL(/\/app\/flight\/passengers\//);
    for (const [i, first] of ['Ravi', 'Sita'].entries()) {
      const pax = page.getByRole('group', { name: i === 0 ? 'Adult 1 (lead passenger)' : 'Adult 2' });
      await pax.getByLabel('Title').click();
      await page.getByRole('option', { name: i === 0 ? 'Mr' : 'Mrs', exact: true }).click();
      await pax.getByLabel('First name').fill(first);
      await pax.getByLabel('Last name').fill('Venkataramanan');
      await pax.getByLabel('Gender').click();
      await page.getByRole('option', { name: i === 0 ? 'Male' : 'Female', exact: true }).click();
      if (i === 0) {
        await pax.locator('input[type="tel"]').fill('9876543210');
        await pax.getByLabel('Email').fill(`ravi.${Date.now()}@example.com`);
      }
    }
    await page.getByLabel(/^Wallet \(balance/).check();
    await page.getByRole('button', { name: 'Pay and book' }).click();
    await page.getByRole('heading', { name: 'Booking confirmed' }).waitFor({ timeout: 60_000 });
    await shoot(page, 'confirmation');

    // atWidth waits out the app shell's navbar sliding away: measured mid-slide, the list was 32 px wide.
    await atWidth(page, 390);
    const passengers = page.getByRole('list', { name: 'Passengers' });
    await passengers.waitFor();
    // Nothing of it lies beyond the screen (a card per passenger, every column in it).
    const box = await passengers.evaluate((el) => ({
      right: el.getBoundingClientRect().right,
      sw: el.scrollWidth,
      cw: el.clientWidth,
    }));
    expect(box.right).toBeLessThanOrEqual(390);
    expect(box.sw).toBeLessThanOrEqual(box.cw);
    for (const header of ['Passenger', 'Type', 'Ticket', 'Extras'])
      expect(await passengers.getByText(header, { exact: true }).count()).toBe(2);
    await page.context().close();
  });

  it('the enquiry travel date and the queue filter dates show whole', { timeout: 120_000 }, async () => {
    const page = await signedIn('retail', '/packages');
    await page.getByRole('link', { name: 'Dubai Delights' }).click();
    const form = page.getByRole('form', { name: 'Enquiry about Dubai Delights' });
    const travel = form.getByRole('textbox', { name: /^Travel date/ });
    await travel.waitFor();
    await shoot(page, 'package-enquiry');
    const empty = await fitsWhole(travel);
    expect(empty.needs, `"${empty.text}"`).toBeLessThanOrEqual(empty.has);
    await travel.fill('25/12/2030');
    await travel.press('Tab');
    const typed = await fitsWhole(travel);
    expect(typed.needs, `"${typed.text}"`).toBeLessThanOrEqual(typed.has);
    await page.context().close();

    for (const width of [1366, 390]) {
      const queue = await signedIn('agent', '/flight/ticketQueue', width);
      await queue.getByRole('heading', { name: 'Air Ticket Queue' }).waitFor();
      if (width === 390) await queue.getByRole('button', { name: /^Filters/ }).click();
      const filters = queue.getByRole('form', { name: 'Filter tickets' });
      for (const label of ['Sort by', 'Booked from', 'Booked to', 'Travel from', 'Travel to']) {
        const field = filters.getByLabel(label, { exact: true });
        const fit = await fitsWhole(field);
        expect(fit.needs, `${label} at ${width}: "${fit.text}"`).toBeLessThanOrEqual(fit.has);
      }
      if (width === 1366) await shoot(queue, 'queue-filters');
      else await saveShot(queue, 'dialogs-layout', 'queue-filter-drawer-390');
      await queue.context().close();
    }
  });

  it("the ticket card shows the supplier's change-request status text", { timeout: 120_000 }, async () => {
    const booking = await supplierBooking(FLIGHTDEALS.siteId, `agent@${SITE}`);
    const agent = await demo(FLIGHTDEALS, 'agent');
    const sent = await agent.call(changeRequest, {
      BookingId: booking.bookingId,
      RequestType: 1,
      CancellationType: 3,
      Remarks: 'Plans changed',
    });
    expect(sent.status).toBe(200);
    const page = await signedIn('agent', '/flight/ticketQueue');
    await page.getByLabel('PNR or ticket number').fill(booking.pnr);
    await page.getByRole('button', { name: 'Apply' }).click();
    const card = page.getByRole('article', { name: `Booking ${booking.pnr}` });
    await card.waitFor();
    // What the supplier says of the request, not our own "Change requested".
    await card.getByText('Unassigned', { exact: true }).waitFor();
    expect(await card.getByText('Change requested', { exact: true }).count()).toBe(0);
    await card.getByRole('button', { name: 'Refresh Status' }).waitFor();
    await shoot(page, 'ticket-card-change-request');
    await page.context().close();
  });
});

describe('trade-only controls', () => {
  it('an agent chooses sources and adds markup and discount on an e-ticket; a retail traveller sees neither', async () => {
    const agentBooking = await plainBooking(FLIGHTDEALS.siteId, `agent@${SITE}`);
    const agent = await signedIn('agent', '/flight');
    await agent.getByText('Sources', { exact: true }).waitFor({ timeout: 30_000 });
    await agent.goto(appUrl(SITE, `/flight/eTicket/${ticketSlug(agentBooking.bookingId, agentBooking.pnr)}`));
    await agent.getByRole('button', { name: 'Add Markup' }).waitFor({ timeout: 30_000 });
    expect(await agent.getByRole('button', { name: 'Add Discount' }).count()).toBe(1);
    await agent.context().close();

    const retailBooking = await plainBooking(FLIGHTDEALS.siteId, `retail@${SITE}`);
    const retail = await signedIn('retail', '/flight');
    await retail.getByLabel('From', { exact: true }).waitFor();
    await retail.waitForLoadState('networkidle');
    expect(await retail.getByText('Sources', { exact: true }).count()).toBe(0);
    await shoot(retail, 'search-retail');
    await retail.goto(appUrl(SITE, `/flight/eTicket/${ticketSlug(retailBooking.bookingId, retailBooking.pnr)}`));
    // Their own prices and e-mail, but no markup or discount of theirs.
    await retail.getByRole('button', { name: 'Hide Price' }).waitFor({ timeout: 30_000 });
    await retail.getByRole('button', { name: 'Email' }).waitFor();
    expect(await retail.getByRole('button', { name: /Markup$/ }).count()).toBe(0);
    expect(await retail.getByRole('button', { name: /Discount$/ }).count()).toBe(0);
    await shoot(retail, 'eticket-retail');
    await retail.context().close();
  });
});
