/**
 * The credit ledger against DynamoDB Local, checked by a model (docs/credit-lines.md): random
 * sequences of debits, credits, credit-limit changes and repeated entry ids, run one at a time (compared step by
 * step with the pure model of packages/domain/src/credit.ts) or spread over parallel lanes on the same legal
 * entity (version conflicts and retries happen). After every sequence: the entries sum to the balance, the credit
 * in use never exceeds the limit, every entry is written once, and the stored draws are contiguous and repaid
 * first-in-first-out exactly as the model says.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applyCreditMovement,
  creditUsed,
  outstanding,
  repaid,
  toPaise,
  toRupees,
  type CreditState,
} from '@tp/domain/credit';
import { auditPut, recordChange } from '../../functions/src/lib/audit.ts';
import { queryAll } from '../../functions/src/lib/db.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { walletKeys } from '../../functions/src/wallet/keys.ts';
import { move, setCreditLine } from '../../functions/src/wallet/ledger.ts';
import {
  creditLineOf,
  drawsOf,
  oldestUnpaidDraw,
  versionRetries,
  type MoveResult,
} from '../../functions/src/wallet/ledger-repo.ts';
import { useStackTable } from './users-helpers.ts';

const SITE = asSiteId('site-flightdeals');
const ACTOR = { userId: 'model-test', name: 'Model test', email: 'model@test.invalid' };

type Op =
  | { kind: 'credit'; amount: number }
  | { kind: 'booking'; amount: number }
  | { kind: 'adjustment'; amount: number }
  | { kind: 'limit'; limit: number }
  | { kind: 'repeat'; of: number };

// Amounts in paise (whole rupees and odd paise both), sized so limits are reached and crossed often.
const arbOp: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('credit' as const), amount: fc.integer({ min: 1, max: 40_000 }) }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('booking' as const), amount: fc.integer({ min: 1, max: 60_000 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('adjustment' as const), amount: fc.integer({ min: 1, max: 30_000 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('limit' as const), limit: fc.integer({ min: 0, max: 150_000 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('repeat' as const), of: fc.nat() }) },
);

interface Done {
  entryId: string;
  signed: number;
}

/** Runs one op against the ledger; answers what happened and the entry it wrote (if any). */
async function run(
  le: string,
  op: Op,
  ids: string[],
  i: number,
): Promise<{ result: MoveResult | 'limitSet' | 'limitRefused'; done?: Done }> {
  const now = new Date();
  if (op.kind === 'limit') {
    const out = await setCreditLine(
      {
        siteId: SITE,
        legalEntityId: le,
        creditLimit: toRupees(op.limit),
        creditDays: i % 5,
        now,
        changeId: randomUUID(),
      },
      (before, after) =>
        auditPut(
          SITE,
          recordChange('creditLine', le, before.exists ? { creditLimit: toRupees(before.state.limit) } : null, after),
          ACTOR,
          now,
        ),
    );
    if (!out.ok && out.reason === 'conflict') throw new Error('limit change gave up on conflicts');
    return { result: out.ok ? 'limitSet' : 'limitRefused' };
  }
  // A repeat sends an earlier op's entry id again with the same direction and amount (a client retry).
  const base = op.kind === 'repeat' ? ids[op.of % Math.max(1, ids.length)] : undefined;
  if (op.kind === 'repeat' && !base) return { result: 'duplicate' };
  const [kind, amount, entryId] =
    op.kind === 'repeat'
      ? (JSON.parse(base!) as [string, number, string])
      : [op.kind, op.amount, `m-${i}-${randomUUID()}`];
  const direction = kind === 'credit' ? 'credit' : 'debit';
  const result = await move(direction, {
    siteId: SITE,
    legalEntityId: le,
    entryId,
    amount: toRupees(amount),
    currency: 'INR',
    kind: kind === 'credit' ? 'topUp' : kind === 'booking' ? 'booking' : 'adjustment',
    remark: 'model test',
    byUserId: ACTOR.userId,
    now,
  });
  if (result === 'conflict') throw new Error('movement gave up on conflicts');
  // Only a movement that went through may be repeated (a refused one may rightly pass later).
  if (result === 'done' && op.kind !== 'repeat') ids.push(JSON.stringify([kind, amount, entryId]));
  return {
    result,
    ...(result === 'done' ? { done: { entryId, signed: direction === 'credit' ? amount : -amount } } : {}),
  };
}

