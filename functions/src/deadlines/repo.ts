/**
 * The deadline index: one item per deadline in a partition per UTC hour of its due time
 * (`DEADLINES#<YYYY-MM-DDTHH>` / `<dueAt>#<site>#<kind>#<ref>`), so the worker reads the hours up to now and never
 * scans. A deadline fires once: the worker claims it (conditional, with a lease so a crashed worker's claim can be
 * retaken), runs its handler, then deletes it; a second worker racing on the same item loses the claim.
 */
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, writeOrFalse, type TransactItem } from '#lib/db';
import { part, type SiteId } from '#lib/keys';

export const DEADLINE_KINDS = [
  'holdWarning',
  'disruptionEscalation',
  'holdRelease',
  'kartPaymentReminder',
  'creditDueReminder',
  'visaDocumentsPurge',
  // A quotation's balance reminder to the customer (functions/src/kart/balance-reminders.ts).
  'kartBalanceReminder',
] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export interface Deadline {
  kind: DeadlineKind;
  siteId: SiteId;
  /** What it is about (a booking, a disruption): unique per kind within the site. */
  ref: string;
  /** ISO time it falls due. */
  dueAt: string;
  /** What the handler needs besides the ref (strings only). */
  data: Record<string, string>;
}

/** A claim older than this belongs to a worker that crashed: another run may take the deadline. */
const CLAIM_LEASE_MS = 5 * 60_000;
/** Due hours the worker looks back over (a worker stopped longer than this leaves older deadlines unread). */
export const LOOKBACK_HOURS = 48;
const HOUR_MS = 3_600_000;

const hourOf = (iso: string) => iso.slice(0, 13);
const key = (d: Pick<Deadline, 'dueAt' | 'siteId' | 'kind' | 'ref'>) => ({
  pk: `DEADLINES#${hourOf(d.dueAt)}`,
  sk: `${d.dueAt}#${part(d.siteId)}#${d.kind}#${part(d.ref)}`,
});

/** The deadline's item for the caller's transaction; writing it again is harmless (same key, same content). */
export function deadlineItem(d: Deadline): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...key(d),
        type: 'Deadline',
        ...d,
        // Kept a week past due for the record, then DynamoDB's TTL removes what a worker never deleted.
        expiresAt: Math.floor(Date.parse(d.dueAt) / 1000) + 7 * 86_400,
      },
    },
  };
}

/** The deadline's removal, for a transaction that makes it pointless (a hold ticketed or released). */
export function deadlineRemoval(d: Pick<Deadline, 'dueAt' | 'siteId' | 'kind' | 'ref'>): TransactItem {
  return { Delete: { TableName: tableName(), Key: key(d) } };
}

/** Deadlines due by `now` (oldest first), from the hours of the look-back window; claimed ones included. */
export async function dueDeadlines(now: Date): Promise<(Deadline & { claimedAt?: string })[]> {
  const out: (Deadline & { claimedAt?: string })[] = [];
  const until = now.toISOString();
  for (let h = LOOKBACK_HOURS; h >= 0; h--) {
    const hour = hourOf(new Date(now.getTime() - h * HOUR_MS).toISOString());
    let start: Record<string, unknown> | undefined;
    do {
      const res = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND sk <= :until',
          ExpressionAttributeValues: { ':pk': `DEADLINES#${hour}`, ':until': `${until}#~` },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of res.Items ?? [])
        if (String(item.dueAt) <= until)
          out.push({
            kind: item.kind as DeadlineKind,
            siteId: item.siteId as SiteId,
            ref: String(item.ref),
            dueAt: String(item.dueAt),
            data: (item.data ?? {}) as Record<string, string>,
            ...(item.claimedAt ? { claimedAt: String(item.claimedAt) } : {}),
          });
      start = res.LastEvaluatedKey;
    } while (start);
  }
  return out;
}

/** Takes the deadline for this run; false when it is gone (fired) or another live run holds it. */
export function claimDeadline(d: Deadline, claim: string, now: Date): Promise<boolean> {
  return writeOrFalse(
    new UpdateCommand({
      TableName: tableName(),
      Key: key(d),
      UpdateExpression: 'SET claimedAt = :t, claim = :c',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(claimedAt) OR claimedAt < :stale)',
      ExpressionAttributeValues: {
        ':t': now.toISOString(),
        ':c': claim,
        ':stale': new Date(now.getTime() - CLAIM_LEASE_MS).toISOString(),
      },
    }),
  );
}

/** Done: the deadline is removed, only by the run that claimed it. */
export async function completeDeadline(d: Deadline, claim: string): Promise<void> {
  await writeOrFalse(
    new DeleteCommand({
      TableName: tableName(),
      Key: key(d),
      ConditionExpression: 'claim = :c',
      ExpressionAttributeValues: { ':c': claim },
    }),
  );
}

/** The handler failed: let the next run try again. */
export async function releaseDeadline(d: Deadline, claim: string): Promise<void> {
  await writeOrFalse(
    new UpdateCommand({
      TableName: tableName(),
      Key: key(d),
      UpdateExpression: 'REMOVE claimedAt, claim',
      ConditionExpression: 'claim = :c',
      ExpressionAttributeValues: { ':c': claim },
    }),
  );
}
