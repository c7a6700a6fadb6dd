/**
 * Refunds that add up, and the back office's change-request desk, in Chromium: an
 * agent's Cancel Seats shows what was paid taken apart; the super admin accepts the request in the change-request
 * queue, records the supplier's outcome and approves the refund, which is credited once. Screenshots at 1366 and
 * 390 px of the dialog and the queue actions; axe-core WCAG 2 AA on each.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { getCancellationCharges, TICKET_MSG } from '@tp/contracts/endpoints/tickets';
import { getBooking, type BookingRecord } from '../../functions/src/bookings/index.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { walletEntriesOfBooking } from '../../functions/src/tickets/repo.ts';
import { DEMO_PASSWORD } from '../../scripts/seed/logins.ts';
import { axeViolations, dialogsSettled, horizontalOverflow } from '../support/axe.ts';
import { appUrl, saveShot, screenshots, signIn, toast, useBrowser } from '../support/browser.ts';
import { signedIn } from '../integration/customers-helpers.ts';
import { supplierBooking } from '../integration/tickets-helpers.ts';

const SITE = 'flightdeals.localhost';
const AGENT = `agent@${SITE}`;
const browser = useBrowser();
const shoot = screenshots('tickets-change-desk');

let booking: BookingRecord;
let charges: { cancellationCharge: number; refundAmount: number; breakdown: { refund: number } };
beforeAll(async () => {
  booking = await supplierBooking(asSiteId('site-flightdeals'), AGENT, {
    adults: 2,
    pricing: {
      defaultRule: {
        markupType: 'fixed',
        markupValue: 150,
        discountType: 'fixed',
        discountValue: 0,
        applyPer: 'passenger',
      },
      airlineRules: {},
      gstRate: 0.18,
      earnsCommission: true,
      tdsRate: 0.02,
    },
  });
  const agent = await signedIn(AGENT, SITE, DEMO_PASSWORD);
  charges = (
    await agent.call(getCancellationCharges, {
      BookingId: booking.bookingId,
      RequestType: 2,
      TicketId: [booking.passengers[1]!.ticket!.ticketId],
    })
  ).body.result;
});

async function open(page: Page, path: string, email: string, heading: string) {
  await page.goto(appUrl(SITE, path));
  await page.waitForURL(/\/app\/login\?redirectTo=/);
  await signIn(page, email);
  await page.getByRole('heading', { name: heading }).waitFor();
  // On a phone the filters are in a drawer.
  if ((page.viewportSize()?.width ?? 1366) < 600) await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('PNR or ticket number').fill(booking.pnr);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => page.getByRole('article').count(), { timeout: 10_000 }).toBe(1);
  return page.getByRole('article', { name: `Booking ${booking.pnr}` });
}

async function clean(page: Page) {
  await dialogsSettled(page);
  expect(await axeViolations(page)).toEqual([]);
}

/** A dialog at the page's own width (resizing re-lays the queue out and would close it): saved and checked. */
async function shotHere(page: Page, name: string) {
  await clean(page);
  const width = page.viewportSize()!.width;
  // The viewport only: a full-page shot resizes the viewport, and the queue lays itself out again.
  await saveShot(page, 'tickets-change-desk', `${name}-${width}`, { wholePage: false });
  expect(await horizontalOverflow(page), `${name} at ${width}`).toBe(0);
}

const context = (width: number) =>
  browser().newContext({ viewport: { width, height: 900 }, bypassCSP: true, hasTouch: width < 600 });

