/**
 * Gapless document numbers (invoices, credit notes, receipts): ONE transaction moves the series counter from the
 * value read to the next (optimistic condition), puts the document with whatever goes with it, and takes the
 * source's guard. A lost race on the counter (or on anything else the document's writes condition on) is read
 * again and retried; a taken guard answers the document already issued. So numbers are consecutive with no gap and
 * no duplicate, and one source gets one document however often it is asked.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, transactOrCancellations, type TransactItem } from './db.ts';
import type { Key } from './keys.ts';

export interface NumberedIssue<T> {
  /** The series' counter item (per site, series and financial year). */
  counterKey: Key;
  counterType: string;
  /** The guard of the source the document is for (a booking, a refund, a gateway payment). */
  sourceKey: Key;
  sourceType: string;
  /**
   * The document for a sequence number, read afresh on every try: its writes (the document's put first), its id
   * (kept on the guard) and what the caller answers. May throw to refuse (an overpayment): nothing is written.
   */
  build: (sequence: number) => Promise<{ id: string; items: TransactItem[]; result: T }>;
}

export type NumberedResult<T> = { issued: true; result: T } | { issued: false; id: string };

async function getItem(key: Key): Promise<Record<string, unknown> | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item ?? null;
}

/** The id of the document a source was given, or null. */
export async function issuedFor(sourceKey: Key): Promise<string | null> {
  const item = await getItem(sourceKey);
  return typeof item?.documentId === 'string' ? item.documentId : null;
}

/** The last number a series handed out (0 before its first); the data-volume generator numbers after it. */
export async function lastNumber(counterKey: Key): Promise<number> {
  const counter = await getItem(counterKey);
  return typeof counter?.value === 'number' ? counter.value : 0;
}

/** The guard naming the document a source was given (pure; taken once: its put is conditional). */
export function sourceGuardPut(sourceKey: Key, sourceType: string, documentId: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...sourceKey, type: sourceType, documentId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Parallel issuers of one site wait a little longer each time they lose the counter race. */
const pause = (tries: number) => new Promise((r) => setTimeout(r, Math.random() * 8 * Math.min(tries + 1, 20)));
/** Enough for hundreds of parallel issues of one site (each loser has lost to a committed winner). */
const MAX_TRIES = 400;

export async function issueNumbered<T>(req: NumberedIssue<T>): Promise<NumberedResult<T>> {
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const existing = await issuedFor(req.sourceKey);
    if (existing) return { issued: false, id: existing };
    const current = await lastNumber(req.counterKey);
    const built = await req.build(current + 1);
    const items: TransactItem[] = [
      {
        Update: {
          TableName: tableName(),
          Key: req.counterKey,
          UpdateExpression: 'SET #v = :next, #t = :type',
          ConditionExpression: current === 0 ? 'attribute_not_exists(pk)' : '#v = :cur',
          ExpressionAttributeNames: { '#v': 'value', '#t': 'type' },
          ExpressionAttributeValues: {
            ':next': current + 1,
            ':type': req.counterType,
            ...(current === 0 ? {} : { ':cur': current }),
          },
        },
      },
      sourceGuardPut(req.sourceKey, req.sourceType, built.id),
      ...built.items,
    ];
    const cancelled = await transactOrCancellations(items, { conflicts: 'answer' });
    if (!cancelled) return { issued: true, result: built.result };
    // The guard taken: the source has its document (the loop's first read answers it); anything else is a race.
    if (!cancelled.some((c) => c === 'ConditionalCheckFailed' || c === 'TransactionConflict'))
      throw new Error(`numbered document transaction cancelled: ${cancelled.join(', ')}`);
    await pause(tries);
  }
  throw new Error('document numbering: too many concurrent issues, try again');
}
