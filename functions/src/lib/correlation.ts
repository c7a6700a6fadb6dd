/**
 * One correlation id from the API request through the queues it feeds: the handler preset runs
 * each request under its request id, every SQS send carries the current id as a message attribute, and the
 * workers run each record under the id it arrived with, so `correlation_id` joins a booking's request, its
 * payment verification and its e-ticket mail in the logs. Outbox messages store the id with their body.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MessageAttributeValue } from '@aws-sdk/client-sqs';

const current = new AsyncLocalStorage<string>();

/** The SQS message attribute that carries the id. */
export const CORRELATION_ATTRIBUTE = 'correlationId';

export const runWithCorrelation = <T>(id: string, fn: () => T): T => current.run(id, fn);

/** The id of the request or record being handled, if any. */
export const correlationId = (): string | undefined => current.getStore();

/** MessageAttributes for a SendMessage: the given (stored) id, else the current one; none outside a request. */
export function correlationAttributes(
  id: string | undefined = correlationId(),
): Record<string, MessageAttributeValue> | undefined {
  return id ? { [CORRELATION_ATTRIBUTE]: { DataType: 'String', StringValue: id } } : undefined;
}

/** The id a received record carries (falls back to its message id, so each record still has one). */
export function correlationOfRecord(record: {
  messageId: string;
  messageAttributes?: Record<string, { stringValue?: string | undefined }>;
}): string {
  return record.messageAttributes?.[CORRELATION_ATTRIBUTE]?.stringValue || record.messageId;
}
