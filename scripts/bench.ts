/**
 * `npm run bench`: prints figures, asserts nothing (docs/benchmarks.md says what each table means and
 * today's figures). Targets:
 * - cold start: each request-path Lambda imports within 1.3× its floor, a bundle of only the AWS SDK
 *   clients it uses (scripts/bench-coldstart.ts);
 * - local API: each call's p99 within 1.5× the raw DynamoDB Local p99 of the operations it makes, at the
 *   same concurrency (scripts/bench-api.ts); 10 and 50 connections;
 * - argon2id ≤ 50 ms a hash; simulator search ≤ 150 ms (scripts/bench-compute.ts); the results screen
 *   and Lighthouse have their own scripts, run at the end.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { urlPath, routeKey, type Endpoint } from '@tp/contracts/endpoint';
import { ENDPOINTS } from '@tp/contracts/routes';
import { detectSite } from '@tp/contracts/endpoints/site';
import { login } from '@tp/contracts/endpoints/users';
import { search as flightSearch } from '@tp/contracts/endpoints/flights';
import { ARGON2_PARAMS, hashPassword, verifyPassword } from '../functions/src/users/password.ts';
import { ROOT } from './local/stack.ts';
import { bundleAll } from './bundle.ts';
import { coldStart, pct, printColdStart } from './bench-coldstart.ts';
import { apiSection, startBenchStack } from './bench-api.ts';
import { printCompute } from './bench-compute.ts';
import { stormSection } from './bench-storm.ts';
import { printQuotationPricing } from './bench-dmc.ts';
import { volumeFactor } from './bench-volume.ts';

const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 4900);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const table = (rows: (string | number)[][]) => {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const r of rows) process.stdout.write(r.map((c, i) => String(c).padEnd(widths[i]!)).join('  ') + '\n');
};

process.stdout.write('Bundling every Lambda (esbuild, the options CDK uses)…\n');
const bundles = await bundleAll();

// One argon2id hash / verification at a time (the target: ≤ 50 ms a hash), after a warm-up.
process.stdout.write(
  `\n== argon2id (native, ${ARGON2_PARAMS.memoryCost / 1024} MiB, t=${ARGON2_PARAMS.timeCost}, p=${ARGON2_PARAMS.parallelism}) ==\n`,
);
const hashTimes: number[] = [];
const verifyTimes: number[] = [];
await verifyPassword('bench-warm-up', await hashPassword('bench-warm-up'));
for (let i = 0; i < 30; i++) {
  const t0 = performance.now();
  const hash = await hashPassword(`bench-password-${i}`);
  const t1 = performance.now();
  await verifyPassword(`bench-password-${i}`, hash);
  verifyTimes.push(performance.now() - t1);
  hashTimes.push(t1 - t0);
}
const timing = (name: string, xs: number[]) => [name, ...[50, 95, 100].map((p) => `${pct(xs, p).toFixed(1)} ms`)];
table([['', 'p50', 'p95', 'max'], timing('hash', hashTimes), timing('verify', verifyTimes)]);

process.stdout.write('\n== In-process compute ==\n');
printCompute();
printQuotationPricing();

const stack = await startBenchStack(PORT_BASE);

/** One representative request per domain for the first-answer column (others answer a 400 from the first route). */
const SAMPLES: Partial<Record<string, { endpoint: Endpoint; body: unknown }>> = {
  site: { endpoint: detectSite, body: { domain: 'flightdeals.localhost' } },
  users: { endpoint: login, body: { email: 'nobody@flightdeals.localhost', password: 'wrong-password-1' } },
};
const sampleEvent = (domain: string) => {
  const e = SAMPLES[domain]?.endpoint ?? ENDPOINTS.find((x) => x.domain === domain);
  if (!e) return undefined;
  return {
    version: '2.0',
    routeKey: routeKey(e),
    rawPath: urlPath(e),
    rawQueryString: '',
    headers: {
      'content-type': 'application/json',
      'domain-name': 'flightdeals.localhost',
      origin: 'http://flightdeals.localhost',
    },
    requestContext: { http: { method: e.method, path: urlPath(e), sourceIp: '127.0.0.1' }, requestId: 'bench' },
    body: JSON.stringify(SAMPLES[domain]?.body ?? {}),
    isBase64Encoded: false,
  };
};

process.stdout.write('\n== Cold start: import in a fresh Node process against the SDK floor ==\n');
printColdStart(await coldStart(bundles, { eventOf: sampleEvent }));

await apiSection(stack, DURATION_S);

// The search storm (issue #35 §5): 200 concurrent searches for 30 s, the look-to-book counters checked.
await stormSection(stack);

const { DEMO_LOGINS } = await import('./seed/logins.ts');
const demo = DEMO_LOGINS.find((l) => l.site.startsWith('flightdeals')) ?? DEMO_LOGINS[0]!;

// Search to results: a busy domestic route (the simulator's largest result) as a staff user, whom
// look-to-book does not limit. Time to the full JSON answer, as the results screen receives it.
process.stdout.write('\n== Flight search to results (DEL→BOM, simulator) ==\n');
const staffLogin = DEMO_LOGINS.find((l) => l.site.startsWith('flightdeals') && l.role === 'staff') ?? demo;
const staffCookie = /auth-token=([^;]+)/.exec(
  (
    await fetch(`${stack.gatewayUrl}${urlPath(login)}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'domain-name': 'flightdeals.localhost',
        origin: 'http://flightdeals.localhost',
      },
      body: JSON.stringify({ email: staffLogin.email, password: staffLogin.password }),
    })
  ).headers.get('set-cookie') ?? '',
)?.[1];
const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
const searchTimes: number[] = [];
let options = 0;
let bytes = 0;
for (let i = 0; i < 15; i++) {
  const t0 = performance.now();
  const res = await fetch(`${stack.gatewayUrl}${urlPath(flightSearch)}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'domain-name': 'flightdeals.localhost',
      origin: 'http://flightdeals.localhost',
      cookie: `auth-token=${staffCookie}`,
    },
    body: JSON.stringify({
      JourneyType: 1,
      segments: [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: `${day}T00:00:00` }],
      adultCount: 1,
      childCount: 0,
      infantCount: 0,
    }),
  });
  const text = await res.text();
  searchTimes.push(performance.now() - t0);
  bytes = text.length;
  options = (JSON.parse(text) as { result?: { results?: unknown[][] } }).result?.results?.flat().length ?? 0;
}
table([
  ['options', 'JSON', 'p50', 'p95'],
  [options, kb(bytes), `${pct(searchTimes, 50).toFixed(1)} ms`, `${pct(searchTimes, 95).toFixed(1)} ms`],
]);

await stack.stop();

// The results screen with 1,500 options in Chromium (filter and sort timings, DOM size).
if (existsSync(join(ROOT, 'scripts', 'bench-results.ts')))
  spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'bench-results.ts')], {
    stdio: 'inherit',
    env: process.env,
  });

// `--volume[=factor]`: the screens' Lighthouse runs and the lists' cost curves on a generated year of a busy reseller.
const factor = volumeFactor(process.argv.slice(2));

// Lighthouse (mobile preset) on login, flight search and results, against its own stack serving web/dist.
spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'bench-lighthouse.ts')], {
  stdio: 'inherit',
  env: factor === null ? process.env : { ...process.env, LH_VOLUME: String(factor) },
});

if (factor !== null)
  spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'bench-volume.ts'), `--factor=${factor}`], {
    stdio: 'inherit',
    env: process.env,
  });
