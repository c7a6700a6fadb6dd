/**
 * `npm run bench:volume [-- --factor=0.1]` (also `npm run bench -- --volume[=factor]`): the cost curves of the lists
 * (docs/benchmarks.md "Data volume"). On its own bench stack with the demo data, each list's p99 at 10 connections
 * and its consumed read / write units per request, on page 1 and on a deep page (a page number, or the cursor
 * followed DEEP_PAGES times); then the generated year of a busy reseller (scripts/volume/) is written onto the same
 * site, and the same calls are measured again, side by side with the same-page stack: a second stack holding the
 * demo data and exactly the items those pages read (volume/same-page-stack.ts), so both answer the same page and
 * differ only in the 200,000 other items. The ratio large / same is the figure the target is set on (≤ 1.2): the
 * work per page is the page, not the table. Large / demo is printed beside it (a demo page often holds fewer rows).
 *
 * Consumed capacity: a middleware on the handlers' own DynamoDB client (volume/dynamo-meter.ts, through
 * `observeDynamo`, in the bench's processes only: nothing in the Lambdas' code path) asks every request for
 * ReturnConsumedCapacity TOTAL and sums the answer; it is read from a few sequential requests, never under load, so
 * the units are one request's. The same middleware records the keys of the items the pages read.
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { urlPath, type Endpoint } from '@tp/contracts/endpoint';
import { getAuditLog } from '@tp/contracts/endpoints/audit';
import { getCustomers, searchWlUser } from '@tp/contracts/endpoints/customers';
import { getTickets } from '@tp/contracts/endpoints/tickets';
import { listEnquiries } from '@tp/contracts/endpoints/enquiries';
import { staffListPackages } from '@tp/contracts/endpoints/packages';
import { getAllKartsForWl, getItinerariesByDate } from '@tp/contracts/endpoints/kart';
import { getTransferJobSheet } from '@tp/contracts/endpoints/dmc-operations';
import { getQueue } from '@tp/contracts/endpoints/activities';
import { getAllDmcData } from '@tp/contracts/endpoints/dmc-data';
import { login } from '@tp/contracts/endpoints/users';
import { listInvoices } from '@tp/contracts/endpoints/invoices';
import { getCustomerWalletEntries, getWalletBalances } from '@tp/contracts/endpoints/wallet';
import { tableName } from '../functions/src/lib/db.ts';
import { nextCustomerNo } from '../functions/src/users/repo.ts';
import { pct } from './bench-coldstart.ts';
import { measureExports, printExports } from './bench-exports.ts';
import { startLoadProcess, type HttpRequest } from './bench-api-load.ts';
import { startBenchStack } from './bench-api.ts';
import { untilDrained } from './local/gateway.ts';
import { DEMO_LOGINS } from './seed/logins.ts';
import { DEMO_SITES } from './seed/sites.ts';
import { volumeWrites, YEAR_END } from './volume/generate.ts';
import { invoicingOf, writeVolume } from './volume/write.ts';
import { meterHandlers, pageItems, takeConsumed, type TableKey } from './volume/dynamo-meter.ts';
import { copyItems, copyTable, startChildStack, type ChildStack } from './volume/child-stack.ts';

/** The target: a list's p99 on the large data set within this many times its p99 on the demo data. */
export const VOLUME_TARGET_RATIO = 1.2;
const CONNECTIONS = 10;
/** The deep page: this page number, or the cursor followed this many times. */
const DEEP_PAGES = 10;
/** Sequential requests the consumed capacity is averaged over. */
const CAPACITY_SAMPLES = 3;
/** Slower than this alone, a call is not put under load (see `measure`). */
const SLOW_ALONE_MS = 1500;

const SITE = DEMO_SITES.find((s) => s.siteId === 'site-flightdeals')!;
const ORIGIN = `http://${SITE.domain}`;

/** How a list goes deeper: by page number or by following its cursor. */
type Paging = 'page' | 'cursor' | 'none';

interface ListCall {
  name: string;
  endpoint: Endpoint;
  body: Record<string, unknown>;
  paging: Paging;
}

