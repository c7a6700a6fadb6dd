/**
 * Cursor pages over one index partition. The cursor is the LastEvaluatedKey, base64url-encoded; a
 * cursor is accepted only for the partition it came from, so a forged one cannot read another list
 * (or another site).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@tp/contracts/platform';
import { db, tableName } from '#lib/db';
import { fail } from '#lib/errors';

export interface Page<T> {
  records: T[];
  nextCursor: string | null;
}

type IndexName = 'table' | 'gsi1' | 'gsi2';
const PK_ATTR: Record<IndexName, string> = { table: 'pk', gsi1: 'gsi1pk', gsi2: 'gsi2pk' };

function decode(cursor: string, index: IndexName, pk: string): Record<string, string> {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      key &&
      typeof key === 'object' &&
      !Array.isArray(key) &&
      Object.values(key).every((v) => typeof v === 'string') &&
      (key as Record<string, string>)[PK_ATTR[index]] === pk
    )
      return key as Record<string, string>;
  } catch {
    // fall through
  }
  throw fail.validation('Invalid page cursor');
}

export async function queryPage<T>(
  index: IndexName,
  pk: string,
  opts: { cursor?: string; limit: number; newestFirst?: boolean },
  map: (item: Record<string, unknown>) => T,
): Promise<Page<T>> {
  const pkAttr = PK_ATTR[index];
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...(index === 'table' ? {} : { IndexName: TABLE.indexes[index].name }),
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': pkAttr },
      ExpressionAttributeValues: { ':pk': pk },
      ScanIndexForward: !opts.newestFirst,
      Limit: opts.limit,
      ExclusiveStartKey: opts.cursor ? decode(opts.cursor, index, pk) : undefined,
    }),
  );
  const last = out.LastEvaluatedKey;
  return {
    records: (out.Items ?? []).map(map),
    nextCursor: last ? Buffer.from(JSON.stringify(last), 'utf8').toString('base64url') : null,
  };
}
