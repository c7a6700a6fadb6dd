/**
 * Activities for agents and travellers, in Chromium against the local stack: Flight Deals'
 * demo agent opens Dubai from the activities landing, searches with the default dates and party, adds Burj Khalifa
 * to the cart (priced with the B2B Gold 10 % activity markup) and submits it; the super admin finds it in the
 * queue, confirms it, makes a quotation of it and vouchers it; the markup screen lists the group markup.
 * Screenshots at 1366 and 390 px for a person to look at (E2E_SHOTS, README "Tests").
 */
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.ts';
import { appUrl, screenshots, signIn, toast, useBrowser } from '../support/browser.ts';

const SITE = 'flightdeals.localhost';
const BURJ = 'Burj Khalifa At the Top';
const OPTION = 'Level 124 & 125, non-prime hours';

const browser = useBrowser();
const shoot = screenshots('activities');

describe('Activities', () => {
  it(
    'an agent fills a cart and submits it; staff confirm it, make a quotation and voucher it',
    { timeout: 420_000 },
    async () => {
      const agentContext = await browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
      const agent = await agentContext.newPage();
      await agent.goto(appUrl(SITE, '/activities'));
      await agent.waitForURL(/\/app\/login\?redirectTo=/);
      await signIn(agent, `agent@${SITE}`);
      await agent.getByRole('heading', { name: 'Activities', level: 1 }).waitFor();
      await agent.getByRole('link', { name: 'Activities in Dubai' }).waitFor();
      await shoot(agent, 'landing');
      expect(await axeViolations(agent, '#activities-screen')).toEqual([]);

      // The search opens on the spec's defaults: 4 days from today, 1 adult, 0 children, 0 infants.
      await agent.getByRole('link', { name: 'Activities in Dubai' }).click();
      await agent.getByRole('heading', { name: 'Activity search', level: 1 }).waitFor();
      expect(await agent.getByRole('textbox', { name: /^Adults/ }).inputValue()).toBe('1');
      expect(await agent.getByRole('textbox', { name: /^Children/ }).inputValue()).toBe('0');
      await agent.getByRole('heading', { name: BURJ }).waitFor();
      // The Indian agent sees each dirham price in rupees beside it, at the site's exchange-rate table.
      await agent
        .getByText(/^≈ ₹[\d,]+\.\d\d$/)
        .first()
        .waitFor();
      const cart = agent.getByRole('complementary', { name: 'Your cart' });
      const before = await cart.getByRole('listitem').count();
      await agent.getByRole('button', { name: `Add to cart: ${BURJ}, ${OPTION}` }).click();
      // The demo agent's open draft is for 2 adults and a child; the search is on the defaults (1 adult). Nothing is
      // rewritten silently: the dialog names both parties with the cart's total for each.
      const party = agent.getByRole('dialog', { name: 'Change the travellers of your cart?' });
      await party.waitFor();
      expect(await party.getByRole('row', { name: /2 adults and 1 child/ }).textContent()).toMatch(/AED/);
      expect(await party.getByRole('row', { name: /^1 adult/ }).textContent()).toMatch(/AED/);
      await party.getByTestId('party-change-effect').waitFor();
      await shoot(agent, 'party-change');
      expect(await axeViolations(agent, '[role="dialog"]')).toEqual([]);
      await party.getByRole('button', { name: 'Keep 2 adults and 1 child' }).click();
      await toast(agent, 'Added to cart').waitFor();
      await party.waitFor({ state: 'hidden' });
      await cart.getByText(/2 adults, 1 child/).waitFor();
      await cart.getByText(/^≈ ₹[\d,]+\.\d\d at INR 1 = AED /).waitFor();
      await expect.poll(() => cart.getByRole('listitem').count()).toBe(before + 1);
      await shoot(agent, 'search');
      expect(await axeViolations(agent, '#activities-screen')).toEqual([]);
      // The cart's reference, to find it in the staff queue.
      const reference = (await cart
        .getByText(/^A\d{8}-\w{6}/)
        .first()
        .textContent())!.split(' ')[0]!;
      await cart.getByRole('button', { name: 'Submit cart' }).click();
      await toast(agent, 'Cart status updated').waitFor();
      await cart.getByText('Submitted', { exact: true }).waitFor();

      // The agent's own queue shows it under Submitted.
      await agent.goto(appUrl(SITE, '/activities/queue?status=submitted'));
      await agent.getByRole('heading', { name: 'Activity queue', level: 1 }).waitFor();
      await agent
        .getByRole('button', { name: `Open cart ${reference}` })
        .first()
        .waitFor();
      await shoot(agent, 'queue-agent');
      await agentContext.close();

      // Staff: the site's queue, confirm, quotation, voucher. A staff member without a group: spec 001 §6 gives
      // staff the job, karts and markup settings by default.
      const staffContext = await browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
      const staff = await staffContext.newPage();
      await staff.goto(appUrl(SITE, '/activities/queue'));
      await staff.waitForURL(/\/app\/login\?redirectTo=/);
      await signIn(staff, `staff@${SITE}`);
      await staff.getByRole('heading', { name: 'Activity queue', level: 1 }).waitFor();
      await staff.getByRole('tab', { name: /Submitted/ }).waitFor();
      await staff
        .getByRole('button', { name: `Open cart ${reference}` })
        .first()
        .click();
      const dialog = staff.getByRole('dialog');
      await dialog
        .getByRole('cell', { name: new RegExp(BURJ) })
        .first()
        .waitFor();
      await shoot(staff, 'cart-dialog');
      expect(await axeViolations(staff, '[role="dialog"]')).toEqual([]);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await toast(staff, 'Cart status updated').waitFor();
      await dialog.getByRole('button', { name: 'Make a quotation' }).click();
      await toast(staff, 'Quotation created from the cart').waitFor();
      await dialog.getByRole('link', { name: 'Open the quotation made from this cart' }).waitFor();
      await dialog.getByRole('button', { name: 'Voucher' }).click();
      // The confirm's toast may still show: the voucher's is the next one.
      await expect.poll(() => toast(staff, 'Cart status updated').count()).toBeGreaterThan(0);
      await dialog.getByText('Vouchered').first().waitFor();
      await staff.keyboard.press('Escape');
      await staff.getByRole('tab', { name: /Vouchered/ }).click();
      await staff
        .getByRole('button', { name: `Open cart ${reference}` })
        .first()
        .waitFor();
      await shoot(staff, 'queue-staff');
      expect(await axeViolations(staff, '#activities-screen')).toEqual([]);

      // The quotation holds the cart's activity, priced by the kart for the cart's party.
      await staff.goto(appUrl(SITE, '/staff/kart'));
      await staff
        .getByRole('table', { name: 'Quotations' })
        .getByRole('row', { name: new RegExp(`Activities ${reference}`) })
        .first()
        .waitFor();

      // The markup screen lists B2B Gold's 10 %.
      await staff.goto(appUrl(SITE, '/activities/markup'));
      await staff.getByRole('heading', { name: 'Activity markup', level: 1 }).waitFor();
      await staff.getByText('10% of the price').first().waitFor();
      await shoot(staff, 'markup');
      expect(await axeViolations(staff, '#activities-screen')).toEqual([]);
      await staffContext.close();
    },
  );
});
