/**
 * Disruptions as stored: one item per booking and schedule change (keyed by the booking and the new schedule's
 * fingerprint, so finding the same change again writes nothing), on the site's inbox (gsi1) and the booker's
 * (gsi2), newest first. An action claims the open disruption first (conditional), so two clicks or two people act
 * once; the outcome is written with the booking in one transaction.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TDisruption } from '@tp/contracts/endpoints/disruptions';
import {
  db,
  queryFilteredPage,
  tableName,
  transactOrFalse,
  writeOrFalse,
  type Page,
  type PageFilter,
  type TransactItem,
} from '#lib/db';
import { sitePk, type SiteId } from '#lib/keys';
import { deadlineItem } from '../deadlines/index.ts';

export interface DisruptionRecord extends TDisruption {
  siteId: SiteId;
  /** The action that has claimed it, while it runs (a lapsed claim can be taken again). */
  claim?: string;
  claimedAt?: string;
}

/** A claim older than this belongs to a crashed call: another may take it. */
const CLAIM_LEASE_MS = 90_000;

const keys = {
  item: (siteId: SiteId, bookingId: string, disruptionId: string) => ({
    pk: sitePk(siteId, 'BOOKING', bookingId, 'DISRUPTIONS'),
    sk: disruptionId,
  }),
  sitePk: (siteId: SiteId) => sitePk(siteId, 'DISRUPTIONS'),
  userPk: (siteId: SiteId, userId: string) => sitePk(siteId, 'USER', userId, 'DISRUPTIONS'),
  /** A supplier's webhook event once processed (its id is the supplier's, unique per supplier). */
  supplierEvent: (siteId: SiteId, supplier: string, eventId: string) => ({
    pk: sitePk(siteId, 'SUPPLIEREVENT', supplier, eventId),
    sk: 'EVENT',
  }),
};

/** Processed events are remembered this long: suppliers retry a delivery for days, not weeks. */
const SUPPLIER_EVENT_TTL_S = 30 * 86_400;

/** Whether this supplier event was processed before (a redelivery, or the same event queued twice). */
export async function supplierEventDone(siteId: SiteId, supplier: string, eventId: string): Promise<boolean> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.supplierEvent(siteId, supplier, eventId),
      ConsistentRead: true,
    }),
  );
  return !!Item;
}

/** Notes the event processed (after its outcome is written: a crash before this processes it again, harmlessly). */
export async function markSupplierEventDone(
  siteId: SiteId,
  supplier: string,
  eventId: string,
  outcome: string,
  now: Date,
): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.supplierEvent(siteId, supplier, eventId),
        type: 'SupplierEvent',
        outcome,
        processedAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + SUPPLIER_EVENT_TTL_S,
      },
    }),
  );
}

const INTERNAL = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'type'];
function toRecord(item: Record<string, unknown>): DisruptionRecord {
  const copy = { ...item };
  for (const a of INTERNAL) delete copy[a];
  return copy as unknown as DisruptionRecord;
}

/**
 * Writes a newly found disruption with its escalation deadline (functions/src/deadlines) in one transaction; false
 * when this change of this booking was recorded before.
 */
export async function putNewDisruption(d: DisruptionRecord): Promise<boolean> {
  const order = `${d.detectedAt}#${d.bookingId}#${d.disruptionId}`;
  return transactOrFalse([
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.item(d.siteId, d.bookingId, d.disruptionId),
          gsi1pk: keys.sitePk(d.siteId),
          gsi1sk: order,
          gsi2pk: keys.userPk(d.siteId, d.userId),
          gsi2sk: order,
          type: 'Disruption',
          ...d,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    deadlineItem({
      kind: 'disruptionEscalation',
      siteId: d.siteId,
      ref: `${d.bookingId}.${d.disruptionId}`,
      dueAt: d.escalateAt,
      data: { bookingId: d.bookingId, disruptionId: d.disruptionId },
    }),
  ]);
}

