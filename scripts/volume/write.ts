/**
 * Writes the generated year (generate.ts) into the table: puts in BatchWrite requests of 25, a bounded number in
 * flight, items DynamoDB leaves unprocessed (throttling) sent again after a short back-off; then each counter
 * delta as one atomic ADD, so the counters the site already had (the demo data's) are added to, never replaced.
 */
import { financialYear } from '@tp/domain/gst';
import type { SiteId } from '../../functions/src/lib/keys.ts';
import { getSettings as getInvoiceSettings, lastDocumentNumber } from '../../functions/src/invoices/repo.ts';
import { YEAR_END } from './generate.ts';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, setClause, tableName } from '../../functions/src/lib/db.ts';
import type { CounterDelta, VolumeWrite } from './generate.ts';
import { BATCH_WRITE_LIMIT } from '../local/put-batch.ts';
import { putDocumentBatch } from '../seed/put-items.ts';

export interface WriteReport {
  items: number;
  counters: number;
  batches: number;
  retries: number;
  seconds: number;
  itemsPerSecond: number;
}

async function sendBatch(items: Record<string, unknown>[], report: WriteReport): Promise<void> {
  await putDocumentBatch(items, () => report.retries++);
  report.batches++;
}

function counterUpdate(c: CounterDelta): UpdateCommand {
  const adds = Object.entries(c.add);
  const set = setClause(c.set, 's');
  return new UpdateCommand({
    TableName: tableName(),
    Key: c.key,
    UpdateExpression: [adds.length ? `ADD ${adds.map((_, i) => `#a${i} :a${i}`).join(', ')}` : '', set.expression]
      .filter(Boolean)
      .join(' '),
    ExpressionAttributeNames: { ...Object.fromEntries(adds.map(([k], i) => [`#a${i}`, k])), ...set.names },
    ExpressionAttributeValues: { ...Object.fromEntries(adds.map(([, v], i) => [`:a${i}`, v])), ...set.values },
  });
}

/** Runs `task` over `source` with at most `concurrency` in flight. */
async function bounded<T>(source: Iterable<T>, concurrency: number, task: (x: T) => Promise<void>): Promise<void> {
  const running = new Set<Promise<void>>();
  for (const x of source) {
    const p: Promise<void> = task(x).finally(() => running.delete(p));
    running.add(p);
    if (running.size >= concurrency) await Promise.race(running);
  }
  await Promise.all(running);
}

/** Writes every put and counter of `writes`; `onProgress` hears the items written so far now and then. */
export async function writeVolume(
  writes: Iterable<VolumeWrite>,
  opts: { concurrency?: number; onProgress?: (items: number) => void } = {},
): Promise<WriteReport> {
  const t0 = performance.now();
  const report: WriteReport = { items: 0, counters: 0, batches: 0, retries: 0, seconds: 0, itemsPerSecond: 0 };
  const counters: CounterDelta[] = [];
  function* batches(): Generator<Record<string, unknown>[]> {
    // A batch may not name one key twice (the site's hold and ticket entries repeat): the later put wins, as it would.
    let batch = new Map<string, Record<string, unknown>>();
    for (const w of writes) {
      if ('counter' in w) {
        counters.push(w.counter);
        continue;
      }
      batch.set(`${String(w.put.pk)}|${String(w.put.sk)}`, w.put);
      if (batch.size === BATCH_WRITE_LIMIT) {
        yield [...batch.values()];
        batch = new Map();
      }
    }
    if (batch.size) yield [...batch.values()];
  }
  let lastReport = 0;
  await bounded(batches(), opts.concurrency ?? 8, async (items) => {
    await sendBatch(items, report);
    report.items += items.length;
    if (opts.onProgress && report.items - lastReport >= 50_000) {
      lastReport = report.items;
      opts.onProgress(report.items);
    }
  });
  await bounded(counters, opts.concurrency ?? 8, async (c) => {
    await db().send(counterUpdate(c));
    report.counters++;
  });
  report.seconds = (performance.now() - t0) / 1000;
  report.itemsPerSecond = report.items / report.seconds;
  return report;
}

/** The site's invoice settings and its series' last numbers in the generated year's financial years. */
export async function invoicingOf(siteId: SiteId) {
  const invoiceSettings = await getInvoiceSettings(siteId);
  if (!invoiceSettings) throw new Error('volume: the site has no invoice settings');
  const years = [
    financialYear(new Date(YEAR_END - 365 * 86_400_000).toISOString()),
    financialYear(new Date(YEAR_END).toISOString()),
  ];
  const documentNoAfter: Record<string, number> = {};
  for (const series of ['invoice', 'creditNote'] as const)
    for (const fy of years) documentNoAfter[`${series}#${fy}`] = await lastDocumentNumber(siteId, series, fy);
  return { invoiceSettings, documentNoAfter };
}
