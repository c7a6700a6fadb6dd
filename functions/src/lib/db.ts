/**
 * The data layer's shared part: the document client, and the helpers every repository uses for
 * queries, pages, transactions and conditional writes, so none of them hand-writes the try/catch of a
 * failed condition (docs/architecture.md "Data layer"). Only repository files and the platform's own
 * records use this module and the AWS SDK (a dependency-cruiser rule, .dependency-cruiser.cjs).
 */
import {
  BatchGetCommand,
  DeleteCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandInput,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@tp/contracts/platform';
import { env } from './config.ts';
import { fail, isConditionFailure } from './errors.ts';
import { withoutSdkLogging } from './sdk-client.ts';
import { DocumentClient } from './db-client.ts';

/** What is added to each new client before its first call. */
const observers: ((client: DocumentClient['raw']) => void)[] = [];

/** One document client per process, created on first use (endpoint from AWS_ENDPOINT_URL_DYNAMODB locally). */
let client: DocumentClient | undefined;
export function db(): DocumentClient {
  if (!client) {
    client = new DocumentClient({}, { removeUndefinedValues: true });
    withoutSdkLogging(client.raw);
    for (const observe of observers) observe(client.raw);
  }
  return client;
}

/**
 * Adds middleware to the client, e.g. to watch every DynamoDB request on the wire (the API bench records
 * what each call sends). The client's middleware is resolved once per operation, so the current client is
 * dropped and the next one is made with it.
 */
export function observeDynamo(observer: (client: DocumentClient['raw']) => void): void {
  observers.push(observer);
  client = undefined;
}
export const tableName = (): string => env().TABLE_NAME;

/**
 * Every page of one query (never a scan), for lists bounded by nature: a site's groups, one partition
 * between two sort-key bounds, a legal entity's users.
 */
export async function queryAll(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ TableName: tableName(), ...input, ExclusiveStartKey: start }));
    out.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/**
 * Items by key, any number of them: batches of 100, keys left unprocessed (throttling) asked again.
 * Missing items are left out and the order is DynamoDB's: callers match the items to their keys.
 */
