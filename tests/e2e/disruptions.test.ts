/**
 * A disruption in Chromium: the simulator's airline retimes an agent's ticketed flight, the sweep records it; the
 * agent finds it in the disruption inbox and on the booking (old and new times, the connection check, the offered
 * alternative), takes the alternative, and the e-ticket shows the new flight. Screenshots at 1366 and 390 px of
 * the inbox, the booking and the e-ticket; axe-core WCAG 2 AA on each.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DISRUPTION_MSG } from '@tp/contracts/endpoints/disruptions';
import { ticketSlug } from '@tp/contracts/endpoints/tickets';
import type { BookingRecord } from '../../functions/src/bookings/index.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { siteById } from '../../functions/src/lib/tenancy.ts';
import { disruptionsOfBooking, type DisruptionRecord } from '../../functions/src/tickets/disruptions-repo.ts';
import { sweepSite } from '../../functions/src/tickets/disruptions.ts';
import { defaultDeps } from '../../functions/src/tickets/operations/shared.ts';
import { axeViolations } from '../support/axe.ts';
import { appUrl, screenshots, signIn, toast, useBrowser } from '../support/browser.ts';
import { supplierBooking } from '../integration/tickets-helpers.ts';

const SITE = 'flightdeals.localhost';
const AGENT = `agent@${SITE}`;
const browser = useBrowser();
const shoot = screenshots('disruptions');

let booking: BookingRecord;
let disruption: DisruptionRecord;
beforeAll(async () => {
  booking = await supplierBooking(asSiteId('site-flightdeals'), AGENT, { retimed: true, adults: 1 });
  const site = (await siteById(booking.siteId))!;
  const day = booking.travelDate.slice(0, 10);
  // Mails go nowhere here (the test process has no email queue); the booker's mail is checked in integration.
  const deps = { ...defaultDeps, enqueueEmail: async () => undefined };
  await sweepSite(site, new Date(), { from: day, to: `${day}~` }, deps);
  [disruption] = (await disruptionsOfBooking(booking.siteId, booking.bookingId)) as [DisruptionRecord];
});

const flightsOf = (trips: BookingRecord['segments']) => trips.flat().map((s) => `${s.airlineCode} ${s.flightNumber}`);

describe('a disrupted booking', () => {
  it(
    'is found in the inbox and on the booking; the agent takes the alternative and the e-ticket shows it',
    { timeout: 240_000 },
    async () => {
      expect(disruption).toMatchObject({ status: 'open', pnr: booking.pnr });
      const alternative = disruption.alternatives[0]!;
      expect(alternative).toBeDefined();
      // bypassCSP: axe-core is injected as a script tag.
      const context = await browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
      const page = await context.newPage();

      await page.goto(appUrl(SITE, '/flights/disruptions'));
      await page.waitForURL(/\/app\/login\?redirectTo=/);
      await signIn(page, AGENT);
      await page.getByRole('heading', { name: 'Disruptions', level: 1 }).waitFor();
      const inInbox = page.getByRole('article', { name: new RegExp(`PNR ${booking.pnr}`) });
      await inInbox.waitFor();
      await expect.poll(() => inInbox.getByText('Action needed').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, 'inbox');

      // On the booking: the old and the new times of the moved flight.
      await page.goto(appUrl(SITE, `/flight/bookingDetails/x?bookingId=${encodeURIComponent(booking.bookingId)}`));
      const section = page.getByRole('region', { name: 'Schedule changes' });
      await section.waitFor();
      const changes = section.getByRole('table', { name: `Changed flights of PNR ${booking.pnr}` });
      await expect.poll(() => changes.getByRole('row').count()).toBe(1 + disruption.changes.length);
      await expect.poll(() => changes.getByText(/min later/).count()).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, 'booking');

      // The answer is awaited with the click: a failure then says whether the request left and what came back.
      const answered = page.waitForResponse((r) => r.url().includes('/actOnDisruption'));
      await section.getByRole('button', { name: 'Take this flight' }).first().click();
      const answer = await answered;
      expect({ status: answer.status(), body: await answer.text() }).toMatchObject({
        status: 200,
        body: expect.stringContaining(DISRUPTION_MSG.rebooked),
      });
      await toast(page, DISRUPTION_MSG.rebooked).waitFor();
      await section.getByText('Moved to alternative').waitFor();
      expect(await section.getByRole('button', { name: 'Accept new schedule' }).count()).toBe(0);

      // The e-ticket names the alternative's flights, not the booked ones.
      await page.goto(
        appUrl(SITE, `/flight/eTicket/${encodeURIComponent(ticketSlug(booking.bookingId, booking.pnr))}`),
      );
      await page.getByTestId('eticket-total').waitFor();
      const text = (await page.locator('main').textContent()) ?? '';
      for (const f of flightsOf(alternative.segments)) expect(text).toContain(f);
      for (const f of flightsOf(booking.segments))
        if (!flightsOf(alternative.segments).includes(f)) expect(text).not.toContain(f);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, 'eticket');
      await context.close();
    },
  );
});
