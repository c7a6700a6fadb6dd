/**
 * Local stand-in for Lambda's SQS event source: polls each queue, invokes the worker handler with
 * a real SQS event shape (batches), deletes what succeeded and leaves reported failures for redelivery;
 * the emulator's RedrivePolicy parks a message in the DLQ after maxReceiveCount receives.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SQSClient,
  type Message,
} from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { QUEUES, type QueueSpec } from '@tp/contracts/platform';
import type { SqsHandler } from '../../functions/src/lib/sqs-batch.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** Locally a failed message comes back after this long instead of the full visibility timeout. */
const LOCAL_RETRY_DELAY_S = 1;
/** How often the local stand-ins for the schedules run (the deadline worker; the reconciler, every minute on AWS). */
const DEADLINES_EVERY_MS = 60_000;
const RECONCILE_EVERY_MS = 60_000;
/** The disruption sweep: hourly, as the EventBridge schedule on AWS. */
const HOURLY_MS = 3_600_000;
/**
 * An hourly job also runs this long after the stack starts, so a local stack restarted within the hour still
 * sweeps (the job is idempotent: one disruption per booking and schedule change however often it runs).
 */
const FIRST_HOURLY_RUN_MS = 10_000;
/** While SQS is unreachable a poller waits this long, doubling up to the maximum, instead of spinning. */
const BACKOFF_FIRST_MS = 250;
const BACKOFF_MAX_MS = 5_000;