export async function batchGet(
  keys: readonly { pk: string; sk: string }[],
  opts: { projection?: string; names?: Record<string, string>; consistent?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  const unique = [...new Map(keys.map((k) => [JSON.stringify(k), k])).values()]; // a batch may not name a key twice
  for (let i = 0; i < unique.length; i += 100) {
    let request: BatchGetCommandInput['RequestItems'] | undefined = {
      [tableName()]: {
        Keys: unique.slice(i, i + 100).map((k) => ({ ...k })),
        ProjectionExpression: opts.projection,
        ExpressionAttributeNames: opts.names,
        ConsistentRead: opts.consistent,
      },
    };
    while (request && Object.keys(request).length) {
      const res = await db().send(new BatchGetCommand({ RequestItems: request }));
      out.push(...(res.Responses?.[tableName()] ?? []));
      request = res.UnprocessedKeys as typeof request;
    }
  }
  return out;
}

export interface Page<T> {
  records: T[];
  nextCursor: string | null;
}

export type IndexName = 'table' | keyof typeof TABLE.indexes;
const keyAttr = (index: IndexName, part: 'partitionKey' | 'sortKey'): string =>
  index === 'table' ? TABLE[part] : TABLE.indexes[index][part];
const PK_ATTR = (index: IndexName) => keyAttr(index, 'partitionKey');
const SK_ATTR = (index: IndexName) => keyAttr(index, 'sortKey');
/** The partition and sort key attributes of the table or an index (TABLE in @tp/contracts/platform). */
/**
 * A sort-key prefix as a key range: `<sk> BETWEEN :<name> AND :<name>End`. On DynamoDB `begins_with` and this range
 * read the same keys at the same cost; DynamoDB Local (SQLite under it) answers `begins_with` by walking the whole
 * partition and the range by its index, so a prefix query in a big partition (a site's search tokens, a year of
 * rate rows) cost locally, and in the data-volume bench, what it never costs on AWS: 4.5 against 1.6 ms for the
 * same 100 keys of a 30,000-key partition (docs/benchmarks.md "Same page, side by side"). U+10FFFF is the largest
 * code point (UTF-8 F4 8F BF BF), so every key that starts with the prefix sorts at or below the upper bound.
 */
export function prefixRange(sk: string, prefix: string, name = 'prefix') {
  return {
    condition: `${sk} BETWEEN :${name} AND :${name}End`,
    values: { [`:${name}`]: prefix, [`:${name}End`]: `${prefix}\u{10FFFF}` },
  };
}

export const keyAttributes = (index: IndexName): [string, string] => [PK_ATTR(index), SK_ATTR(index)];
const indexOf = (index: IndexName) => (index === 'table' ? {} : { IndexName: TABLE.indexes[index].name });

/** Sort keys from `from` up to `to` (either end optional), as a key condition on a partition's read. */
interface SkRange {
  from?: string | undefined;
  /** Inclusive, as DynamoDB's BETWEEN is: a key that merely starts with `to` sorts after it and is out. */
  to?: string | undefined;
}

/** The key condition of one partition within a sort-key range, and its names and values. */
function partitionCondition(index: IndexName, pk: string, r: SkRange = {}) {
  const range =
    r.from && r.to
      ? ' AND #sk BETWEEN :skFrom AND :skTo'
      : r.from
        ? ' AND #sk >= :skFrom'
        : r.to
          ? ' AND #sk <= :skTo'
          : '';
  return {
    KeyConditionExpression: `#pk = :pk${range}`,
    names: { '#pk': PK_ATTR(index), ...(range ? { '#sk': SK_ATTR(index) } : {}) },
    values: { ':pk': pk, ...(r.from ? { ':skFrom': r.from } : {}), ...(r.to ? { ':skTo': r.to } : {}) },
  };
}

/** A cursor is accepted only for the partition it came from, so a forged one cannot read another list (or site). */
export function decodeCursor(cursor: string, index: IndexName, pk: string): Record<string, string> {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      key &&
      typeof key === 'object' &&
      !Array.isArray(key) &&
      Object.values(key).every((v) => typeof v === 'string') &&
      (key as Record<string, string>)[PK_ATTR(index)] === pk
    )
      return key as Record<string, string>;
  } catch {
    // fall through
  }
  throw fail.validation('Invalid page cursor', { cursor: 'Invalid page cursor' });
}

/** A page cursor: the LastEvaluatedKey, base64url. */
export const encodeCursor = (key: Record<string, unknown> | unknown[]): string =>
  Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

/** One cursor page over one partition of the table or an index; the cursor is the LastEvaluatedKey, base64url. */
export async function queryPage<T>(
  index: IndexName,
  pk: string,
  opts: { cursor?: string | undefined; limit: number; newestFirst?: boolean },
  map: (item: Record<string, unknown>) => T,
): Promise<Page<T>> {
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...indexOf(index),
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': PK_ATTR(index) },
      ExpressionAttributeValues: { ':pk': pk },
      ScanIndexForward: !opts.newestFirst,
      Limit: opts.limit,
      ExclusiveStartKey: opts.cursor ? decodeCursor(opts.cursor, index, pk) : undefined,
    }),
  );
  const last = out.LastEvaluatedKey;
  return {
    records: (out.Items ?? []).map(map),
    nextCursor: last ? encodeCursor(last) : null,
  };
}

