/**
 * The export table of the data-volume bench (issue #35 §3, docs/benchmarks.md "Exports at volume"): every kind of
 * the exports machinery (functions/src/exports) started through its own call as the site's super admin, on the
 * bench's stack after the generated year is written, and followed through `exports/getExport` until ready.
 *
 * Per kind: rows written (the ready job's `rowsDone`), seconds from the start call to ready (the local queue's
 * pick-up included: the local SQS worker polls), the file's size (`bytes`, and the link fetched once to check it),
 * and memory. The local stack runs the exports worker in this process, so memory is this process's: RSS and V8
 * heap sampled every 25 ms from the start call to ready; printed as the RSS high-water mark, its growth over the
 * RSS at the start, and the heap's high-water mark. Nothing else runs on the stack meanwhile (one job at a time,
 * the poll for its state is the only request), so the growth bounds what the job held.
 */
import { urlPath, type Endpoint } from '@tp/contracts/endpoint';
import { exportAuditLog } from '@tp/contracts/endpoints/audit';
import { exportBooks } from '@tp/contracts/endpoints/books';
import { exportDmcData } from '@tp/contracts/endpoints/dmc-data';
import { exportHotelContract } from '@tp/contracts/endpoints/dmc-hotels';
import { exportTransferJobSheet } from '@tp/contracts/endpoints/dmc-operations';
import { exportPayables } from '@tp/contracts/endpoints/dmc-payables';
import { exportEnquiries } from '@tp/contracts/endpoints/enquiries';
import { getExport, type ExportKind, type TExportJob } from '@tp/contracts/endpoints/exports';
import { exportInvoices } from '@tp/contracts/endpoints/invoices';
import { exportTickets } from '@tp/contracts/endpoints/tickets';
import { exportWalletBalances } from '@tp/contracts/endpoints/wallet';
import { DUBAI_HOTEL_CONTRACTS } from './seed/dmc-hotel-contracts.ts';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Each kind's call and a request that exports the most the large data set holds for it. */
export function exportCalls(yearEnd: number, now: Date): { kind: ExportKind; endpoint: Endpoint; body: object }[] {
  return [
    { kind: 'tickets', endpoint: exportTickets, body: { queue: 'tickets' } },
    { kind: 'auditLog', endpoint: exportAuditLog, body: {} },
    { kind: 'enquiries', endpoint: exportEnquiries, body: {} },
    {
      kind: 'jobSheet',
      endpoint: exportTransferJobSheet,
      // The longest range the sheet takes (31 days), the last month of the generated year.
      body: { dateRange: { from: day(yearEnd - 30 * 86_400_000), to: day(yearEnd) } },
    },
    // The generated year's last month of invoices (GSTR-1 is a month's).
    { kind: 'gstInvoices', endpoint: exportInvoices, body: { month: day(yearEnd - 86_400_000).slice(0, 7) } },
    { kind: 'dmcData', endpoint: exportDmcData, body: {} },
    { kind: 'hotelContract', endpoint: exportHotelContract, body: { hotelId: DUBAI_HOTEL_CONTRACTS[0]!.hotelId } },
    { kind: 'payables', endpoint: exportPayables, body: {} },
    {
      kind: 'accounting',
      endpoint: exportBooks,
      // The longest period it takes (a year), to today: the generated year's last eleven months and the demo's.
      body: { from: day(now.getTime() - 364 * 86_400_000), to: day(now.getTime()), format: 'tally' },
    },
    { kind: 'walletBalances', endpoint: exportWalletBalances, body: {} },
  ];
}

export interface ExportRow {
  kind: ExportKind;
  /** Set when the job did not end ready (or could not start). */
  error?: string;
  rows: number;
  seconds: number;
  bytes: number;
  peakRss: number;
  rssGrowth: number;
  peakHeap: number;
  heapGrowth: number;
}

type Send = (e: Endpoint, body: object) => Promise<{ status: number; json: Record<string, unknown> }>;

