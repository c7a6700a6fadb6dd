/**
 * Runs the one deadline worker over a test's own deadlines. The local stack's worker fires due deadlines every
 * minute too: whichever run claims one fires it, so after its own run a test waits (briefly) until none of its
 * due deadlines is left, claimed by the other run, before it looks at the outcome. Tests pass the worker's own
 * handlers (`deadlineHandlers` of entries/workers/deadlines.ts) or fakes.
 */
import { runDueDeadlines, type Deadline, type DeadlineHandlers } from '../../functions/src/deadlines/index.ts';
import { dueDeadlines } from '../../functions/src/deadlines/repo.ts';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/src/lib/db.ts';
import type { SiteId } from '../../functions/src/lib/keys.ts';
import { applicationKeys } from '../../functions/src/visa/application-keys.ts';

const SETTLE_MS = 15_000;

export async function fireDeadlines(
  handlers: DeadlineHandlers,
  now: Date,
  only: (d: Deadline) => boolean,
): Promise<number> {
  let fired = await runDueDeadlines(handlers, now, only);
  for (const until = Date.now() + SETTLE_MS; Date.now() < until;) {
    const left = (await dueDeadlines(now)).filter(only);
    if (left.length === 0) return fired;
    // Released by a run whose handler failed: ours takes it again; claimed: the other run is still on it.
    if (left.some((d) => !d.claimedAt)) fired += await runDueDeadlines(handlers, now, only);
    else await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('a due deadline was still claimed by another run');
}

/** Handlers that do nothing, for a test that exercises some kinds only. */
export const idleHandlers: DeadlineHandlers = {
  holdWarning: async () => undefined,
  holdRelease: async () => undefined,
  disruptionEscalation: async () => undefined,
  kartPaymentReminder: async () => undefined,
  creditDueReminder: async () => undefined,
  visaDocumentsPurge: async () => undefined,
  kartBalanceReminder: async () => undefined,
};

/** A visa document deletion scheduled the way it was before the deadline index (what the backfill moves). */
export async function writeOldPurge(siteId: SiteId, applicationId: string, dueAt: string): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...applicationKeys.purge(siteId, applicationId, dueAt), kind: 'visaPurge', siteId, applicationId, dueAt },
    }),
  );
}