/** A filter of a filtered page: the FilterExpression and the names and values it uses. */
export interface PageFilter {
  conditions: string[];
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/**
 * One cursor page of one partition (table or index) with a FilterExpression, newest first unless told: it reads
 * ahead until the page is full or `readAhead` items were read, then ends early with a cursor, so a narrow filter
 * never reads a partition without bound in one request (the lists' search and flag filters).
 */
export async function queryFilteredPage<T>(
  index: IndexName,
  pk: string,
  filter: PageFilter,
  opts: {
    cursor?: string | undefined;
    limit: number;
    readAhead: number;
    oldestFirst?: boolean;
    skRange?: SkRange;
  },
  map: (item: Record<string, unknown>) => T,
): Promise<Page<T>> {
  const records: T[] = [];
  const key = partitionCondition(index, pk, opts.skRange);
  let start = opts.cursor ? decodeCursor(opts.cursor, index, pk) : undefined;
  let read = 0;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        ...indexOf(index),
        KeyConditionExpression: key.KeyConditionExpression,
        ...(filter.conditions.length ? { FilterExpression: filter.conditions.join(' AND ') } : {}),
        ExpressionAttributeNames: { ...filter.names, ...key.names },
        ExpressionAttributeValues: { ...filter.values, ...key.values },
        ScanIndexForward: !!opts.oldestFirst,
        // DynamoDB reads at most 1 MB a call anyway; the cap keeps a big page's calls bounded too.
        Limit: Math.min(opts.limit - records.length, 1000),
        ExclusiveStartKey: start,
      }),
    );
    records.push(...(out.Items ?? []).map(map));
    read += out.ScannedCount ?? 0;
    start = out.LastEvaluatedKey as Record<string, string> | undefined;
  } while (start && records.length < opts.limit && read < opts.readAhead);
  return { records, nextCursor: start ? encodeCursor(start) : null };
}

/** Where one partition of a merged page stands: not read yet, after this key, or read to its end. */
type MergePosition = Record<string, string> | null | 'end';

/** A merged page's cursor names a position per partition, each bound to its partition as `decodeCursor`'s is. */
function decodeMergedCursor(cursor: string, index: IndexName, pks: readonly string[]): MergePosition[] {
  try {
    const positions = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(positions) &&
      positions.length === pks.length &&
      positions.every(
        (p, i) =>
          p === null ||
          p === 'end' ||
          (typeof p === 'object' &&
            !Array.isArray(p) &&
            Object.values(p as object).every((v) => typeof v === 'string') &&
            (p as Record<string, string>)[PK_ATTR(index)] === pks[i]),
      )
    )
      return positions as MergePosition[];
  } catch {
    // fall through
  }
  throw fail.validation('Invalid page cursor', { cursor: 'Invalid page cursor' });
}

/** The table and index key of an item read from `index`: where its partition's next read starts. */
const positionOf = (item: Record<string, unknown>, index: IndexName): Record<string, string> => {
  const attrs = [...new Set([TABLE.partitionKey, TABLE.sortKey, PK_ATTR(index), SK_ATTR(index)])];
  return Object.fromEntries(attrs.map((a) => [a, String(item[a])]));
};

/**
 * One newest-first page of several partitions of one index read as one list (an entity's audit entries across
 * its change types): each partition reads at most `limit` items after its own position, the newest `limit` of
 * them make the page, and the cursor keeps each partition's position. A page reads at most `limit` items per
 * partition, however many the partitions hold.
 */
export async function queryMergedPage<T>(
  index: IndexName,
  pks: readonly string[],
  opts: { cursor?: string | undefined; limit: number; skRange?: SkRange },
  map: (item: Record<string, unknown>) => T,
): Promise<Page<T>> {
  const starts: MergePosition[] = opts.cursor ? decodeMergedCursor(opts.cursor, index, pks) : pks.map(() => null);
  const reads = await Promise.all(
    pks.map(async (pk, i) => {
      const start = starts[i];
      if (start === 'end') return { items: [], more: false };
      const key = partitionCondition(index, pk, opts.skRange);
      const out = await db().send(
        new QueryCommand({
          TableName: tableName(),
          ...indexOf(index),
          KeyConditionExpression: key.KeyConditionExpression,
          ExpressionAttributeNames: key.names,
          ExpressionAttributeValues: key.values,
          ScanIndexForward: false,
          Limit: opts.limit,
          ExclusiveStartKey: start ?? undefined,
        }),
      );
      return { items: out.Items ?? [], more: !!out.LastEvaluatedKey };
    }),
  );
  const sk = SK_ATTR(index);
  const newestFirst = reads
    .flatMap((r, from) => r.items.map((item) => ({ item, from, at: String(item[sk]) })))
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.from - b.from))
    .slice(0, opts.limit);
  const positions = reads.map((r, i): MergePosition => {
    const taken = newestFirst.filter((e) => e.from === i);
    if (taken.length === r.items.length && !r.more) return 'end';
    return taken.length ? positionOf(taken[taken.length - 1]!.item, index) : (starts[i] ?? null);
  });
  return {
    records: newestFirst.map((e) => map(e.item)),
    nextCursor: positions.every((p) => p === 'end') ? null : encodeCursor(positions),
  };
}