const LAST_MONTH = new Date(YEAR_END - 86_400_000).toISOString().slice(0, 7);
const LAST_WEEK = { from: new Date(YEAR_END - 7 * 86_400_000).toISOString().slice(0, 10) };
const LISTS: ListCall[] = [
  { name: 'ticket queue', endpoint: getTickets, body: { queue: 'tickets' }, paging: 'cursor' },
  {
    name: 'ticket queue, airline + passenger',
    endpoint: getTickets,
    body: { queue: 'tickets', airlineCode: 'AI', passenger: 'sharma' },
    paging: 'cursor',
  },
  {
    name: 'ticket queue, travel dates',
    endpoint: getTickets,
    body: { queue: 'tickets', sort: 'TA', travelFrom: LAST_WEEK.from },
    paging: 'cursor',
  },
  { name: 'change-request queue', endpoint: getTickets, body: { queue: 'changeRequests' }, paging: 'cursor' },
  { name: 'hold queue', endpoint: getTickets, body: { queue: 'holds' }, paging: 'cursor' },
  { name: 'customer console', endpoint: getCustomers, body: {}, paging: 'cursor' },
  { name: 'customer search', endpoint: searchWlUser, body: { searchQuery: 'priya' }, paging: 'none' },
  { name: 'audit log', endpoint: getAuditLog, body: { limit: 20 }, paging: 'cursor' },
  {
    name: 'audit log, entity + action',
    endpoint: getAuditLog,
    body: { limit: 20, entity: 'booking', action: 'status' },
    paging: 'cursor',
  },
  { name: 'quotations', endpoint: getAllKartsForWl, body: { limit: 20 }, paging: 'cursor' },
  { name: 'quotations, search', endpoint: getAllKartsForWl, body: { limit: 20, search: 'family' }, paging: 'cursor' },
  {
    name: 'job sheet, a week',
    endpoint: getTransferJobSheet,
    body: { dateRange: { from: LAST_WEEK.from, to: new Date(YEAR_END).toISOString().slice(0, 10) } },
    paging: 'none',
  },
  {
    name: 'itineraries of a date',
    endpoint: getItinerariesByDate,
    body: { date: new Date(YEAR_END - 3 * 86_400_000).toISOString().slice(0, 10) },
    paging: 'none',
  },
  { name: 'activity queue', endpoint: getQueue, body: { status: 'submitted' }, paging: 'cursor' },
  { name: 'DMC master counts', endpoint: getAllDmcData, body: {}, paging: 'none' },
  { name: 'enquiries', endpoint: listEnquiries, body: { limit: '20' }, paging: 'cursor' },
  { name: 'packages (staff)', endpoint: staffListPackages, body: {}, paging: 'cursor' },
  // The generated year's last month of documents (the demo's own invoices are of the current month).
  { name: 'invoices, a month', endpoint: listInvoices, body: { month: LAST_MONTH, limit: '50' }, paging: 'cursor' },
  {
    name: 'credit notes, a month',
    endpoint: listInvoices,
    body: { month: LAST_MONTH, docType: 'creditNote', limit: '50' },
    paging: 'cursor',
  },
  // Wallet reports: every wallet's balance (the balances download), and one agent's entries (the demo agent's:
  // a customer's entries are its own partition, whatever the site holds).
  { name: 'wallet balances', endpoint: getWalletBalances, body: { limit: 100 }, paging: 'cursor' },
  {
    name: 'wallet entries, an agent',
    endpoint: getCustomerWalletEntries,
    body: { email: `agent@${SITE.domain}`, limit: 20 },
    paging: 'cursor',
  },
];

/** The lists measured: all, or those BENCH_VOLUME_LISTS names (comma-separated, e.g. `customer search,audit log`). */
function lists(): ListCall[] {
  const only = process.env.BENCH_VOLUME_LISTS?.split(',').map((n) => n.trim());
  return only ? LISTS.filter((l) => only.includes(l.name)) : LISTS;
}

