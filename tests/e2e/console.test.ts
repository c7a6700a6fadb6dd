/**
 * The platform console in Chromium against the local stack, the issue's whole path: the operator signs in on
 * console.localhost, onboards "Acme Travels" on acme.localhost, invites its first super admin, who sets a password
 * through the mailed link, signs in on acme.localhost, sees Acme's branding and invites a staff member who signs in
 * with the staff rights of spec 000 §6; the operator suspends Acme, whose pages then show only the notice and whose
 * sign-in is refused; reactivation brings it back with nothing lost.
 * The list, the onboarding form and the go-live checklist are checked with axe (WCAG 2 AA) and saved at 1366 and
 * 390 px for a person to look at (E2E_SHOTS, README "Tests").
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CONSOLE_MSG } from '@tp/contracts/endpoints/console';
import * as MSG from '@tp/contracts/messages';
import { DEMO_OPERATOR } from '../../scripts/seed/logins.ts';
import { waitForMail } from '../support/api.ts';
import { axeViolations, dialogsSettled } from '../support/axe.ts';
import { appUrl, screenshots, toast, useBrowser } from '../support/browser.ts';

const CONSOLE = 'console.localhost';
const ACME = 'acme.localhost';
const ADMIN = 'asha@acme.localhost';
const ADMIN_PASSWORD = 'Acme-admin-2026!';
const PRIMARY = '#0f766e';
const TEAMMATE = 'sara@acme.localhost';
const TEAMMATE_PASSWORD = 'Acme-staff-2026!';

const browser = useBrowser();
const shoot = screenshots('console');

/** A fresh context (no stored branding or session); bypassCSP because axe comes in as a script tag. */
async function open(): Promise<Page> {
  const context = await browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error(`page error on ${page.url()}: ${err.stack ?? err.message}`));
  return page;
}

/** The console screen's own region is clean for axe (the shell around it too: it is the console's). */
async function accessible(page: Page, what: string): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0);
  expect(await axeViolations(page, '#console-screen'), what).toEqual([]);
  expect(await axeViolations(page, 'header'), `${what} header`).toEqual([]);
}

/** A sign-in through the site's own call from its page, as the login form sends it: the answer's refusal text. */
const siteLogin = (page: Page, email: string, password: string) =>
  page.evaluate(
    async ({ email, password }) => {
      const res = await fetch('/api/wl/user/login', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'domain-name': location.hostname },
        body: JSON.stringify({ email, password }),
      });
      const body = (await res.json()) as { success: boolean; errorMessage?: string };
      return { status: res.status, success: body.success, message: body.errorMessage ?? '' };
    },
    { email, password },
  );

