/**
 * The local API under load, beside its floor (docs/benchmarks.md "API"). For each call the
 * bench first records, from one steady-state request (after a warm-up, so the handlers' caches are as
 * they are under load), the DynamoDB operations it makes: a middleware on the handlers' own document
 * client sees each request on the wire (operation and body) and when it started and ended. The floor then
 * replays exactly those operations with a plain DynamoDBClient straight at DynamoDB Local, at the same
 * concurrency (N connections = N loops, each with its calls in flight) for the same duration: operations
 * that overlapped in the handler run together, the rest one after another. Both loads come from one
 * separate process (scripts/bench-api-load.ts); after a short warm-up of each, call and floor alternate in
 * segments (call, floor, floor, call, …) so the machine's noise falls on both. The ratio is call p99 over
 * floor p99; the target is ≤ 1.5×. A sign-in's floor also verifies the password once with argon2id (the
 * platform's parameters and binding): that verification is most of a sign-in, by design.
 */
import { pathToFileURL } from 'node:url';
import type { FinalizeRequestMiddleware, MetadataBearer } from '@smithy/types';
import { urlPath, type Endpoint } from '@tp/contracts/endpoint';
import { detectSite } from '@tp/contracts/endpoints/site';
import { changeMyPhoneDetails, getUserBySessionId, login } from '@tp/contracts/endpoints/users';
import { observeDynamo } from '../functions/src/lib/db.ts';
import { untilDrained } from './local/gateway.ts';
import { startStack, type Stack } from './local/stack.ts';
import { pct } from './bench-coldstart.ts';
import { stages, startLoadProcess, type HttpRequest, type RecordedOp, type Samples } from './bench-api-load.ts';
import { dmcApiCalls } from './bench-dmc.ts';

export const API_TARGET_RATIO = 1.5;
/**
 * The concurrency the target is set at. At 50 the one-process gateway queues fifty requests on one core
 * where Lambda would run fifty instances: that row is printed for reference, unmarked.
 */
export const API_TARGET_CONNECTIONS = 10;
/** Each side's time is cut into this many segments, alternating with the other side's. */
const SEGMENTS = 8;