/** What the ledger must hold after any sequence, whatever order parallel lanes committed in. */
async function checkInvariants(le: string, done: Done[]) {
  const line = await creditLineOf(SITE, le);
  const entries = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': walletKeys.walletEntry(SITE, le, 'x').pk },
    ConsistentRead: true,
  });
  const s = line.state;
  // Every movement that answered 'done' is there once, and nothing else is.
  expect(entries.map((e) => String(e.entryId)).sort()).toEqual(done.map((d) => d.entryId).sort());
  const sum = entries.reduce((a, e) => a + toPaise(Number(e.amount)), 0);
  expect(sum).toBe(s.balance);
  expect(sum).toBe(done.reduce((a, d) => a + d.signed, 0));
  expect(creditUsed(s)).toBeLessThanOrEqual(s.limit);
  // Draws are contiguous ranges of the running total, and what they still owe is the credit in use, oldest first.
  const draws = await drawsOf(SITE, le);
  let at = 0;
  for (const d of draws) {
    expect(d.start).toBe(at);
    expect(d.end).toBeGreaterThan(d.start);
    at = d.end;
  }
  expect(at).toBe(s.drawn);
  const owed = draws.map((d) => outstanding(d, s));
  expect(owed.reduce((a, b) => a + b, 0)).toBe(creditUsed(s));
  // FIFO: once a draw owes something, every later one owes its whole amount.
  const firstOwing = owed.findIndex((o) => o > 0);
  if (firstOwing >= 0)
    owed
      .slice(firstOwing + 1)
      .forEach((o, k) => expect(o).toBe(draws[firstOwing + 1 + k]!.end - draws[firstOwing + 1 + k]!.start));
  const oldest = await oldestUnpaidDraw(SITE, le, s);
  expect(oldest?.end ?? null).toBe(firstOwing >= 0 ? draws[firstOwing]!.end : null);
  expect(repaid(s)).toBe(s.drawn - creditUsed(s));
  return line;
}

beforeAll(() => useStackTable());

describe('credit ledger model (DynamoDB Local)', () => {
  it('matches the pure model step by step when run one at a time', async () => {
    let ops = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(arbOp, { minLength: 20, maxLength: 60 }), async (seq) => {
        const le = `model-${randomUUID()}`;
        const ids: string[] = [];
        const done: Done[] = [];
        let model: CreditState = { balance: 0, limit: 0, drawn: 0 };
        for (const [i, op] of seq.entries()) {
          const { result, done: d } = await run(le, op, ids, i);
          ops += 1;
          if (d) done.push(d);
          // The model's answer for the same op.
          if (op.kind === 'limit') {
            const m = applyCreditMovement(model, { kind: 'limit', limit: op.limit });
            expect(result).toBe(m.ok ? 'limitSet' : 'limitRefused');
            if (m.ok) model = m.next;
          } else if (op.kind === 'repeat') {
            expect(result).toBe('duplicate');
          } else {
            const m = applyCreditMovement(
              model,
              op.kind === 'credit'
                ? { kind: 'credit', amount: op.amount }
                : { kind: 'debit', amount: op.amount, purpose: op.kind, today: '2000-01-01', oldestDueDay: null },
            );
            expect(result).toBe(m.ok ? 'done' : m.reason);
            if (m.ok) model = m.next;
          }
        }
        const line = await checkInvariants(le, done);
        expect(line.state).toEqual(model);
      }),
      { numRuns: 25 },
    );
    expect(ops).toBeGreaterThan(500);
  }, 180_000);

  it('keeps the invariants with parallel lanes on one legal entity (conflicts retried)', async () => {
    let ops = 0;
    const retriesBefore = versionRetries.count;
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbOp, { minLength: 40, maxLength: 80 }),
        fc.integer({ min: 2, max: 4 }),
        async (seq, lanes) => {
          const le = `model-${randomUUID()}`;
          const ids: string[] = [];
          const done: Done[] = [];
          // Start with a credit line, so lanes race over the limit and the thresholds.
          await run(le, { kind: 'limit', limit: 100_000 }, ids, 0);
          await Promise.all(
            Array.from({ length: lanes }, async (_, lane) => {
              for (let i = lane; i < seq.length; i += lanes) {
                const { done: d } = await run(le, seq[i]!, ids, i + 1);
                ops += 1;
                if (d) done.push(d);
              }
            }),
          );
          await checkInvariants(le, done);
        },
      ),
      { numRuns: 20 },
    );
    expect(ops).toBeGreaterThan(900);
    // The lanes did race: some writes found the balance changed under them and were read and tried again.
    expect(versionRetries.count).toBeGreaterThan(retriesBefore);
  }, 180_000);
});
