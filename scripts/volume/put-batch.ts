/**
 * One BatchWrite of puts (at most 25 items) sent until DynamoDB has taken every item: what it leaves unprocessed
 * (throttling, a busy DynamoDB Local) is sent again after a short, growing back-off. The volume writer (write.ts,
 * the document client and plain items) and the child stacks' copier (child-stack.ts, a raw client and marshalled
 * items) both write through it, each with its own `send`.
 */
export type PutRequests<I> = Record<string, { PutRequest: { Item: I } }[]>;

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