describe('change requests: refund breakdown and the staff desk', () => {
  it(
    'the agent sees what was paid taken apart, then the super admin accepts, records and approves it',
    { timeout: 300_000 },
    async () => {
      // The agent: at 390 px to look at the dialog, at 1366 px to send the request.
      for (const width of [390, 1366]) {
        const agentCtx = await context(width);
        const page = await agentCtx.newPage();
        const card = await open(page, '/flight/ticketQueue', AGENT, 'Air Ticket Queue');
        await card.getByRole('button', { name: 'Cancel Seats' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Request type').click();
        await page.getByRole('option', { name: 'Partial Refund', exact: true }).click();
        for (const s of booking.segments.flat())
          await dialog.getByRole('checkbox', { name: `${s.originAirportCode} → ${s.destinationAirportCode}` }).check();
        const p = booking.passengers[1]!;
        await dialog.getByRole('checkbox', { name: `${p.firstName} ${p.lastName}` }).check();
        await dialog.getByLabel('Remarks').fill('One traveller cannot come');
        await dialog.getByRole('checkbox', { name: /cancellation policy/ }).check();
        await dialog.getByRole('button', { name: 'Send', exact: true }).click();
        const table = dialog.getByRole('table', { name: 'Cancellation charges and refund' });
        await table.waitFor();
        for (const label of [
          'You paid for the cancelled tickets',
          'Airline cancellation charge',
          'Kept by the reseller',
          'Refund',
        ])
          await table
            .getByRole('row', { name: new RegExp(`^${label}`) })
            .first()
            .waitFor();
        await dialog.getByText(/Credited to your wallet/).waitFor();
        await shotHere(page, 'refund-breakdown-dialog');
        if (width === 1366) {
          await dialog.getByRole('button', { name: 'Accept and Send Cancellation Request' }).click();
          await toast(page, TICKET_MSG.crSent).waitFor();
          // The card shows the supplier's status of the request (spec 000 §4): a new one is unassigned.
          await card.getByText('Unassigned', { exact: true }).waitFor();
          // Customers are never offered the back office's steps.
          expect(await card.getByRole('button', { name: /^Accept change request/ }).count()).toBe(0);
        }
        await agentCtx.close();
      }

      const staffCtx = await context(1366);
      const staff = await staffCtx.newPage();
      const queued = await open(staff, '/flights/changeRequestQueue', `admin@${SITE}`, 'Change Requests');
      const accept = queued.getByRole('button', { name: /^Accept change request/ });
      await accept.waitFor();
      await clean(staff);
      await shoot(staff, 'change-request-queue-actions');
      await accept.click();
      await toast(staff, TICKET_MSG.crAccepted).waitFor();
      await queued.getByText(/accepted by/).waitFor();

      await queued.getByRole('button', { name: /^Record outcome of change request/ }).click();
      const outcome = staff.getByRole('dialog');
      await outcome.getByLabel(/Cancellation charge/).fill(String(charges.cancellationCharge));
      await outcome.getByLabel(/Refund from the supplier/).fill(String(charges.refundAmount));
      await shotHere(staff, 'change-request-outcome-dialog');
      await outcome.getByRole('button', { name: 'Save outcome' }).click();
      await toast(staff, TICKET_MSG.crOutcomeSaved).waitFor();
      await queued.getByRole('button', { name: /^Approve refund of change request/ }).waitFor();
      await shoot(staff, 'change-request-queue-accepted');

      // On a phone: the same steps' dialogs, looked at and closed.
      const phoneCtx = await context(390);
      const phone = await phoneCtx.newPage();
      const phoneCard = await open(phone, '/flights/changeRequestQueue', `admin@${SITE}`, 'Change Requests');
      await phoneCard.getByRole('button', { name: /^Record outcome of change request/ }).click();
      await phone
        .getByRole('dialog')
        .getByLabel(/Cancellation charge/)
        .waitFor();
      await shotHere(phone, 'change-request-outcome-dialog');
      await phone.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await phoneCard.getByRole('button', { name: /^Approve refund of change request/ }).click();
      await phone.getByRole('dialog').getByRole('table', { name: 'Refund to approve' }).waitFor();
      await shotHere(phone, 'change-request-approve-dialog');
      await phoneCtx.close();

      await queued.getByRole('button', { name: /^Approve refund of change request/ }).click();
      const approve = staff.getByRole('dialog');
      await approve.getByRole('table', { name: 'Refund to approve' }).waitFor();
      await shotHere(staff, 'change-request-approve-dialog');
      await approve.getByRole('button', { name: /^Approve and credit/ }).click();
      await toast(staff, TICKET_MSG.crApproved).waitFor();
      await expect.poll(() => queued.getByRole('button', { name: /^Approve refund/ }).count()).toBe(0);
      await staffCtx.close();

      const after = (await getBooking(booking.siteId, booking.bookingId))!;
      const credited = after.ticketCRInfo.find((c) => c.creditedAt)!;
      expect(credited).toMatchObject({ status: 'Completed', refundedAmount: charges.breakdown.refund });
      const entries = await walletEntriesOfBooking(booking.siteId, booking.accounting.legalEntityId, '2000', booking);
      expect(entries.filter((e) => e.kind === 'refund').map((e) => e.entryId)).toEqual([
        `cr-${credited.changeRequestId}-refund`,
      ]);
    },
  );
});
