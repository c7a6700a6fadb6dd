import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  QueryCommand,
  TransactWriteCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { env } from './config.ts';
import { isConditionFailure } from './errors.ts';

/** One document client per process, created on first use. */
let client: DynamoDBDocumentClient | undefined;
export function db(): DynamoDBDocumentClient {
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return client;
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

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Runs writes as one transaction; false when one of their conditions failed (someone else changed the data first). */
export async function transactOrFalse(items: TransactItem[]): Promise<boolean> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
