/**
 * The load side of the API bench (scripts/bench-api.ts), run in its own process so that the gateway's
 * event loop only serves requests, as a Lambda's does, and so that a call and its raw floor pay the same
 * load-generator costs: the same process drives both, autocannon for the call, plain DynamoDBClient loops
 * for the floor. The parent sends jobs over IPC and gets every sample's latency back.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import * as ddb from '@aws-sdk/client-dynamodb';
import type { HttpMethod } from '@tp/contracts/endpoint';
import { hashPassword, verifyPassword } from '../functions/src/users/password.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local/provision.ts';

export interface RecordedOp {
  /** e.g. `GetItem`, `TransactWriteItems` (the X-Amz-Target operation). */
  operation: string;
  input: Record<string, unknown>;
  start: number;
  end: number;
}

export interface HttpRequest {
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  body: string;
}

export type LoadJob =
  | { kind: 'call'; request: HttpRequest; connections: number; durationS: number }
  | {
      kind: 'floor';
      dynamoUrl: string;
      ops: RecordedOp[];
      connections: number;
      durationS: number;
      /** A password the call verifies: each floor request also runs one argon2id verification of it. */
      verifies?: string;
    };

/** Every request's latency in ms; `errors`: non-2xx answers (call) or failed conditional writes (floor). */
export interface Samples {
  times: number[];
  errors: number;
}

/** Operations that overlapped in time run together; the stages run one after another. */
export function stages(ops: RecordedOp[]): RecordedOp[][] {
  const out: RecordedOp[][] = [];
  for (const op of [...ops].sort((a, b) => a.start - b.start)) {
    const last = out.at(-1);
    if (last && op.start < Math.max(...last.map((o) => o.end))) last.push(op);
    else out.push([op]);
  }
  return out;
}

async function callLoad(job: Extract<LoadJob, { kind: 'call' }>): Promise<Samples> {
  const times: number[] = [];
  let errors = 0;
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon({ ...job.request, connections: job.connections, duration: job.durationS }, (err) =>
      err ? reject(err as Error) : resolve(),
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      times.push(ms);
      if (status < 200 || status >= 300) errors++;
    });
  });
  return { times, errors };
}

/** One client per DynamoDB Local for the process's life, warm like the handlers' own. */
const clients = new Map<string, ddb.DynamoDBClient>();

/** The recorded operations, replayed by `connections` loops for `durationS` seconds. */
async function floorLoad(job: Extract<LoadJob, { kind: 'floor' }>): Promise<Samples> {
  let client = clients.get(job.dynamoUrl);
  if (!client) {
    client = new ddb.DynamoDBClient({ endpoint: job.dynamoUrl, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
    clients.set(job.dynamoUrl, client);
  }
  const send = client.send.bind(client);
  const commands = ddb as unknown as Record<string, new (input: unknown) => ddb.GetItemCommand>;
  const plan = stages(job.ops).map((stage) =>
    stage.map((op) => {
      const Command = commands[`${op.operation}Command`];
      if (!Command) throw new Error(`no command for ${op.operation}`);
      return () => send(new Command(op.input));
    }),
  );
  // The platform's own hashing (its parameters, its native binding on libuv's pool), as the handler.
  const password = job.verifies;
  const hash = password === undefined ? undefined : await hashPassword(password);
  const times: number[] = [];
  let errors = 0;
  const until = performance.now() + job.durationS * 1000;
  await Promise.all(
    Array.from({ length: job.connections }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        for (const stage of plan)
          // A replayed conditional write may find its condition already used up: still one round trip.
          await Promise.all(stage.map((run) => run().catch(() => void errors++)));
        if (password !== undefined && !(await verifyPassword(password, hash))) throw new Error('floor: verify failed');
        times.push(performance.now() - t0);
      }
    }),
  );
  return { times, errors };
}

/** The load process: one per bench run, jobs one at a time. */
export function startLoadProcess(): { run(job: LoadJob): Promise<Samples>; stop(): void } {
  // Explicit execArgv: a `--cpu-prof` of the bench profiles the gateway, not this process.
  const child: ChildProcess = fork(import.meta.filename, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  let queue: Promise<unknown> = Promise.resolve();
  const once = (job: LoadJob) =>
    new Promise<Samples>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`bench load process exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (m: Samples | { error: string }) => {
        child.off('exit', onExit);
        if ('error' in m) reject(new Error(m.error));
        else resolve(m);
      });
      child.send(job);
    });
  return {
    run(job) {
      const next = queue.then(() => once(job));
      queue = next.catch(() => undefined);
      return next;
    },
    stop: () => void child.kill(),
  };
}

if (process.send && import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.on('message', (job: LoadJob) => {
    (job.kind === 'call' ? callLoad(job) : floorLoad(job)).then(
      (samples) => process.send!(samples),
      (err: unknown) => process.send!({ error: String((err as Error)?.stack ?? err) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
}
