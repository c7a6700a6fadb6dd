import { describe, expect, it, vi } from 'vitest';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { quietLog } from '#lib/testing';
import { createPaymentsHandler, type PaymentWorkerDeps } from './payments.ts';
import { StillPending, type VerifyOutcome } from '../../wallet/index.ts';

const record = (id: string, body: unknown): SQSRecord =>
  ({
    messageId: id,
    receiptHandle: id,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    attributes: { ApproximateReceiveCount: '1' },
  }) as SQSRecord;
const event = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const payment = (paymentId: string, siteId = 'site-flightdeals') => ({ siteId, paymentId });

/** The gateway's answer per payment id: paid, still pending, or down. */
function fakes(states: Record<string, 'paid' | 'pending' | 'down'>) {
  const deps: PaymentWorkerDeps = {
    siteExists: async (siteId) => siteId === 'site-flightdeals',
    verify: vi.fn(async (_siteId: string, paymentId: string): Promise<VerifyOutcome> => {
      if (states[paymentId] === 'pending') throw new StillPending();
      if (states[paymentId] === 'down') throw new Error('gateway unreachable');
      return 'applied';
    }),
    now: () => new Date('2026-11-22T10:00:00Z'),
    log: quietLog(),
  };
  return deps;
}

describe('payment-verification worker', () => {
  it('reports a still-pending payment and a failed check for retry, and only those', async () => {
    const deps = fakes({ p1: 'paid', p2: 'pending', p3: 'down', p4: 'paid' });
    const out = await createPaymentsHandler(deps)(
      event(
        record('m1', payment('p1')),
        record('m2', payment('p2')),
        record('m3', payment('p3')),
        record('m4', payment('p4')),
      ),
    );
    expect(out.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['m2', 'm3']);
    expect(deps.verify).toHaveBeenCalledTimes(4);
    // Pending is the normal way to wait for the gateway; only a real failure is an error.
    expect(deps.log.info).toHaveBeenCalledWith('payment still pending; will retry', { messageId: 'm2' });
    expect(deps.log.error).toHaveBeenCalledTimes(1);
    expect(deps.log.error).toHaveBeenCalledWith('payment verification failed; will retry', {
      messageId: 'm3',
      error: 'gateway unreachable',
    });
  });

  it('reports a batch whose every payment is still pending record by record', async () => {
    const out = await createPaymentsHandler(fakes({ p1: 'pending' }))(event(record('m1', payment('p1'))));
    expect(out).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
  });

  it('drops invalid bodies and unknown sites instead of retrying them', async () => {
    const deps = fakes({});
    const out = await createPaymentsHandler(deps)(
      event(
        record('junk', 'not json'),
        record('no-id', { siteId: 'site-flightdeals' }),
        record('ghost', payment('p9', 'site-gone')),
      ),
    );
    expect(out.batchItemFailures).toEqual([]);
    expect(deps.verify).not.toHaveBeenCalled();
    expect(deps.log.warn).toHaveBeenCalledTimes(3);
  });
});
