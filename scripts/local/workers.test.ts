import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Message } from '@aws-sdk/client-sqs';
import { quietLog } from '../../functions/src/lib/testing.ts';
import { createPaymentsHandler } from '../../functions/src/entries/workers/payments.ts';
import { StillPending } from '../../functions/src/wallet/index.ts';
import { backoff, doorbell, localSchedule, runBatch } from './workers.ts';

describe('local schedules', () => {
  it('run every scheduled worker, the disruption sweep hourly as on AWS and soon after the start', () => {
    const jobs = localSchedule();
    const root = resolve(import.meta.dirname, '..', '..');
    for (const [worker] of jobs)
      expect(existsSync(join(root, 'functions', 'src', 'entries', 'workers', `${worker}.ts`))).toBe(true);
    const [, every, first] = jobs.find(([w]) => w === 'disruption-sweep')!;
    expect(every).toBe(3_600_000);
    expect(first).toBeLessThan(60_000);
    expect(jobs.find(([w]) => w === 'deadlines')?.[1]).toBe(60_000);
    expect(localSchedule({ reconcileEveryMs: 0 }).find(([w]) => w === 'reconciler')?.[1]).toBe(0);
  });
});

describe('local worker loop back-off while SQS is down', () => {
  it('waits longer after each failure, up to the cap, and starts over after a success', () => {
    const b = backoff(250, 5_000);
    expect(Array.from({ length: 7 }, () => b.fail())).toEqual([250, 500, 1_000, 2_000, 4_000, 5_000, 5_000]);
    b.reset();
    expect(b.fail()).toBe(250);
  });
});

describe("the pollers' doorbell", () => {
  const settled = async (p: Promise<void>) => {
    let done = false;
    void p.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    return done;
  };

  it('wakes a waiting poller when a message is sent, and only then or when its wait is over', async () => {
    vi.useFakeTimers();
    try {
      const bell = doorbell();
      const waiting = bell.wait(bell.rings, 1_000);
      await vi.advanceTimersByTimeAsync(999);
      expect(await settled(waiting)).toBe(false);
      bell.ring();
      expect(await settled(waiting)).toBe(true);

      const untilTimeout = bell.wait(bell.rings, 1_000);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await settled(untilTimeout)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never misses a ring that came while the poller was asking the queue', async () => {
    vi.useFakeTimers();
    try {
      const bell = doorbell();
      const seen = bell.rings;
      bell.ring(); // a send lands between the poller's empty answer and its wait
      expect(await settled(bell.wait(seen, 60_000))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('local worker loop driving a worker handler', () => {
  const message = (id: string, body: string): Message => ({
    MessageId: id,
    ReceiptHandle: `rh-${id}`,
    Body: body,
    Attributes: { ApproximateReceiveCount: '2' },
  });
  const arn = 'arn:aws:sqs:us-east-1:000000000000:payment-verification';

  it('deletes what the handler finished (dropped included) and leaves its reported failures for redelivery', async () => {
    const logged: Record<string, unknown>[] = [];
    const handler = createPaymentsHandler({
      siteExists: async () => true,
      verify: async (_siteId, paymentId) => {
        if (paymentId === 'pending') throw new StillPending();
        return 'applied';
      },
      now: () => new Date(),
      log: { ...quietLog(), info: (_msg, fields) => void logged.push(fields ?? {}) },
    });
    const body = (paymentId: string) => JSON.stringify({ siteId: 'site-flightdeals', paymentId });
    const { done, retry } = await runBatch(
      handler,
      [message('m1', body('paid')), message('m2', body('pending')), message('m3', 'not json')],
      arn,
    );
    expect(done.map((m) => m.MessageId)).toEqual(['m1', 'm3']);
    expect(retry.map((m) => m.MessageId)).toEqual(['m2']);
    // The records carry what Lambda's event source would give the handler.
    expect(logged).toContainEqual(expect.objectContaining({ paymentId: 'paid', receiveCount: '2' }));
  });

  it('leaves the whole batch for redelivery when the handler throws', async () => {
    const { done, retry } = await runBatch(
      async () => {
        throw new Error('cold start failed');
      },
      [message('m1', '{}'), message('m2', '{}')],
      arn,
    );
    expect(done).toEqual([]);
    expect(retry.map((m) => m.MessageId)).toEqual(['m1', 'm2']);
  });
});
