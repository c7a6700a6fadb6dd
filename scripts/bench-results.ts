/**
 * `node --import tsx scripts/bench-results.ts` (also run by `npm run bench`): the flight results screen with
 * 1,500 options in Chromium. Serves the built SPA (WEB_DIST, default web/dist) from a tiny static
 * server and answers the API by interception (api/search returns the fixture), so it measures the
 * client alone. Prints, asserts nothing:
 * - filter+sort: the domain's work per click (indexed `showResults`, and plain filter + sort), in Node;
 * - for each filter kind and each sort, over BENCH_SAMPLES clicks: click → next painted frame
 *   (what the user feels: the control answers) and click → list settled (the last DOM change the
 *   click caused, then its frame), p50 / p95;
 * - the page's DOM node count, at the top and scrolled.
 * Targets: click → next frame ≤ 50 ms at 1,500 options, ≤ 800 DOM nodes.
 * BENCH_PROFILE=1 adds the functions with the most self time during the clicks (Chromium CPU profile).
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { search } from '@tp/contracts/endpoints/flights';
import { urlPath } from '@tp/contracts/endpoint';
import {
  NO_FILTERS,
  SORT_KEYS,
  filterOptions,
  indexResults,
  showResults,
  sortOptions,
  type FlightFilters,
} from '@tp/domain/flight-filters';
import { searchResponse } from '../web/src/features/flights/test-fixtures.ts';
import { testSite, testUser } from '../web/src/test/fixtures.ts';

const DIST = process.env.WEB_DIST ?? join(import.meta.dirname, '..', 'web', 'dist');
const COUNT = Number(process.env.BENCH_RESULTS ?? 1500);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 12);
const PROFILE = process.env.BENCH_PROFILE === '1';
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

const pct = (xs: number[], p: number) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};
export interface Timing {
  p50: number;
  p95: number;
}
const timing = (xs: number[]): Timing => ({ p50: pct(xs, 50), p95: pct(xs, 95) });

/** The domain's share of a click: filter + sort of COUNT options, for each filter kind. */
function domainTimings(): Record<string, { indexed: Timing; plain: Timing }> {
  const options = searchResponse(COUNT).results[0]!;
  const kinds: Record<string, Partial<FlightFilters>> = {
    none: {},
    stops: { stops: [2] },
    airline: { airlines: ['AI', 'UK'] },
    price: { priceMin: 5000, priceMax: 9000 },
    time: { time: { from: 20 * 60, to: 6 * 60 } },
    layover: { layovers: ['AMD'] },
    fareType: { fareType: 'refundable' },
    all: { stops: [1, 2], airlines: ['AI', 'UK', '6E'], fareType: 'refundable', time: { from: 300, to: 1200 } },
  };
  const t0 = performance.now();
  const index = indexResults(options);
  const indexMs = performance.now() - t0;
  const out: Record<string, { indexed: Timing; plain: Timing }> = {};
  for (const [kind, patch] of Object.entries(kinds)) {
    const f = { ...NO_FILTERS, ...patch };
    const indexed: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i < 40; i++) {
      const sort = { key: SORT_KEYS[i % SORT_KEYS.length]!, direction: i % 8 < 4 ? 'asc' : 'desc' } as const;
      let t = performance.now();
      showResults(index, f, sort);
      indexed.push(performance.now() - t);
      t = performance.now();
      sortOptions(filterOptions(options, f), sort);
      plain.push(performance.now() - t);
    }
    out[kind] = { indexed: timing(indexed), plain: timing(plain) };
  }
  out['index (once per result set)'] = { indexed: { p50: indexMs, p95: indexMs }, plain: { p50: NaN, p95: NaN } };
  return out;
}

