/**
 * Credit lines through the local gateway (docs/credit-lines.md): staff set a limit and credit
 * days; an agent books on credit past the 40 % alert and gets the mail; the due-date reminder goes out once; an
 * overdue draw blocks new bookings with a clear message; a top-up pays the oldest draw first; fully repaid, the
 * agent books again. Also: past the limit, limits below the credit in use, permissions and the audit trail.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStackQueues } from '../support/queues.ts';
import { orderSuccessCallback } from '@tp/contracts/endpoints/flights';
import { addWalletEntry, getWalletBalance, setCreditLine } from '@tp/contracts/endpoints/wallet';
import * as MSG from '@tp/contracts/messages';
import { addCalendarDays } from '@tp/domain/credit';
import { auditTrail } from '../../functions/src/lib/audit.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { siteTimeZone } from '../../functions/src/lib/tenancy.ts';
import { localDay } from '../../functions/src/lib/time.ts';
import type { Deadline } from '../../functions/src/deadlines/index.ts';
import { deadlineHandlers } from '../../functions/src/entries/workers/deadlines.ts';
import { fireDeadlines } from './deadlines-helpers.ts';
import { move } from '../../functions/src/wallet/ledger.ts';
import { drawsOf } from '../../functions/src/wallet/ledger-repo.ts';
import { mailbox } from '../support/api.ts';
import type { Client } from '../support/api.ts';
import { FLIGHTDEALS, SKYWAY, demo } from './customers-helpers.ts';
import { newCustomer, oneWay, pick, placeOrder, recipients, type Customer } from './flights-helpers.ts';

const SITE = asSiteId(FLIGHTDEALS.siteId);
const requestId = () => `req-${randomUUID()}`;
const siteToday = () => localDay(new Date(), siteTimeZone(FLIGHTDEALS));
let admin: Client;

beforeAll(async () => {
  admin = await demo(FLIGHTDEALS, 'admin');
  // The due-date reminder runs in this process (as the kart deadline test does): give it the real email queue.
  await useStackQueues('email');
});

/** A mail to `to` (stored in lower case; the SES emulator may join several addressees) whose subject matches. */
async function mailTo(to: string, subject: RegExp, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailbox()).filter((m) => subject.test(m.subject) && recipients(m).includes(to.toLowerCase()));
    if (found.length) return found;
    if (Date.now() > until) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function balance(c: Customer) {
  const res = await c.client.call(getWalletBalance, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}

/**
 * A departure day of this file's own: the simulator's seats are shared by every test that books on the site,
 * and a full run books DEL→BOM's cheapest flight 20 days out often enough to sell it out before this test's
 * last booking (seen in CI as a 409 "Seats are no longer available"). It books twice on that day, so the
 * flight is one with room (`pick`): the cheapest may have a single seat on sale.
 */
const DAYS_OUT = 40 + randomInt(0, 120);

async function newOrder(c: Customer) {
  const found = await oneWay(c.client, 'DEL', 'BOM', DAYS_OUT);
  return placeOrder(c, found, pick(found));
}

const setLine = (c: Customer, creditLimit: number, creditDays: number) =>
  admin.call(setCreditLine, { email: c.email, creditLimit, creditDays });

describe('booking on credit', () => {
  it('alerts at 40 %, reminds before the due day, blocks while overdue, settles oldest first, books again', async () => {
    const agent = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 1000 });
    const first = await newOrder(agent);
    const onCredit = Math.round((first.amount - 1000) * 100) / 100;
    // A limit the booking leaves with 30 % of it left: past the 40 % alert, not the 20 % one.
    const limit = Math.ceil(onCredit / 0.7);
    const set = await setLine(agent, limit, 2);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.message).toBe(MSG.creditLineSaved);
    expect(set.body.result).toMatchObject({
      balance: 1000,
      creditLimit: limit,
      available: 1000 + limit,
      creditDays: 2,
    });

    const paid = await agent.client.call(orderSuccessCallback, { orderId: first.orderId });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const after = await balance(agent);
    expect(after).toMatchObject({
      balance: -onCredit,
      creditUsed: onCredit,
      creditLeft: Math.round((limit - onCredit) * 100) / 100,
      oldestDueDate: addCalendarDays(siteToday(), 2),
      oldestDueAmount: onCredit,
      overdue: false,
    });
    expect(after.alerts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'lowCredit', threshold: 40 }),
        expect.objectContaining({ kind: 'dueSoon', dueDay: addCalendarDays(siteToday(), 2) }),
      ]),
    );
    const [alert] = await mailTo(agent.email, /Credit alert: 40% or less/);
    expect(alert!.body.text).toContain('credit left');

    // The due-date reminder: within 3 days of the due day (a deadline of the one index), once per draw.
    const mine = (d: Deadline) => d.kind === 'creditDueReminder' && d.data.legalEntityId === agent.legalEntityId;
    await fireDeadlines(deadlineHandlers, new Date(), mine);
    await mailTo(agent.email, /Credit payment due on/);
    expect(await fireDeadlines(deadlineHandlers, new Date(), mine)).toBe(0);
    const draws = await drawsOf(SITE, agent.legalEntityId);
    expect(draws).toHaveLength(1);
    expect(draws[0]!.remindedAt).toBeTruthy();

    // An honest overdue amount: credit days cut to 0, and a booking debit made three days ago through the
    // same ledger code (its due day is the site's day it was drawn, so it is past).
    expect((await setLine(agent, limit, 0)).status).toBe(200);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    const late = await move('debit', {
      siteId: SITE,
      legalEntityId: agent.legalEntityId,
      entryId: `late-${randomUUID()}`,
      amount: 100,
      currency: 'INR',
      kind: 'booking',
      remark: 'Earlier booking',
      byUserId: agent.userId,
      now: threeDaysAgo,
    });
    expect(late).toBe('done');
    const overdue = await balance(agent);
    expect(overdue.overdue).toBe(true);
    expect(overdue.alerts).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'overdue' })]));

    const second = await newOrder(agent);
    const refused = await agent.client.call(orderSuccessCallback, { orderId: second.orderId });
    expect(refused.status).toBe(402);
    expect(refused.body.errorMessage).toBe(MSG.creditOverdue);
    // Refused means nothing moved.
    expect((await balance(agent)).balance).toBe(overdue.balance);

    // A staff payment entry of the first draw's amount pays the oldest draw only: the late one is still owed.
    const pay1 = await admin.call(addWalletEntry, { email: agent.email, amount: onCredit, requestId: requestId() });
    expect(pay1.status, JSON.stringify(pay1.body)).toBe(200);
    const partly = await balance(agent);
    expect(partly).toMatchObject({
      creditUsed: 100,
      oldestDueDate: localDay(threeDaysAgo, siteTimeZone(FLIGHTDEALS)),
      oldestDueAmount: 100,
      overdue: true,
    });

    // The rest: nothing owed, and the agent books again.
    expect((await admin.call(addWalletEntry, { email: agent.email, amount: 100, requestId: requestId() })).status).toBe(
      200,
    );
    expect(await balance(agent)).toMatchObject({ balance: 0, creditUsed: 0, oldestDueDate: null, overdue: false });
    const again = await agent.client.call(orderSuccessCallback, { orderId: second.orderId });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await balance(agent)).creditUsed).toBe(second.amount);
  });

  it('refuses a booking past wallet + credit left with a clear message, moving nothing', async () => {
    const agent = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 100 });
    const order = await newOrder(agent);
    expect((await setLine(agent, Math.floor(order.amount / 2), 15)).status).toBe(200);
    const res = await agent.client.call(orderSuccessCallback, { orderId: order.orderId });
    expect(res.status).toBe(402);
    expect(res.body.errorMessage).toBe(MSG.creditOverLimit);
    expect(await balance(agent)).toMatchObject({ balance: 100, creditUsed: 0 });
  });
});