function httpRequest(gatewayUrl: string, cookie: string, e: Endpoint, body: Record<string, unknown>): HttpRequest {
  const query = e.method === 'GET' ? `?${new URLSearchParams(body as Record<string, string>)}` : '';
  return {
    url: `${gatewayUrl}${urlPath(e)}${query}`,
    method: e.method,
    headers: {
      'content-type': 'application/json',
      'domain-name': SITE.domain,
      origin: ORIGIN,
      cookie: `auth-token=${cookie}`,
    },
    body: e.method === 'GET' ? '' : JSON.stringify(body),
  };
}

async function send(r: HttpRequest): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(r.url, { method: r.method, headers: r.headers, ...(r.body ? { body: r.body } : {}) });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const resultOf = (json: Record<string, unknown>) => (json.result ?? json.data) as Record<string, unknown> | undefined;

/** How many rows an answer holds: a list, or the list inside a page (records, transfers, carts). */
function rowsOf(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  const r = (result ?? {}) as Record<string, unknown>;
  const list = [r.records, r.transfers, r.carts].find(Array.isArray) as unknown[] | undefined;
  return list?.length ?? 0;
}

/** A stack the lists are asked of: its gateway, the super admin's session there, and its handlers' meters. */
interface Side {
  gatewayUrl: string;
  cookie: string;
  drained(): Promise<void>;
  consumed(): Promise<{ read: number; write: number }>;
}

/** The deep page's request body: page DEEP_PAGES, or the cursor after DEEP_PAGES pages (the last one there is). */
async function deepBody(side: Side, call: ListCall): Promise<Record<string, unknown> | null> {
  if (call.paging === 'none') return null;
  if (call.paging === 'page') return { ...call.body, page: DEEP_PAGES };
  let body = call.body;
  for (let i = 1; i < DEEP_PAGES; i++) {
    const { json } = await send(httpRequest(side.gatewayUrl, side.cookie, call.endpoint, body));
    const cursor = resultOf(json)?.nextCursor;
    if (typeof cursor !== 'string') break;
    // Numbered lists that also answer a cursor (the ticket queues, the customer console) label the page by number.
    const numbered = call.endpoint === getQueue || call.endpoint === getTickets || call.endpoint === getCustomers;
    body = { ...call.body, cursor, ...(numbered ? { page: i + 1 } : {}) };
  }
  return body;
}

/** Page 1 and the deep page (when the list has one) of a list, as request bodies on one side. */
async function pagesOf(side: Side, call: ListCall): Promise<[string, Record<string, unknown>][]> {
  const deep = await deepBody(side, call);
  return [['1', call.body], ...(deep ? [['deep', deep] as [string, Record<string, unknown>]] : [])];
}

interface Measure {
  /** NaN when no request finished within the run (each took longer than it). */
  p99: number;
  /**
   * The median of the segments' own p99s (`p99` when not loaded): one stall of the machine (a collection, another
   * process's burst) sets the p99 of every request in flight during it, and lands on one side's segment; the median
   * over segments leaves it out where the pooled p99 keeps it. The ratio the target is read on.
   */
  typicalP99: number;
  /** Too slow for the load run: `p99` is then the slowest of the requests sent one at a time. */
  alone: boolean;
  /** Rows on the page (records, customers, transfers…), so a short demo page is told from a full one. */
  rows: number;
  readUnits: number;
  writeUnits: number;
  errors: number;
}

/** One request to warm up, then CAPACITY_SAMPLES sent one at a time: rows, units per request, times alone. */
async function probe(side: Side, r: HttpRequest) {
  await side.drained();
  const t0 = performance.now();
  const first = await send(r); // warm-up: caches filled as under load
  if (first.status !== 200) throw new Error(`${r.url}: ${first.status} ${JSON.stringify(first.json).slice(0, 300)}`);
  // A slow call is read once more, not three times: at a year's bookings one request takes seconds.
  const sequential = performance.now() - t0 > SLOW_ALONE_MS ? 1 : CAPACITY_SAMPLES;
  await side.consumed();
  const alone: number[] = [];
  for (let i = 0; i < sequential; i++) {
    const t1 = performance.now();
    await send(r);
    alone.push(performance.now() - t1);
  }
  const units = await side.consumed();
  return {
    rows: rowsOf(resultOf(first.json)),
    readUnits: units.read / sequential,
    writeUnits: units.write / sequential,
    slowest: Math.max(...alone),
  };
}