describe('platform console', () => {
  it(
    'onboards a reseller whose super admin signs in on its site; suspension shows the notice',
    { timeout: 300_000 },
    async () => {
      // The operator signs in on the console's host; nothing of a site's shell is there.
      const ops = await open();
      await ops.goto(appUrl(CONSOLE, '/'));
      await ops.getByRole('heading', { name: 'Sign in to the Platform console' }).waitFor();
      expect(await ops.title()).toContain('Platform console');
      await ops.getByLabel(/^Email/).fill(DEMO_OPERATOR.email);
      await ops.getByLabel(/^Password/).fill(DEMO_OPERATOR.password);
      await ops.getByRole('button', { name: 'Sign in' }).click();
      await ops.getByRole('heading', { name: 'Resellers', level: 1 }).waitFor();
      await expect.poll(() => ops.getByRole('link', { name: 'Platform console home' }).count()).toBe(1);
      await accessible(ops, 'reseller list');
      await shoot(ops, 'console-resellers');

      // Onboarding: the form, checked before anything is sent, then Acme.
      await ops.getByRole('link', { name: 'Onboard a reseller' }).first().click();
      await ops.getByRole('heading', { name: 'Onboard a reseller', level: 1 }).waitFor();
      await accessible(ops, 'onboarding form');
      await shoot(ops, 'console-onboard');
      await ops.getByRole('button', { name: 'Onboard reseller' }).click();
      await ops.getByText(MSG.required).first().waitFor();
      expect(await ops.getByText(MSG.required).count()).toBeGreaterThan(5);
      await accessible(ops, 'onboarding form with its errors');
      await ops.evaluate(() => window.scrollTo(0, 0));
      await shoot(ops, 'console-onboard-errors');

      await ops.getByLabel(/^Company name/).fill('Acme Travels');
      await ops.getByLabel(/^Support email/).fill('support@acme.localhost');
      await ops.getByLabel(/^Support phone/).fill('+91 98765 43210');
      await ops.getByLabel(/^Main domain/).fill(ACME);
      await ops.getByLabel(/^Legal name/).fill('Acme Travels Private Limited');
      await ops.getByLabel(/^GSTIN/).fill('27AAPFU0939F1ZV');
      await ops.getByLabel(/^PAN/).fill('AAPFU0939F');
      const state = ops.getByRole('combobox', { name: /^State of registration/ });
      await state.fill('Mahara');
      await ops.getByRole('option', { name: 'Maharashtra (27)' }).click();
      await ops.getByRole('checkbox', { name: 'Visas' }).check();
      await ops.getByRole('radio', { name: /^Simulator/ }).check();
      await ops.getByRole('radio', { name: /^Sandbox/ }).check();
      await ops.getByLabel(/^Primary colour/).fill(PRIMARY);
      // A double click is one reseller: the button is busy from the first.
      await ops.getByRole('button', { name: 'Onboard reseller' }).dblclick();
      await ops.getByRole('heading', { name: 'Acme Travels', level: 1 }).waitFor();
      expect(new URL(ops.url()).pathname).toMatch(/^\/app\/console\/resellers\/[^/]+$/);
      await toast(ops, CONSOLE_MSG.onboarded('Acme Travels')).waitFor();

      // The go-live checklist: locally the domain is live at once, every record verified.
      const checklist = ops.getByRole('region', { name: 'Go-live checklist' });
      await checklist.getByRole('table', { name: `DNS records of ${ACME}` }).waitFor();
      await checklist.getByRole('button', { name: 'Start going live' }).click();
      await checklist.getByText('Every domain is live.').waitFor();
      await expect.poll(() => checklist.getByText('Pending', { exact: true }).count()).toBe(0);
      expect(await checklist.getByText('Verified', { exact: true }).count()).toBeGreaterThan(0);
      await accessible(ops, 'reseller page with its go-live checklist');
      await shoot(ops, 'console-reseller-golive');

      // Its first super admin is invited by mail; nobody types their password here.
      const admin = ops.getByRole('region', { name: 'Super admin' });
      await admin.getByLabel(/^Name/).fill('Asha Admin');
      await admin.getByLabel(/^Email/).fill(ADMIN);
      await admin.getByRole('button', { name: 'Send invitation' }).click();
      await admin.getByText('Invited', { exact: true }).waitFor();

      const mail = await waitForMail(ADMIN, /./, 30_000);
      const link = (mail.body.html ?? mail.body.text ?? '').match(
        /https?:\/\/[^\s"'<>]+generate_password[^\s"'<>]*/,
      )?.[0];
      expect(link, 'the invitation carries a set-password link').toBeTruthy();
      const url = new URL(link!.replace(/&amp;/g, '&'));
      expect(url.hostname).toBe(ACME);

      // The super admin sets a password through the link, signs in on Acme's site and sees Acme's branding.
      const acme = await open();
      await acme.goto(appUrl(ACME, `/generate_password${url.search}`));
      await acme.getByLabel(/^New password/).fill(ADMIN_PASSWORD);
      await acme.getByLabel(/^Confirm password/).fill(ADMIN_PASSWORD);
      await acme.getByRole('button', { name: 'Set password' }).click();
      await acme.waitForURL((u) => u.pathname === '/app/login');
      await acme.getByLabel(/^Email/).fill(ADMIN);
      await acme.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
      await acme.getByRole('button', { name: /^Login$/ }).click();
      await acme.waitForURL((u) => u.pathname !== '/app/login');
      await acme.getByRole('link', { name: 'Acme Travels home' }).waitFor();
      const brand = await acme.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-brand-6').trim().toLowerCase(),
      );
      expect(brand).toBe(PRIMARY);
      // No console link or screen on a reseller's site.
      expect(await acme.getByRole('link', { name: /console/i }).count()).toBe(0);
      await acme.goto(appUrl(ACME, '/console'));
      await acme.getByRole('heading', { name: 'Page not found' }).waitFor();

      // The super admin staffs the site: a teammate invited by mail signs in with the staff rights of spec 000 §6
      // (Acme has no permission menu, so no group narrows or widens them).
      await acme.goto(appUrl(ACME, '/staff/team'));
      await acme.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
      await acme.getByRole('button', { name: 'Invite staff' }).click();
      const invite = acme.getByRole('dialog', { name: 'Invite staff' });
      await invite.getByRole('textbox', { name: 'Full name' }).fill('Sara Staff');
      await invite.getByRole('textbox', { name: 'Email' }).fill(TEAMMATE);
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await invite.waitFor({ state: 'hidden' });
      const invited = await waitForMail(TEAMMATE, /./, 30_000);
      const token = /generate_password\?token=([\w-]+)/.exec(invited.body.text ?? '')?.[1];
      expect(token, 'the staff invitation carries a set-password link').toBeTruthy();
      const teammate = await open();
      await teammate.goto(appUrl(ACME, `/generate_password?token=${token}`));
      await teammate.getByLabel(/^New password/).fill(TEAMMATE_PASSWORD);
      await teammate.getByLabel(/^Confirm password/).fill(TEAMMATE_PASSWORD);
      await teammate.getByRole('button', { name: 'Set password' }).click();
      await teammate.waitForURL((u) => u.pathname === '/app/login');
      await teammate.getByLabel(/^Email/).fill(TEAMMATE);
      await teammate.getByLabel(/^Password/).fill(TEAMMATE_PASSWORD);
      await teammate.getByRole('button', { name: /^Login$/ }).click();
      await teammate.waitForURL((u) => u.pathname !== '/app/login');
      // Staff rights the spec gives every staff user (markups, flight settings) are in the menu; managing the
      // team is the super admin's.
      await teammate.getByRole('link', { name: 'Flight Settings' }).first().waitFor();
      expect(await teammate.getByRole('link', { name: 'Manage Markup' }).count()).toBeGreaterThan(0);
      expect(await teammate.getByRole('link', { name: 'Staff', exact: true }).count()).toBe(0);

      await ops.bringToFront();
      // The operator suspends Acme: its pages show the notice, and a sign-in is refused.
      await ops.getByRole('button', { name: 'Suspend', exact: true }).click();
      const dialog = ops.getByRole('dialog', { name: 'Suspend Acme Travels?' });
      await dialog.waitFor();
      await dialogsSettled(ops);
      await dialog.getByLabel(/^Reason/).fill('Unpaid platform fees');
      await dialog.getByRole('button', { name: 'Suspend' }).click();
      await ops.getByText(/Unpaid platform fees/).waitFor();

      const visitor = await open();
      await visitor.goto(appUrl(ACME, '/login'));
      await visitor.getByRole('heading', { name: 'Temporarily unavailable' }).waitFor();
      await visitor.getByText(CONSOLE_MSG.siteSuspendedNotice).waitFor();
      expect(await visitor.getByLabel(/^Password/).count()).toBe(0);
      expect(await axeViolations(visitor)).toEqual([]);
      await shoot(visitor, 'site-suspended');
      const refused = await siteLogin(visitor, ADMIN, ADMIN_PASSWORD);
      expect(refused.success).toBe(false);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      // The signed-in admin's next page load shows the notice too.
      await acme.reload();
      await acme.getByRole('heading', { name: 'Temporarily unavailable' }).waitFor();

      // Reactivation restores it: the sign-in works again and the admin's account is as it was.
      await ops.getByRole('button', { name: 'Reactivate Acme Travels' }).click();
      const confirm = ops.getByRole('dialog', { name: 'Reactivate Acme Travels?' });
      await confirm.getByRole('button', { name: 'Reactivate' }).click();
      await ops.getByRole('button', { name: 'Suspend', exact: true }).waitFor();
      await ops.getByRole('table', { name: 'Changes to this reseller' }).getByText('Reactivated').waitFor();

      await visitor.goto(appUrl(ACME, '/login'));
      await visitor.getByRole('button', { name: /^Login$/ }).waitFor();
      await visitor.getByLabel(/^Email/).fill(ADMIN);
      await visitor.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
      await visitor.getByRole('button', { name: /^Login$/ }).click();
      await visitor.waitForURL((u) => u.pathname !== '/app/login');
      await visitor.getByRole('link', { name: 'Acme Travels home' }).waitFor();

      // The list shows Acme as the operator left it.
      await ops.getByRole('link', { name: 'Resellers', exact: true }).click();
      // Scoped to the list's table: until the page changes, the detail page's audit rows also name Acme
      // (and 'Reactivated' holds 'active').
      const row = ops.getByRole('table', { name: 'Resellers' }).getByRole('row', { name: /Acme Travels/ });
      await row.getByText('Active', { exact: true }).waitFor();
      expect(await row.getByText(ACME).count()).toBe(1);
      await row.getByText('Live', { exact: true }).waitFor();
      await accessible(ops, 'reseller list with Acme');
      await shoot(ops, 'console-resellers-acme');
    },
  );
});
