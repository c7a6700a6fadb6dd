/**
 * The search storm (issue #35 §5, docs/benchmarks.md "Search storm"): `BENCH_STORM_CONNECTIONS` (200)
 * concurrent flight searches on one site (Flight Deals, as its demo agent, on the simulator's supply) for
 * `BENCH_STORM_SECONDS` (30) through the local gateway, each connection asking a different route and date in
 * turn so no answer is a repeat of the last. Run by `npm run bench` after the API table, or alone with
 * `npx tsx scripts/bench-storm.ts` (its own bench stack on `BENCH_PORT_BASE`).
 *
 * The load comes from a child process (this file, forked), as the API bench's does, so the gateway's event
 * loop only serves requests. A connection sends its next search only when the last one has been answered, and
 * the run ends when every connection's last answer is in: every search sent is answered and counted. The
 * look-to-book counters (the agent's month `look_count`, the site's month `searches`) are read before and
 * after by key; each must have moved by exactly the searches answered 200.
 *
 * The agent is exempted from the look-to-book limit first by a staff admin (toggleFlightSearchExemption), as
 * a busy agency would be: otherwise its 301st search of the month is refused (429) by design. An exempted
 * user's searches are still counted.
 */
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { urlPath, type Endpoint } from '@tp/contracts/endpoint';
import { search as flightSearch } from '@tp/contracts/endpoints/flights';
import { searchWlUser, toggleFlightSearchExemption } from '@tp/contracts/endpoints/customers';
import { getUserBySessionId, login } from '@tp/contracts/endpoints/users';
import type { SiteId } from '../functions/src/lib/keys.ts';
import { siteMonthCounts } from '../functions/src/lib/site-stats.ts';
import { monthKey } from '../functions/src/lib/time.ts';
import { flightActivity } from '../functions/src/users/index.ts';
import { pct } from './bench-coldstart.ts';
import { untilDrained } from './local/gateway.ts';
import type { Stack } from './local/stack.ts';

const ROUTES = [
  ['DEL', 'BOM'],
  ['BOM', 'DEL'],
  ['DEL', 'BLR'],
  ['BLR', 'DEL'],
  ['BOM', 'BLR'],
  ['MAA', 'DEL'],
  ['CCU', 'BOM'],
  ['HYD', 'DEL'],
  ['GOI', 'BOM'],
  ['COK', 'BLR'],
  ['PNQ', 'DEL'],
  ['AMD', 'BOM'],
  ['JAI', 'BOM'],
  ['LKO', 'DEL'],
  ['BLR', 'CCU'],
  ['DEL', 'GOI'],
] as const;
/**
 * API Gateway's integration limit: an answer slower than this would be a 504 there. The local gateway has no
 * such limit (one process serves every connection where Lambda would run one instance each), so the storm
 * waits for every answer and counts the slower ones apart instead of cutting them off: a search cut off by
 * the client is still made and counted by the server.
 */
const GATEWAY_LIMIT_MS = 29_000;
/** A request with no answer after this is given up (`timeout`). */
const GIVE_UP_MS = 300_000;

interface StormJob {
  url: string;
  headers: Record<string, string>;
  bodies: string[];
  connections: number;
  durationS: number;
}
interface StormSamples {
  /** Latency of every answered request (any status), ms. */
  times: number[];
  /** Answers by status; `timeout` / `network` for requests without one. */
  statuses: Record<string, number>;
}

