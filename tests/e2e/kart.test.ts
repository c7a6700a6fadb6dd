/**
 * A quotation as a DMC sales person builds it, in Chromium against the local stack: Flight Deals' super
 * admin builds a Dubai quotation with a hotel priced from its contract, two activities with transfers (priced by
 * the rate engine) and a miscellaneous item, saves it, opens the A4 print view, shares the link and opens it signed out on a phone, where
 * the customer accepts it, pays the deposit on the sandbox gateway and opens the receipt; staff see the payment
 * beside the quotation, then voucher it; the guest's vouchers print, the hotel confirms on its booking link, and its
 * payable is on the supplier payables screen. Screenshots of each screen at 1366 and 390 px for a person to look at
 * (E2E_SHOTS, README "Tests").
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { KART_MSG, KART_PAY_MSG } from '@tp/contracts/endpoints/kart';
import { axeViolations } from '../support/axe.ts';
import { waitForMail } from '../support/api.ts';
import { accessibleAtEachWidth, appUrl, screenshots, signIn, toast, typeDate, useBrowser } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';
const NAME = `E2E Dubai family ${randomUUID().slice(0, 6)}`;
// Inside the demo rates' validity (scripts/seed/dmc-dubai.ts).
const ARRIVAL = '2027-01-20';

const browser = useBrowser();
const shoot = screenshots('kart');

/** A select by label inside `scope`: open it, type, take the option (its name matched exactly or by pattern). */
async function pick(scope: Locator, label: RegExp, text: string, option: string | RegExp, nth = 0): Promise<void> {
  const page = scope.page();
  const box = scope.getByRole('combobox', { name: label }).nth(nth);
  await box.click();
  if (text) await box.fill(text);
  await page
    .getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option })
    .first()
    .click();
  if (typeof option === 'string') await expect.poll(() => box.inputValue()).toBe(option);
}

