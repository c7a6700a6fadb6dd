/**
 * Notifications in Chromium against the local stack: the staff push prompt appears 3 s after sign-in with the
 * VAPID key read from the API at run time (the build sets no variable); an agent chooses, on the profile page, how
 * each event reaches them (mail, push, both or neither) and saves it. Screenshots at 1366 and 390 px (E2E_SHOTS);
 * every screen passes axe (WCAG 2 AA).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { NOTIFICATION_MSG } from '@tp/contracts/endpoints/notifications';
import { axeViolations } from '../support/axe.ts';
import { appUrl, launchFullBrowser, screenshots, signIn, toast } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';
let browser: Browser;

beforeAll(async () => {
  // The push prompt needs a browser that can still ask for notification permission: not the headless shell.
  browser = await launchFullBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const shoot = screenshots('notifications');

async function signedIn(email: string, path: string): Promise<Page> {
  // bypassCSP: axe comes in as a script tag (tests/support/axe.ts).
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(appUrl(SITE, path));
  // The first load of a cold browser on a busy machine can be slow: a generous wait, not a timing assertion.
  await page.waitForURL(/\/app\/login\?redirectTo=/, { timeout: 90_000 });
  await signIn(page, email);
  return page;
}

describe('Notifications', () => {
  it('offers staff the push prompt with the key the API serves', { timeout: 240_000 }, async () => {
    const page = await signedIn(`staff@${SITE}`, '/staff/customers');
    const prompt = page.getByRole('dialog', { name: 'Enable notifications?' });
    await prompt.waitFor({ timeout: 60_000 });
    await shoot(page, 'staff-prompt');
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it(
    'lets an agent choose mail, push, both or neither per event on the profile page',
    { timeout: 240_000 },
    async () => {
      const page = await signedIn(`agent@${SITE}`, '/user/dashboard');
      const panel = page.getByRole('region', { name: 'Notifications' });
      const refundMail = panel.getByRole('checkbox', { name: 'A refund credited: mail' });
      await refundMail.waitFor({ timeout: 60_000 });
      await panel.getByRole('button', { name: 'Turn on push in this browser' }).waitFor();
      await shoot(page, 'profile-preferences');
      expect(await axeViolations(page, 'main')).toEqual([]);

      const wasOn = await refundMail.isChecked();
      await refundMail.click();
      await panel.getByRole('button', { name: 'Save preferences' }).click();
      await toast(page, NOTIFICATION_MSG.preferencesSaved).first().waitFor();
      await page.reload();
      const again = page
        .getByRole('region', { name: 'Notifications' })
        .getByRole('checkbox', { name: 'A refund credited: mail' });
      await again.waitFor({ timeout: 60_000 });
      await expect.poll(() => again.isChecked()).toBe(!wasOn);
      // Back as it was: other files read this agent's mail.
      await again.click();
      await page.getByRole('button', { name: 'Save preferences' }).click();
      await toast(page, NOTIFICATION_MSG.preferencesSaved).first().waitFor();
      await page.context().close();
    },
  );
});
