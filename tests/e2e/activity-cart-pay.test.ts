/**
 * An activity cart paid online, in Chromium on a phone (390 px) against the local stack (docs/dmc.md "The activity
 * cart pays"): on Flight Deals with carts paying when confirmed, the demo retail customer (no wallet money) submits a
 * cart, staff confirm it (confirmed unpaid: the customer pays online); the customer opens it from the queue, pays on
 * the sandbox gateway and comes back to the cart, which the payments worker has paid. The site's setting is put back
 * afterwards. axe (WCAG 2 AA) on the cart; screenshots at 1366 and 390 px (E2E_SHOTS).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, updateCartStatus, type TCart } from '@tp/contracts/endpoints/activities';
import { getQuotationSettings, saveCartPayment, type CartPaysAt } from '@tp/contracts/endpoints/dmc';
import { login } from '@tp/contracts/endpoints/users';
import { DEMO_PASSWORD } from '../../scripts/seed/logins.ts';
import { axeViolations } from '../support/axe.ts';
import { Client } from '../support/api.ts';
import { appUrl, screenshots, signIn, useBrowser } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';
const PHONE = { width: 390, height: 844 };
const browser = useBrowser();
const shots = screenshots('activity-cart-pay');

let admin: Client;
let before: CartPaysAt = 'none';

async function signedIn(local: string): Promise<Client> {
  const c = new Client(SITE);
  const res = await c.call(login, { email: `${local}@${SITE}`, password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return c;
}

async function ok<T>(c: Client, ...args: Parameters<Client['call']>): Promise<T> {
  const res = await c.call(...args);
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return res.body.result as T;
}

beforeAll(async () => {
  admin = await signedIn('admin');
  before = (await ok<{ cartPaysAt: CartPaysAt }>(admin, getQuotationSettings, {})).cartPaysAt;
  await ok(admin, saveCartPayment, { cartPaysAt: 'confirmed' });
});

afterAll(async () => {
  await admin?.call(saveCartPayment, { cartPaysAt: before });
});

describe('Paying an activity cart online', () => {
  it('a retail customer on a phone pays a confirmed cart on the sandbox gateway', { timeout: 300_000 }, async () => {
    const retail = await signedIn('retail');
    const trip = { startDate: '2027-02-10', endDate: '2027-02-11', adults: 1, children: 0, changeParty: true };
    const added = await ok<TCart>(retail, addToCart, {
      ...trip,
      item: { activityId: 'dmc-act-burj-khalifa', tourOptionId: 'dmc-to-burj-khalifa-l124-non-prime' },
    });
    await ok(retail, updateCartStatus, { cartId: added.id, status: 'submitted' });
    const confirmed = await ok<TCart>(admin, updateCartStatus, { cartId: added.id, status: 'confirmed' });
    expect(confirmed.payment ?? null).toBeNull();

    const context = await browser().newContext({ viewport: PHONE, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(appUrl(SITE, '/activities/queue?status=confirmed'));
    await page.waitForURL(/\/app\/login\?redirectTo=/);
    await signIn(page, `retail@${SITE}`);
    await page.getByRole('heading', { name: 'Activity queue', level: 1 }).waitFor();
    await page
      .getByRole('button', { name: `Open cart ${added.reference}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    const pay = dialog.getByRole('button', { name: /^Pay ₹[\d,]+\.\d\d online$/ });
    await pay.waitFor();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await shots(page, 'cart-to-pay');
    await page.setViewportSize(PHONE);

    await pay.click();
    await page.waitForURL(/\/sandbox-gateway\//);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/app\/activities\/queue\?status=confirmed&cart=[0-9a-f]+&payment=/);
    // The payments worker verifies it meanwhile; the cart opens with the payment checked and then shown paid.
    await dialog.getByText('Payment received: your cart is paid').waitFor({ timeout: 60_000 });
    await dialog.getByText(/^Paid ₹[\d,]+\.\d\d online on /).waitFor();
    await dialog.getByRole('button', { name: /online$/ }).waitFor({ state: 'detached' });
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await shots(page, 'cart-paid');
    await context.close();
  });
});
