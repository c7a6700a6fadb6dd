/**
 * The export jobs: the only DynamoDB code of the exports (keys in keys.ts). Every change of a job after its
 * creation is a conditional update naming the run that holds it, so a redelivered message or a late run never
 * moves a job backwards (ready stays ready) nor writes over another run's progress.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ExportKind, ExportStatus } from '@tp/contracts/endpoints/exports';
import { db, queryPage, tableName, writeOrFalse, type Page } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { exportKeys } from './keys.ts';

/** A job as stored. */
export interface ExportJobRecord {
  siteId: SiteId;
  jobId: string;
  userId: string;
  kind: ExportKind;
  /** The export call's request as checked when the job was made (plus what the call resolved, e.g. whose rows). */
  filter: Record<string, unknown>;
  fileName: string;
  status: ExportStatus;
  rowsDone: number;
  rowsTotal: number | null;
  createdAt: string;
  /** ISO instant the file and the job go (the item's TTL attribute holds the same instant in epoch seconds). */
  removeAt: string;
  bytes: number | null;
  /** The run that holds the job, and until when its claim stands (a crashed run's job is claimed again after). */
  runId: string | null;
  leaseUntil: string | null;
  error: string | null;
}

const REC_FIELDS = [
  'siteId',
  'jobId',
  'userId',
  'kind',
  'filter',
  'fileName',
  'status',
  'rowsDone',
  'rowsTotal',
  'createdAt',
  'removeAt',
  'bytes',
  'runId',
  'leaseUntil',
  'error',
] as const satisfies readonly (keyof ExportJobRecord)[];

const recordOf = (item: Record<string, unknown>): ExportJobRecord =>
  Object.fromEntries(REC_FIELDS.map((f) => [f, item[f] ?? null])) as unknown as ExportJobRecord;

export async function putJob(job: ExportJobRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...exportKeys.job(job.siteId, job.jobId),
        ...exportKeys.userJobsIndex(job.siteId, job.userId, job.createdAt, job.jobId),
        ...job,
        expiresAt: Math.floor(Date.parse(job.removeAt) / 1000),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getJob(siteId: SiteId, jobId: string): Promise<ExportJobRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: exportKeys.job(siteId, jobId) }));
  return Item ? recordOf(Item) : null;
}

/** One user's jobs, newest first, a cursor page. */
export const userJobs = (
  siteId: SiteId,
  userId: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<Page<ExportJobRecord>> =>
  queryPage('gsi1', exportKeys.userJobsPk(siteId, userId), { ...page, newestFirst: true }, recordOf);

/**
 * Takes the job for one run: a queued job, or a running one whose run's lease has lapsed (that run died). False
 * when it is finished or another live run holds it.
 */
export const claimJob = (siteId: SiteId, jobId: string, runId: string, now: Date, leaseUntil: Date) =>
  writeOrFalse(
    new UpdateCommand({
      TableName: tableName(),
      Key: exportKeys.job(siteId, jobId),
      UpdateExpression: 'SET #status = :running, runId = :run, leaseUntil = :lease, rowsDone = :zero',
      ConditionExpression: 'attribute_exists(pk) AND (#status = :queued OR (#status = :running AND leaseUntil < :now))',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':running': 'running',
        ':queued': 'queued',
        ':run': runId,
        ':lease': leaseUntil.toISOString(),
        ':now': now.toISOString(),
        ':zero': 0,
      },
    }),
  );

/** Progress of the run that holds the job (false: it no longer does). */
export const noteProgress = (
  siteId: SiteId,
  jobId: string,
  runId: string,
  rowsDone: number,
  rowsTotal: number | null,
) =>
  writeOrFalse(
    new UpdateCommand({
      TableName: tableName(),
      Key: exportKeys.job(siteId, jobId),
      UpdateExpression: 'SET rowsDone = :done, rowsTotal = :total',
      ConditionExpression: '#status = :running AND runId = :run',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':done': rowsDone, ':total': rowsTotal, ':running': 'running', ':run': runId },
    }),
  );

/** The run's file is stored: the job is ready (once; false when the run no longer held it). */
export const markReady = (siteId: SiteId, jobId: string, runId: string, rowsDone: number, bytes: number) =>
  writeOrFalse(
    new UpdateCommand({
      TableName: tableName(),
      Key: exportKeys.job(siteId, jobId),
      UpdateExpression: 'SET #status = :ready, rowsDone = :done, rowsTotal = :done, bytes = :bytes REMOVE leaseUntil',
      ConditionExpression: '#status = :running AND runId = :run',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':ready': 'ready',
        ':done': rowsDone,
        ':bytes': bytes,
        ':running': 'running',
        ':run': runId,
      },
    }),
  );

/** The run gives the job back for the next delivery of its message (its lease ends now). */
export const releaseJob = (siteId: SiteId, jobId: string, runId: string) =>
  writeOrFalse(
    new UpdateCommand({
      TableName: tableName(),
      Key: exportKeys.job(siteId, jobId),
      UpdateExpression: 'SET #status = :queued REMOVE leaseUntil, runId',
      ConditionExpression: '#status = :running AND runId = :run',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':queued': 'queued', ':running': 'running', ':run': runId },
    }),
  );

/** The job failed for good (never after it was ready). */
export const markFailed = (siteId: SiteId, jobId: string, error: string) =>
  writeOrFalse(
    new UpdateCommand({
      TableName: tableName(),
      Key: exportKeys.job(siteId, jobId),
      UpdateExpression: 'SET #status = :failed, #error = :error REMOVE leaseUntil',
      ConditionExpression: '#status IN (:queued, :running)',
      ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
      ExpressionAttributeValues: { ':failed': 'failed', ':error': error, ':queued': 'queued', ':running': 'running' },
    }),
  );
