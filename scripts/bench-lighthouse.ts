/**
 * `node --import tsx scripts/bench-lighthouse.ts` (also run by `npm run bench`): Lighthouse, mobile
 * preset (simulated slow 4G, 4× CPU), performance only, against the local stack serving the built SPA
 * (WEB_DIST, default web/dist): /login as a first visit (empty profile), /flight/search, a results
 * URL and the print view of one of the agent's e-tickets as a signed-in agent, and the quotation builder
 * (/staff/kart) as a returning super admin, and the screens of issue #35 §4: the customer console, the
 * ticket queue, the job sheet and the invoices list as that super admin, activity search (a city's
 * results) and the package list as the agent. Target (standard): score ≥ 95 on every page but the e-ticket print (measured
 * alongside); initial JS ≤ 170 KB
 * gzipped. Prints score, FCP, LCP, TBT, CLS and SI per page, each the median of LH_RUNS (3) runs;
 * asserts nothing. LH_PAGES=login,search,… measures only those pages (by key); LH_TRACES=1 keeps each
 * run's trace beside its report (for the Performance panel) and adds the main thread's figures in CPU
 * time (mainThreadCpu: total, longest task, TBT worked out from CPU time), the ones to compare builds by
 * when the machine is loaded; the header prints the load average. LH_PROFILE=1 (with LH_TRACES) also records
 * the V8 sampling profiler in the trace, to see which functions the main thread ran.
 *
 * Lighthouse is the root devDependency (pinned, in package-lock.json): the installed CLI runs, nothing
 * is fetched at run time.
 *
 * The agent's session cookie goes in --extra-headers. The SPA also needs its stored copy of the user
 * and of the branding (localStorage, as after a real sign-in), so those pages run on a Chromium profile
 * prepared by signing in once; Lighthouse still empties the HTTP cache before every run.
 * Reports are kept in .bench/lighthouse/ (open one in the Lighthouse viewer for the details).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, setPriority } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { urlPath } from '@tp/contracts/endpoint';
import { getActivityCities } from '@tp/contracts/endpoints/activities';
import { search as flightSearch } from '@tp/contracts/endpoints/flights';
import { detectSite } from '@tp/contracts/endpoints/site';
import { getTickets } from '@tp/contracts/endpoints/tickets';
import { getUserBySessionId, login } from '@tp/contracts/endpoints/users';
import { SPA_BASENAME } from '@tp/contracts/spa-routes';
import { CHROMIUM } from './local/chromium.ts';
import { ROOT, startStack } from './local/stack.ts';

const LIGHTHOUSE_CLI = join(ROOT, 'node_modules', '.bin', 'lighthouse');
const LIGHTHOUSE_VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string }
).version;
const RUNS = Number(process.env.LH_RUNS ?? 3);
const DOMAIN = 'flightdeals.localhost';
const DEFAULT_OUT = process.env.LH_OUT ?? join(ROOT, '.bench', 'lighthouse');
// The shell is headless by nature, but chrome-launcher (Lighthouse's) connects only when it is told so.
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', `--host-resolver-rules=MAP *.localhost 127.0.0.1`];

/**
 * The bench's own stack (the gateway in this process, DynamoDB Local and the emulators it starts) runs at a lower
 * priority than Lighthouse and its Chromium: in production the API answers from other machines, here it shares
 * the two cores with the page, and every millisecond the page's main thread waits for a core is a millisecond
 * of blocking time in Lighthouse's simulation. Lowering a priority needs no privilege; raising Lighthouse back
 * (from the niceness it inherits) does, so without it both run at the lowered priority, as before (no effect).
 */
const STACK_NICENESS = 10;
function lowerStackPriority() {
  try {
    setPriority(STACK_NICENESS);
  } catch {
    // Not allowed here: everything keeps the same priority.
  }
}
function restorePriority(pid: number | undefined) {
  if (pid === undefined) return;
  try {
    setPriority(pid, 0);
  } catch {
    // Not allowed (not root): Lighthouse keeps the stack's priority, as everything did before.
  }
}

/** The pages opened as the returning super admin (the rest as the agent, login as a first visit). */
const STAFF_PAGES = ['builder', 'customers', 'ticketQueue', 'jobSheet', 'invoices'];

