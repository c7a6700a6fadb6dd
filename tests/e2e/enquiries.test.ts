/**
 * The CRM in Chromium against the local stack: a signed-in customer sends an enquiry from /crm and sees
 * it listed as New; Flight Deals' super admin finds it in the inbox, opens it in the drawer and moves it to
 * Contacted with a note; the customer then sees it Contacted. Each screen passes axe and fits at 1366 and 390 px.
 * Screenshots for a person to look at (E2E_SHOTS, README "Tests").
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ENQUIRY_MSG } from '@tp/contracts/endpoints/enquiries';
import { accessibleAtEachWidth, appUrl, launch, SHOT_WIDTHS, signIn, toast } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';
const MESSAGE = `Honeymoon in Bali in May, about 7 nights ${randomUUID().slice(0, 6)}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Both widths, each checked for sideways scrolling and axe (inside `scope`: the screen or its dialog), then back at 1366. */
async function shoot(page: Page, name: string, scope = 'main'): Promise<void> {
  await page.locator(scope).first().waitFor();
  await accessibleAtEachWidth(page, 'enquiries', name, scope);
  await page.setViewportSize({ width: SHOT_WIDTHS[0], height: 900 });
}

async function signedIn(email: string, path: string) {
  // bypassCSP: axe comes in as a script tag (tests/support/axe.ts).
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(appUrl(SITE, path));
  await page.waitForURL(/\/app\/login\?redirectTo=/);
  await signIn(page, email);
  return { context, page };
}

describe('CRM', () => {
  it('a customer sends an enquiry; staff work it in the inbox', { timeout: 300_000 }, async () => {
    // The customer: their enquiries, and a general one sent from the dialog.
    const customer = await signedIn(`retail@${SITE}`, '/crm');
    const mine = customer.page;
    await mine.getByRole('heading', { name: 'My enquiries', level: 1 }).waitFor();
    await mine.getByRole('button', { name: 'Send an enquiry' }).click();
    const dialog = mine.getByRole('dialog', { name: 'Send an enquiry' });
    await dialog.getByRole('textbox', { name: /^Message/ }).fill(MESSAGE);
    await dialog.getByRole('textbox', { name: /^Adults/ }).fill('2');
    await shoot(mine, 'enquiry-form', '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Send enquiry' }).click();
    await toast(mine, ENQUIRY_MSG.submitted).first().waitFor();
    await mine.getByText('General enquiry').first().waitFor();
    await shoot(mine, 'my-enquiries');

    // Staff: the inbox opens on New; search, open, move it on with a note.
    const staff = await signedIn(`admin@${SITE}`, '/crm');
    const inbox = staff.page;
    await inbox.getByRole('heading', { name: 'CRM: enquiries', level: 1 }).waitFor();
    await inbox.getByRole('tab', { name: /^New/, selected: true }).waitFor();
    await inbox.getByRole('searchbox', { name: 'Search enquiries' }).fill('retail@');
    await inbox
      .getByRole('button', { name: /^Open the enquiry of / })
      .first()
      .waitFor();
    await shoot(inbox, 'inbox');
    await inbox
      .getByRole('button', { name: /^Open the enquiry of / })
      .first()
      .click();
    const drawer = inbox.getByRole('dialog', { name: 'Enquiry' });
    await drawer.getByText(MESSAGE).waitFor();
    await shoot(inbox, 'inbox-drawer', '[role="dialog"]');
    await drawer.getByRole('textbox', { name: /^Note/ }).fill('Called: sending three Bali options by mail');
    await drawer.getByRole('button', { name: 'Update status' }).click();
    await toast(inbox, ENQUIRY_MSG.statusChanged).first().waitFor();
    await drawer.getByText('Called: sending three Bali options by mail').waitFor();
    await inbox.keyboard.press('Escape');
    await inbox.getByRole('tab', { name: /^Contacted/ }).click();
    await inbox
      .getByRole('button', { name: /^Open the enquiry of / })
      .first()
      .waitFor();

    // The customer sees where it stands (never the staff note).
    await mine.reload();
    const ours = mine.getByRole('row', { name: /General enquiry/ }).first();
    await expect.poll(() => ours.getByText('Contacted', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    expect(await mine.getByText('Called: sending').count()).toBe(0);
    await customer.context.close();
    await staff.context.close();
  });
});