describe('setting a credit line', () => {
  it('keeps available right, refuses a limit below the credit in use, and records each change in the audit trail', async () => {
    const agent = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 500 });
    expect((await setLine(agent, 10_000, 30)).body.result).toMatchObject({ available: 10_500, creditLeft: 10_000 });
    expect(
      await move('debit', {
        siteId: SITE,
        legalEntityId: agent.legalEntityId,
        entryId: `b-${randomUUID()}`,
        amount: 4_500,
        currency: 'INR',
        kind: 'booking',
        remark: 'Booking',
        byUserId: agent.userId,
        now: new Date(),
      }),
    ).toBe('done');
    // Lowering the limit moves available by the difference.
    expect((await setLine(agent, 6_000, 30)).body.result).toMatchObject({
      balance: -4_000,
      creditLimit: 6_000,
      available: 2_000,
      creditUsed: 4_000,
      creditLeft: 2_000,
    });
    const below = await setLine(agent, 3_999.99, 30);
    expect(below.status).toBe(400);
    expect(below.body.errorMessage).toBe(MSG.creditLimitBelowUsed('₹4,000.00'));
    expect(below.body.shortError).toMatchObject({ creditLimit: below.body.errorMessage });
    expect((await balance(agent)).creditLimit).toBe(6_000);

    const bad = await setLine(agent, -1, 1.5);
    expect(bad.status).toBe(400);
    expect(bad.body.shortError).toMatchObject({
      creditLimit: 'Credit limit cannot be negative',
      creditDays: 'Credit days must be a whole number from 0 to 365',
    });

    const trail = await auditTrail(SITE, 'creditLine', agent.legalEntityId, { limit: 10 });
    expect(trail.records.map((r) => r.after)).toEqual([
      { creditLimit: 6_000, creditDays: 30 },
      { creditLimit: 10_000, creditDays: 30 },
    ]);
    expect(trail.records[0]!.before).toEqual({ creditLimit: 10_000, creditDays: 30 });
    expect(trail.records[0]!.by.email).toBeTruthy();
  });

  it('is staff only, with the credit-line permission, and never reaches another site', async () => {
    const agent = await newCustomer(FLIGHTDEALS, 'travelAgent');
    const res = await agent.client.call(setCreditLine, { email: agent.email, creditLimit: 1_000_000, creditDays: 30 });
    expect(res.status).toBe(403);
    const otherSite = await demo(SKYWAY, 'admin');
    const across = await otherSite.call(setCreditLine, { email: agent.email, creditLimit: 1_000_000, creditDays: 30 });
    expect(across.status).toBe(404);
    expect((await balance(agent)).creditLimit).toBe(0);
  });
});