type Load = ReturnType<typeof startLoadProcess>;

/** The median (NaN when any value is: a segment in which no request finished). */
function median(xs: number[]): number {
  if (xs.some(Number.isNaN)) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return Number.isInteger(mid) ? (sorted[mid - 1]! + sorted[mid]!) / 2 : sorted[Math.floor(mid)]!;
}

/**
 * p99 at CONNECTIONS of each request on its side, measured side by side: after a warm-up of each, the sides take
 * turns in eight segments (A B B A A B B A) of `durationS` / 4, so a noisy moment of the machine falls on both
 * alike; each side's pooled p99 is over its segments' samples, its typical p99 the median of its segments' own. A call that takes over SLOW_ALONE_MS alone on either side is not
 * loaded (it would hold ten connections for minutes): its figures are the slowest of its requests alone, marked.
 */
async function measureSideBySide(load: Load, pairs: { side: Side; request: HttpRequest }[], durationS: number) {
  const probes = [];
  for (const { side, request } of pairs) probes.push(await probe(side, request));
  const measures: Measure[] = probes.map((p) => ({
    p99: p.slowest,
    typicalP99: p.slowest,
    alone: true,
    rows: p.rows,
    readUnits: p.readUnits,
    writeUnits: p.writeUnits,
    errors: 0,
  }));
  if (probes.some((p) => p.slowest > SLOW_ALONE_MS)) return measures;
  const run = async (i: number, seconds: number) => {
    const { side, request } = pairs[i]!;
    const samples = await load.run({ kind: 'call', request, connections: CONNECTIONS, durationS: seconds });
    await side.drained();
    return samples;
  };
  for (let i = 0; i < pairs.length; i++) await run(i, Math.min(1, durationS));
  const order = pairs.length === 1 ? [0, 0, 0, 0] : [0, 1, 1, 0, 0, 1, 1, 0];
  const segment = (durationS * pairs.length) / order.length;
  const times: number[][] = pairs.map(() => []);
  const segmentP99s: number[][] = pairs.map(() => []);
  const errors = pairs.map(() => 0);
  for (const i of order) {
    const samples = await run(i, segment);
    times[i]!.push(...samples.times);
    segmentP99s[i]!.push(samples.times.length ? pct(samples.times, 99) : NaN);
    errors[i]! += samples.errors;
  }
  return measures.map((m, i) => ({
    ...m,
    alone: false,
    p99: times[i]!.length ? pct(times[i]!, 99) : NaN,
    typicalP99: median(segmentP99s[i]!),
    errors: errors[i]!,
  }));
}

/**
 * One row per list and page. `demo`: the demo data (before the year is written), for reference; `twin` (with
 * BENCH_VOLUME_AA=1): the same on the other stack, measured beside it (their ratio is the method's noise). `same`:
 * the same-page stack (the demo and exactly the items the large set's page reads); `large`: the demo and the
 * generated year. The target is large / same ≤ VOLUME_TARGET_RATIO.
 */
type Row = { name: string; page: string; demo: Measure; twin?: Measure; same?: Measure; large?: Measure };

/**
 * The lists on the demo data (on the same-page stack, before it is given any page's items). With `twin`
 * (BENCH_VOLUME_AA=1), also on the large stack, which holds the same items then, side by side: their ratio is the
 * method's own noise.
 */