/** In the load process: `connections` loops, each one request at a time, round-robin over the bodies. */
async function stormLoad(job: StormJob): Promise<StormSamples> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const until = performance.now() + job.durationS * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: job.connections }, async () => {
      while (performance.now() < until) {
        const body = job.bodies[next++ % job.bodies.length]!;
        const t0 = performance.now();
        let status: string;
        try {
          const res = await fetch(job.url, {
            method: 'POST',
            headers: job.headers,
            body,
            signal: AbortSignal.timeout(GIVE_UP_MS),
          });
          await res.arrayBuffer();
          status = String(res.status);
        } catch (err) {
          status = (err as Error).name === 'TimeoutError' ? 'timeout' : 'network';
        }
        times.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return { times, statuses };
}

function runInChild(job: StormJob): Promise<StormSamples> {
  const child = fork(import.meta.filename, [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
    env: { ...process.env, BENCH_STORM_CHILD: '1' },
  });
  return new Promise<StormSamples>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`storm load process exited (${code})`)));
    child.once('message', (m: StormSamples | { error: string }) => {
      child.kill();
      if ('error' in m) reject(new Error(m.error));
      else resolve(m);
    });
    child.send(job);
  });
}

const headersOf = (domain: string, cookie?: string): Record<string, string> => ({
  'content-type': 'application/json',
  'domain-name': domain,
  origin: `http://${domain}`,
  ...(cookie ? { cookie: `auth-token=${cookie}` } : {}),
});

