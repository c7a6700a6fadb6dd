import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/src/lib/db.ts';
import { BATCH_WRITE_LIMIT, putBatch, type PutRequests } from '../local/put-batch.ts';

type Item = Record<string, unknown>;

/** Puts a seed's items, whole, one BatchWrite request of BATCH_WRITE_LIMIT after another (putBatch's retries). */
export async function putItems(items: Item[]): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH_WRITE_LIMIT)
    await putDocumentBatch(items.slice(i, i + BATCH_WRITE_LIMIT));
}

/** One batch through the handlers' document client (plain items), retries counted by `onRetry`. */
export function putDocumentBatch(items: Item[], onRetry?: () => void): Promise<void> {
  return putBatch(
    tableName(),
    items,
    async (RequestItems) =>
      (await db().send(new BatchWriteCommand({ RequestItems }))).UnprocessedItems as PutRequests<Item>,
    onRetry,
  );
}
