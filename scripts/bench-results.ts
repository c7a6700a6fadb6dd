/**
 * `node scripts/bench-results.ts` (also run by `npm run bench`): the flight results screen with 1,500
 * options in Chromium. Serves the built SPA (WEB_DIST, default web/dist) from a tiny static server and
 * answers the API by interception (api/search returns the fixture), so it measures the client alone:
 * first render, filter and sort timings (click → list updated) and the page's DOM node count.
 * Targets (issue #4): filter+sort ≤ 50 ms of work, ≤ 800 DOM nodes. Prints figures, asserts nothing.
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { search } from '@tp/contracts/endpoints/flights';
import { urlPath } from '@tp/contracts/endpoint';
import { searchResponse } from '../web/src/features/flights/test-fixtures.ts';
import { testSite, testUser } from '../web/src/test/fixtures.ts';

const DIST = process.env.WEB_DIST ?? join(import.meta.dirname, '..', 'web', 'dist');
const COUNT = Number(process.env.BENCH_RESULTS ?? 1500);
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

export async function benchResults(): Promise<Record<string, number>> {
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

    /** Click → the result count text changes; timed inside the page (no protocol round trips). */
    // Sent as source text: the bundler's helper names (keepNames) do not exist inside the page.
    const timed = (selector: string): Promise<number> =>
      page.evaluate(`(async (sel) => {
        const status = [...document.querySelectorAll('p')].find((p) => p.textContent.startsWith('Showing'));
        const first = () => document.querySelector('[data-result]')?.getAttribute('data-result');
        const before = status.textContent + '|' + first();
        const start = performance.now();
        document.querySelector(sel).click();
        for (;;) {
          await new Promise((r) => requestAnimationFrame(r));
          if (status.textContent + '|' + first() !== before) return performance.now() - start;
          if (performance.now() - start > 5000) return NaN;
        }
      })(${JSON.stringify(selector)})`);
    const filterMs = await timed('[aria-label="Stops"] input[value="1"]');
    const sortMs = await timed('[aria-label="Sort by"] button:nth-child(3)');
    const clearMs = await timed('[aria-label="Filters"] button');
    const countNodes = () => page.evaluate('document.getElementsByTagName("*").length') as Promise<number>;
    const domNodes = await countNodes();
    await page.evaluate('document.querySelector(\'[role="list"]\').scrollTo(0, 60000)');
    await page.waitForTimeout(300);
    const domNodesScrolled = await countNodes();
    return { options: COUNT, firstRenderMs, filterMs, sortMs, clearMs, domNodes, domNodesScrolled };
  } finally {
    await browser.close();
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchResults();
  process.stdout.write('== Flight results screen (Chromium, client only) ==\n');
  for (const [k, v] of Object.entries(r))
    process.stdout.write(`${k.padEnd(18)} ${Number.isInteger(v) ? v : v.toFixed(1)}\n`);
}