/** Exponential back-off for a loop that keeps failing; reset() after a success. */
export function backoff(firstMs = BACKOFF_FIRST_MS, maxMs = BACKOFF_MAX_MS) {
  let next = 0;
  return {
    /** The delay before the next try after one more failure. */
    fail(): number {
      next = next ? Math.min(next * 2, maxMs) : firstMs;
      return next;
    },
    reset(): void {
      next = 0;
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * An empty queue is asked again after this long, or at once when the doorbell rings. A message that only becomes
 * visible later (a delay, a retry's visibility timeout) is therefore picked up at most this late.
 */
const EMPTY_QUEUE_WAIT_MS = 1_000;

/**
 * Rings when a message may have arrived (the local SQS emulator rings it after each send: emulators.ts startSqs).
 * The pollers ask an empty queue again at once instead of long-polling it: the emulator answers a long poll by
 * scanning the queue every 10 ms until its wait is over, even when a message came in at the start, so a long
 * poll cost an idle stack about 2 % of a core and delivered each message up to a second late.
 */
export interface Doorbell {
  /** How many times it has rung: a poller notes it before asking, so a ring meanwhile is never missed. */
  readonly rings: number;
  ring(): void;
  /** Resolves when it rings after `seen` rings (at once if it already has), or after `ms`. */
  wait(seen: number, ms: number): Promise<void>;
}

export function doorbell(): Doorbell {
  let rings = 0;
  const waiting = new Set<() => void>();
  return {
    get rings() {
      return rings;
    },
    ring() {
      rings++;
      for (const wake of [...waiting]) wake();
    },
    wait(seen, ms) {
      if (rings !== seen) return Promise.resolve();
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, ms);
        waiting.add(wake);
      });
    },
  };
}

export function toEvent(msgs: Message[], arn: string): SQSEvent {
  return {
    Records: msgs.map((m) => ({
      messageId: m.MessageId!,
      receiptHandle: m.ReceiptHandle!,
      body: m.Body ?? '',
      attributes: {
        ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
        SentTimestamp: m.Attributes?.SentTimestamp ?? String(Date.now()),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: m.Attributes?.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
      },
      messageAttributes: Object.fromEntries(
        Object.entries(m.MessageAttributes ?? {}).map(([k, v]) => [
          k,
          { stringValue: v.StringValue, dataType: v.DataType ?? 'String' },
        ]),
      ),
      md5OfBody: m.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: arn,
      awsRegion: 'us-east-1',
    })),
  };
}

/**
 * Runs one received batch through a worker's handler, as Lambda's event source does: the messages it
 * reported as failed (all of them when it threw) are left for redelivery, the rest are done.
 */
export async function runBatch(
  handler: SqsHandler,
  msgs: Message[],
  arn: string,
): Promise<{ done: Message[]; retry: Message[] }> {
  let failed: Set<string>;
  try {
    const out = await handler(toEvent(msgs, arn));
    failed = new Set(out.batchItemFailures.map((f) => f.itemIdentifier));
  } catch {
    failed = new Set(msgs.map((m) => m.MessageId!));
  }
  return { done: msgs.filter((m) => !failed.has(m.MessageId!)), retry: msgs.filter((m) => failed.has(m.MessageId!)) };
}

export interface Poller {
  stop(): Promise<void>;
  /** Resolves when every queue has been seen empty with nothing in flight (tests wait on it). */
  idle(): Promise<void>;
}

export interface WorkerOptions {
  /** Interval of the local reconciler run; 0 turns it off (tests that run it themselves). */
  reconcileEveryMs?: number;
  /** Rung when a message is sent (the in-process emulator's); without one an empty queue is asked every second. */
  doorbell?: Doorbell;
}

/**
 * Scheduled jobs (an EventBridge schedule on AWS) run on an interval locally: the deadline index's worker (every
 * deadline: hold warnings and releases, kart and credit reminders, visa document deletion, disruption
 * escalations), the reconciler (reconciler.ts) and the disruption sweep. [worker, interval, delay of the first run
 * (default: the interval)].
 */
export const localSchedule = (options: WorkerOptions = {}): [string, number, number?][] => [
  ['reconciler', options.reconcileEveryMs ?? RECONCILE_EVERY_MS],
  // The disruption sweep: hourly, idempotent per booking and schedule change.
  ['disruption-sweep', HOURLY_MS, FIRST_HOURLY_RUN_MS],
  // The deadline index's worker (every 5 minutes on AWS): every minute locally.
  ['deadlines', DEADLINES_EVERY_MS],
];

export function startWorkers(
  sqs: SQSClient,
  urls: Record<keyof typeof QUEUES, { url: string }>,
  options: WorkerOptions = {},
): Poller {
  let running = true;
  const loops: Promise<void>[] = [];
  const busy = new Map<string, boolean>();
  const bell = options.doorbell ?? doorbell();

  for (const [key, spec] of Object.entries(QUEUES) as [keyof typeof QUEUES, QueueSpec][]) {
    const file = join(ROOT, 'functions', 'src', 'entries', 'workers', `${spec.worker}.ts`);
    if (!existsSync(file)) continue; // worker not built yet
    const queueUrl = urls[key].url;
    loops.push(
      (async () => {
        const { handler } = (await import(pathToFileURL(file).href)) as { handler: SqsHandler };
        const arn =
          (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] })))
            .Attributes?.QueueArn ?? queueUrl;
        const down = backoff();
        while (running) {
          busy.set(key, false);
          const seen = bell.rings;
          let Messages: Message[] | undefined;
          try {
            ({ Messages } = await sqs.send(
              new ReceiveMessageCommand({
                QueueUrl: queueUrl,
                MaxNumberOfMessages: spec.batchSize,
                WaitTimeSeconds: 0,
                MessageSystemAttributeNames: ['All'],
                MessageAttributeNames: ['All'],
              }),
            ));
            down.reset();
          } catch {
            // SQS unreachable: a refused connection fails at once, so wait before asking again.
            await sleep(down.fail());
            continue;
          }
          if (!Messages?.length) {
            await bell.wait(seen, EMPTY_QUEUE_WAIT_MS);
            continue;
          }
          busy.set(key, true);
          const { done, retry } = await runBatch(handler, Messages, arn);
          // Undeleted (SQS went away meanwhile), a message comes back after its visibility timeout, as on AWS.
          if (done.length)
            await sqs
              .send(
                new DeleteMessageBatchCommand({
                  QueueUrl: queueUrl,
                  Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
                }),
              )
              .catch(() => undefined);
          for (const m of retry)
            await sqs
              .send(
                new ChangeMessageVisibilityCommand({
                  QueueUrl: queueUrl,
                  ReceiptHandle: m.ReceiptHandle!,
                  VisibilityTimeout: LOCAL_RETRY_DELAY_S,
                }),
              )
              .catch(() => undefined);
        }
      })(),
    );
  }

  for (const [worker, everyMs, firstMs = everyMs] of localSchedule(options)) {
    const file = join(ROOT, 'functions', 'src', 'entries', 'workers', `${worker}.ts`);
    if (!existsSync(file) || everyMs <= 0) continue;
    loops.push(
      (async () => {
        const { handler } = (await import(pathToFileURL(file).href)) as { handler: () => Promise<void> };
        let due = Date.now() + firstMs;
        while (running) {
          await sleep(500);
          if (!running || Date.now() < due) continue;
          due = Date.now() + everyMs;
          await handler().catch(() => undefined);
        }
      })(),
    );
  }

  return {
    async stop() {
      running = false;
      bell.ring();
      await Promise.allSettled(loops);
    },
    async idle() {
      for (let i = 0; i < 200; i++) {
        let pending = 0;
        for (const [key] of Object.entries(QUEUES) as [keyof typeof QUEUES, QueueSpec][]) {
          const a = await sqs
            .send(
              new GetQueueAttributesCommand({
                QueueUrl: urls[key].url,
                AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
              }),
            )
            .catch(() => null);
          // Unreachable SQS is not idle: its messages are still to come.
          pending += a ? Number(a.Attributes?.ApproximateNumberOfMessages ?? 0) : 1;
          pending += Number(a?.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
        }
        if (pending === 0 && ![...busy.values()].some(Boolean)) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}
