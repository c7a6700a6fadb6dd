/**
 * Export jobs as their callers see them: every export call records a job for its caller and enqueues it
 * (`startExport`, after the call's own checks); the caller reads their own job (a fresh signed link once ready)
 * and their recent jobs. Another user's or site's job is a 404, whatever its id.
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod/mini';
import * as api from '@tp/contracts/endpoints/exports';
import {
  EXPORT_KINDS,
  EXPORT_LIMITS,
  EXPORTS_MSG,
  type ExportKind,
  type TExportJob,
} from '@tp/contracts/endpoints/exports';
import { lazy } from '@tp/contracts/lazy';
import { answers, type SignedInScope } from '#lib/answers';
import { env } from '#lib/config';
import { correlationAttributes } from '#lib/correlation';
import { newId } from '#lib/crypto';
import { fail } from '#lib/errors';
import { zSiteId, type SiteId } from '#lib/keys';
import { sqs } from '#lib/sqs';
import * as repo from './repo.ts';
import { exportStore } from './store.ts';

/** The exports queue's message: "run this job". */
export const ZExportMessage = lazy(() =>
  z.object({ siteId: zSiteId, jobId: z.string().check(z.regex(/^[a-f0-9]{24}$/)) }),
);

/** The stored file's extension: the name's (.csv, .xml for the accounting export), else a workbook's. */
export const fileExtension = (fileName: string): 'xlsx' | 'csv' | 'xml' => {
  const ext = /\.(csv|xml)$/i.exec(fileName)?.[1]?.toLowerCase();
  return ext === 'csv' || ext === 'xml' ? ext : 'xlsx';
};

/** Where a job's file is stored: one key per job, so a second run writes over the first, never beside it. */
export const fileKey = (siteId: SiteId, jobId: string, fileName = '') =>
  `${siteId}/${jobId}.${fileExtension(fileName)}`;

export interface ExportRequest {
  kind: ExportKind;
  /** What the worker's source reads: the checked request, with whatever the call resolved (whose rows). */
  filter: Record<string, unknown>;
  fileName: string;
}

/** The caller's export job, as every export call answers it; `ready` carries a fresh signed link. */
export async function jobView(job: repo.ExportJobRecord, now: Date): Promise<TExportJob> {
  const link =
    job.status === 'ready'
      ? await exportStore().link(fileKey(job.siteId, job.jobId, job.fileName), job.fileName, now)
      : null;
  return {
    jobId: job.jobId,
    kind: job.kind,
    status: job.status,
    fileName: job.fileName,
    rowsDone: job.rowsDone,
    rowsTotal: job.rowsTotal,
    createdAt: job.createdAt,
    expiresAt: job.removeAt,
    bytes: job.bytes,
    url: link?.url ?? null,
    linkExpiresAt: link?.expiresAt.toISOString() ?? null,
  };
}

/** Records the job for the caller and hands it to the exports worker; answers the queued job. */
export async function startExport(
  scope: Pick<SignedInScope, 'site' | 'now' | 'principal'>,
  request: ExportRequest,
): Promise<TExportJob> {
  if (!EXPORT_KINDS.includes(request.kind)) throw new Error(`Unknown export kind: ${request.kind}`);
  const job: repo.ExportJobRecord = {
    siteId: scope.site.siteId,
    jobId: newId(),
    userId: scope.principal.userId,
    kind: request.kind,
    // As JSON carries it: no undefined members for the table to refuse.
    filter: JSON.parse(JSON.stringify(request.filter)) as Record<string, unknown>,
    fileName: request.fileName,
    status: 'queued',
    rowsDone: 0,
    rowsTotal: null,
    createdAt: scope.now.toISOString(),
    removeAt: new Date(scope.now.getTime() + EXPORT_LIMITS.keepHours * 3_600_000).toISOString(),
    bytes: null,
    runId: null,
    leaseUntil: null,
    error: null,
  };
  await repo.putJob(job);
  try {
    const queueUrl = env().EXPORTS_QUEUE_URL;
    if (!queueUrl) throw new Error('EXPORTS_QUEUE_URL is not set');
    await sqs().send(
      new SendMessageCommand({
        QueueUrl: queueUrl,
        MessageBody: JSON.stringify(ZExportMessage.parse({ siteId: job.siteId, jobId: job.jobId })),
        MessageAttributes: correlationAttributes(),
      }),
    );
  } catch (err) {
    // A job nobody will run must not wait for ever: it fails at once, and the call says so.
    await repo.markFailed(job.siteId, job.jobId, 'not queued');
    throw err;
  }
  return jobView(job, scope.now);
}

async function ownJob(scope: SignedInScope, jobId: string): Promise<repo.ExportJobRecord> {
  const job = await repo.getJob(scope.site.siteId, jobId);
  if (!job || job.userId !== scope.principal.userId) throw fail.notFound(EXPORTS_MSG.notFound);
  return job;
}

export const answerGetExport = answers(api.getExport, async ({ jobId }, scope) =>
  jobView(await ownJob(scope, jobId), scope.now),
);

export const answerListExports = answers(api.listExports, async (input, scope) => {
  const page = await repo.userJobs(scope.site.siteId, scope.principal.userId, input);
  // The table's TTL removes a job within a day or two of its time; until then it is left out here.
  const live = page.records.filter((j) => Date.parse(j.removeAt) > scope.now.getTime());
  return { records: await Promise.all(live.map((j) => jobView(j, scope.now))), nextCursor: page.nextCursor };
});
