/**
 * Exports made in the background, through the gateway: an export call answers a queued job at once; the exports
 * worker takes it through running (with its progress) to ready; the ready job carries a signed link that downloads
 * the workbook, and a link altered or past its time downloads nothing. A job is its own user's: another user of the
 * site, or another site, gets 404. A redelivered message neither writes a second file nor moves the job back. An
 * export larger than a Lambda answer may be (6 MB) is delivered by link. Each kind's rows are checked against its
 * own screen's data in that area's file (tickets, audit-log, enquiries, dmc-operations, invoices, dmc-data,
 * dmc-hotel-contracts), through the same helper (`exported`).
 */
import { randomBytes } from 'node:crypto';
import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackQueueUrl, stackSqs } from '../support/queues.ts';
import { exportAuditLog } from '@tp/contracts/endpoints/audit';
import { getExport, listExports } from '@tp/contracts/endpoints/exports';
import { auditPut, recordChange } from '../../functions/src/lib/audit.ts';
import { transact } from '../../functions/src/lib/db.ts';
import { readXlsx } from '../../functions/src/lib/xlsx-read.ts';
import { Client, download, exported, finishedExport } from '../support/api.ts';
import { demo, FLIGHTDEALS, newStaff, SKYWAY } from './customers-helpers.ts';
import { useStackTable } from './users-helpers.ts';

/** A Lambda's answer may hold at most 6 MB (and base64 is 4/3 of the file). */
const LAMBDA_ANSWER_BYTES = 6 * 1024 * 1024;

let owner: { client: Client; userId: string; email: string };
let sqs: SQSClient;
let exportsQueue: string;

/** Audit entries of one (invented) actor, written in transactions of 100 through the data layer. */
async function plantAuditEntries(actorId: string, count: number, noteChars: number): Promise<void> {
  const by = { userId: actorId, name: 'Bulk Actor', email: `${actorId}@example.com` };
  const start = Date.now() - count * 1000;
  const batches: Promise<void>[] = [];
  for (let i = 0; i < count; i += 100) {
    const items = Array.from({ length: Math.min(100, count - i) }, (_, j) =>
      auditPut(
        FLIGHTDEALS.siteId,
        // Random text compresses little, so the file is as large as its rows.
        recordChange('markup', `bulk-${i + j}`, null, { note: randomBytes(noteChars).toString('base64') }),
        by,
        new Date(start + (i + j) * 1000),
      ),
    );
    batches.push(transact(items));
    if (batches.length === 4) await Promise.all(batches.splice(0));
  }
  await Promise.all(batches);
}

/** Until the exports queue holds nothing, visible or in flight (the worker has taken and finished every message). */
async function exportsQueueDrained(): Promise<void> {
  await expect
    .poll(
      async () => {
        const { Attributes } = await sqs.send(
          new GetQueueAttributesCommand({
            QueueUrl: exportsQueue,
            AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
          }),
        );
        return (
          Number(Attributes?.ApproximateNumberOfMessages) + Number(Attributes?.ApproximateNumberOfMessagesNotVisible)
        );
      },
      { timeout: 60_000, interval: 150 },
    )
    .toBe(0);
}

beforeAll(async () => {
  useStackTable();
  owner = await newStaff(FLIGHTDEALS, { superAdmin: true });
  sqs = stackSqs();
  exportsQueue = await stackQueueUrl('exports', sqs);
});

describe('an export job', () => {
  let jobId: string;
  let url: string;
  let file: Buffer;

  it('is answered queued at once, runs in the background and hands over a short-lived signed link', async () => {
    const actorId = `bulk-${randomBytes(6).toString('hex')}`;
    await plantAuditEntries(actorId, 30, 16);
    const started = await owner.client.call(exportAuditLog, { actorId });
    expect(started.status).toBe(200);
    expect(started.body.result).toMatchObject({ kind: 'auditLog', status: 'queued', rowsDone: 0, url: null });
    jobId = started.body.result.jobId;

    const job = await finishedExport(owner.client, jobId);
    expect(job).toMatchObject({ status: 'ready', rowsDone: 30, rowsTotal: 30 });
    expect(job.fileName).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.xlsx$/);
    url = job.url!;
    file = await download(owner.client, url);
    expect(file.length).toBe(job.bytes);
    const [sheet] = readXlsx(file);
    expect(sheet!.name).toBe('Audit log');
    expect(sheet!.rows).toHaveLength(31);
    expect(sheet!.rows.slice(1).map((r) => r[5])).toEqual(Array.from({ length: 30 }, (_, i) => `bulk-${29 - i}`));

    // The link is the file's only door: altered, or without its signature, it opens nothing.
    const link = new URL(url, owner.client.baseUrl);
    const forged = new URL(link);
    forged.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 60));
    expect((await fetch(forged)).status).toBe(404);
    link.searchParams.delete('signature');
    expect((await fetch(link)).status).toBe(404);
    expect(
      (await fetch(new URL(`/media/.exports/${FLIGHTDEALS.siteId}/${jobId}.xlsx`, owner.client.baseUrl))).status,
    ).toBe(404);
  });

  it("is its own user's: another user of the site, or another site, gets 404; the list is the user's own", async () => {
    const colleague = await demo(FLIGHTDEALS, 'admin');
    expect((await colleague.call(getExport, { jobId })).status).toBe(404);
    expect((await (await demo(SKYWAY, 'admin')).call(getExport, { jobId })).status).toBe(404);
    expect((await new Client(FLIGHTDEALS.domain).call(getExport, { jobId })).status).toBe(401);
    const mine = await owner.client.call(listExports, {});
    expect(mine.body.result.records.map((j: { jobId: string }) => j.jobId)).toContain(jobId);
    const theirs = await colleague.call(listExports, {});
    expect(theirs.body.result.records.map((j: { jobId: string }) => j.jobId)).not.toContain(jobId);
  });

  it('does not run again on a redelivered message: one file, still ready', async () => {
    const before = await finishedExport(owner.client, jobId);
    for (let i = 0; i < 2; i++)
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: exportsQueue,
          MessageBody: JSON.stringify({ siteId: FLIGHTDEALS.siteId, jobId }),
        }),
      );
    await exportsQueueDrained();
    const after = await finishedExport(owner.client, jobId);
    expect(after).toMatchObject({ status: 'ready', rowsDone: before.rowsDone, bytes: before.bytes });
    // The same file under the same key: the first link still downloads exactly what it did.
    expect((await download(owner.client, url)).equals(file)).toBe(true);
  });
});

describe('an export larger than a Lambda answer', () => {
  it('is delivered by link', { timeout: 300_000 }, async () => {
    const actorId = `bulk-${randomBytes(6).toString('hex')}`;
    const rows = 7000;
    await plantAuditEntries(actorId, rows, 1100);
    const { job, file } = await exported(owner.client, exportAuditLog, { actorId }, 240_000);
    expect(job.rowsDone).toBe(rows);
    expect(file.length).toBeGreaterThan(LAMBDA_ANSWER_BYTES);
    expect(file.length).toBe(job.bytes);
    const [sheet] = readXlsx(file);
    expect(sheet!.rows).toHaveLength(rows + 1);
    expect(sheet!.rows[1]![5]).toBe(`bulk-${rows - 1}`);
    expect(sheet!.rows[rows]![5]).toBe('bulk-0');
  });
});
