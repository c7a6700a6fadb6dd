/** The reconciler's due items and cursor in DynamoDB (wallet/outbox.ts says what they are for). */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { QUEUES } from '@tp/contracts/platform';
import { db, tableName, transactOrFalse, type TransactItem } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { walletKeys } from './keys.ts';

export type DueKind = 'order' | 'payment' | 'outbox' | 'refund';
/**
 * Queues the outbox sends to (only SES feeds the mail-feedback queue; a supplier's webhook answer queues its event
 * directly, as the supplier retries a delivery that was not acknowledged).
 */
export type QueueKey = Exclude<keyof typeof QUEUES, 'mailFeedback' | 'supplierEvents'>;

export interface OutboxMessage {
  queue: QueueKey;
  body: string;
  /** The request that wrote it (lib/correlation.ts), sent along however late the message goes out. */
  correlationId?: string;
}

export interface DueRecord {
  pk: string;
  sk: string;
  kind: DueKind;
  siteId: SiteId;
  id: string;
  dueAt: string;
  attempts: number;
  message?: OutboxMessage;
}

export function dueRecord(
  kind: DueKind,
  siteId: SiteId,
  id: string,
  dueAt: Date,
  attempts = 0,
  message?: OutboxMessage,
): DueRecord {
  const iso = dueAt.toISOString();
  return {
    ...walletKeys.reconcileDue(iso, siteId, kind, id),
    kind,
    siteId,
    id,
    dueAt: iso,
    attempts,
    ...(message ? { message } : {}),
  };
}

/** The Put of a due item, for the transaction of the state change it belongs to. */
export const dueRecordItem = (rec: DueRecord): TransactItem => ({
  Put: { TableName: tableName(), Item: { ...rec, type: 'ReconcileDue' } },
});

export async function removeDue(rec: Pick<DueRecord, 'pk' | 'sk'>): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: rec.pk, sk: rec.sk } }));
}

/** Moves a due item to its next due time; false when another run moved or removed it first. */
export const replaceDue = (prev: Pick<DueRecord, 'pk' | 'sk'>, next: DueRecord): Promise<boolean> =>
  transactOrFalse([
    {
      Delete: {
        TableName: tableName(),
        Key: { pk: prev.pk, sk: prev.sk },
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    dueRecordItem(next),
  ]);

/** The hour bucket (`YYYY-MM-DDTHH`) the reconciler starts from; null before its first run. */
export async function readCursorHour(): Promise<string | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: walletKeys.reconcileCursor(), ConsistentRead: true }),
  );
  return Item?.fromHour ? String(Item.fromHour) : null;
}

export async function writeCursorHour(hour: string, nowIso: string): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...walletKeys.reconcileCursor(), type: 'ReconcileCursor', fromHour: hour, updatedAt: nowIso },
    }),
  );
}

/** Up to `limit` items of one hour bucket due before `nowIso`, oldest first; `more` when the page was cut. */
export async function bucketItemsDue(
  hour: string,
  nowIso: string,
  limit: number,
): Promise<{ items: DueRecord[]; more: boolean }> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk < :upTo',
      // `$` sorts right after the `#` that follows the due time in the sort key.
      ExpressionAttributeValues: { ':pk': walletKeys.reconcileBucketPk(hour), ':upTo': `${nowIso}$` },
      Limit: limit,
    }),
  );
  return { items: (page.Items ?? []) as DueRecord[], more: Boolean(page.LastEvaluatedKey) };
}
