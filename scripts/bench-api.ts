/**
 * The local API under load, beside its floor (issue #12; docs/benchmarks.md "API"). For each call the
 * bench first records, from one steady-state request (after a warm-up, so the handlers' caches are as
 * they are under load), the DynamoDB operations it makes: a middleware on the handlers' own document
 * client sees each request on the wire (operation and body) and when it started and ended. The floor then
 * replays exactly those operations with a plain DynamoDBClient straight at DynamoDB Local, at the same
 * concurrency (N connections = N loops, each with its calls in flight) for the same duration: operations
 * that overlapped in the handler run together, the rest one after another. The ratio is call p99 over
 * floor p99; the target is ≤ 1.5×.
 */
import autocannon from 'autocannon';
import * as ddb from '@aws-sdk/client-dynamodb';
import type { FinalizeRequestMiddleware, MetadataBearer } from '@smithy/types';
import { urlPath, type Endpoint } from '@tp/contracts/endpoint';
import { db } from '../functions/src/lib/db.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local/provision.ts';
import { pct } from './bench-coldstart.ts';

export const API_TARGET_RATIO = 1.5;

export interface ApiCall {
  name: string;
  endpoint: Endpoint;
  body: unknown;
  /** The auth-token cookie of a signed-in user, for calls that need one. */
  cookie?: string;
  connections: number;
}

interface RecordedOp {
  /** e.g. `GetItem`, `TransactWriteItems` (the X-Amz-Target operation). */
  operation: string;
  input: Record<string, unknown>;
  start: number;
  end: number;
}

let recording: RecordedOp[] | undefined;
const recorder: FinalizeRequestMiddleware<object, MetadataBearer> = (next) => async (args) => {
  const request = args.request as { headers?: Record<string, string>; body?: unknown };
  const target = request.headers?.['x-amz-target'];
  const body = request.body;
  if (!recording || !target || !(typeof body === 'string' || body instanceof Uint8Array)) return next(args);
  const op: RecordedOp = {
    operation: target.split('.').pop()!,
    input: JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body)) as Record<string, unknown>,
    start: performance.now(),
    end: 0,
  };
  recording.push(op);
  try {
    return await next(args);
  } finally {
    op.end = performance.now();
  }
};
let recorderAdded = false;

/** Operations that overlapped in time run together; the stages run one after another. */
function stages(ops: RecordedOp[]): RecordedOp[][] {
  const out: RecordedOp[][] = [];
  for (const op of [...ops].sort((a, b) => a.start - b.start)) {
    const last = out.at(-1);
    if (last && op.start < Math.max(...last.map((o) => o.end))) last.push(op);
    else out.push([op]);
  }
  return out;
}

function request(gatewayUrl: string, call: ApiCall) {
  return {
    url: `${gatewayUrl}${urlPath(call.endpoint)}`,
    method: call.endpoint.method,
    headers: {
      'content-type': 'application/json',
      'domain-name': 'flightdeals.localhost',
      origin: 'http://flightdeals.localhost',
      ...(call.cookie ? { cookie: `auth-token=${call.cookie}` } : {}),
    },
    body: JSON.stringify(call.body),
  };
}

async function record(gatewayUrl: string, call: ApiCall): Promise<RecordedOp[]> {
  if (!recorderAdded) {
    db().middlewareStack.add(recorder, { step: 'finalizeRequest', name: 'benchRecorder' });
    recorderAdded = true;
  }
  const { url, ...init } = request(gatewayUrl, call);
  await (await fetch(url, init)).arrayBuffer(); // warm-up: caches filled as under load
  recording = [];
  await (await fetch(url, init)).arrayBuffer();
  const ops = recording;
  recording = undefined;
  return ops;
}

export interface Latency {
  p50: number;
  p99: number;
  perSecond: number;
  errors: number;
}

/** The recorded operations, replayed by `connections` loops for `durationS` seconds. */
async function replay(
  dynamoUrl: string,
  ops: RecordedOp[],
  connections: number,
  durationS: number,
): Promise<Latency | undefined> {
  if (!ops.length) return undefined;
  const client = new ddb.DynamoDBClient({ endpoint: dynamoUrl, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  const commands = ddb as unknown as Record<string, new (input: unknown) => ddb.GetItemCommand>;
  const plan = stages(ops).map((stage) =>
    stage.map((op) => {
      const Command = commands[`${op.operation}Command`];
      if (!Command) throw new Error(`no command for ${op.operation}`);
      return () => client.send(new Command(op.input));
    }),
  );
  const times: number[] = [];
  let errors = 0;
  const until = performance.now() + durationS * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        for (const stage of plan)
          // A replayed conditional write may find its condition already used up: still one round trip.
          await Promise.all(stage.map((send) => send().catch(() => void errors++)));
        times.push(performance.now() - t0);
      }
    }),
  );
  client.destroy();
  return { p50: pct(times, 50), p99: pct(times, 99), perSecond: times.length / durationS, errors };
}

async function load(gatewayUrl: string, call: ApiCall, durationS: number): Promise<Latency> {
  const res = await autocannon({ ...request(gatewayUrl, call), connections: call.connections, duration: durationS });
  return { p50: res.latency.p50, p99: res.latency.p99, perSecond: res.requests.average, errors: res.non2xx };
}

export interface ApiRow {
  call: ApiCall;
  operations: string;
  api: Latency;
  floor: Latency | undefined;
}

export async function apiBench(
  stack: { gatewayUrl: string; dynamoUrl: string },
  calls: ApiCall[],
  durationS: number,
): Promise<ApiRow[]> {
  const rows: ApiRow[] = [];
  for (const call of calls) {
    const ops = await record(stack.gatewayUrl, call);
    const api = await load(stack.gatewayUrl, call, durationS);
    const floor = await replay(stack.dynamoUrl, ops, call.connections, durationS);
    const operations = stages(ops)
      .map((s) => s.map((o) => o.operation).join(' ‖ '))
      .join(' → ');
    rows.push({ call, operations: operations || 'none (cached)', api, floor });
  }
  return rows;
}

export function printApi(rows: ApiRow[]): void {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const head = [
    'call',
    'conns',
    'p50',
    'p99',
    'req/s',
    'non-2xx',
    'DynamoDB operations',
    'raw p50',
    'raw p99',
    'ratio p99',
  ];
  const lines = rows.map(({ call, operations, api, floor }) => {
    const ratio = floor ? api.p99 / floor.p99 : NaN;
    return [
      call.name,
      String(call.connections),
      ms(api.p50),
      ms(api.p99),
      String(Math.round(api.perSecond)),
      String(api.errors),
      operations + (floor?.errors ? ` (${floor.errors} conditional failures)` : ''),
      floor ? ms(floor.p50) : '-',
      floor ? ms(floor.p99) : '-',
      floor ? `${ratio.toFixed(2)}×${ratio <= API_TARGET_RATIO ? '' : ' !'}` : '-',
    ];
  });
  const all = [head, ...lines];
  const widths = head.map((_, i) => Math.max(...all.map((l) => l[i]!.length)));
  for (const l of all)
    process.stdout.write(
      l
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd() + '\n',
    );
  process.stdout.write(
    `Target: ratio p99 ≤ ${API_TARGET_RATIO}× (marked ! when over). Raw: the same DynamoDB operations sent straight to ` +
      'DynamoDB Local by the same number of concurrent loops; ‖ = in parallel, → = one after another.\n',
  );
}