/** One interaction of the results screen: `prepare` (untimed) then `act`, both page-side source text. */
interface Control {
  name: string;
  prepare?: (i: number) => string;
  act: (i: number) => string;
}
const click = (selector: string) => `document.querySelector(${JSON.stringify(selector)}).click()`;
const CONTROLS: Control[] = [
  // What a frame costs on this machine right now with no click: the floor of the figures below.
  { name: '(no click: frame baseline)', act: () => 'void 0' },
  { name: 'stops', act: () => click('[aria-label="Stops"] input[value="2"]') },
  { name: 'airline', act: () => click('[aria-label="Airlines"] input[value="AI"]') },
  { name: 'layover', act: () => click('[aria-label="Layover"] input') },
  { name: 'destination', act: () => click('[aria-label="Destination"] input') },
  { name: 'origin airport', act: () => click('[aria-label="Origin airport"] input') },
  {
    name: 'fare type',
    act: (i) => click(`[aria-label="Fare type"] input[value="${i % 2 ? 'all' : 'refundable'}"]`),
  },
  {
    name: 'price (key on thumb)',
    act: (i) =>
      `document.querySelector('[aria-label="Maximum price"]').dispatchEvent(new KeyboardEvent('keydown', { key: '${
        i % 2 ? 'ArrowRight' : 'ArrowLeft'
      }', bubbles: true }))`,
  },
  {
    name: 'flight time',
    // A native select: pick an hour as a user does (value, then the change event React listens to),
    // alternating 06:00 and 18:00 so every pick changes the window.
    act: (i) =>
      `(() => { const s = document.querySelector('[aria-label="Departure from"]'); s.value = '${
        i % 2 ? 6 * 60 : 18 * 60
      }'; s.dispatchEvent(new Event('change', { bubbles: true })); })()`,
  },
  ...SORT_KEYS.map((key, k) => ({
    name: `sort ${key}`,
    act: () => click(`[aria-label="Sort by"] button:nth-child(${k + 1})`),
  })),
  {
    name: 'clear filters',
    prepare: () => click('[aria-label="Stops"] input[value="1"]'),
    act: () => click('[aria-label="Filters"] button'),
  },
];

/**
 * Runs `act` inside the page and times it there (no protocol round trips): the next painted frame
 * (a task queued from the first animation frame runs once that frame is painted) and the settled
 * list (the frame after the last DOM mutation, once nothing has changed for 250 ms).
 */
async function timeClick(page: Page, act: string): Promise<{ frame: number; settled: number }> {
  return page.evaluate(`(async () => {
    const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(0);
    }));
    let lastMutation = -1;
    const observer = new MutationObserver(() => { lastMutation = performance.now(); });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    await afterPaint();
    const start = performance.now();
    ${act};
    const frame = (await afterPaint()) - start;
    const frames = [];
    for (;;) {
      const at = await afterPaint();
      frames.push(at);
      if (at - Math.max(lastMutation, start) > 250 || at - start > 5000) break;
    }
    observer.disconnect();
    const settledAt = lastMutation < 0 ? start + frame : (frames.find((t) => t >= lastMutation) ?? NaN);
    return { frame, settled: Math.max(frame, settledAt - start) };
  })()`);
}

interface CpuNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
/** The functions with the most self time in a Chromium CPU profile. */
function topSelfTime(profile: { nodes: CpuNode[]; samples: number[]; timeDeltas: number[] }, n = 25) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const name = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
}

export interface ResultsBench {
  options: number;
  firstRenderMs: number;
  filterSort: Record<string, { indexed: Timing; plain: Timing }>;
  clicks: Record<string, { frame: Timing; settled: Timing }>;
  domNodes: number;
  domNodesScrolled: number;
  profile?: [string, number][];
}