/**
 * The condition of a versioned record's Put: `expectVersion` null, it must be new; else the stored `version`
 * must still be the one the change read (optimistic concurrency).
 */
export function versionCondition(expectVersion: number | null) {
  return expectVersion === null
    ? { ConditionExpression: 'attribute_not_exists(pk)' }
    : {
        ConditionExpression: '#v = :v',
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: { ':v': expectVersion },
      };
}

/** One conditional write. */
export type ConditionalWrite = PutCommand | UpdateCommand | DeleteCommand;

/**
 * Sends one conditional Put / Update / Delete. The attributes it returned (`ReturnValues`; {} when none
 * were asked for), or null when its condition failed (someone else changed the item first).
 */
export async function writeOrNull(command: ConditionalWrite): Promise<Record<string, unknown> | null> {
  try {
    // The three outputs share `Attributes`; send's overloads take one command type at a time.
    const out = await db().send(command as UpdateCommand);
    return out.Attributes ?? {};
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/** Sends one conditional Put / Update / Delete; false when its condition failed. */
export async function writeOrFalse(command: ConditionalWrite): Promise<boolean> {
  return (await writeOrNull(command)) !== null;
}

/**
 * Gives an existing item attributes it has none of yet (a backfill of a new index's keys), leaving the rest as it
 * is; false when the item is gone or already has them.
 */
function addAttributesOnce(key: { pk: string; sk: string }, attrs: Record<string, string>): Promise<boolean> {
  const names = Object.keys(attrs);
  return writeOrFalse(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${names.map((_, i) => `#a${i} = :a${i}`).join(', ')}`,
      ConditionExpression: ['attribute_exists(pk)', ...names.map((_, i) => `attribute_not_exists(#a${i})`)].join(
        ' AND ',
      ),
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#a${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:a${i}`, attrs[n]])),
    }),
  );
}

/**
 * One page of a partition for a one-off backfill of a new index's keys: each item `keysOf` gives keys for (null: it
 * has them, or does not belong in the index) gets them, and nothing else changes (addAttributesOnce).
 */
export async function backfillIndexKeys(
  index: IndexName,
  pk: string,
  cursor: string | undefined,
  keysOf: (item: Record<string, unknown>) => Record<string, string> | null,
): Promise<{ read: number; indexed: number; nextCursor: string | null }> {
  const page = await queryPage(index, pk, { cursor, limit: 200 }, (item) => item);
  let indexed = 0;
  for (const item of page.records) {
    const keys = keysOf(item);
    if (keys && (await addAttributesOnce({ pk: String(item.pk), sk: String(item.sk) }, keys))) indexed++;
  }
  return { read: page.records.length, indexed, nextCursor: page.nextCursor };
}

/** One Update alone, or with the caller's items (an outbox message) in one transaction; false when a condition failed. */
export async function updateWithOrFalse(
  update: NonNullable<TransactItem['Update']>,
  extra: TransactItem[] = [],
): Promise<boolean> {
  return extra.length ? transactOrFalse([{ Update: update }, ...extra]) : writeOrFalse(new UpdateCommand(update));
}

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * The one decoder of a cancelled transaction: the cancellation code of each item in item order
 * ('ConditionalCheckFailed' where that item's condition failed, 'TransactionConflict' where a concurrent
 * transaction held it, 'None' where it was fine), or null when `err` is not a cancelled transaction.
 * DynamoDB's TransactionConflictException carries no reasons: its answer is [].
 */
export function cancellationCodes(err: unknown): string[] | null {
  const name = (err as { name?: string } | null)?.name;
  if (name !== 'TransactionCanceledException' && name !== 'TransactionConflictException') return null;
  const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((r) => r.Code ?? 'None');
}

/** Whether the item at `index` of a cancelled transaction was refused by its own condition. */
export const conditionFailedAt = (codes: readonly string[], index: number): boolean =>
  codes[index] === 'ConditionalCheckFailed';

