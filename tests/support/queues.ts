/**
 * The test stack's queues as a test file's own process reaches them: to read a queue, or to run a worker's step
 * in-process (a payment verification, a reminder) so that what it sends lands where the stack's workers read.
 */
import { GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { inject } from 'vitest';
import { QUEUES } from '@tp/contracts/platform';
import { resetEnvCache } from '../../functions/src/lib/config.ts';

type Queue = keyof typeof QUEUES;

/** The environment variable each queue's senders read its URL from (functions/src/lib/config.ts). */
const URL_ENV = {
  email: 'EMAIL_QUEUE_URL',
  paymentVerification: 'PAYMENT_QUEUE_URL',
  notifications: 'NOTIFICATIONS_QUEUE_URL',
  supplierEvents: 'SUPPLIER_EVENTS_QUEUE_URL',
  exports: 'EXPORTS_QUEUE_URL',
} as const satisfies Partial<Record<Queue, string>>;

export const stackSqs = (): SQSClient =>
  new SQSClient({
    region: 'us-east-1',
    endpoint: inject('sqsUrl'),
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

export async function stackQueueUrl(queue: Queue, sqs = stackSqs()): Promise<string> {
  return (await sqs.send(new GetQueueUrlCommand({ QueueName: QUEUES[queue].name }))).QueueUrl!;
}

/** Points this process's senders for `queues` at the stack's queues (the configuration read again after). */
export async function useStackQueues(...queues: (keyof typeof URL_ENV)[]): Promise<void> {
  const sqs = stackSqs();
  process.env.AWS_ENDPOINT_URL_SQS = inject('sqsUrl');
  for (const queue of queues) process.env[URL_ENV[queue]] = await stackQueueUrl(queue, sqs);
  resetEnvCache();
}
