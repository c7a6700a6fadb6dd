/**
 * One BatchWrite of puts sent until DynamoDB has taken every item: what it leaves unprocessed (throttling, a busy
 * DynamoDB Local) is sent again after a short, growing back-off. Every script that writes items in batches goes
 * through it with its own `send`: the seeds and the volume writer (the document client, plain items), the snapshot
 * loader and the bench's child stacks (raw requests, marshalled items).
 */
export type PutRequests<I> = Record<string, { PutRequest: { Item: I } }[]>;

/** The most items one BatchWriteItem request may carry. */
export const BATCH_WRITE_LIMIT = 25;

export async function putBatch<I>(
  tableName: string,
  items: I[],
  send: (request: PutRequests<I>) => Promise<PutRequests<I> | undefined>,
  onRetry?: () => void,
): Promise<void> {
  let request: PutRequests<I> | undefined = { [tableName]: items.map((Item) => ({ PutRequest: { Item } })) };
  for (let attempt = 0; request?.[tableName]?.length; attempt++) {
    if (attempt) {
      onRetry?.();
      await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
    }
    request = await send(request);
  }
}
