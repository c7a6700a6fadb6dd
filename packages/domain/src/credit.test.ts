import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  applyCreditMovement,
  creditLeft,
  creditSummary,
  creditUsed,
  crossedThreshold,
  dueDayOf,
  isOverdue,
  remindDue,
  repaid,
  spendable,
  unpaidDraws,
  type CreditDraw,
  type CreditMovement,
  type CreditState,
} from './credit.ts';

const line = (balance: number, limit: number, drawn = Math.max(0, -balance)): CreditState => ({
  balance,
  limit,
  drawn,
});
const booking = (amount: number, oldestDueDay: string | null = null, today = '2026-11-23'): CreditMovement => ({
  kind: 'debit',
  amount,
  purpose: 'booking',
  today,
  oldestDueDay,
});

describe('debits: wallet first, then credit', () => {
  it('takes the wallet first and draws only the rest on credit', () => {
    const out = applyCreditMovement(line(30_000, 100_000), booking(50_000));
    expect(out).toMatchObject({ ok: true, next: { balance: -20_000, limit: 100_000, drawn: 20_000 } });
    expect(out.ok && out.draw).toEqual({ start: 0, end: 20_000 });
  });

  it('draws nothing while the wallet covers the booking', () => {
    const out = applyCreditMovement(line(60_000, 100_000), booking(50_000));
    expect(out.ok && out.draw).toBeNull();
  });

  it('refuses a booking past wallet + credit left, and says insufficient without a credit line', () => {
    expect(applyCreditMovement(line(-90_000, 100_000), booking(10_001))).toEqual({ ok: false, reason: 'overLimit' });
    expect(applyCreditMovement(line(-90_000, 100_000), booking(10_000)).ok).toBe(true);
    expect(applyCreditMovement(line(500, 0), booking(501))).toEqual({ ok: false, reason: 'insufficient' });
  });

  it('refuses a booking while the oldest unpaid draw is overdue, but not a staff adjustment', () => {
    expect(applyCreditMovement(line(-1_000, 100_000), booking(100, '2026-11-22'))).toEqual({
      ok: false,
      reason: 'overdue',
    });
    // Due today is not overdue yet.
    expect(applyCreditMovement(line(-1_000, 100_000), booking(100, '2026-11-23')).ok).toBe(true);
    const adjustment: CreditMovement = { ...booking(100, '2026-11-22'), purpose: 'adjustment' } as CreditMovement;
    expect(applyCreditMovement(line(-1_000, 100_000), adjustment).ok).toBe(true);
  });

  it('never refuses a credit', () => {
    expect(applyCreditMovement(line(-100_000, 100_000), { kind: 'credit', amount: 1 })).toMatchObject({
      ok: true,
      next: { balance: -99_999 },
    });
  });
});

describe('credit limit changes', () => {
  it('keeps what may be spent right and refuses a limit below the credit in use', () => {
    const out = applyCreditMovement(line(-30_000, 100_000), { kind: 'limit', limit: 50_000 });
    expect(out.ok && spendable(out.next)).toBe(20_000);
    expect(applyCreditMovement(line(-30_000, 100_000), { kind: 'limit', limit: 29_999 })).toEqual({
      ok: false,
      reason: 'limitBelowUsed',
    });
    expect(applyCreditMovement(line(-30_000, 100_000), { kind: 'limit', limit: 30_000 }).ok).toBe(true);
  });
});

describe('FIFO repayment', () => {
  const draws: CreditDraw[] = [
    { start: 0, end: 10_000, dueDay: '2026-11-10' },
    { start: 10_000, end: 25_000, dueDay: '2026-11-15' },
    { start: 25_000, end: 30_000, dueDay: '2026-11-20' },
  ];

  it('pays the oldest draw first, then the next', () => {
    // 30 000 drawn; 12 000 repaid: the first draw is paid, the second owes 13 000.
    const s = line(-18_000, 100_000, 30_000);
    expect(repaid(s)).toBe(12_000);
    expect(unpaidDraws(draws, s).map((d) => [d.dueDay, d.owed])).toEqual([
      ['2026-11-15', 13_000],
      ['2026-11-20', 5_000],
    ]);
  });

  it('owes nothing once the wallet is back at or above zero', () => {
    expect(unpaidDraws(draws, line(500, 100_000, 30_000))).toEqual([]);
  });
});