export async function getDisruption(
  siteId: SiteId,
  bookingId: string,
  disruptionId: string,
): Promise<DisruptionRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.item(siteId, bookingId, disruptionId), ConsistentRead: true }),
  );
  return Item ? toRecord(Item) : null;
}

/** A booking's disruptions, newest first (a booking has a handful at most). */
export async function disruptionsOfBooking(siteId: SiteId, bookingId: string): Promise<DisruptionRecord[]> {
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.item(siteId, bookingId, 'x').pk },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map(toRecord).sort((a, b) => b.detectedAt.localeCompare(a.detectedAt));
}

/** The site's inbox (staff) or one booker's, newest first; open ones only unless `all`. */
export function disruptionPage(
  siteId: SiteId,
  userId: string | null,
  opts: { all: boolean; cursor?: string | undefined; limit: number },
): Promise<Page<DisruptionRecord>> {
  const [index, pk] = userId
    ? (['gsi2', keys.userPk(siteId, userId)] as const)
    : (['gsi1', keys.sitePk(siteId)] as const);
  const filter: PageFilter = opts.all
    ? { conditions: [], names: {}, values: {} }
    : { conditions: ['#status = :open'], names: { '#status': 'status' }, values: { ':open': 'open' } };
  return queryFilteredPage(index, pk, filter, { cursor: opts.cursor, limit: opts.limit, readAhead: 500 }, toRecord);
}

/** Claims an open disruption for one action; false when it is handled or another action holds a live claim. */
export function claimDisruption(d: DisruptionRecord, action: string, now: Date): Promise<boolean> {
  return writeOrFalse(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.item(d.siteId, d.bookingId, d.disruptionId),
      UpdateExpression: 'SET claim = :a, claimedAt = :t',
      ConditionExpression: '#status = :open AND (attribute_not_exists(claim) OR claimedAt < :stale)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':a': action,
        ':t': now.toISOString(),
        ':open': 'open',
        ':stale': new Date(now.getTime() - CLAIM_LEASE_MS).toISOString(),
      },
    }),
  );
}

/** Lets go of a claim whose supplier call failed, so the disruption can be acted on again. */
export async function releaseClaim(d: DisruptionRecord, action: string): Promise<void> {
  await writeOrFalse(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.item(d.siteId, d.bookingId, d.disruptionId),
      UpdateExpression: 'REMOVE claim, claimedAt',
      ConditionExpression: 'claim = :a',
      ExpressionAttributeValues: { ':a': action },
    }),
  );
}

/** The outcome, for the booking's transaction: only by the action that holds the claim, only once. */
export function settleDisruptionItem(
  d: DisruptionRecord,
  action: string,
  outcome: Pick<TDisruption, 'status' | 'handledAt' | 'handledBy' | 'chosenAlternativeId' | 'refundedAmount'>,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.item(d.siteId, d.bookingId, d.disruptionId),
      UpdateExpression:
        'SET #status = :s, handledAt = :h, handledBy = :by, chosenAlternativeId = :alt, refundedAmount = :r REMOVE claim, claimedAt',
      ConditionExpression: '#status = :open AND claim = :a',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':s': outcome.status,
        ':h': outcome.handledAt,
        ':by': outcome.handledBy,
        ':alt': outcome.chosenAlternativeId,
        ':r': outcome.refundedAmount,
        ':open': 'open',
        ':a': action,
      },
    },
  };
}

/** Marks an open disruption escalated once; false when it was handled or escalated meanwhile. */
export function markEscalated(siteId: SiteId, bookingId: string, disruptionId: string, now: Date): Promise<boolean> {
  return writeOrFalse(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.item(siteId, bookingId, disruptionId),
      UpdateExpression: 'SET escalatedAt = :t',
      ConditionExpression: '#status = :open AND escalatedAt = :null',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':t': now.toISOString(), ':open': 'open', ':null': null },
    }),
  );
}