/**
 * Runs writes as one transaction. Null when it committed; when a condition cancelled it, the
 * cancellation code of each item in item order (cancellationCodes), so the caller can tell which guard
 * held. A cancellation without a failed condition (a concurrent transaction) is sent again a few times
 * (sendTransaction) and then throws, unless `conflicts: 'answer'`: then it is answered with its codes at
 * once, for callers that read again and retry (versioned balances, counters, seats).
 */
export async function transactOrCancellations(
  items: TransactItem[],
  opts: { conflicts?: 'throw' | 'answer' } = {},
): Promise<string[] | null> {
  const single = items.length === 1 ? singleWrite(items[0]!) : null;
  if (single) return (await writeOrNull(single)) ? null : ['ConditionalCheckFailed'];
  try {
    await sendTransaction(items, opts.conflicts !== 'answer');
    return null;
  } catch (err) {
    const codes = cancellationCodes(err);
    if (!codes || (opts.conflicts !== 'answer' && !isConditionFailure(err))) throw err;
    return codes;
  }
}

/** Attempts of a transaction that only a concurrent one cancelled (no condition failed, nothing written). */
const CONFLICT_ATTEMPTS = 5;

/**
 * Sends a transaction; with `retryConflicts`, one cancelled only because another transaction was writing one of
 * its items at that moment (a shared counter: the ticket queues' counts) is sent again after a short jittered
 * pause: nothing of it was written, so sending it again is the same write. A failed condition is never retried.
 */
async function sendTransaction(items: TransactItem[], retryConflicts: boolean): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (err) {
      const codes = cancellationCodes(err);
      const conflictOnly =
        codes?.includes('TransactionConflict') && !codes.some((c) => c !== 'TransactionConflict' && c !== 'None');
      if (!retryConflicts || !conflictOnly || attempt >= CONFLICT_ATTEMPTS) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * attempt));
    }
  }
}

/**
 * A transaction of one item as the same conditional write on its own: as atomic, at half the write
 * units, and not cancelled by a concurrent transaction on the item (DynamoDB's TransactionConflict, which
 * the SDK retries with back-off). A condition check alone stays a transaction.
 */
function singleWrite(item: TransactItem): ConditionalWrite | null {
  if (item.Put) return new PutCommand(item.Put);
  if (item.Update) return new UpdateCommand(item.Update);
  if (item.Delete) return new DeleteCommand(item.Delete);
  return null;
}

/** Runs writes as one transaction; false when one of their conditions failed (someone else changed the data first). */
export async function transactOrFalse(items: TransactItem[]): Promise<boolean> {
  return (await transactOrCancellations(items)) === null;
}

/** Runs writes as one transaction (a failed condition throws: for callers to whom that is a bug or a lost race). */
export async function transact(items: TransactItem[]): Promise<void> {
  await sendTransaction(items, true);
}

/**
 * Runs a transaction whose labelled items guard uniqueness. When DynamoDB cancels it because guards
 * already exist, the answer names them; a cancellation by an unlabelled item's condition throws.
 */
export async function transactUnique<L extends string>(
  items: { label: L | null; op: TransactItem }[],
): Promise<{ ok: true } | { ok: false; taken: L[] }> {
  const codes = await transactOrCancellations(items.map((i) => i.op));
  if (!codes) return { ok: true };
  const taken = codes.flatMap((_, i) => {
    const label = items[i]?.label;
    return conditionFailedAt(codes, i) && label ? [label] : [];
  });
  if (!taken.length) throw new Error(`transaction cancelled by an unguarded condition: ${codes.join(', ')}`);
  return { ok: false, taken };
}

/** `SET #f0 = :f0, …` for the fields given (undefined ones left out), with its names and values. */
export function setClause(fields: Record<string, unknown>, prefix = 'f') {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
  return {
    expression: entries.length ? `SET ${entries.map((_, i) => `#${prefix}${i} = :${prefix}${i}`).join(', ')}` : '',
    names: Object.fromEntries(entries.map(([k], i) => [`#${prefix}${i}`, k])),
    values: Object.fromEntries(entries.map(([, v], i) => [`:${prefix}${i}`, v])),
  };
}