function sender(gatewayUrl: string, cookie: string, domain: string): Send {
  return async (e, body) => {
    const query = e.method === 'GET' ? `?${new URLSearchParams(body as Record<string, string>)}` : '';
    const res = await fetch(`${gatewayUrl}${urlPath(e)}${query}`, {
      method: e.method,
      headers: {
        'content-type': 'application/json',
        'domain-name': domain,
        origin: `http://${domain}`,
        cookie: `auth-token=${cookie}`,
      },
      ...(e.method === 'GET' ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
}

/** Runs every kind, one at a time; `timeoutS` bounds each job's wait. */
export async function measureExports(opts: {
  gatewayUrl: string;
  cookie: string;
  domain: string;
  yearEnd: number;
  timeoutS?: number;
}): Promise<ExportRow[]> {
  const send = sender(opts.gatewayUrl, opts.cookie, opts.domain);
  const out: ExportRow[] = [];
  for (const call of exportCalls(opts.yearEnd, new Date())) {
    const startRss = process.memoryUsage().rss;
    let peakRss = startRss;
    const startHeap = process.memoryUsage().heapUsed;
    let peakHeap = startHeap;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 25);
    const t0 = performance.now();
    const row: ExportRow = {
      kind: call.kind,
      rows: 0,
      seconds: 0,
      bytes: 0,
      peakRss: 0,
      rssGrowth: 0,
      peakHeap: 0,
      heapGrowth: 0,
    };
    try {
      const started = await send(call.endpoint, call.body);
      if (started.status !== 200)
        throw new Error(`${started.status} ${String(started.json.message ?? '').slice(0, 80)}`);
      let job = started.json.result as TExportJob;
      const until = Date.now() + (opts.timeoutS ?? 600) * 1000;
      while (job.status === 'queued' || job.status === 'running') {
        if (Date.now() > until) throw new Error(`not ready after ${opts.timeoutS ?? 600} s (${job.rowsDone} rows)`);
        await new Promise((r) => setTimeout(r, 100));
        const polled = await send(getExport, { jobId: job.jobId });
        if (polled.status !== 200) throw new Error(`getExport ${polled.status}`);
        job = polled.json.result as TExportJob;
      }
      row.seconds = (performance.now() - t0) / 1000;
      if (job.status !== 'ready') throw new Error(`job ${job.status}`);
      row.rows = job.rowsDone;
      row.bytes = job.bytes ?? 0;
      // The link serves the whole file (checked once, outside the timing).
      const file = await fetch(new URL(job.url!, opts.gatewayUrl));
      const got = (await file.arrayBuffer()).byteLength;
      if (!file.ok || got !== row.bytes) throw new Error(`link: ${file.status}, ${got} of ${row.bytes} bytes`);
    } catch (err) {
      row.error = (err as Error).message;
      row.seconds = (performance.now() - t0) / 1000;
    } finally {
      clearInterval(sampler);
    }
    row.peakRss = peakRss;
    row.rssGrowth = peakRss - startRss;
    row.peakHeap = peakHeap;
    row.heapGrowth = peakHeap - startHeap;
    out.push(row);
    process.stdout.write('.');
  }
  process.stdout.write('\n');
  return out;
}

const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`;

export function printExports(rows: ExportRow[]): void {
  const table = [
    ['export', 'rows', 'seconds', 'file', 'peak RSS', 'RSS growth', 'peak heap', 'heap growth'],
    ...rows.map((r) =>
      r.error
        ? [r.kind, `failed: ${r.error}`, r.seconds.toFixed(1), '', '', '', '', '']
        : [
            r.kind,
            r.rows.toLocaleString('en-US'),
            r.seconds.toFixed(1),
            r.bytes >= 2 ** 20 ? mb(r.bytes) : `${(r.bytes / 1024).toFixed(1)} KB`,
            mb(r.peakRss),
            mb(r.rssGrowth),
            mb(r.peakHeap),
            mb(r.heapGrowth),
          ],
    ),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => String(r[i]).length)));
  for (const r of table) process.stdout.write(r.map((c, i) => String(c).padEnd(widths[i]!)).join('  ') + '\n');
  process.stdout.write(
    'seconds: start call to ready (the local queue pick-up included). Memory: this process (the local stack runs ' +
      'the exports worker in it), sampled every 25 ms from the start call to ready; growth over the RSS at the start.\n',
  );
}