describe('Quotation (kart)', () => {
  it('builds, saves, prints, shares and vouchers a quotation', { timeout: 420_000 }, async () => {
    // bypassCSP: axe comes in as a script tag (tests/support/axe.ts).
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(appUrl(SITE, '/staff/kart'));
    await page.waitForURL(/\/app\/login\?redirectTo=/);
    await signIn(page, `admin@${SITE}`);
    await page.getByRole('heading', { name: 'Quotations', level: 1 }).waitFor();
    await page
      .getByRole('table', { name: 'Quotations' })
      .getByRole('row', { name: /Dubai family break/ })
      .first()
      .waitFor();
    await shoot(page, 'list');

    await page.getByRole('button', { name: 'New quotation' }).click();
    const quote = page.getByRole('region', { name: 'Quotation', exact: true });
    await pick(quote, /^Customer/, 'retail', /retail@flightdeals\.localhost/);
    await quote.getByRole('textbox', { name: /^Quotation name/ }).fill(NAME);
    await quote.getByRole('textbox', { name: /^Adults/ }).fill('2');
    await typeDate(quote.getByRole('textbox', { name: /^Arrival date/ }), ARRIVAL);
    await quote.getByRole('textbox', { name: /^Days/ }).fill('4');
    await quote.getByRole('textbox', { name: /^Nights/ }).fill('3');

    // A hotel: 3 nights, priced from its contract (no price typed): its first room type, bed and breakfast, the
    // party's two adults in the one room.
    const hotels = page.getByRole('region', { name: 'Hotels' });
    await hotels.getByRole('button', { name: 'Add hotel' }).click();
    await pick(hotels, /^Hotel/, 'Rove', 'Rove Downtown');
    await typeDate(hotels.getByRole('textbox', { name: /^Check-in/ }), ARRIVAL);
    await hotels.getByRole('textbox', { name: /^Nights/ }).fill('3');
    const fromContract = hotels.getByRole('radio', { name: 'From the contract' });
    await expect.poll(() => fromContract.isEnabled(), { timeout: 20_000 }).toBe(true);
    await hotels.getByText('From the contract', { exact: true }).click();
    await pick(hotels, /^Meal plan/, '', 'Bed & breakfast');
    expect(await hotels.getByRole('textbox', { name: /^Room 1 adults/ }).inputValue()).toBe('2');
    await expect
      .poll(() => hotels.getByTestId('stay-price').textContent(), { timeout: 20_000 })
      .toMatch(/^Rooms 3 × AED\s[\d,.]+ = AED\s[\d,.]+/);

    // Two activities, each with a transfer, priced by the rate engine.
    const activities = page.getByRole('region', { name: 'Activities' });
    // A timed entry is booked at one of its slots (its pickup goes then); a cruise takes its pickup and drop times
    // from the tour option.
    const activity = async (i: number, option: string, date: string, type: string, legs: number, slot?: string) => {
      await activities.getByRole('button', { name: 'Add activity' }).click();
      await pick(activities, /^City/, '', 'Dubai', i);
      await pick(activities, /^Tour option/, option.split(' · ')[0]!.slice(0, 8), option, i);
      if (slot) await pick(activities, /^Time slot/, '', slot);
      await typeDate(activities.getByRole('textbox', { name: /^Start date/ }).nth(i), date);
      await pick(activities, /^Transfer$/, '', type, i);
      await pick(activities, /^Sharing basis/, '', 'SIC (both ways)', i);
      const before = i === 0 ? 0 : 1;
      for (let leg = 0; leg < legs; leg++) {
        const from = before + leg;
        await activities
          .getByRole('textbox', { name: 'Pickup from' })
          .nth(from)
          .fill(leg ? 'Activity' : 'Rove Downtown');
        await activities
          .getByRole('textbox', { name: 'Drop at' })
          .nth(from)
          .fill(leg ? 'Rove Downtown' : 'Activity');
      }
      await expect
        .poll(() => activities.getByTestId('activity-price').nth(i).textContent(), { timeout: 20_000 })
        .toMatch(/AED/);
    };
    await activity(
      0,
      'Burj Khalifa At the Top · Level 124 & 125, non-prime hours',
      '2027-01-21',
      'One way (pickup)',
      1,
      '10:00',
    );
    await activity(1, 'Dhow Cruise Dinner, Dubai Marina · Dinner cruise', '2027-01-22', 'Return (pickup and drop)', 2);

    // A miscellaneous item.
    const misc = page.getByRole('region', { name: 'Other services' });
    await misc.getByRole('button', { name: 'Add item' }).click();
    await misc.getByRole('textbox', { name: /^Name/ }).fill('Tourist SIM card');
    await misc.getByRole('textbox', { name: /^Price/ }).fill('60');
    await typeDate(misc.getByRole('textbox', { name: /^Date/ }), ARRIVAL);

    const preview = await page.getByTestId('grand-total').textContent();
    await page.getByRole('button', { name: 'Save quotation' }).click();
    await toast(page, KART_MSG.saved).first().waitFor();
    await page.waitForURL(/\?kart=/);
    const kartId = new URL(page.url()).searchParams.get('kart')!;
    await page.getByRole('heading', { name: NAME }).waitFor();
    // The server's total is what the preview showed (same domain code on both sides).
    await expect.poll(() => page.getByTestId('grand-total').textContent(), { timeout: 20_000 }).toBe(preview);
    await shoot(page, 'builder');

    // The print view.
    await page.getByRole('link', { name: 'Print view' }).click();
    await page.waitForURL((u) => u.pathname === `/app/staff/kart/${kartId}/print`);
    const doc = page.getByRole('article', { name: /^Quotation / });
    await doc.getByText('Rove Downtown').waitFor();
    await doc.getByText('Tourist SIM card').waitFor();
    expect(await axeViolations(page, '#dmc-screen')).toEqual([]);
    await shoot(page, 'print');

    // Share the link, open it signed out.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Share link' }).click();
    await toast(page, KART_MSG.shared).first().waitFor();
    const shared = page.getByTestId('share-version');
    await expect.poll(() => shared.textContent(), { timeout: 20_000 }).toMatch(/Shared version \d+/);
    const url = await shared.getByRole('link').getAttribute('href');
    expect(url).toMatch(/\/app\/quotation\//);
    const whatsapp = await page.getByRole('link', { name: 'WhatsApp' }).getAttribute('href');
    expect(whatsapp).toContain(encodeURIComponent(url!));

    // The customer opens it on a phone, accepts it and pays the deposit on the sandbox gateway.
    const visitorContext = await browser().newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const visitor = await visitorContext.newPage();
    await visitor.goto(url!);
    const publicDoc = visitor.getByRole('article', { name: /^Quotation / });
    await publicDoc.getByText(NAME).waitFor();
    await publicDoc.getByText('Dinner cruise', { exact: false }).first().waitFor();
    await publicDoc.getByText(/^Deposit on acceptance/).waitFor();
    expect(await axeViolations(visitor, 'main')).toEqual([]);
    await shoot(visitor, 'shared');
    const payment = visitor.getByRole('region', { name: 'Payment' });
    await payment.getByRole('button', { name: 'Accept this quotation' }).click();
    await toast(visitor, KART_PAY_MSG.accepted).first().waitFor();
    await payment.getByRole('radio', { name: /^Deposit / }).check();
    await payment.getByRole('button', { name: /^Pay / }).click();
    await visitor.waitForURL(/\/sandbox-gateway\//);
    await visitor.getByRole('button', { name: 'Pay', exact: true }).click();
    await visitor.waitForURL(/\/quotation\/[^/?]+\?payment=/);
    // The payments worker verifies it meanwhile; the page reads the payment again until its receipt is there.
    const receiptLink = visitor
      .getByRole('region', { name: 'Payment' })
      .getByRole('link', { name: 'View the receipt', exact: true });
    await receiptLink.waitFor({ timeout: 60_000 });
    await shoot(visitor, 'paid');
    await receiptLink.click();
    const receipt = visitor.getByRole('article', { name: /^Receipt RCT\// });
    await receipt.getByText('Online payment', { exact: true }).waitFor();
    const number = (await receipt.getAttribute('aria-label'))!.replace('Receipt ', '');
    expect(await axeViolations(visitor, 'main')).toEqual([]);
    await shoot(visitor, 'receipt');
    await visitorContext.close();

    // Staff see the payment beside the quotation.
    await page.getByRole('link', { name: 'Back to the quotation' }).click();
    await page.getByRole('heading', { name: NAME }).waitFor();
    await page
      .getByRole('region', { name: 'Payments' })
      .getByRole('table', { name: 'Receipts' })
      .getByRole('row', { name: new RegExp(number.replaceAll('/', '\\/')) })
      .waitFor();

    // Voucher it.
    await page.getByRole('button', { name: `Voucher ${NAME}` }).click();
    await page
      .getByRole('dialog', { name: `Voucher ${NAME}?` })
      .getByRole('button', { name: 'Voucher' })
      .click();
    await toast(page, KART_MSG.vouchered).first().waitFor();
    await page.getByText('Vouchered', { exact: true }).first().waitFor();

    // An edit of the vouchered quotation is a save, and says so.
    // The voucher's toast first goes (they hide by themselves), so the next one is the save's own.
    await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 15_000 }).toBe(0);
    const misc2 = page.getByRole('region', { name: 'Other services' });
    await misc2.getByRole('textbox', { name: /^Name/ }).fill('Tourist SIM card, 10 GB');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, KART_MSG.saved).first().waitFor();
    expect(await toast(page, KART_MSG.vouchered).count()).toBe(0);

    // Vouchering asked the hotel to confirm; the guest's vouchers print, and the hotel answers on its link.
    const paper = page.getByRole('region', { name: 'Suppliers and vouchers' });
    await paper
      .getByRole('table', { name: 'Supplier status' })
      .getByRole('row', { name: /Rove Downtown/ })
      .waitFor();
    await paper.getByRole('link', { name: "Print the guest's vouchers" }).click();
    const stay = page.getByRole('article', { name: 'Hotel voucher: Rove Downtown' });
    await stay.getByText('Awaiting the supplier', { exact: true }).waitFor();
    await accessibleAtEachWidth(page, 'kart', 'vouchers', 'main');
    const reference = (await stay.locator('canvas[data-qr]').getAttribute('data-qr'))!;
    const request = await waitForMail(
      'reservations@rove-downtown.example',
      new RegExp(`^Booking request ${reference}:`),
    );
    const link = /https?:\/\/\S+\/supplier-request\/[\w~-]+/.exec(request.body.text ?? '')![0];
    const hotelContext = await browser().newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const hotel = await hotelContext.newPage();
    await hotel.goto(link);
    const ask = hotel.getByRole('article', { name: 'Rove Downtown' });
    await ask.getByText(reference, { exact: true }).waitFor();
    await accessibleAtEachWidth(hotel, 'kart', 'supplier-request', 'main');
    await ask.getByRole('textbox', { name: /confirmation number/ }).fill('ROVE-E2E-1');
    await ask.getByRole('button', { name: 'Confirm the booking' }).click();
    await ask.getByText('ROVE-E2E-1', { exact: true }).waitFor();
    await hotelContext.close();
    await page.reload();
    await stay.getByText('ROVE-E2E-1', { exact: true }).waitFor();

    // The voucher raised the hotel's payable at its contract cost: it is on the supplier payables screen.
    // Back at the desk's width (the vouchers' accessibility walk left the page at the phone's).
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(appUrl(SITE, '/staff/dmc-payables'));
    const payables = page.getByRole('table', { name: 'Payables' });
    await payables.getByRole('button', { name: 'Pay Rove Downtown', exact: true }).first().waitFor();
    await accessibleAtEachWidth(page, 'kart', 'payables', 'main');
    await context.close();
  });
});