async function call<T>(stack: Stack, domain: string, endpoint: Endpoint, body: unknown, cookie?: string) {
  const res = await fetch(`${stack.gatewayUrl}${urlPath(endpoint)}`, {
    method: endpoint.method,
    headers: headersOf(domain, cookie),
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${endpoint.path}: ${res.status} ${text.slice(0, 200)}`);
  return {
    result: (JSON.parse(text) as { result: T }).result,
    cookie: /auth-token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1],
  };
}

/** The search bodies: every route on 30 days, in an order that changes route and date from one to the next. */
export function stormBodies(today: Date): string[] {
  const bodies: string[] = [];
  for (let d = 0; d < 30; d++)
    for (const [i, [origin, destination]] of ROUTES.entries()) {
      const day = new Date(today.getTime() + (7 + ((d + i) % 30)) * 86_400_000).toISOString().slice(0, 10);
      bodies.push(
        JSON.stringify({
          JourneyType: 1,
          segments: [{ origin, destination, preferredDepartureTime: `${day}T00:00:00` }],
          adultCount: 1 + (d % 2),
          childCount: 0,
          infantCount: 0,
        }),
      );
    }
  return bodies;
}

export interface StormFigures {
  requests: number;
  ok: number;
  statuses: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
  /** Answers slower than API Gateway's 29 s (a 504 there). */
  overGatewayLimit: number;
  lookCount: { before: number; after: number };
  siteSearches: { before: number; after: number };
  load: { start: number; end: number };
}

export async function stormSection(
  stack: Stack,
  opts: { seconds?: number; connections?: number } = {},
): Promise<StormFigures> {
  const seconds = opts.seconds ?? Number(process.env.BENCH_STORM_SECONDS ?? 30);
  const connections = opts.connections ?? Number(process.env.BENCH_STORM_CONNECTIONS ?? 200);
  const { DEMO_LOGINS } = await import('./seed/logins.ts');
  const { DEMO_SITES } = await import('./seed/sites.ts');
  const site = DEMO_SITES.find((s) => s.siteId === 'site-flightdeals')!;
  const domain = site.domain;
  const agent = DEMO_LOGINS.find((l) => l.site === domain && l.role === 'agent')!;
  const admin = DEMO_LOGINS.find((l) => l.site === domain && l.role === 'super admin')!;

  // The agent's session and id; the admin exempts the agent from the search limit (counting goes on).
  const agentCookie = (await call(stack, domain, login, { email: agent.email, password: agent.password })).cookie;
  const me = (await call<{ id: string }>(stack, domain, getUserBySessionId, {}, agentCookie)).result;
  const adminCookie = (await call(stack, domain, login, { email: admin.email, password: admin.password })).cookie;
  const [found] = (
    await call<{ id: string; users_id: number }[]>(
      stack,
      domain,
      searchWlUser,
      { searchQuery: agent.email },
      adminCookie,
    )
  ).result.filter((u) => u.id === me.id);
  if (!found) throw new Error('storm: the demo agent was not found by searchWlUser');
  await call(stack, domain, toggleFlightSearchExemption, { customerId: found.users_id, exempt: true }, adminCookie);

  const siteId = site.siteId as SiteId;
  const counters = async () => {
    const month = monthKey(new Date());
    const [activity, siteCounts] = await Promise.all([
      flightActivity(siteId, me.id, month, month),
      siteMonthCounts([siteId], month),
    ]);
    return { look: activity.get(month)?.look_count ?? 0, searches: siteCounts.get(siteId)?.searches ?? 0 };
  };

  const bodies = stormBodies(new Date());
  // One search to warm the handler (counted like the others: it is read before the storm's "before").
  await call(stack, domain, flightSearch, JSON.parse(bodies[0]!), agentCookie);
  await untilDrained();
  const before = await counters();
  const loadStart = loadavg()[0]!;
  process.stdout.write(
    `\n== Search storm: ${connections} concurrent flight searches for ${seconds} s (${domain}, demo agent, ` +
      `simulator; ${ROUTES.length} routes × 30 dates; load average ${loadStart.toFixed(1)}) ==\n`,
  );
  // The gateway's process (this one: the local gateway runs the handlers in-process): its memory high-water mark.
  let peakRss = 0;
  let peakHeap = 0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 100);
  const samples = await runInChild({
    url: `${stack.gatewayUrl}${urlPath(flightSearch)}`,
    headers: headersOf(domain, agentCookie),
    bodies,
    connections,
    durationS: seconds,
  });
  await untilDrained();
  clearInterval(sampler);
  const after = await counters();
  const loadEnd = loadavg()[0]!;
  const requests = samples.times.length;
  const ok = samples.statuses['200'] ?? 0;
  const figures: StormFigures = {
    requests,
    ok,
    statuses: samples.statuses,
    p50: pct(samples.times, 50),
    p95: pct(samples.times, 95),
    p99: pct(samples.times, 99),
    overGatewayLimit: samples.times.filter((t) => t > GATEWAY_LIMIT_MS).length,
    lookCount: { before: before.look, after: after.look },
    siteSearches: { before: before.searches, after: after.searches },
    load: { start: loadStart, end: loadEnd },
  };
  const errors = Object.entries(samples.statuses).filter(([s]) => s !== '200');
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  const moved = (c: { before: number; after: number }) =>
    `${c.before} → ${c.after} (+${c.after - c.before}${c.after - c.before === ok ? ', = answered 200' : `, ≠ ${ok} answered 200 !`})`;
  process.stdout.write(
    [
      `requests ${requests} (${(requests / seconds).toFixed(1)}/s), answered 200: ${ok}`,
      `latency p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}, p99 ${ms(figures.p99)}`,
      `answers slower than API Gateway's ${GATEWAY_LIMIT_MS / 1000} s: ${figures.overGatewayLimit}`,
      `errors: ${errors.length ? errors.map(([s, n]) => `${s} × ${n}`).join(', ') + ' !' : '0'}`,
      `agent's look_count this month: ${moved(figures.lookCount)}`,
      `site's searches this month:    ${moved(figures.siteSearches)}`,
      `gateway process peak: RSS ${(peakRss / 2 ** 20).toFixed(0)} MB, heap ${(peakHeap / 2 ** 20).toFixed(0)} MB`,
      `load average ${loadStart.toFixed(1)} at the start, ${loadEnd.toFixed(1)} at the end`,
    ].join('\n') + '\n',
  );
  return figures;
}

if (process.env.BENCH_STORM_CHILD === '1' && process.send) {
  process.on('message', (job: StormJob) => {
    stormLoad(job).then(
      (samples) => process.send!(samples),
      (err: unknown) => process.send!({ error: String((err as Error)?.stack ?? err) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { startBenchStack } = await import('./bench-api.ts');
  const stack = await startBenchStack(Number(process.env.BENCH_PORT_BASE ?? 4900));
  try {
    await stormSection(stack);
  } finally {
    await stack.stop();
  }
}
