/**
 * A reseller's own team in Chromium against the local stack: Flight Deals' super admin opens Staff from the staff
 * menu, invites a teammate with a permission group, follows the mailed link to set the teammate's password, sees
 * them active, then deactivates them (after a confirmation). axe finds nothing on the list or the invite dialog.
 * Screenshots at 1366 and 390 px for a person to look at (E2E_SHOTS, README "Tests").
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { STAFF_MSG } from '@tp/contracts/endpoints/staff';
import { mailbox } from '../support/api.ts';
import { axeViolations, dialogsSettled } from '../support/axe.ts';
import { appUrl, screenshots, signIn, toast, useBrowser } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';
const browser = useBrowser();
const shoot = screenshots('staff-team');

/** The set-password token of the invite mailed to `email`. */
async function inviteToken(email: string): Promise<string> {
  await expect
    .poll(async () => (await mailbox()).some((m) => m.destination.to.includes(email)), { timeout: 15_000 })
    .toBe(true);
  const mail = (await mailbox()).filter((m) => m.destination.to.includes(email)).pop()!;
  return /generate_password\?token=([\w-]+)/.exec(mail.body.text ?? '')![1]!;
}

describe('Staff', () => {
  it(
    'invites a teammate who sets a password through the mail, then deactivates them',
    { timeout: 300_000 },
    async () => {
      const context = await browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
      const page = await context.newPage();
      await page.goto(appUrl(SITE, '/staff/team'));
      await page.waitForURL(/\/app\/login\?redirectTo=/);
      await signIn(page, `admin@${SITE}`);
      await page.waitForURL((u) => u.pathname === '/app/staff/team');
      await page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
      const table = page.getByRole('table', { name: 'Staff' });
      await table.getByText(`staff@${SITE}`).waitFor();
      expect(await axeViolations(page, '#staff-team')).toEqual([]);

      const email = `teammate-${randomUUID().slice(0, 8)}@example.com`;
      await page.getByRole('button', { name: 'Invite staff' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite staff' });
      await dialog.getByRole('textbox', { name: 'Full name' }).fill('Neha Kapoor');
      await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
      await dialog.getByRole('combobox', { name: 'Permission group' }).click();
      await page.getByRole('option', { name: 'Ticketing desk' }).click();
      await dialogsSettled(page);
      expect(await axeViolations(page, '.mantine-Modal-content')).toEqual([]);
      await shoot(page, 'staff-invite');
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await toast(page, STAFF_MSG.invited).first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      const row = table.getByRole('row', { name: /Neha Kapoor/ });
      await row.getByText('Invited').waitFor();

      // The teammate sets their own password through the mailed link, in a browser of their own.
      const theirs = await browser().newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
      const mine = await theirs.newPage();
      await mine.goto(appUrl(SITE, `/generate_password?token=${await inviteToken(email)}`));
      await mine.getByLabel(/^New password/).fill('Neha-Desk-2026');
      await mine.getByLabel(/^Confirm password/).fill('Neha-Desk-2026');
      await mine.getByRole('button', { name: 'Set password' }).click();
      await mine.waitForURL(/\/app\/login/);
      await theirs.close();

      await page.reload();
      await row.getByText('Active').waitFor();
      await shoot(page, 'staff-list');

      await row.getByRole('button', { name: 'Deactivate Neha Kapoor' }).click();
      const confirm = page.getByRole('dialog', { name: /Deactivate/ });
      await confirm.getByRole('button', { name: /Deactivate/ }).click();
      await toast(page, STAFF_MSG.deactivated).first().waitFor();
      await row.getByText('Deactivated').waitFor();
      await row.getByRole('button', { name: 'Reactivate Neha Kapoor' }).waitFor();
      await context.close();
    },
  );
});