export async function benchResults(): Promise<ResultsBench> {
  const filterSort = domainTimings();
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^\/app/, '');
    const file = join(DIST, path);
    const body = await readFile(file).catch(() => readFile(join(DIST, 'index.html')));
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'text/html' });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const site = testSite({ domain: '127.0.0.1' });
    const user = testUser({ userType: 'travelAgent' });
    const response = searchResponse(COUNT, { searchId: 'BENCH' });
    await page.addInitScript(
      `localStorage.setItem('tp.site', ${JSON.stringify(JSON.stringify(site))});` +
        `localStorage.setItem('tp.user', ${JSON.stringify(JSON.stringify(user))});`,
    );
    const envelope = (result: unknown) => ({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ success: true, result }),
    });
    await page.route(/\/(api|flight-api)\//, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === urlPath(search)) return route.fulfill(envelope(response));
      if (path.endsWith('whitelabel/detetct')) return route.fulfill(envelope(site));
      if (path.endsWith('getUserBySessionId')) return route.fulfill(envelope(user));
      return route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"success":false,"message":"bench"}',
      });
    });
    const query = 'origin=DEL&destination=BOM&departure=2026-12-01&adt=1&chd=0&inf=0';
    const t0 = Date.now();
    await page.goto(`http://127.0.0.1:${port}/app/flight/results/new?${query}`);
    await page.getByText(`Showing ${COUNT} of ${COUNT} flights`, { exact: false }).waitFor({ timeout: 30_000 });
    await page.locator('[data-result]').first().waitFor();
    const firstRenderMs = Date.now() - t0;
    await page.waitForTimeout(500);

    const cdp = PROFILE ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    const clicks: ResultsBench['clicks'] = {};
    for (const control of CONTROLS) {
      const frame: number[] = [];
      const settled: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        if (control.prepare) {
          await page.evaluate(control.prepare(i));
          await page.waitForTimeout(100);
        }
        const t = await timeClick(page, control.act(i));
        frame.push(t.frame);
        settled.push(t.settled);
      }
      clicks[control.name] = { frame: timing(frame), settled: timing(settled) };
      // Every control leaves the list unfiltered for the next one.
      await page.evaluate(click('[aria-label="Filters"] button'));
      await page.waitForTimeout(100);
    }
    let profile: ResultsBench['profile'];
    if (cdp) profile = topSelfTime((await cdp.send('Profiler.stop')).profile as never);

    const countNodes = () => page.evaluate('document.getElementsByTagName("*").length') as Promise<number>;
    const domNodes = await countNodes();
    // The list scrolls with the page (no inner scroll box), so scroll the window deep into it.
    await page.evaluate('window.scrollTo(0, 60000)');
    await page.waitForTimeout(300);
    const domNodesScrolled = await countNodes();
    return {
      options: COUNT,
      firstRenderMs,
      filterSort,
      clicks,
      domNodes,
      domNodesScrolled,
      ...(profile ? { profile } : {}),
    };
  } finally {
    await browser.close();
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchResults();
  const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(n < 10 ? 2 : 1)} ms` : '-');
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(`== Flight results screen, ${r.options} options (Chromium, client only) ==`);
  out(`first render (navigation → rows shown)  ${r.firstRenderMs} ms`);
  out(`filter+sort (Node, p50 / p95)            indexed               plain filter+sort`);
  for (const [kind, t] of Object.entries(r.filterSort))
    out(
      `  ${kind.padEnd(38)} ${`${ms(t.indexed.p50)} / ${ms(t.indexed.p95)}`.padEnd(21)} ${ms(t.plain.p50)} / ${ms(t.plain.p95)}`,
    );
  out(`click (${SAMPLES} each, p50 / p95)                → next painted frame    → list settled`);
  for (const [name, t] of Object.entries(r.clicks))
    out(
      `  ${name.padEnd(38)} ${`${ms(t.frame.p50)} / ${ms(t.frame.p95)}`.padEnd(21)} ${ms(t.settled.p50)} / ${ms(t.settled.p95)}`,
    );
  out(`DOM nodes                                ${r.domNodes} (scrolled: ${r.domNodesScrolled})`);
  if (r.profile) {
    out('self time during the clicks (CPU profile)');
    for (const [name, t] of r.profile) out(`  ${t.toFixed(1).padStart(8)} ms  ${name}`);
  }
}
