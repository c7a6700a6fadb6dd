/**
 * `npm run bench:volume [-- --factor=0.1]` (also `npm run bench -- --volume[=factor]`): the cost curves of the lists
 * (docs/benchmarks.md "Data volume"). On its own bench stack with the demo data, each list's p99 at 10 connections
 * and its consumed read / write units per request, on page 1 and on a deep page (a page number, or the cursor
 * followed DEEP_PAGES times); then the generated year of a busy reseller (scripts/volume/) is written onto the same
 * site, and the same calls are measured again. The ratio large / demo is the figure the target is set on (≤ 1.2).
 *
 * Consumed capacity: a middleware on the handlers' own document client (through `observeDynamo`, in this process
 * only: nothing in the Lambdas' code path) asks every request for ReturnConsumedCapacity TOTAL and sums the answer;
 * it is read from a few sequential requests, never under load, so the units are one request's.
 */
import { pathToFileURL } from 'node:url';
import type { InitializeMiddleware, MetadataBearer } from '@smithy/types';
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
import { observeDynamo } from '../functions/src/lib/db.ts';
import { nextCustomerNo } from '../functions/src/users/repo.ts';
import { pct } from './bench-coldstart.ts';
import { measureExports, printExports } from './bench-exports.ts';
import { startLoadProcess, type HttpRequest } from './bench-api-load.ts';
import { startBenchStack } from './bench-api.ts';
import { requestsInFlight } from './local/gateway.ts';
import { DEMO_LOGINS } from './seed/logins.ts';
import { DEMO_SITES } from './seed/sites.ts';
import { volumeWrites, YEAR_END } from './volume/generate.ts';
import { invoicingOf, writeVolume } from './volume/write.ts';

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

// ---------------------------------------------------------------------------------------------------
// Consumed capacity, summed over the handlers' requests

