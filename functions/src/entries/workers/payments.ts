/**
 * Payment-verification worker (queue QUEUES.paymentVerification). Each message names one payment
 * ({siteId, paymentId}); the gateway is asked for its state and a paid payment is applied once
 * (wallet/payments.ts verifyAndApply). A payment still PENDING is reported as a batch item failure so
 * SQS redelivers it after the visibility timeout; after maxReceiveCount it lands in the DLQ (alarmed).
 */
import { requireConfig } from '#lib/config';
import type { SQSRecord } from 'aws-lambda';
import * as z from 'zod/mini';
import { log, type Logger } from '#lib/logger';
import { errorText, parseBody, sqsBatchHandler, type SqsHandler } from '#lib/sqs-batch';
import { siteById } from '#lib/tenancy';
import { paymentVerification } from '../wiring/orders.ts';
import { StillPending, verifyAndApply, type VerifyOutcome } from '../../wallet/index.ts';
import { zSiteId, type SiteId } from '#lib/keys';

// Fails this worker's cold start, not its first message, when the stack left out its configuration.
requireConfig(['TABLE_NAME', 'EMAIL_QUEUE_URL']);

const ZMessage = z.object({ siteId: zSiteId, paymentId: z.string().check(z.minLength(1)) });

export interface PaymentWorkerDeps {
  siteExists(siteId: SiteId): Promise<boolean>;
  verify(siteId: SiteId, paymentId: string, now: Date): Promise<VerifyOutcome>;
  now(): Date;
  log: Logger;
}

export const defaultDeps: PaymentWorkerDeps = {
  siteExists: async (siteId) => (await siteById(siteId)) !== null,
  verify: (siteId, paymentId, now) => verifyAndApply(siteId, paymentId, now, paymentVerification()),
  now: () => new Date(),
  log,
};

/** Resolves when the record is done with; rejects when SQS should deliver it again. */
async function processRecord(record: SQSRecord, deps: PaymentWorkerDeps): Promise<void> {
  const msg = parseBody(record, ZMessage);
  // A malformed message never becomes valid: retrying would only walk it to the DLQ slowly.
  if (!msg) return deps.log.warn('payment message dropped: invalid body', { messageId: record.messageId });
  if (!(await deps.siteExists(msg.siteId)))
    return deps.log.warn('payment message dropped: unknown site', { messageId: record.messageId, siteId: msg.siteId });
  const outcome = await deps.verify(msg.siteId, msg.paymentId, deps.now());
  deps.log.info('payment verified', { ...msg, outcome, receiveCount: record.attributes.ApproximateReceiveCount });
}

export function createPaymentsHandler(deps: PaymentWorkerDeps = defaultDeps): SqsHandler {
  return sqsBatchHandler(
    (record) => processRecord(record, deps),
    (record, err) => {
      const { messageId } = record;
      if (err instanceof StillPending) deps.log.info('payment still pending; will retry', { messageId });
      else deps.log.error('payment verification failed; will retry', { messageId, error: errorText(err) });
    },
  );
}

export const handler = createPaymentsHandler();