interface PageSpec {
  /** For LH_PAGES. */
  key: string;
  name: string;
  path: string;
  /** Chromium profile holding the signed-in agent's localStorage; omitted = a fresh profile. */
  profile?: string;
  cookie?: string;
}

export interface LighthouseFigures {
  page: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  /** With LH_TRACES: the page's main thread in CPU time (see mainThreadCpu); NaN without a trace. */
  cpuMs: number;
  longestTaskCpuMs: number;
  cpuTbtMs: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** What index.html loads before any screen (web/boot/load.js): the entry module and its modulepreloads, gzipped. */
export function initialJsGzip(dist: string): number {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const map = /<script type="application\/json" id="tp-app-map">([^<]*)<\/script>/.exec(html)?.[1];
  if (!map) throw new Error(`${dist}/index.html has no app map (web/vite.config.ts)`);
  const { entry } = JSON.parse(map) as { entry: { script: string; modules: string[] } };
  let bytes = 0;
  for (const f of [entry.script, ...entry.modules]) bytes += gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
  return bytes;
}

function runLighthouse(url: string, spec: PageSpec, report: string): Promise<void> {
  const flags = [...CHROME_FLAGS, ...(spec.profile ? [`--user-data-dir=${spec.profile}`] : [])];
  const args = [
    url,
    `--chrome-path=${CHROMIUM}`,
    `--chrome-flags=${flags.join(' ')}`,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${report}`,
    '--quiet',
    ...(process.env.LH_TRACES ? ['--save-assets'] : []),
    // LH_PROFILE=1: the V8 sampling profiler in the trace too (which function the main thread ran), for
    // finding where the time goes; it costs CPU of its own, so never compare builds with it on.
    ...(process.env.LH_PROFILE ? ['--additional-trace-categories=disabled-by-default-v8.cpu_profiler'] : []),
    ...(spec.cookie ? [`--extra-headers=${JSON.stringify({ Cookie: `auth-token=${spec.cookie}` })}`] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(LIGHTHOUSE_CLI, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    // Before it starts Chromium, which inherits its priority.
    restorePriority(child.pid);
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`lighthouse ${url} exited ${code}:\n${err.slice(-2000)}`)),
    );
  });
}

/**
 * What the page's main thread did, in CPU time (trace events' `tdur`) rather than wall time: on a
 * loaded machine a task's wall time also counts the time the thread waited for a core, which
 * Lighthouse's simulation then multiplies by four, so scores read low for work the page did not do.
 * `cpuTbtMs` is TBT worked out the same way from CPU time (each task × 4, minus 50 ms), for comparing
 * builds measured while other work runs; it is not Lighthouse's TBT (no simulated network, no FCP–TTI window).
 */
export function mainThreadCpu(tracePath: string): { cpuMs: number; longestTaskCpuMs: number; cpuTbtMs: number } {
  type Ev = {
    name: string;
    ph?: string;
    pid: number;
    tid: number;
    dur?: number;
    tdur?: number;
    args?: { name?: string };
  };
  const json = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents?: Ev[] } | Ev[];
  const events = Array.isArray(json) ? json : (json.traceEvents ?? []);
  const tasksOf = new Map<string, number[]>();
  for (const e of events)
    if (e.name === 'RunTask' && e.ph === 'X' && e.tdur !== undefined) {
      const key = `${e.pid}:${e.tid}`;
      tasksOf.set(key, [...(tasksOf.get(key) ?? []), e.tdur / 1000]);
    }
  // The page's renderer main thread: of the CrRendererMain threads, the one that worked most.
  let tasks: number[] = [];
  for (const e of events)
    if (e.name === 'thread_name' && e.args?.name === 'CrRendererMain') {
      const t = tasksOf.get(`${e.pid}:${e.tid}`) ?? [];
      if (t.reduce((a, b) => a + b, 0) > tasks.reduce((a, b) => a + b, 0)) tasks = t;
    }
  return {
    cpuMs: tasks.reduce((a, b) => a + b, 0),
    longestTaskCpuMs: Math.max(0, ...tasks),
    cpuTbtMs: tasks.reduce((a, t) => a + Math.max(0, t * 4 - 50), 0),
  };
}

function figures(report: string): Omit<LighthouseFigures, 'page'> {
  const lhr = JSON.parse(readFileSync(report, 'utf8')) as {
    categories: { performance: { score: number | null } };
    audits: Record<string, { numericValue?: number }>;
    runtimeError?: { message: string };
  };
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
  const n = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const trace = report.replace(/\.json$/, '-0.trace.json');
  const cpu =
    process.env.LH_TRACES && existsSync(trace)
      ? mainThreadCpu(trace)
      : { cpuMs: NaN, longestTaskCpuMs: NaN, cpuTbtMs: NaN };
  return {
    ...cpu,
    score: Math.round((lhr.categories.performance.score ?? NaN) * 100),
    fcpMs: n('first-contentful-paint'),
    lcpMs: n('largest-contentful-paint'),
    tbtMs: n('total-blocking-time'),
    cls: n('cumulative-layout-shift'),
    siMs: n('speed-index'),
  };
}

async function post<T>(base: string, path: string, body: unknown, cookie?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'domain-name': DOMAIN,
      // As the site's own pages post (lib/origin-guard.ts).
      origin: `http://${DOMAIN}`,
      ...(cookie ? { cookie: `auth-token=${cookie}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; result: T; message?: string };
  if (!json.success) throw new Error(`${path}: ${json.message ?? res.status}`);
  return { json, res };
}

/**
 * Signs the demo agent in through the API, stores what the SPA keeps after a real sign-in (tp.user,
 * tp.site) in a Chromium profile and opens the app once with it, as the agent's earlier visit, so the
 * profile holds everything the app itself keeps (permissions and the rest). Lighthouse then opens the
 * guarded pages as that returning agent.
 */
export async function signedInAgent(
  gatewayUrl: string,
  origin: string,
  profile: string,
  role = 'agent',
  landing = '/flight/search',
) {
  const { DEMO_LOGINS } = await import('./seed/logins.ts');
  const agent = DEMO_LOGINS.find((l) => l.site === DOMAIN && l.role === role);
  if (!agent) throw new Error(`no demo ${role} on ${DOMAIN}`);
  const { res } = await post(gatewayUrl, urlPath(login), { email: agent.email, password: agent.password });
  const cookie = /auth-token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error('agent sign-in returned no session cookie');
  const user = (await post(gatewayUrl, urlPath(getUserBySessionId), {}, cookie)).json.result;
  const site = (await post(gatewayUrl, urlPath(detectSite), { domain: DOMAIN })).json.result;

  rmSync(profile, { recursive: true, force: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--host-resolver-rules=MAP *.localhost 127.0.0.1'],
  });
  try {
    await context.addCookies([{ name: 'auth-token', value: cookie, url: origin }]);
    const page = await context.newPage();
    // Any same-origin document will do; the favicon is small and involves no app code.
    await page.goto(`${origin}${SPA_BASENAME}/favicon.svg`);
    // Source text: the scripts' tsconfig has no DOM types.
    await page.evaluate(
      `localStorage.setItem('tp.user', ${JSON.stringify(JSON.stringify(user))});` +
        `localStorage.setItem('tp.site', ${JSON.stringify(JSON.stringify(site))});`,
    );
    await page.goto(`${origin}${SPA_BASENAME}${landing}`);
    // The app stores the permissions once its session check has answered (polled from outside the
    // page: waitForFunction would evaluate text inside it, which the page's CSP refuses).
    const deadline = Date.now() + 90_000; // generous: a loaded machine runs the first visit slowly
    while (!(await page.evaluate(`localStorage.getItem('tp.permissions') !== null`))) {
      if (Date.now() > deadline) throw new Error('the app did not store the permissions');
      await page.waitForTimeout(100);
    }
  } finally {
    await context.close();
  }
  return cookie;
}

/**
 * The gateway compresses a static file on its first request (CloudFront serves from its cache): ask
 * for every file once so no run measures brotli at quality 11.
 */
export async function warmStatic(gatewayUrl: string, dist: string) {
  for (const file of ['index.html', ...readdirSync(join(dist, 'assets')).map((f) => `assets/${f}`)])
    await (await fetch(`${gatewayUrl}${SPA_BASENAME}/${file}`, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
}

/** Activity search as the agent opens it after a search: the first city the DMC sells in (Dubai in the demo). */
async function activitySearchPath(gatewayUrl: string, cookie: string): Promise<string> {
  const res = await fetch(`${gatewayUrl}${urlPath(getActivityCities)}`, {
    headers: { 'domain-name': DOMAIN, origin: `http://${DOMAIN}`, cookie: `auth-token=${cookie}` },
  });
  const json = (await res.json()) as { success: boolean; result: { cityId: number | string }[] };
  const city = json.success ? json.result[0] : undefined;
  if (!city) throw new Error('the demo site sells activities in no city');
  return `/activities/search?cityId=${encodeURIComponent(String(city.cityId))}`;
}

/** The print view of one of the agent's ticketed bookings (demo data has hundreds). */
async function eTicketPath(gatewayUrl: string, cookie: string): Promise<string> {
  const page = await post<{ records: { slug: string }[] }>(
    gatewayUrl,
    urlPath(getTickets),
    { queue: 'tickets', status: 'ticketed', pageSize: 1 },
    cookie,
  );
  const slug = page.json.result.records[0]?.slug;
  if (!slug) throw new Error('the demo agent has no ticketed booking');
  return `/flight/eTicket/${encodeURIComponent(slug)}?print=true&hp=false`;
}

export async function benchLighthouse(opts: {
  gatewayUrl: string;
  dist: string;
  /** Where reports, traces and profiles go (default LH_OUT, else .bench/lighthouse). */
  out?: string;
}): Promise<LighthouseFigures[]> {
  const OUT = opts.out ?? DEFAULT_OUT;
  if (!existsSync(LIGHTHOUSE_CLI)) throw new Error(`${LIGHTHOUSE_CLI} is missing: run npm ci`);
  mkdirSync(OUT, { recursive: true });
  const origin = `http://${DOMAIN}:${new URL(opts.gatewayUrl).port}`;
  await warmStatic(opts.gatewayUrl, opts.dist);
  const profile = join(OUT, 'agent-profile');
  const cookie = await signedInAgent(opts.gatewayUrl, origin, profile);

  // A real search for the results URL; the screen searches again from the query, as on a reload.
  const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
  const query = `origin=DEL&destination=BOM&departure=${day}&adt=1&chd=0&inf=0`;
  const searched = await post<{ searchId: string }>(
    opts.gatewayUrl,
    urlPath(flightSearch),
    {
      JourneyType: 1,
      segments: [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: `${day}T00:00:00` }],
      adultCount: 1,
      childCount: 0,
      infantCount: 0,
    },
    cookie,
  );

  const only = process.env.LH_PAGES?.split(',');
  // The staff screens (issue #32, #35 §4) as the staff who spend the day in them open them: a returning
  // super admin (every permission and module of the demo DMC site), with a profile of their own.
  const staffProfile = join(OUT, 'staff-profile');
  const staffCookie =
    !only || only.some((k) => STAFF_PAGES.includes(k))
      ? await signedInAgent(opts.gatewayUrl, origin, staffProfile, 'super admin', '/staff/kart')
      : '';
  const staff = { profile: staffProfile, cookie: staffCookie };
  const agent = { profile, cookie };
  const pages: PageSpec[] = [
    { key: 'login', name: 'login (first visit)', path: '/login' },
    { key: 'search', name: 'flight search (agent)', path: '/flight/search', profile, cookie },
    {
      key: 'results',
      name: 'flight results (agent)',
      path: `/flight/results/${encodeURIComponent(searched.json.result.searchId)}?${query}`,
      profile,
      cookie,
    },
    {
      key: 'eticket',
      name: 'e-ticket print (agent)',
      path: await eTicketPath(opts.gatewayUrl, cookie),
      profile,
      cookie,
    },
    { key: 'builder', name: 'quotation builder (staff)', path: '/staff/kart', ...staff },
    // Issue #35 §4: the other screens users spend their day in.
    { key: 'customers', name: 'customer console (staff)', path: '/staff', ...staff },
    { key: 'ticketQueue', name: 'ticket queue (staff)', path: '/flights/ticketQueue', ...staff },
    { key: 'jobSheet', name: 'job sheet (staff)', path: '/staff/dmc_job_sheet', ...staff },
    {
      key: 'activitySearch',
      name: 'activity search (agent)',
      path: !only || only.includes('activitySearch') ? await activitySearchPath(opts.gatewayUrl, cookie) : '',
      ...agent,
    },
    { key: 'packages', name: 'package list (agent)', path: '/packages', ...agent },
    { key: 'invoices', name: 'invoices list (staff)', path: '/staff/invoices', ...staff },
  ].filter((p) => !only || only.includes(p.key));
  const out: LighthouseFigures[] = [];
  for (const spec of pages) {
    const runs: Omit<LighthouseFigures, 'page'>[] = [];
    for (let r = 1; r <= RUNS; r++) {
      const report = join(OUT, `${spec.key}-run${r}.json`);
      await runLighthouse(`${origin}${SPA_BASENAME}${spec.path}`, spec, report);
      runs.push(figures(report));
    }
    const pick = (k: keyof Omit<LighthouseFigures, 'page'>) => median(runs.map((x) => x[k]));
    out.push({
      page: spec.name,
      score: pick('score'),
      fcpMs: pick('fcpMs'),
      lcpMs: pick('lcpMs'),
      tbtMs: pick('tbtMs'),
      cls: pick('cls'),
      siMs: pick('siMs'),
      cpuMs: pick('cpuMs'),
      longestTaskCpuMs: pick('longestTaskCpuMs'),
      cpuTbtMs: pick('cpuTbtMs'),
    });
  }
  return out;
}

export function printLighthouse(rows: LighthouseFigures[], dist: string, volume: number | null = null): void {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const ms = (x: number) => `${Math.round(x)} ms`;
  // With traces (LH_TRACES): the main thread in CPU time, which the machine's load barely moves.
  const cpu = rows.some((r) => !Number.isNaN(r.cpuMs));
  const table = [
    ['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', ...(cpu ? ['main CPU', 'longest task', 'TBT from CPU'] : [])],
    ...rows.map((r) => [
      r.page,
      String(r.score),
      s(r.fcpMs),
      s(r.lcpMs),
      ms(r.tbtMs),
      r.cls.toFixed(3),
      s(r.siMs),
      ...(cpu ? [ms(r.cpuMs), ms(r.longestTaskCpuMs), ms(r.cpuTbtMs)] : []),
    ]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  process.stdout.write(
    `== Lighthouse ${LIGHTHOUSE_VERSION} (mobile preset, median of ${RUNS}; ${volume === null ? 'demo data' : `the large data set at factor ${volume}`}; load average ${loadavg()[0]!.toFixed(1)}) ==\n` +
      table.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ')).join('\n') +
      `\ninitial JS (the entry and its modulepreloads): ${(initialJsGzip(dist) / 1024).toFixed(1)} KB gzipped\n`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = process.env.WEB_DIST ?? join(ROOT, 'web', 'dist');
  const portBase = Number(process.env.BENCH_PORT_BASE ?? 4900);
  // Before the stack starts: DynamoDB Local and the emulators inherit it.
  lowerStackPriority();
  const stack = await startStack({
    ports: { gateway: portBase, dynamodb: portBase + 1, sqs: portBase + 2, ses: portBase + 3 },
    webDist: dist,
    seed: true,
    logLevel: 'silent',
  });
  try {
    // LH_VOLUME=<factor> (`npm run bench -- --volume` passes it): the screens on the generated year of a busy reseller
    // written over the demo data (issue #35 §4 "with the large data set loaded").
    const volume = process.env.LH_VOLUME ? Number(process.env.LH_VOLUME) : null;
    if (volume !== null) {
      if (!(volume > 0)) throw new Error(`bench: LH_VOLUME must be a positive factor, not ${process.env.LH_VOLUME}`);
      const { writeBusyYear } = await import('./bench-volume.ts');
      await writeBusyYear({ factor: volume, seed: Number(process.env.BENCH_VOLUME_SEED ?? 35) });
    }
    const rows = await benchLighthouse({ gatewayUrl: stack.gatewayUrl, dist });
    printLighthouse(rows, dist, volume);
    writeFileSync(join(DEFAULT_OUT, 'summary.json'), JSON.stringify(rows, null, 2));
  } finally {
    await stack.stop();
  }
}
