/**
 * Payment-verification worker (queue QUEUES.paymentVerification). Each message names one payment
 * ({siteId, paymentId}); the gateway is asked for its state and a paid payment is applied once
 * (wallet/payments.ts verifyAndApply). A payment still PENDING is reported as a batch item failure so
 * SQS redelivers it after the visibility timeout; after maxReceiveCount it lands in the DLQ (alarmed).
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod';
import { log, type Logger } from '#lib/logger';
import { siteById } from '#lib/tenancy';
import { StillPending, verifyAndApply, type VerifyOutcome } from '../wallet/payments.ts';

const ZMessage = z.object({ siteId: z.string().min(1), paymentId: z.string().min(1) });

export interface PaymentWorkerDeps {
  siteExists(siteId: string): Promise<boolean>;
  verify(siteId: string, paymentId: string, now: Date): Promise<VerifyOutcome>;
  now(): Date;
  log: Logger;
}

export const defaultDeps: PaymentWorkerDeps = {
  siteExists: async (siteId) => (await siteById(siteId)) !== null,
  verify: (siteId, paymentId, now) => verifyAndApply(siteId, paymentId, now),
  now: () => new Date(),
  log,
};

function parse(record: SQSRecord) {
  try {
    const parsed = ZMessage.safeParse(JSON.parse(record.body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Resolves when the record is done with; rejects when SQS should deliver it again. */
async function processRecord(record: SQSRecord, deps: PaymentWorkerDeps): Promise<void> {
  const msg = parse(record);
  // A malformed message never becomes valid: retrying would only walk it to the DLQ slowly.
  if (!msg) return deps.log.warn('payment message dropped: invalid body', { messageId: record.messageId });
  if (!(await deps.siteExists(msg.siteId)))
    return deps.log.warn('payment message dropped: unknown site', { messageId: record.messageId, siteId: msg.siteId });
  const outcome = await deps.verify(msg.siteId, msg.paymentId, deps.now());
  deps.log.info('payment verified', { ...msg, outcome, receiveCount: record.attributes.ApproximateReceiveCount });
}

export function createPaymentsHandler(deps: PaymentWorkerDeps = defaultDeps) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const results = await Promise.allSettled(event.Records.map((r) => processRecord(r, deps)));
    const batchItemFailures = results.flatMap((r, i) => {
      if (r.status === 'fulfilled') return [];
      const messageId = event.Records[i]!.messageId;
      if (r.reason instanceof StillPending) deps.log.info('payment still pending; will retry', { messageId });
      else
        deps.log.error('payment verification failed; will retry', {
          messageId,
          error: String((r.reason as Error)?.message ?? r.reason),
        });
      return [{ itemIdentifier: messageId }];
    });
    return { batchItemFailures };
  };
}

export const handler = createPaymentsHandler();
