/**
 * The one deadline index and its worker: each deadline fires once when two runs race, a failing handler leaves it
 * for the next run, a hold lapsing in 6 hours mails the agent, and an unhandled disruption escalates to staff.
 * Deadlines here fall due days ahead and each run is narrowed to this file's records, so the local stack's own
 * worker (running on real time) never takes them.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { runDueDeadlines, type Deadline, type DeadlineHandlers } from '../../functions/src/deadlines/index.ts';
import { deadlineItem } from '../../functions/src/deadlines/repo.ts';
import { transact } from '../../functions/src/lib/db.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import type { TEmailMessage } from '../../functions/src/lib/mail.ts';
import type { TNotifyMessage } from '../../functions/src/lib/notify.ts';
import { siteById } from '../../functions/src/lib/tenancy.ts';
import { escalateDisruption, warnHoldLapsing } from '../../functions/src/tickets/deadline-handlers.ts';
import { disruptionsOfBooking } from '../../functions/src/tickets/disruptions-repo.ts';
import { sweepSite } from '../../functions/src/tickets/disruptions.ts';
import { defaultDeps } from '../../functions/src/tickets/operations/shared.ts';
import { FLIGHTDEALS } from './customers-helpers.ts';
import { newAgent, supplierBooking } from './tickets-helpers.ts';
import { useStackTable } from './users-helpers.ts';

const DAY = 86_400_000;
const ahead = (ms: number) => new Date(Date.now() + ms);
const noop = async () => undefined;

let agent: Awaited<ReturnType<typeof newAgent>>;
beforeAll(async () => {
  useStackTable();
  agent = await newAgent(FLIGHTDEALS);
});

describe('the deadline worker', () => {
  it('fires each deadline once when two runs race', async () => {
    const siteId = asSiteId(`deadlines-${randomUUID().slice(0, 8)}`);
    const due = ahead(3 * DAY);
    const deadlines: Deadline[] = Array.from({ length: 10 }, (_, i) => ({
      kind: i % 2 ? 'holdWarning' : 'disruptionEscalation',
      siteId,
      ref: `ref${i}`,
      dueAt: new Date(due.getTime() + i * 1000).toISOString(),
      data: {},
    }));
    await transact(deadlines.map(deadlineItem));
    const seen: string[] = [];
    const count = async (d: Deadline) => void seen.push(d.ref);
    const handlers: DeadlineHandlers = { holdWarning: count, disruptionEscalation: count, kartBalanceReminder: count };
    const mine = (d: Deadline) => d.siteId === siteId;
    const at = new Date(due.getTime() + 60_000);
    const [a, b] = await Promise.all([runDueDeadlines(handlers, at, mine), runDueDeadlines(handlers, at, mine)]);
    expect(a + b).toBe(10);
    expect(seen.sort()).toEqual(deadlines.map((d) => d.ref).sort());
    expect(await runDueDeadlines(handlers, at, mine)).toBe(0);
  });

  it('does not fire early, and leaves a deadline whose handler failed for the next run', async () => {
    const siteId = asSiteId(`deadlines-${randomUUID().slice(0, 8)}`);
    const due = ahead(3 * DAY);
    await transact([deadlineItem({ kind: 'holdWarning', siteId, ref: 'flaky', dueAt: due.toISOString(), data: {} })]);
    const mine = (d: Deadline) => d.siteId === siteId;
    let calls = 0;
    const flaky: DeadlineHandlers = {
      holdWarning: async () => {
        calls++;
        if (calls === 1) throw new Error('mail queue down');
      },
      disruptionEscalation: noop,
      kartBalanceReminder: noop,
    };
    expect(await runDueDeadlines(flaky, new Date(due.getTime() - 60_000), mine)).toBe(0);
    expect(calls).toBe(0);
    const at = new Date(due.getTime() + 60_000);
    expect(await runDueDeadlines(flaky, at, mine)).toBe(0);
    expect(await runDueDeadlines(flaky, at, mine)).toBe(1);
    expect(await runDueDeadlines(flaky, at, mine)).toBe(0);
    expect(calls).toBe(2);
  });
});

describe('deadlines of the tickets domain', () => {
  it('mails and pushes to the agent when a hold lapses in 6 hours, once', async () => {
    const lapses = ahead(3 * DAY);
    const b = await supplierBooking(FLIGHTDEALS.siteId, agent.email, { held: true, lastTicketDate: lapses });
    const sent: TEmailMessage[] = [];
    const pushed: TNotifyMessage[] = [];
    const handlers: DeadlineHandlers = {
      holdWarning: (d, now) =>
        warnHoldLapsing(d, now, {
          enqueueEmail: async (m) => void sent.push(m),
          notify: async (m) => void pushed.push(m),
        }),
      disruptionEscalation: noop,
      kartBalanceReminder: noop,
    };
    const mine = (d: Deadline) => d.ref === b.bookingId;
    // Seven hours before: not yet.
    expect(await runDueDeadlines(handlers, new Date(lapses.getTime() - 7 * 3_600_000), mine)).toBe(0);
    expect(await runDueDeadlines(handlers, new Date(lapses.getTime() - 6 * 3_600_000 + 60_000), mine)).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: [agent.email],
      idempotencyKey: `hold-warning-${b.bookingId}-${b.lastTicketDate}`,
    });
    expect(sent[0]!.subject).toContain(b.pnr);
    // The mail is sent only while the agent keeps mail on for held bookings (their notification preferences).
    expect(sent[0]!.notice).toEqual({ userId: b.userId, kind: 'holdLapsing' });
    expect(pushed).toEqual([
      expect.objectContaining({ kind: 'holdLapsing', to: { userIds: [b.userId] }, path: '/flight/ticketQueue' }),
    ]);
    expect(pushed[0]!.body).toContain(b.pnr);
    expect(await runDueDeadlines(handlers, new Date(lapses.getTime() - 3_600_000), mine)).toBe(0);
  });

  it('escalates a disruption nobody acted on to the site, once', async () => {
    const b = await supplierBooking(FLIGHTDEALS.siteId, agent.email, { retimed: true, adults: 1 });
    const site = (await siteById(b.siteId))!;
    const day = b.travelDate.slice(0, 10);
    await sweepSite(site, new Date(), { from: day, to: `${day}~` }, { ...defaultDeps, enqueueEmail: noop });
    const [d] = await disruptionsOfBooking(b.siteId, b.bookingId);
    const sent: TEmailMessage[] = [];
    const handlers: DeadlineHandlers = {
      holdWarning: noop,
      disruptionEscalation: (x, now) => escalateDisruption(x, now, { enqueueEmail: async (m) => void sent.push(m) }),
      kartBalanceReminder: noop,
    };
    const mine = (x: Deadline) => x.data.bookingId === b.bookingId;
    const at = new Date(Date.parse(d!.escalateAt) + 60_000);
    expect(await runDueDeadlines(handlers, at, mine)).toBe(1);
    expect((await disruptionsOfBooking(b.siteId, b.bookingId))[0]!.escalatedAt).toBe(at.toISOString());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain(b.pnr);
    expect(sent[0]!.idempotencyKey).toBe(`disruption-escalation-${b.bookingId}-${d!.disruptionId}`);
    expect(await runDueDeadlines(handlers, at, mine)).toBe(0);
  });
});