export interface ApiCall {
  name: string;
  endpoint: Endpoint;
  body: unknown;
  /** The auth-token cookie of a signed-in user, for calls that need one. */
  cookie?: string;
  connections: number;
  /**
   * The password the call checks (login): its floor then also runs one argon2id verification of it per
   * request, the work a sign-in must do beside its DynamoDB operations (see docs/benchmarks.md).
   */
  verifies?: string;
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

function request(gatewayUrl: string, call: Pick<ApiCall, 'endpoint' | 'body' | 'cookie'>): HttpRequest {
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
  await untilDrained();
  if (!recorderAdded) {
    observeDynamo((client) => client.middlewareStack.add(recorder, { step: 'finalizeRequest', name: 'benchRecorder' }));
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

/** The segments of one side merged: percentiles over every sample. */
function latency(segments: Samples[], durationS: number): Latency {
  const times = segments.flatMap((r) => r.times);
  return {
    p50: pct(times, 50),
    p99: pct(times, 99),
    perSecond: times.length / durationS,
    errors: segments.reduce((n, r) => n + r.errors, 0),
  };
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
  const load = startLoadProcess();
  const rows: ApiRow[] = [];
  try {
    for (const call of calls) {
      const ops = await record(stack.gatewayUrl, call);
      const segment = durationS / SEGMENTS;
      const callRun = async (seconds = segment) => {
        const samples = await load.run({
          kind: 'call',
          request: request(stack.gatewayUrl, call),
          connections: call.connections,
          durationS: seconds,
        });
        await untilDrained();
        return samples;
      };
      const floorRun = (seconds = segment) =>
        load.run({
          kind: 'floor',
          dynamoUrl: stack.dynamoUrl,
          ops,
          connections: call.connections,
          durationS: seconds,
          ...(call.verifies === undefined ? {} : { verifies: call.verifies }),
        });
      // Not counted: DynamoDB Local's JIT and both sides' connections warm up at this concurrency.
      await callRun(Math.min(1, segment));
      if (ops.length) await floorRun(Math.min(1, segment));
      const api: Samples[] = [];
      const floor: Samples[] = [];
      // call, floor, floor, call, …: the machine's noise and drift over the run weigh on both alike.
      for (let i = 0; i < SEGMENTS; i++) {
        const callFirst = i % 2 === 0;
        if (callFirst) api.push(await callRun());
        if (ops.length) floor.push(await floorRun());
        if (!callFirst) api.push(await callRun());
      }
      const operations = [
        ...stages(ops).map((s) => s.map((o) => o.operation).join(' ‖ ')),
        ...(call.verifies === undefined ? [] : ['argon2id verify']),
      ].join(' → ');
      rows.push({
        call,
        operations: operations || 'none (cached)',
        api: latency(api, durationS),
        floor: floor.length ? latency(floor, durationS) : undefined,
      });
    }
  } finally {
    load.stop();
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
      floor
        ? `${ratio.toFixed(2)}×${ratio > API_TARGET_RATIO && call.connections === API_TARGET_CONNECTIONS ? ' !' : ''}`
        : '-',
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
    `Target: ratio p99 ≤ ${API_TARGET_RATIO}× at ${API_TARGET_CONNECTIONS} connections (marked ! when over; the rows at ` +
      'other concurrencies are for reference: one gateway process\nserves them all on one core, where Lambda runs an ' +
      'instance per request). Raw: the same DynamoDB operations sent straight to DynamoDB Local by the same number\n' +
      'of concurrent loops (for a sign-in, with its argon2id verification); ‖ = in parallel, → = one after another.\n',
  );
}

/**
 * The local stack the API bench runs on (`npm run bench` runs its other local parts on it too); without the demo
 * data when `seed` is false (the data-volume bench's same-page stack, given its items by the bench).
 */
export function startBenchStack(portBase: number, { seed = true } = {}): Promise<Stack> {
  // Sign-in limits claim an attempt before the password check and hand it back on success, so 50
  // concurrent sign-ins of one user would hold 50 claims: raise both limits to measure the handler.
  process.env.LOGIN_ATTEMPTS_PER_MINUTE = '1000000';
  process.env.LOGIN_ATTEMPTS_PER_ADDRESS = '1000000';
  process.env.LOGIN_ATTEMPTS_PER_ACCOUNT = '1000000';
  return startStack({
    ports: { gateway: portBase, dynamodb: portBase + 1, sqs: portBase + 2, ses: portBase + 3 },
    seed,
    logLevel: 'silent',
    // No background reconciler: its DynamoDB queries would land in the API figures and their recorded floors.
    reconcileEveryMs: 0,
  });
}

/** The API table: detetct, session read, phone change and login at 10 and 50 connections. */
export async function apiSection(stack: Stack, durationS: number): Promise<void> {
  process.stdout.write(`\n== Local API on DynamoDB Local (${durationS} s each) ==\n`);
  const { DEMO_LOGINS } = await import('./seed/logins.ts');
  const demo = DEMO_LOGINS.find((l) => l.site.startsWith('flightdeals')) ?? DEMO_LOGINS[0]!;
  // A signed-in traveller for the authenticated read and write.
  const traveller = DEMO_LOGINS.find((l) => l.site.startsWith('flightdeals') && l.role === 'retail') ?? demo;
  const post = (endpoint: Endpoint, body: unknown, cookie?: string) => {
    const { url, ...init } = request(stack.gatewayUrl, { endpoint, body, ...(cookie ? { cookie } : {}) });
    return fetch(url, init);
  };
  const signIn = await post(login, { email: traveller.email, password: traveller.password });
  const cookie = /auth-token=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1];
  const me = (await (await post(getUserBySessionId, {}, cookie)).json()) as {
    result: { phoneNumbers: unknown[]; id: string };
  };

  const calls: ApiCall[] = [10, 50].flatMap((connections) => [
    { name: 'whitelabel/detetct (read)', endpoint: detectSite, body: { domain: 'flightdeals.localhost' }, connections },
    { name: 'getUserBySessionId (session read)', endpoint: getUserBySessionId, body: {}, cookie, connections },
    {
      name: 'changeMyPhoneDetails (transactional write)',
      endpoint: changeMyPhoneDetails,
      body: { phoneNumbers: me.result.phoneNumbers },
      cookie,
      connections,
    },
    {
      name: 'wl/user/login (argon2id)',
      endpoint: login,
      body: { email: demo.email, password: demo.password },
      verifies: demo.password,
      connections,
    },
  ]);
  // The DMC's two calls at the target concurrency (docs/benchmarks.md "DMC"): the demo agent's activity search and
  // a quotation saved by staff for the traveller.
  const agent = DEMO_LOGINS.find((l) => l.site.startsWith('flightdeals') && l.role === 'agent') ?? demo;
  const staffLogin = DEMO_LOGINS.find((l) => l.site.startsWith('flightdeals') && l.role === 'super admin') ?? demo;
  const cookieOf = async (who: { email: string; password: string }) =>
    /auth-token=([^;]+)/.exec(
      (await post(login, { email: who.email, password: who.password })).headers.get('set-cookie') ?? '',
    )?.[1];
  const travellerId = me.result.id;
  calls.push(...dmcApiCalls({ agent: await cookieOf(agent), staff: await cookieOf(staffLogin) }, travellerId));
  // BENCH_API_ONLY=<text>: only the calls whose name (or `name@connections`) contains it, e.g. to profile one.
  const only = process.env.BENCH_API_ONLY;
  const chosen = only ? calls.filter((c) => `${c.name}@${c.connections}`.includes(only)) : calls;
  printApi(await apiBench(stack, chosen, durationS));
  process.stdout.write(
    '\nNote: a sign-in is mostly one argon2id verification (46 MiB, t=1, native, on libuv threads) by design: its floor\n' +
      'runs that verification too, with the same parameters and binding; the sign-in limits are raised above, so these\n' +
      'successful sign-ins measure the handler.\n',
  );
}

// `tsx scripts/bench-api.ts`: this table alone, on its own stack (BENCH_PORT_BASE, BENCH_DURATION as for `npm run bench`;
// BENCH_API_ONLY as above).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const stack = await startBenchStack(Number(process.env.BENCH_PORT_BASE ?? 4900));
  try {
    await apiSection(stack, Number(process.env.BENCH_DURATION ?? 8));
  } finally {
    await stack.stop();
  }
}