const READS = new Set([
  'GetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'BatchGetItemCommand',
  'TransactGetItemsCommand',
]);
const consumed = { read: 0, write: 0 };
type Capacity = { CapacityUnits?: number };
const capacityMeter: InitializeMiddleware<object, MetadataBearer> = (next, context) => async (args) => {
  (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
  const out = await next(args);
  const c = (out.output as { ConsumedCapacity?: Capacity | Capacity[] }).ConsumedCapacity;
  const units = (Array.isArray(c) ? c : c ? [c] : []).reduce((n, x) => n + (x.CapacityUnits ?? 0), 0);
  if (READS.has((context as { commandName?: string }).commandName ?? '')) consumed.read += units;
  else consumed.write += units;
  return out;
};

// ---------------------------------------------------------------------------------------------------

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

/** The deep page's request body: page DEEP_PAGES, or the cursor after DEEP_PAGES pages (the last one there is). */
async function deepBody(gatewayUrl: string, cookie: string, call: ListCall): Promise<Record<string, unknown> | null> {
  if (call.paging === 'none') return null;
  if (call.paging === 'page') return { ...call.body, page: DEEP_PAGES };
  let body = call.body;
  for (let i = 1; i < DEEP_PAGES; i++) {
    const { json } = await send(httpRequest(gatewayUrl, cookie, call.endpoint, body));
    const cursor = resultOf(json)?.nextCursor;
    if (typeof cursor !== 'string') break;
    // Numbered lists that also answer a cursor (the ticket queues, the customer console) label the page by number.
    const numbered = call.endpoint === getQueue || call.endpoint === getTickets || call.endpoint === getCustomers;
    body = { ...call.body, cursor, ...(numbered ? { page: i + 1 } : {}) };
  }
  return body;
}

interface Measure {
  /** NaN when no request finished within the run (each took longer than it). */
  p99: number;
  /** Too slow for the load run: `p99` is then the slowest of the requests sent one at a time. */
  alone: boolean;
  /** Rows on the page (records, customers, transfers…), so a short demo page is told from a full one. */
  rows: number;
  readUnits: number;
  writeUnits: number;
  errors: number;
}

async function drained(): Promise<void> {
  while (requestsInFlight() > 0) await new Promise((r) => setTimeout(r, 20));
}

async function measure(load: ReturnType<typeof startLoadProcess>, r: HttpRequest, durationS: number): Promise<Measure> {
  await drained();
  const t0 = performance.now();
  const first = await send(r); // warm-up: caches filled as under load
  // A slow call is read once more, not three times: at a year's bookings one request takes seconds.
  const sequential = performance.now() - t0 > SLOW_ALONE_MS ? 1 : CAPACITY_SAMPLES;
  if (first.status !== 200) throw new Error(`${r.url}: ${first.status} ${JSON.stringify(first.json).slice(0, 300)}`);
  const rows = rowsOf(resultOf(first.json));
  consumed.read = 0;
  consumed.write = 0;
  const alone: number[] = [];
  for (let i = 0; i < sequential; i++) {
    const t1 = performance.now();
    await send(r);
    alone.push(performance.now() - t1);
  }
  const readUnits = consumed.read / sequential;
  const writeUnits = consumed.write / sequential;
  // A call that takes a second alone would hold ten connections for minutes and finish no request within the
  // run: its figure is the slowest of the requests alone, marked, instead of a load run.
  if (Math.max(...alone) > SLOW_ALONE_MS)
    return { p99: Math.max(...alone), alone: true, rows, readUnits, writeUnits, errors: 0 };
  await load.run({ kind: 'call', request: r, connections: CONNECTIONS, durationS: Math.min(1, durationS) });
  await drained();
  const samples = await load.run({ kind: 'call', request: r, connections: CONNECTIONS, durationS });
  await drained();
  return {
    p99: samples.times.length ? pct(samples.times, 99) : NaN,
    alone: false,
    rows,
    readUnits,
    writeUnits,
    errors: samples.errors,
  };
}

type Row = { name: string; page: string; demo: Measure; large?: Measure };

async function measureAll(
  load: ReturnType<typeof startLoadProcess>,
  gatewayUrl: string,
  cookie: string,
  durationS: number,
  onto: Row[] | null,
): Promise<Row[]> {
  const rows: Row[] = onto ?? [];
  let i = 0;
  for (const call of LISTS) {
    const deep = await deepBody(gatewayUrl, cookie, call);
    const pages: [string, Record<string, unknown>][] = [
      ['1', call.body],
      ...(deep ? [['deep', deep] as [string, Record<string, unknown>]] : []),
    ];
    for (const [page, body] of pages) {
      const m = await measure(load, httpRequest(gatewayUrl, cookie, call.endpoint, body), durationS);
      if (onto) rows[i]!.large = m;
      else rows.push({ name: call.name, page, demo: m });
      i++;
      process.stdout.write('.');
    }
  }
  process.stdout.write('\n');
  return rows;
}

export function printVolume(rows: Row[], durationS: number): void {
  const ms = (m: Measure) =>
    Number.isNaN(m.p99) ? `> ${durationS} s` : `${m.p99.toFixed(1)} ms${m.alone ? ' (alone)' : ''}`;
  const ru = (n: number) => n.toFixed(1);
  const head = [
    'list',
    'page',
    'rows',
    'demo p99',
    'large p99',
    'ratio',
    'RCU demo',
    'RCU large',
    'RCU ratio',
    'non-2xx',
  ];
  const lines = rows.map(({ name, page, demo, large }) => {
    const ratio = large ? large.p99 / demo.p99 : NaN;
    const over = Number.isNaN(ratio) ? !!large : ratio > VOLUME_TARGET_RATIO;
    return [
      name,
      page,
      `${demo.rows} / ${large?.rows ?? '-'}`,
      ms(demo),
      large ? ms(large) : '-',
      large ? `${Number.isNaN(ratio) ? '∞' : ratio.toFixed(2)}×${over ? ' !' : ''}` : '-',
      ru(demo.readUnits),
      large ? ru(large.readUnits) : '-',
      large && demo.readUnits ? `${(large.readUnits / demo.readUnits).toFixed(2)}×` : '-',
      String(demo.errors + (large?.errors ?? 0)),
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
    `Target: large / demo p99 ≤ ${VOLUME_TARGET_RATIO}× (marked ! when over), ${CONNECTIONS} connections. deep = page ` +
      `${DEEP_PAGES}, or the cursor followed ${DEEP_PAGES - 1} times. rows: rows on the page, demo / large. (alone): ` +
      `slower than ${SLOW_ALONE_MS} ms alone, so not loaded: the slowest of ${CAPACITY_SAMPLES} requests sent one at ` +
      'a time (under load it would be ~connections× that). RCU: read ' +
      `units consumed per request (ReturnConsumedCapacity TOTAL, ${CAPACITY_SAMPLES} sequential requests); none of ` +
      'these lists writes (but for a session’s sliding expiry, now and then).\n',
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

/** The data-volume section: demo figures, the generated year written, large figures, the table. */
export async function volumeSection(opts: { portBase: number; factor: number; seed: number; durationS: number }) {
  const stack = await startBenchStack(opts.portBase);
  const load = startLoadProcess();
  try {
    observeDynamo((client) => client.middlewareStack.add(capacityMeter, { step: 'initialize', name: 'benchCapacity' }));
    const admin = DEMO_LOGINS.find((l) => l.site === SITE.domain && l.role === 'super admin')!;
    const signIn = await fetch(`${stack.gatewayUrl}${urlPath(login)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'domain-name': SITE.domain, origin: ORIGIN },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    const cookie = /auth-token=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1];
    if (!cookie) throw new Error(`bench: sign-in failed (${signIn.status})`);

    // BENCH_VOLUME_ONLY=exports: the export table alone (the lists' two runs skipped).
    const lists = process.env.BENCH_VOLUME_ONLY !== 'exports';
    let rows: Row[] = [];
    if (lists) {
      process.stdout.write(`\n== Data volume: lists on the demo data (${opts.durationS} s each) `);
      rows = await measureAll(load, stack.gatewayUrl, cookie, opts.durationS, null);
    }

    await writeBusyYear(opts);

    if (lists) {
      process.stdout.write(`\n== Data volume: lists on the large data set `);
      await measureAll(load, stack.gatewayUrl, cookie, opts.durationS, rows);
      process.stdout.write('\n');
      printVolume(rows, opts.durationS);
    }

    process.stdout.write(`\n== Data volume: every export on the large data set (factor ${opts.factor}) `);
    printExports(
      await measureExports({ gatewayUrl: stack.gatewayUrl, cookie, domain: SITE.domain, yearEnd: YEAR_END }),
    );
  } finally {
    load.stop();
    await stack.stop();
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