describe('alert thresholds', () => {
  it('alerts once when credit left crosses 40 % and 20 %, and a repayment re-arms it', () => {
    const limit = 100_000;
    expect(crossedThreshold(line(0, limit), line(-60_000, limit))).toBe(40);
    expect(crossedThreshold(line(-60_000, limit), line(-70_000, limit))).toBeNull();
    expect(crossedThreshold(line(-70_000, limit), line(-80_000, limit))).toBe(20);
    expect(crossedThreshold(line(0, limit), line(-85_000, limit))).toBe(20);
    // Repaid back above 40 %, then down again: a new crossing.
    expect(crossedThreshold(line(-80_000, limit), line(-50_000, limit))).toBeNull();
    expect(crossedThreshold(line(-50_000, limit), line(-61_000, limit))).toBe(40);
    expect(crossedThreshold(line(0, 0), line(-1, 0))).toBeNull();
  });

  it('reports the debit that crosses', () => {
    const out = applyCreditMovement(line(10_000, 100_000), booking(75_000));
    expect(out.ok && out.alert).toBe(40);
  });
});

describe('due days and the summary', () => {
  it('counts credit days on the calendar and is overdue the day after', () => {
    expect(dueDayOf('2026-12-25', 15)).toBe('2027-01-09');
    expect(addCalendarDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(isOverdue('2026-11-22', '2026-11-23')).toBe(true);
    expect(isOverdue('2026-11-23', '2026-11-23')).toBe(false);
    expect(isOverdue(null, '2026-11-23')).toBe(false);
    expect(remindDue('2026-11-26', '2026-11-23')).toBe(true);
    expect(remindDue('2026-11-27', '2026-11-23')).toBe(false);
    expect(remindDue('2026-11-22', '2026-11-23')).toBe(false);
  });

  it('summarises used, left, the oldest due amount and the open alerts', () => {
    const s = line(-85_000, 100_000);
    const summary = creditSummary(s, { dueDay: '2026-11-20', owed: 5_000 }, '2026-11-23');
    expect(summary).toEqual({
      creditUsed: 850,
      creditLeft: 150,
      oldestDueDay: '2026-11-20',
      oldestDueAmount: 50,
      overdue: true,
      alerts: [
        { kind: 'overdue', dueDay: '2026-11-20', amount: 50 },
        { kind: 'lowCredit', threshold: 20, creditLeft: 150 },
      ],
    });
    expect(creditSummary(line(-100, 100_000), { dueDay: '2026-11-25', owed: 100 }, '2026-11-23').alerts).toEqual([
      { kind: 'dueSoon', dueDay: '2026-11-25', amount: 1 },
    ]);
  });
});

/**
 * The property: the cumulative-range representation (what the ledger stores) answers exactly what an explicit
 * FIFO queue of draws answers, and the ledger's invariants hold, for any sequence of movements.
 */
describe('the credit model (property)', () => {
  type Op = { kind: 'credit'; amount: number } | { kind: 'debit'; amount: number } | { kind: 'limit'; limit: number };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('credit' as const), amount: fc.integer({ min: 1, max: 50_000 }) }),
    fc.record({ kind: fc.constant('debit' as const), amount: fc.integer({ min: 1, max: 80_000 }) }),
    fc.record({ kind: fc.constant('limit' as const), limit: fc.integer({ min: 0, max: 150_000 }) }),
  );

  it('keeps sum = balance, used ≤ limit, and FIFO draws equal to an explicit queue', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        let s: CreditState = { balance: 0, limit: 0, drawn: 0 };
        let sum = 0;
        const draws: CreditDraw[] = [];
        // The reference: a queue of [owed] per draw, paid from the front by every credit.
        const queue: number[] = [];
        for (const [i, o] of ops.entries()) {
          const out = applyCreditMovement(
            s,
            o.kind === 'debit' ? { ...o, purpose: 'booking', today: '2026-11-23', oldestDueDay: null } : o,
          );
          if (!out.ok) continue;
          if (o.kind === 'credit') {
            sum += o.amount;
            let pay = Math.min(
              o.amount,
              queue.reduce((a, b) => a + b, 0),
            );
            while (pay > 0) {
              const take = Math.min(pay, queue[0]!);
              queue[0]! -= take;
              pay -= take;
              if (queue[0] === 0) queue.shift();
            }
          }
          if (o.kind === 'debit') sum -= o.amount;
          if (out.draw) {
            draws.push({ ...out.draw, dueDay: addCalendarDays('2026-01-01', i) });
            queue.push(out.draw.end - out.draw.start);
          }
          s = out.next;
          expect(s.balance).toBe(sum);
          expect(creditUsed(s)).toBeLessThanOrEqual(s.limit);
          expect(creditLeft(s)).toBeGreaterThanOrEqual(0);
          expect(unpaidDraws(draws, s).map((d) => d.owed)).toEqual(queue.filter((q) => q > 0));
          expect(queue.reduce((a, b) => a + b, 0)).toBe(creditUsed(s));
        }
      }),
      { numRuns: 300 },
    );
  });
});
