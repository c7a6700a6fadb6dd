/**
 * Issue #33's phone journey (docs/dmc.md "Accept and pay from the shared link"): on a 390 px phone the customer
 * opens a quotation's shared link, accepts it, pays the deposit on the sandbox gateway and sees the receipt; staff,
 * on a phone too, find the payment beside the quotation and its margin. Every page the journey visits is checked
 * with axe (0 violations) at the phone's width and has no sideways scroll.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { KART_PAY_MSG, saveKart, shareKart } from '@tp/contracts/endpoints/kart';
import { axeViolations } from '../support/axe.ts';
import { appUrl, screenshots, signIn, toast, useBrowser } from '../support/browser.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { userIdByEmail } from '../../functions/src/users/repo.ts';
import { FLIGHTDEALS, ok, staff } from '../integration/dmc-helpers.ts';

const SITE = 'flightdeals.localhost';
const NAME = `E2E phone trip ${randomUUID().slice(0, 6)}`;
const PHONE = { width: 390, height: 844 };

const browser = useBrowser();
const shoot = screenshots('kart-pay-journey');

let kartId: string;
let slug: string;

beforeAll(async () => {
  // The quotation itself is built through the API (the builder has its own journey, kart.test.ts): a desert camp
  // sold at AED 10,000 that costs the DMC 8,000; 30 % on acceptance.
  const c = await staff();
  const customerId = (await userIdByEmail(asSiteId(FLIGHTDEALS.siteId), `retail@${SITE}`))!;
  const saved = await ok(c, saveKart, {
    customerId,
    kartName: NAME,
    adults: 2,
    child: 0,
    infant: 0,
    arrivalDate: '2099-02-01',
    noOfDays: 3,
    noOfNights: 2,
    currencySymbol: 'AED',
    miscellaneous: [{ name: 'Desert camp', description: 'Two nights', price: 10000, cost: 8000, startDate: null }],
    paymentTerms: { depositKind: 'percent', depositValue: 30, balanceDaysBeforeArrival: 14 },
  });
  kartId = saved.id;
  slug = (await ok(c, shareKart, { id: kartId })).slug;
});

/** No axe violations in `scope` and nothing wider than the phone. */
async function accessible(page: Page, where: string, scope = 'main'): Promise<void> {
  expect(await axeViolations(page, scope), where).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, where).toBeLessThanOrEqual(0);
}

describe('a quotation paid from a phone', () => {
  it(
    'the customer accepts, pays the deposit and sees the receipt; staff see the payment and the margin',
    {
      timeout: 240_000,
    },
    async () => {
      // bypassCSP: axe comes in as a script tag (tests/support/axe.ts).
      const customer = await browser().newContext({ viewport: PHONE, bypassCSP: true, isMobile: true, hasTouch: true });
      const phone = await customer.newPage();
      await phone.goto(appUrl(SITE, `/quotation/${slug}`));
      const doc = phone.getByRole('article', { name: /^Quotation / });
      await doc.getByText(NAME).waitFor();
      await doc.getByText(/^Deposit on acceptance/).waitFor();
      await accessible(phone, 'shared quotation');
      await shoot(phone, 'shared');

      const payment = phone.getByRole('region', { name: 'Payment' });
      await payment.getByRole('button', { name: 'Accept this quotation' }).click();
      await toast(phone, KART_PAY_MSG.accepted).first().waitFor();
      const deposit = payment.getByRole('radio', { name: /^Deposit / });
      await deposit.check();
      await accessible(phone, 'accepted quotation');
      await payment.getByRole('button', { name: /^Pay / }).click();

      // The sandbox gateway's page.
      await phone.waitForURL(/\/sandbox-gateway\//);
      const pay = phone.getByRole('button', { name: 'Pay', exact: true });
      await pay.waitFor();
      await accessible(phone, 'sandbox gateway', 'body');
      await shoot(phone, 'gateway');
      await pay.click();

      // Back on the link: the payments worker verifies the payment; the page reads it again until its receipt is there.
      await phone.waitForURL(/\/quotation\/[^/?]+\?payment=/);
      const receiptLink = phone
        .getByRole('region', { name: 'Payment' })
        .getByRole('link', { name: 'View the receipt', exact: true });
      await receiptLink.waitFor({ timeout: 60_000 });
      await accessible(phone, 'paid quotation');
      await shoot(phone, 'paid');
      await receiptLink.click();
      const receipt = phone.getByRole('article', { name: /^Receipt RCT\// });
      await receipt.getByText('Online payment', { exact: true }).waitFor();
      await receipt
        .getByText(/3,000\.00/)
        .first()
        .waitFor();
      const number = (await receipt.getAttribute('aria-label'))!.replace('Receipt ', '');
      await accessible(phone, 'receipt');
      await shoot(phone, 'receipt');
      await customer.close();

      // Staff, on a phone as well, see the receipt beside the quotation and what it makes.
      const desk = await browser().newContext({ viewport: PHONE, bypassCSP: true, isMobile: true, hasTouch: true });
      const page = await desk.newPage();
      await page.goto(appUrl(SITE, `/staff/kart?kart=${kartId}`));
      await page.waitForURL(/\/app\/login\?redirectTo=/);
      await signIn(page, `admin@${SITE}`);
      await page.getByRole('heading', { name: NAME }).waitFor();
      await page
        .getByRole('region', { name: 'Payments' })
        .getByRole('table', { name: 'Receipts' })
        .getByRole('row', { name: new RegExp(number.replaceAll('/', '\\/')) })
        .waitFor();
      const margin = page.getByRole('complementary', { name: 'Margin' });
      await expect.poll(() => margin.getByTestId('kart-margin').textContent()).toMatch(/2,000\.00 \(20\.00 %\)/);
      await accessible(page, 'staff quotation', 'body');
      await shoot(page, 'staff');
      await desk.close();
    },
  );
});
