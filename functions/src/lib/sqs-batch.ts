/**
 * The frame of every SQS worker: Powertools batch processing with partial batch responses, so only the
 * records that failed come back (after the visibility timeout, then to the DLQ after maxReceiveCount).
 * A record handler resolves when its record is done with (handled, duplicate or dropped) and throws when
 * SQS should deliver it again.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod/mini';
import { METRICS } from '@tp/contracts/platform';
import { correlationOfRecord, runWithCorrelation } from './correlation.ts';
import { emitMetric } from './metrics.ts';

export type SqsHandler = (event: SQSEvent, context?: Context) => Promise<SQSBatchResponse>;

export function sqsBatchHandler(
  handleRecord: (record: SQSRecord) => Promise<void>,
  /** Called with each record that will be retried, before the batch answers. */
  onFailure: (record: SQSRecord, error: unknown) => void,
): SqsHandler {
  const handle = async (record: SQSRecord) => {
    // How long it waited: the queue-age chart and the oldest-payment alarm's companion.
    const sent = Number(record.attributes?.SentTimestamp);
    if (sent > 0) void emitMetric(METRICS.queueMessageAge, Math.max(0, (Date.now() - sent) / 1000), 'Seconds');
    try {
      // Logged under, and passed on with, the id of the request that sent it.
      await runWithCorrelation(correlationOfRecord(record), () => handleRecord(record));
    } catch (err) {
      onFailure(record, err);
      throw err;
    }
  };
  return (event, context) =>
    processPartialResponse(
      event,
      handle,
      // The processor holds one batch's records and results: one per batch keeps batches that run at the
      // same time in one process (the local stack) apart.
      new BatchProcessor(EventType.SQS),
      // A batch that failed whole is reported record by record like any other, not thrown: same retries
      // on Lambda, and one answer shape for the local worker loop and the tests.
      { ...(context ? { context } : {}), throwOnFullBatchFailure: false },
    );
}

/** The body as `schema` reads it, or null when it never will (not JSON, wrong shape): such a record is dropped. */
export function parseBody<T>(record: SQSRecord, schema: z.core.$ZodType<T>): T | null {
  try {
    const parsed = z.safeParse(schema, JSON.parse(record.body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** An error's message for a log line. */
export const errorText = (err: unknown): string => String((err as Error)?.message ?? err);
