/**
 * The exports worker's body: one job a message. It claims the job (a redelivered message whose job is finished,
 * or held by a live run, is dropped), asks the kind's source for its sheets, streams the workbook into the export
 * store page by page with the job's progress after each page, and marks the job ready once the file is stored
 * whole. The file's key is the job's, so a run after a failed one writes over it: one file per job, ever.
 */
import { QUEUES } from '@tp/contracts/platform';
import type { ExportKind } from '@tp/contracts/endpoints/exports';
import { newId } from '#lib/crypto';
import { createLogger } from '#lib/logger';
import { errorText, parseBody, sqsBatchHandler, type SqsHandler } from '#lib/sqs-batch';
import type { SiteRecord } from '#lib/tenancy';
import type { SiteId } from '#lib/keys';
import { fileKey, ZExportMessage } from './jobs.ts';
import * as repo from './repo.ts';
import { exportStore, type ExportStore } from './store.ts';
import { writeText, writeWorkbook, type ExportSource } from './workbook.ts';

/** Every kind's source, filled by the worker's entry from the domains that own the data. */
export type ExportSources = Record<ExportKind, ExportSource>;

export interface ExportsWorkerWiring {
  sources: ExportSources;
  site(siteId: SiteId): Promise<SiteRecord | null>;
  store?: () => ExportStore;
  now?: () => Date;
}

/** A run holds its job this long; a run that died is taken over after it (the queue's visibility timeout). */
const LEASE_MS = QUEUES.exports.visibilityTimeout * 1000;

/** Runs one job; throws when its message should come again (a failure with deliveries left). */
export async function runExport(
  wiring: ExportsWorkerWiring,
  siteId: SiteId,
  jobId: string,
  lastDelivery: boolean,
): Promise<void> {
  const now = wiring.now ?? (() => new Date());
  const store = (wiring.store ?? exportStore)();
  const log = createLogger({ siteId });
  const job = await repo.getJob(siteId, jobId);
  if (!job || job.status === 'ready' || job.status === 'failed') return;
  const runId = newId();
  const started = now();
  if (!(await repo.claimJob(siteId, jobId, runId, started, new Date(started.getTime() + LEASE_MS)))) return;
  try {
    await store.sweep(started);
    const site = await wiring.site(siteId);
    if (!site) throw new Error('site not found');
    const plan = await wiring.sources[job.kind](site, job.filter, started);
    await repo.noteProgress(siteId, jobId, runId, 0, plan.total);
    const file = store.write(fileKey(siteId, jobId, job.fileName), job.fileName);
    const stored = file.done();
    // A store that fails while rows are still being written ends the run at once, not at the last row.
    stored.catch((err: unknown) => file.stream.destroy(err as Error));
    // The process's peak while writing, sampled a page at a time (the bench's export table reads it from the log).
    const startRss = process.memoryUsage().rss;
    let peakRss = startRss;
    const onPage = async (done: number) => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      if (!(await repo.noteProgress(siteId, jobId, runId, done, plan.total)))
        throw new Error('the job was taken over by another run');
    };
    const rows =
      'text' in plan
        ? await writeText(file.stream, plan, onPage)
        : await writeWorkbook(file.stream, plan, started, onPage);
    const { bytes } = await stored;
    await repo.markReady(siteId, jobId, runId, rows, bytes);
    log.info('export ready', {
      jobId,
      kind: job.kind,
      rows,
      bytes,
      startRssBytes: startRss,
      peakRssBytes: peakRss,
      ms: now().getTime() - started.getTime(),
    });
  } catch (err) {
    log.error('export failed', { jobId, kind: job.kind, error: errorText(err), lastDelivery });
    if (lastDelivery) await repo.markFailed(siteId, jobId, errorText(err).slice(0, 300));
    else {
      await repo.releaseJob(siteId, jobId, runId);
      throw err;
    }
  }
}

export function createExportsHandler(wiring: ExportsWorkerWiring): SqsHandler {
  return sqsBatchHandler(
    async (record) => {
      const message = parseBody(record, ZExportMessage);
      if (!message) return;
      const deliveries = Number(record.attributes?.ApproximateReceiveCount ?? 1);
      await runExport(wiring, message.siteId, message.jobId, deliveries >= QUEUES.exports.maxReceiveCount);
    },
    (record, error) =>
      createLogger({}).warn('export will be retried', { messageId: record.messageId, error: errorText(error) }),
  );
}
