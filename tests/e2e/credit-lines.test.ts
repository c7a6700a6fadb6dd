/**
 * Credit lines in Chromium (docs/credit-lines.md): staff open a customer's wallet report and set a
 * credit line; the agent, who has since booked on credit past the 40 % alert with an amount due in two days, sees
 * the app shell's banner and, on the wallet page, credit used, credit left and the oldest amount's due date.
 * Screenshots at 1366 and 390 px for a person to look at (E2E_SHOTS, README "Tests").
 */
import { randomUUID } from 'node:crypto';
import { GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { QUEUES } from '@tp/contracts/platform';
import { addCalendarDays } from '@tp/domain/credit';
import { formatDate } from '@tp/domain/format';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { siteTimeZone } from '../../functions/src/lib/tenancy.ts';
import { localDay } from '../../functions/src/lib/time.ts';
import { move } from '../../functions/src/wallet/ledger.ts';
import { FLIGHTDEALS } from '../integration/customers-helpers.ts';
import { newCustomer } from '../integration/flights-helpers.ts';
import { PASSWORD } from '../integration/users-helpers.ts';
import { axeViolations, dialogsSettled } from '../support/axe.ts';
import { appUrl, screenshots, signIn, toast, useBrowser } from '../support/browser.ts';

const SITE = FLIGHTDEALS.domain;
const browser = useBrowser();
const shoot = screenshots('credit');

beforeAll(async () => {
  // The booking below runs the ledger in this process, and its 40 % alert mail goes to the stack's email queue.
  const local = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
  const sqs = new SQSClient({ ...local, endpoint: inject('sqsUrl') });
  const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: QUEUES.email.name }));
  Object.assign(process.env, { AWS_ENDPOINT_URL_SQS: inject('sqsUrl'), EMAIL_QUEUE_URL: QueueUrl });
});

describe('credit lines', () => {
  it(
    'staff set a credit line; the agent sees credit used, left, the due date and the alert banner',
    { timeout: 240_000 },
    async () => {
      const agent = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 1000 });

      // Staff: the customer's wallet report, then the credit line dialog.
      const staffContext = await browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
      const staff = await staffContext.newPage();
      await staff.goto(appUrl(SITE, `/staff/walletReport?email=${encodeURIComponent(agent.email)}`));
      await staff.waitForURL(/\/app\/login/);
      await signIn(staff, `admin@${SITE}`);
      await staff.waitForURL(/\/app\/staff\/walletReport\?email=/);
      await staff.getByRole('button', { name: 'Credit line' }).click();
      const dialog = staff.getByRole('dialog', { name: 'Credit line' });
      await dialog.getByLabel(/^Credit limit/).fill('-5');
      await dialog.getByLabel(/^Credit days/).fill('2');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Credit limit cannot be negative').waitFor();
      await dialog.getByLabel(/^Credit limit/).fill('10000');
      await dialogsSettled(staff);
      await shoot(staff, 'staff-dialog');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(staff, 'Credit line saved').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => staff.getByTestId('credit-left').innerText()).toBe('₹10,000.00');
      await shoot(staff, 'staff-report');
      // The toast's close button has no accessible name (app-wide, not this screen): judge the page once it is gone.
      await toast(staff, 'Credit line saved').waitFor({ state: 'hidden', timeout: 20_000 });
      expect(await axeViolations(staff)).toEqual([]);
      await staffContext.close();

      // A booking on credit (through the same ledger code the payment uses): 7,500 drawn, 25 % of the limit left.
      expect(
        await move('debit', {
          siteId: asSiteId(FLIGHTDEALS.siteId),
          legalEntityId: agent.legalEntityId,
          entryId: `e2e-${randomUUID()}`,
          amount: 8_500,
          currency: 'INR',
          kind: 'booking',
          remark: 'Flight DEL-BOM',
          byUserId: agent.userId,
          now: new Date(),
        }),
      ).toBe('done');
      const due = formatDate(addCalendarDays(localDay(new Date(), siteTimeZone(FLIGHTDEALS)), 2));

      // The agent: the shell's banner on any page, the figures on the wallet page.
      const agentContext = await browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
      const page = await agentContext.newPage();
      await page.goto(appUrl(SITE, '/user/dashboard'));
      await page.waitForURL(/\/app\/login/);
      await signIn(page, agent.email, PASSWORD);
      const banner = page.getByTestId('credit-alerts');
      await banner.waitFor();
      expect(await banner.innerText()).toContain('Credit running low');
      expect(await banner.innerText()).toContain(`₹7,500.00 booked on credit is due on ${due}`);
      await shoot(page, 'agent-banner');

      await page.goto(appUrl(SITE, '/user/transactionHistory'));
      await page.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor();
      await expect.poll(() => page.getByTestId('credit-used').innerText()).toBe('₹7,500.00');
      expect(await page.getByTestId('credit-left').innerText()).toBe('₹2,500.00');
      expect(await page.getByTestId('credit-due').innerText()).toBe(`₹7,500.00 on ${due}`);
      expect(await page.getByTestId('wallet-balance').innerText()).toBe('−₹7,500.00');
      // One set of alerts on the wallet page: its own, not the shell's banner as well.
      expect(await page.getByTestId('credit-alerts').count()).toBe(1);
      await shoot(page, 'agent-wallet');
      expect(await axeViolations(page)).toEqual([]);
      await agentContext.close();
    },
  );
});