async function measureDemo(load: Load, demoSide: Side, twin: Side | null, durationS: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const call of lists()) {
    const twinPages = twin ? await pagesOf(twin, call) : [];
    for (const [page, body] of await pagesOf(demoSide, call)) {
      const twinBody = twinPages.find(([p]) => p === page)?.[1];
      const request = {
        side: demoSide,
        request: httpRequest(demoSide.gatewayUrl, demoSide.cookie, call.endpoint, body),
      };
      if (twin && twinBody) {
        const twinRequest = httpRequest(twin.gatewayUrl, twin.cookie, call.endpoint, twinBody);
        const [demo, t] = await measureSideBySide(load, [request, { side: twin, request: twinRequest }], durationS);
        rows.push({ name: call.name, page, demo: demo!, twin: t! });
      } else {
        const [demo] = await measureSideBySide(load, [request], durationS);
        rows.push({ name: call.name, page, demo: demo! });
      }
      process.stdout.write('.');
    }
  }
  process.stdout.write('\n');
  return rows;
}

/** Every list's pages asked of the bench's own stack once, with the keys of each item its handlers read recorded. */
async function recordPageItems(large: Side): Promise<Map<string, TableKey>> {
  pageItems.keys.clear();
  pageItems.recording = true;
  try {
    for (const call of lists())
      for (const [, body] of await pagesOf(large, call))
        await send(httpRequest(large.gatewayUrl, large.cookie, call.endpoint, body));
  } finally {
    pageItems.recording = false;
  }
  return new Map(pageItems.keys);
}

/** The lists on the same-page stack and on the large data set, side by side, onto the demo rows. */
async function measureLarge(load: Load, same: Side, large: Side, durationS: number, rows: Row[]): Promise<void> {
  let i = 0;
  for (const call of lists()) {
    const samePages = await pagesOf(same, call);
    const largePages = await pagesOf(large, call);
    for (let p = 0; p < largePages.length; p++, i++) {
      const [s, l] = await measureSideBySide(
        load,
        [
          { side: same, request: httpRequest(same.gatewayUrl, same.cookie, call.endpoint, samePages[p]![1]) },
          { side: large, request: httpRequest(large.gatewayUrl, large.cookie, call.endpoint, largePages[p]![1]) },
        ],
        durationS,
      );
      rows[i]!.same = s;
      rows[i]!.large = l;
      process.stdout.write('.');
    }
  }
  process.stdout.write('\n');
}

