/**
 * A bench stack in a child process, without data, for the data-volume bench's side-by-side lists (docs/benchmarks.md
 * "Data volume"): the same-page stack and the large one are each one of these, so the two sides of every ratio are
 * the same kind of process. The bench gives them their items from its own stack: `copyTable` (the demo data, then
 * the whole large data set) and `copyItems` (the items a page read, their keys recorded by dynamo-meter.ts).
 *
 * A child process, because a stack's configuration is its process's environment (the handlers read it as their
 * Lambda environment), so two stacks cannot share one. The parent writes to its DynamoDB Local directly; the child
 * answers two questions over IPC, both about its handlers: whether they are still serving requests, and the units
 * they consumed.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  DynamoDBClient,
  ScanCommand,
  type AttributeValue,
  type BatchGetItemCommandOutput,
  type ScanCommandOutput,
} from '@aws-sdk/client-dynamodb';
import { TABLE } from '@tp/contracts/platform';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../local/provision.ts';
import type { TableKey } from './dynamo-meter.ts';
import { BATCH_WRITE_LIMIT, putBatch, type PutRequests } from '../local/put-batch.ts';

type Question = 'drained' | 'capacity';
type Answer = { id: number; value: unknown } | { ready: { gatewayUrl: string; dynamoUrl: string } };

export interface ChildStack {
  gatewayUrl: string;
  dynamoUrl: string;
  /** Resolves when its handlers hold no request (a stopped load run leaves some in flight). */
  drained(): Promise<void>;
  /** The read and write units its handlers consumed since the last call. */
  consumed(): Promise<{ read: number; write: number }>;
  stop(): Promise<void>;
}

/**
 * Starts the stack (a bench stack without data, on `portBase`…`portBase + 3`) in a child process, with this
 * process's SECRETS_LOCAL_KEY, so the site secrets sealed on the bench's own stack open on it too (`copyTable`).
 */
export function startChildStack(portBase: number): Promise<ChildStack> {
  const child: ChildProcess = fork(import.meta.filename, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_CHILD_STACK_PORT: String(portBase) },
    stdio: 'inherit',
    serialization: 'advanced',
  });
  const waiting = new Map<number, (value: unknown) => void>();
  let nextId = 0;
  const ask = <T>(question: Question) =>
    new Promise<T>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve as (value: unknown) => void);
      child.send({ id, question });
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench child stack exited (${code})`)));
    child.on('message', (m: Answer) => {
      if ('ready' in m)
        resolve({
          ...m.ready,
          drained: () => ask<void>('drained'),
          consumed: () => ask<{ read: number; write: number }>('capacity'),
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done());
              child.kill();
            }),
        });
      else {
        waiting.get(m.id)?.(m.value);
        waiting.delete(m.id);
      }
    });
  });
}

const clientFor = (endpoint: string) =>
  new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });

type Item = Record<string, AttributeValue>;

/** Puts the items, whole, in BatchWrite requests of BATCH_WRITE_LIMIT (putBatch's retries). */
async function writeItems(to: DynamoDBClient, tableName: string, items: Item[]): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH_WRITE_LIMIT)
    await putBatch(
      tableName,
      items.slice(i, i + BATCH_WRITE_LIMIT),
      async (RequestItems) =>
        (await to.send(new BatchWriteItemCommand({ RequestItems }))).UnprocessedItems as PutRequests<Item>,
    );
}

/** Scan segments read at once by `copyTable`. */
const COPY_SEGMENTS = 4;

/**
 * Every item of one DynamoDB Local's table put into another's (the same table name on both), in COPY_SEGMENTS
 * parallel scan segments: the demo data (a few thousand items), or the whole large data set (~210,000 at factor
 * 0.1, a minute or two), so both stacks hold the same items, ids and stamps. A bench's setup, never a request path.
 */
export async function copyTable(opts: { from: string; to: string; tableName: string }): Promise<number> {
  const from = clientFor(opts.from);
  const to = clientFor(opts.to);
  const counts = await Promise.all(
    Array.from({ length: COPY_SEGMENTS }, async (_, segment) => {
      let count = 0;
      let start: Item | undefined;
      do {
        const page: ScanCommandOutput = await from.send(
          new ScanCommand({
            TableName: opts.tableName,
            Segment: segment,
            TotalSegments: COPY_SEGMENTS,
            ExclusiveStartKey: start,
          }),
        );
        await writeItems(to, opts.tableName, page.Items ?? []);
        count += page.Items?.length ?? 0;
        start = page.LastEvaluatedKey;
      } while (start);
      return count;
    }),
  );
  from.destroy();
  to.destroy();
  return counts.reduce((a, b) => a + b, 0);
}

/** The items with these keys, whole, copied from one DynamoDB Local to another. Returns how many it wrote. */
export async function copyItems(opts: {
  from: string;
  to: string;
  tableName: string;
  keys: Iterable<TableKey>;
}): Promise<number> {
  const from = clientFor(opts.from);
  const to = clientFor(opts.to);
  const keys = [...opts.keys].map((k) => ({ [TABLE.partitionKey]: { S: k.pk }, [TABLE.sortKey]: { S: k.sk } }));
  const items: Item[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Item[] | undefined = keys.slice(i, i + 100);
    while (pending?.length) {
      const out: BatchGetItemCommandOutput = await from.send(
        new BatchGetItemCommand({ RequestItems: { [opts.tableName]: { Keys: pending, ConsistentRead: true } } }),
      );
      items.push(...(out.Responses?.[opts.tableName] ?? []));
      pending = out.UnprocessedKeys?.[opts.tableName]?.Keys;
    }
  }
  await writeItems(to, opts.tableName, items);
  from.destroy();
  to.destroy();
  return items.length;
}

// The child: the stack, and its answers.
if (process.send && import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { startBenchStack } = await import('../bench-api.ts');
  const { untilDrained } = await import('../local/gateway.ts');
  const { meterHandlers, takeConsumed } = await import('./dynamo-meter.ts');
  meterHandlers();
  const stack = await startBenchStack(Number(process.env.BENCH_CHILD_STACK_PORT), { seed: false });
  process.on('message', async ({ id, question }: { id: number; question: Question }) => {
    if (question === 'drained') await untilDrained();
    process.send!({ id, value: question === 'capacity' ? takeConsumed() : undefined });
  });
  process.on('disconnect', () => void stack.stop().then(() => process.exit(0)));
  process.on('SIGTERM', () => void stack.stop().then(() => process.exit(0)));
  process.send({ ready: { gatewayUrl: stack.gatewayUrl, dynamoUrl: stack.dynamoUrl } });
}
