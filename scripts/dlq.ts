/**
 * Dead-letter queues: see what is parked, and send it back to its queue once the cause is fixed.
 *
 *   npm run dlq -- list                        every DLQ with its message count and the first bodies
 *   npm run dlq -- redrive <queue|all> [--max N]
 *
 * <queue> is a key of QUEUES (paymentVerification, email). Locally (default) it talks to the running
 * stack's SQS (PORT_BASE moves it, as for `npm start`; AWS_ENDPOINT_URL_SQS overrides it); with
 * `--stage <name>` to that stage's queues in AWS (`<stage>-<queue>`, the account's default credentials).
 * Redriving is safe: every consumer is idempotent per message (payments per payment id, mail per key).
 */
import { pathToFileURL } from 'node:url';
import {
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { LOCAL_PORTS, QUEUES, dlqName, type QueueSpec } from '@tp/contracts/platform';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local/provision.ts';

export type QueueKey = keyof typeof QUEUES;

export interface DlqTarget {
  sqs: SQSClient;
  /** Stage prefix of the AWS queue names; '' locally. */
  prefix: string;
}

const nameOf = (t: DlqTarget, name: string) => (t.prefix ? `${t.prefix}-${name}` : name);
const urlOf = async (t: DlqTarget, name: string) =>
  (await t.sqs.send(new GetQueueUrlCommand({ QueueName: nameOf(t, name) }))).QueueUrl!;

export interface DlqSummary {
  queue: QueueKey;
  dlq: string;
  messages: number;
  inFlight: number;
  /** The first few bodies (peeked: they become visible again at once). */
  sample: string[];
}

export async function listDlqs(t: DlqTarget, peek = 3): Promise<DlqSummary[]> {
  const out: DlqSummary[] = [];
  for (const [queue, spec] of Object.entries(QUEUES) as [QueueKey, QueueSpec][]) {
    const url = await urlOf(t, dlqName(spec));
    const { Attributes: a = {} } = await t.sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: url,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    const messages = Number(a.ApproximateNumberOfMessages ?? 0);
    const sample: string[] = [];
    if (messages && peek) {
      const { Messages = [] } = await t.sqs.send(
        new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: Math.min(peek, 10), VisibilityTimeout: 0 }),
      );
      sample.push(...Messages.map((m) => m.Body ?? ''));
    }
    out.push({
      queue,
      dlq: nameOf(t, dlqName(spec)),
      messages,
      inFlight: Number(a.ApproximateNumberOfMessagesNotVisible ?? 0),
      sample,
    });
  }
  return out;
}

/**
 * Moves up to `max` messages from a queue's DLQ back to the queue: each is sent, then deleted from the
 * DLQ (a crash in between sends it twice, which the consumers absorb; it is never lost).
 */
export async function redrive(t: DlqTarget, queue: QueueKey, max = 1000): Promise<number> {
  const spec = QUEUES[queue];
  const [from, to] = await Promise.all([urlOf(t, dlqName(spec)), urlOf(t, spec.name)]);
  let moved = 0;
  while (moved < max) {
    const { Messages = [] } = await t.sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: from,
        MaxNumberOfMessages: Math.min(10, max - moved),
        VisibilityTimeout: 30,
        WaitTimeSeconds: 0,
      }),
    );
    if (!Messages.length) break;
    for (const m of Messages) {
      await t.sqs.send(new SendMessageCommand({ QueueUrl: to, MessageBody: m.Body ?? '' }));
      await t.sqs.send(new DeleteMessageCommand({ QueueUrl: from, ReceiptHandle: m.ReceiptHandle! }));
      moved++;
    }
  }
  return moved;
}

function target(args: string[]): DlqTarget {
  const stageAt = args.indexOf('--stage');
  if (stageAt >= 0) {
    const stage = args[stageAt + 1];
    if (!stage) throw new Error('--stage needs a stage name');
    return { sqs: new SQSClient({}), prefix: stage };
  }
  const portBase = process.env.PORT_BASE ? Number(process.env.PORT_BASE) : undefined;
  const endpoint = process.env.AWS_ENDPOINT_URL_SQS ?? `http://127.0.0.1:${portBase ? portBase + 2 : LOCAL_PORTS.sqs}`;
  return { sqs: new SQSClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }), prefix: '' };
}

const USAGE = 'usage: npm run dlq -- list | redrive <paymentVerification|email|all> [--max N] [--stage <name>]';

async function main(args: string[]): Promise<number> {
  const [command, which] = args;
  const t = target(args);
  if (command === 'list') {
    for (const d of await listDlqs(t)) {
      console.log(`${d.dlq}\t${d.messages} waiting, ${d.inFlight} in flight`);
      for (const body of d.sample) console.log(`  ${body.slice(0, 200)}`);
    }
    return 0;
  }
  if (command === 'redrive') {
    const keys = which === 'all' ? (Object.keys(QUEUES) as QueueKey[]) : [which as QueueKey];
    if (!which || keys.some((k) => !(k in QUEUES))) {
      console.error(USAGE);
      return 2;
    }
    const maxAt = args.indexOf('--max');
    const max = maxAt >= 0 ? Number(args[maxAt + 1]) : 1000;
    if (!(max > 0)) {
      console.error('--max needs a positive number');
      return 2;
    }
    for (const k of keys) console.log(`${k}: ${await redrive(t, k, max)} message(s) sent back`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(String((err as Error)?.message ?? err));
      process.exit(1);
    },
  );