export function printVolume(rows: Row[], durationS: number): void {
  const ms = (m: Measure | undefined, p99 = m?.typicalP99) =>
    !m ? '-' : Number.isNaN(p99) ? `> ${durationS} s` : `${p99!.toFixed(1)} ms${m.alone ? ' (alone)' : ''}`;
  const ru = (n: number) => n.toFixed(1);
  const ratio = (a: Measure | undefined, b: Measure | undefined) => (a && b ? a.typicalP99 / b.typicalP99 : NaN);
  const pooled = (a: Measure | undefined, b: Measure | undefined) => (a && b ? a.p99 / b.p99 : NaN);
  const times = (x: number) => (Number.isNaN(x) ? '-' : `${x.toFixed(2)}×`);
  const head = [
    'list',
    'page',
    'rows demo / same / large',
    'p99 demo',
    'p99 same',
    'p99 large',
    'large / same',
    'pooled p99 same / large',
    'pooled ratio',
    'large / demo',
    'demo A/A',
    'RCU demo / same / large',
    'non-2xx',
  ];
  const lines = rows.map(({ name, page, demo, twin, same, large }) => {
    const target = ratio(large, same);
    const over = large && same ? Number.isNaN(target) || target > VOLUME_TARGET_RATIO : false;
    const differ = same && large && same.rows !== large.rows ? ' ≠' : '';
    return [
      name,
      page,
      `${demo.rows} / ${same?.rows ?? '-'} / ${large?.rows ?? '-'}${differ}`,
      ms(demo),
      ms(same),
      ms(large),
      `${times(target)}${over ? ' !' : ''}`,
      `${ms(same, same?.p99)} / ${ms(large, large?.p99)}`,
      times(pooled(large, same)),
      times(ratio(large, demo)),
      times(ratio(twin, demo)),
      [demo, same, large].map((m) => (m ? ru(m.readUnits) : '-')).join(' / '),
      String(demo.errors + (twin?.errors ?? 0) + (same?.errors ?? 0) + (large?.errors ?? 0)),
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
    `Target: large / same ≤ ${VOLUME_TARGET_RATIO}× (marked ! when over), p99 at ${CONNECTIONS} connections: the ` +
      'median of the four 1/4-run segments’ own p99 of each side (a stall of the machine lands on one segment; ' +
      'the pooled p99 over all of a side’s samples and its ratio are printed beside). ' +
      'large: a stack holding the demo data and the generated year; same: the same-page stack, holding the demo ' +
      'data and exactly the items the large set’s pages read (their rows, counters and cursors: the same answer ' +
      'from a table 200,000 items smaller); the two are the same kind of process, measured side by side in ' +
      `alternating segments; ≠ when their pages hold different rows. demo: the demo data alone (on the same-page ` +
      'stack before it is given the pages’ items: its pages hold fewer rows), for reference. demo A/A ' +
      '(BENCH_VOLUME_AA=1): the large stack over the same-page stack while both hold the demo data alone, side by ' +
      `side: the method's own noise. deep = page ${DEEP_PAGES}, or the cursor followed ${DEEP_PAGES - 1} times. ` +
      `(alone): slower than ${SLOW_ALONE_MS} ms alone, so not loaded: the slowest of ${CAPACITY_SAMPLES} requests ` +
      `sent one at a time. RCU: read units consumed per request (ReturnConsumedCapacity TOTAL, ${CAPACITY_SAMPLES} ` +
      'sequential requests); none of these lists writes (but for a session’s sliding expiry, now and then).\n',
  );
}

/**
 * Writes the generated year of a busy reseller (scripts/volume/) onto Flight Deals on the stack the functions point
 * at, and prints what it wrote. Also the Lighthouse bench's, with LH_VOLUME (screens measured on the large data).
 */
export async function writeBusyYear(opts: { factor: number; seed: number }): Promise<void> {
  process.stdout.write(
    `\n== Data volume: writing a busy reseller's year at factor ${opts.factor} (seed ${opts.seed}) ==\n`,
  );
  const report = await writeVolume(
    volumeWrites({
      seed: opts.seed,
      factor: opts.factor,
      siteId: SITE.siteId,
      ownerLegalEntityId: SITE.ownerLegalEntityId,
      customerNoAfter: await nextCustomerNo(SITE.siteId),
      ...(await invoicingOf(SITE.siteId)),
    }),
    { onProgress: (n) => process.stdout.write(`  ${n} items…\n`) },
  );
  process.stdout.write(
    `${report.items} items in ${report.batches} BatchWrite requests (${report.retries} retries of unprocessed items), ` +
      `${report.counters} counter updates: ${report.seconds.toFixed(1)} s, ${Math.round(report.itemsPerSecond)} items/s\n`,
  );
}

/** Signs the site's super admin in on a gateway: the session cookie. */
async function signIn(gatewayUrl: string): Promise<string> {
  const admin = DEMO_LOGINS.find((l) => l.site === SITE.domain && l.role === 'super admin')!;
  const res = await fetch(`${gatewayUrl}${urlPath(login)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'domain-name': SITE.domain, origin: ORIGIN },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const cookie = /auth-token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error(`bench: sign-in failed (${res.status})`);
  return cookie;
}

/**
 * The data-volume section: the lists on the demo data; the generated year written; the lists on the large data set
 * side by side with the same-page stack; the table; the exports.
 */
export async function volumeSection(opts: { portBase: number; factor: number; seed: number; durationS: number }) {
  // BENCH_VOLUME_ONLY=exports: the export table alone (the lists' runs and their two stacks skipped).
  const lists = process.env.BENCH_VOLUME_ONLY !== 'exports';
  meterHandlers();
  // One key for every stack, so the site secrets the demo data seals open on the copies of it.
  process.env.SECRETS_LOCAL_KEY ??= randomBytes(32).toString('base64');
  const childrenStarting = lists
    ? Promise.all([startChildStack(opts.portBase + 10), startChildStack(opts.portBase + 20)])
    : null;
  childrenStarting?.catch(() => undefined); // awaited below; a failure is reported there
  const stack = await startBenchStack(opts.portBase);
  const load = startLoadProcess();
  let children: ChildStack[] = [];
  try {
    // The bench's own stack: where the year is written, the pages recorded and the exports run.
    const own: Side = {
      gatewayUrl: stack.gatewayUrl,
      cookie: await signIn(stack.gatewayUrl),
      drained: untilDrained,
      consumed: async () => takeConsumed(),
    };
    const copy = (to: ChildStack) => copyTable({ from: stack.dynamoUrl, to: to.dynamoUrl, tableName: tableName() });
    let rows: Row[] = [];
    let same: Side | undefined;
    let large: Side | undefined;
    if (childrenStarting) {
      children = await childrenStarting;
      const [samePage, largeStack] = children as [ChildStack, ChildStack];
      const [copied] = await Promise.all([copy(samePage), copy(largeStack)]);
      same = { ...samePage, cookie: await signIn(samePage.gatewayUrl) };
      large = { ...largeStack, cookie: await signIn(largeStack.gatewayUrl) };
      process.stdout.write(
        `\n== Data volume: the demo data (${copied} items) copied onto two stacks; the lists on the demo data ` +
          `(${opts.durationS} s each) `,
      );
      rows = await measureDemo(load, same, process.env.BENCH_VOLUME_AA === '1' ? large : null, opts.durationS);
    }

    await writeBusyYear(opts);

    if (same && large) {
      const [samePage, largeStack] = children as [ChildStack, ChildStack];
      const keys = await recordPageItems(own);
      const t0 = performance.now();
      const [pageItemsCopied, largeCopied] = await Promise.all([
        copyItems({ from: stack.dynamoUrl, to: samePage.dynamoUrl, tableName: tableName(), keys: keys.values() }),
        copy(largeStack),
      ]);
      process.stdout.write(
        `\n== Data volume: the same-page stack given the ${pageItemsCopied} items the pages read, the large stack ` +
          `all ${largeCopied} items (${((performance.now() - t0) / 1000).toFixed(1)} s); the lists on both, side ` +
          'by side ',
      );
      await measureLarge(load, same, large, opts.durationS, rows);
      process.stdout.write('\n');
      printVolume(rows, opts.durationS);
    }

    process.stdout.write(`\n== Data volume: every export on the large data set (factor ${opts.factor}) `);
    printExports(
      await measureExports({
        gatewayUrl: stack.gatewayUrl,
        cookie: own.cookie,
        domain: SITE.domain,
        yearEnd: YEAR_END,
      }),
    );
  } finally {
    load.stop();
    if (!children.length) children = (await childrenStarting?.catch(() => undefined)) ?? [];
    await Promise.all([stack.stop(), ...children.map((c) => c.stop())]);
  }
}

/** `--volume=0.1` / `--factor=0.1` / BENCH_VOLUME_FACTOR; 1 (the figures) when given bare. */
export function volumeFactor(argv: readonly string[]): number | null {
  const arg = argv.find((a) => a === '--volume' || a.startsWith('--volume=') || a.startsWith('--factor='));
  const text = arg?.includes('=') ? arg.split('=')[1] : (process.env.BENCH_VOLUME_FACTOR ?? (arg ? '1' : undefined));
  if (text === undefined) return null;
  const factor = Number(text);
  if (!(factor > 0)) throw new Error(`bench: the volume factor must be a positive number, not ${text}`);
  return factor;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await volumeSection({
    portBase: Number(process.env.BENCH_PORT_BASE ?? 4900),
    factor: volumeFactor([...process.argv.slice(2), '--volume']) ?? 1,
    seed: Number(process.env.BENCH_VOLUME_SEED ?? 35),
    durationS: Number(process.env.BENCH_DURATION ?? 4),
  });
}
