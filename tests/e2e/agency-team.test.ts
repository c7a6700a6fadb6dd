/**
 * "My team" as an agency's admin uses it, in Chromium against the local stack: the demo agent (the admin of a
 * one-member agency) finds the screen in their menu, invites a booker, sees them as invited, deactivates them after
 * confirming and reactivates them. axe finds nothing on the list or the invite dialog. Screenshots at 1366 and
 * 390 px for a person to look at (E2E_SHOTS, README "Tests").
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AGENCY_MSG } from '@tp/contracts/endpoints/agency';
import { axeViolations, dialogsSettled } from '../support/axe.ts';
import { appUrl, screenshots, signIn, toast, useBrowser } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';
const browser = useBrowser();
const shoot = screenshots('agency-team');

describe('My team', () => {
  it('an agency admin invites, deactivates and reactivates a booker', { timeout: 240_000 }, async () => {
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(appUrl(SITE, '/login'));
    await signIn(page, `agent@${SITE}`);
    await page.waitForURL((u) => u.pathname !== '/app/login');
    await page.goto(appUrl(SITE, '/my-team'));
    await page.getByRole('heading', { name: 'My team', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Team members' });
    await table.getByText('Account admin').waitFor();
    await page.getByRole('link', { name: 'My team' }).first().waitFor();

    const email = `booker-${randomUUID().slice(0, 8)}@example.com`;
    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a member' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('textbox', { name: 'Full name' }).fill('Ravi Kumar');
    await dialogsSettled(page);
    expect(await axeViolations(page, '.mantine-Modal-content')).toEqual([]);
    await shoot(page, 'team-invite');
    await page.setViewportSize({ width: 1366, height: 900 });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await toast(page, AGENCY_MSG.invited).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const row = table.getByRole('row', { name: new RegExp(email) });
    await row.getByText('Invited').waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    await shoot(page, 'team-list');
    await page.setViewportSize({ width: 1366, height: 900 });

    await row.getByRole('button', { name: 'Deactivate Ravi Kumar' }).click();
    await page
      .getByRole('dialog', { name: 'Deactivate Ravi Kumar?' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await toast(page, AGENCY_MSG.deactivated).first().waitFor();
    await row.getByText('Deactivated').waitFor();
    await row.getByRole('button', { name: 'Reactivate Ravi Kumar' }).click();
    await toast(page, AGENCY_MSG.reactivated).first().waitFor();
    await row.getByText('Invited').waitFor();
    await context.close();
  });
});
