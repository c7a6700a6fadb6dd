/**
 * The payment-deadline mail: the day before a quotation's payment deadline, with a balance due,
 * the site's staff get one mail through the email queue; it is a deadline of the one index, so running the
 * deadline worker again sends nothing twice, and a paid or cancelled kart is not reminded; a moved deadline moves
 * its reminder, and a cancelled kart's is removed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useStackQueues } from '../support/queues.ts';
import { createDetailPendingCustomerForDmc } from '@tp/contracts/endpoints/customers';
import { cancelKart, getKartById, recordKartReceipt, saveKart } from '@tp/contracts/endpoints/kart';
import type { Deadline } from '../../functions/src/deadlines/index.ts';
import { siteTimeZone } from '../../functions/src/lib/tenancy.ts';
import { localDay } from '../../functions/src/lib/time.ts';
import { mailbox, waitForMail } from '../support/api.ts';
import { uniquePhone } from './users-helpers.ts';
import { deadlineHandlers } from '../../functions/src/entries/workers/deadlines.ts';
import { fireDeadlines, idleHandlers } from './deadlines-helpers.ts';
import { runDueDeadlines } from '../../functions/src/deadlines/index.ts';
import { dueDeadlines } from '../../functions/src/deadlines/repo.ts';
import { remindPaymentDeadline } from '../../functions/src/kart/index.ts';
import type { TEmailMessage } from '../../functions/src/lib/mail.ts';
import { FLIGHTDEALS, ok, staff, tag } from './dmc-helpers.ts';
import type { Client } from '../support/api.ts';

let c: Client;
let customerId: string;

beforeAll(async () => {
  c = await staff();
  await useStackQueues('email');
  const customer = await ok(c, createDetailPendingCustomerForDmc, {
    firstName: 'Kiran',
    lastName: 'Shah',
    phone: uniquePhone(),
    phoneCode: 'in',
  });
  customerId = customer.id;
});

/** The site's calendar day `n` days from now. */
const siteDay = (now: Date, n: number) => localDay(new Date(now.getTime() + n * 86_400_000), siteTimeZone(FLIGHTDEALS));

const kart = (name: string, paymentDeadline: string) => ({
  customerId,
  kartName: name,
  adults: 2,
  child: 0,
  infant: 0,
  arrivalDate: '2099-01-10',
  noOfDays: 3,
  noOfNights: 2,
  miscellaneous: [{ name: 'Visa', description: '30 days', price: 500, startDate: null }],
  paymentDeadline,
});

describe('payment deadline reminders', () => {
  it('mails the staff once the day before the deadline, and never a paid or cancelled kart', async () => {
    const now = new Date();
    const t = tag();
    const due = await ok(c, saveKart, kart(`Due ${t}`, siteDay(now, 1)));
    expect(due.deadline).toMatchObject({ payment: 'dueSoon', remindToday: true });
    // Paid in full: what was collected is the receipts' sum, never typed.
    const unpaid = await ok(c, saveKart, kart(`Paid ${t}`, siteDay(now, 1)));
    const receipt = { id: unpaid.id, amount: 500, method: 'bankTransfer', reference: `UTR ${t}`, idempotencyKey: t };
    await ok(c, recordKartReceipt, receipt);
    const paid = await ok(c, getKartById, { id: unpaid.id });
    const later = await ok(c, saveKart, kart(`Later ${t}`, siteDay(now, 2)));
    const cancelled = await ok(c, saveKart, kart(`Cancelled ${t}`, siteDay(now, 1)));
    await ok(c, cancelKart, { id: cancelled.id });
    expect(paid.deadline.remindToday || later.deadline.remindToday).toBe(false);
    const karts = [due.id, paid.id, later.id, cancelled.id];
    const ours = (d: Deadline) => d.kind === 'kartPaymentReminder' && karts.includes(d.ref);

    await fireDeadlines(deadlineHandlers, now, ours);
    const mail = await waitForMail(FLIGHTDEALS.adminEmail, new RegExp(`Payment due tomorrow: Due ${t}`));
    expect(mail.body.text).toContain('Kiran Shah');
    expect(mail.body.text).toContain(due.quotationId);

    // Again: nothing new for this kart; a kart reminded for the first time shows the run went through.
    expect(await fireDeadlines(deadlineHandlers, now, ours)).toBe(0);
    const marker = await ok(c, saveKart, kart(`Marker ${t}`, siteDay(now, 1)));
    karts.push(marker.id);
    await fireDeadlines(deadlineHandlers, now, ours);
    await waitForMail(FLIGHTDEALS.adminEmail, new RegExp(`Payment due tomorrow: Marker ${t}`));
    const mine = (await mailbox()).filter((m) => m.subject.includes(t)).map((m) => m.subject);
    expect(mine.sort()).toEqual(
      [
        `Payment due tomorrow: Due ${t} (${due.quotationId})`,
        `Payment due tomorrow: Marker ${t} (${marker.quotationId})`,
      ].sort(),
    );
  });

  it('keeps one reminder on the deadline index as the deadline moves, fired once by racing runs, gone when cancelled', async () => {
    const now = new Date();
    const t = tag();
    const first = await ok(c, saveKart, kart(`Moved ${t}`, siteDay(now, 5)));
    const moved = await ok(c, saveKart, {
      ...kart(`Moved ${t}`, siteDay(now, 6)),
      id: first.id,
      version: first.version,
    });
    const gone = await ok(c, saveKart, kart(`Gone ${t}`, siteDay(now, 6)));
    await ok(c, cancelKart, { id: gone.id });
    const ours = (d: Deadline) => d.kind === 'kartPaymentReminder' && [first.id, gone.id].includes(d.ref);
    // Days ahead, so the local stack's own worker (on real time) never takes them; the index is read over the two
    // windows (48 hours each) that hold every day from today to the sixth.
    const indexed = async () => {
      const days = [4, 6].map((n) => new Date(now.getTime() + n * 86_400_000));
      const found = (await Promise.all(days.map((d) => dueDeadlines(d)))).flat().filter(ours);
      return [...new Map(found.map((d) => [`${d.ref}${d.dueAt}`, d])).values()];
    };
    const due = await indexed();
    expect(due.map((d) => [d.ref, d.data.paymentDeadline])).toEqual([[first.id, moved.paymentDeadline]]);

    const sent: TEmailMessage[] = [];
    const handlers = {
      ...idleHandlers,
      kartPaymentReminder: async (d: Deadline, at: Date) =>
        void (await remindPaymentDeadline(d, at, { enqueueEmail: async (m) => void sent.push(m) })),
    };
    // The day before the new deadline, on the site's calendar.
    const at = new Date(Date.parse(due[0]!.dueAt) + 60_000);
    const [a, b] = await Promise.all([runDueDeadlines(handlers, at, ours), runDueDeadlines(handlers, at, ours)]);
    expect(a + b).toBe(1);
    expect(sent.map((m) => m.subject)).toEqual([`Payment due tomorrow: Moved ${t} (${first.quotationId})`]);
    expect(await indexed()).toEqual([]);
  });
});
