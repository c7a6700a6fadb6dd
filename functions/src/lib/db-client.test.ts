/**
 * Our document client against lib-dynamodb's own, through a stub transport (no I/O): for every command
 * the platform uses, the same request on the wire and the same answer back, with the platform's marshalling
 * options; and the middleware is resolved once per operation, not per call.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DocumentClient, type DocumentCommand } from './db-client.ts';

/** The platform's options (lib/db.ts); a fresh object each time, as lib-dynamodb writes defaults into the one it gets. */
const marshalling = () => ({ removeUndefinedValues: true });

/** An item as DynamoDB answers it (wire format), with every kind of value. */
const WIRE_ITEM = {
  pk: { S: 'SITE#s1' },
  sk: { S: 'USER#u1' },
  n: { N: '12.5' },
  flag: { BOOL: true },
  nothing: { NULL: true },
  list: { L: [{ S: 'a' }, { N: '2' }, { M: { deep: { S: 'x' } } }] },
  map: { M: { phones: { L: [{ M: { label: { S: 'Primary' } } }] } } },
  tags: { SS: ['b', 'a'] },
  bin: { B: 'AQI=' },
};
const KEY = { pk: { S: 'SITE#s1' }, sk: { S: 'USER#u1' } };

/** The raw answer DynamoDB gives each operation. */
const ANSWERS: Record<string, unknown> = {
  GetItem: { Item: WIRE_ITEM },
  PutItem: { Attributes: WIRE_ITEM },
  UpdateItem: { Attributes: WIRE_ITEM },
  DeleteItem: {},
  Query: { Items: [WIRE_ITEM, KEY], Count: 2, ScannedCount: 2, LastEvaluatedKey: KEY },
  Scan: { Items: [WIRE_ITEM], Count: 1, ScannedCount: 1 },
  BatchGetItem: { Responses: { t1: [WIRE_ITEM, KEY] }, UnprocessedKeys: { t1: { Keys: [KEY] } } },
  BatchWriteItem: { UnprocessedItems: { t1: [{ PutRequest: { Item: WIRE_ITEM } }, { DeleteRequest: { Key: KEY } }] } },
  TransactWriteItems: {},
};

/** A client config whose transport records each request body and answers from ANSWERS. */
function stubbed(sent: unknown[]) {
  return {
    region: 'ap-south-1',
    credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    requestHandler: {
      handle: async (request: { headers: Record<string, string>; body: string }) => {
        const operation = request.headers['x-amz-target']!.split('.')[1]!;
        // A transaction's idempotency token is random on both sides: only that there is one is compared.
        const { ClientRequestToken, ...body } = JSON.parse(request.body) as Record<string, unknown>;
        sent.push({ operation, body, token: typeof ClientRequestToken });
        return {
          response: {
            statusCode: 200,
            headers: { 'content-type': 'application/x-amz-json-1.0' },
            body: Readable.from([Buffer.from(JSON.stringify(ANSWERS[operation]))]),
          },
        };
      },
    },
  };
}

const item = {
  pk: 'SITE#s1',
  sk: 'USER#u1',
  n: 12.5,
  flag: true,
  nothing: null,
  gone: undefined,
  list: ['a', 2, { deep: 'x', gone: undefined }],
  map: { phones: [{ label: 'Primary' }] },
  tags: new Set(['a', 'b']),
  bin: new Uint8Array([1, 2]),
};
const key = { pk: 'SITE#s1', sk: 'USER#u1' };
const values = { ':p': [{ phoneNumber: '9876543210' }], ':u': '2026-11-24T00:00:00.000Z', ':gone': undefined };

const COMMANDS: [string, () => DocumentCommand][] = [
  ['Get', () => new GetCommand({ TableName: 't1', Key: key, ConsistentRead: true })],
  [
    'Put',
    () =>
      new PutCommand({
        TableName: 't1',
        Item: item,
        ConditionExpression: 'attribute_not_exists(pk) OR userId = :me',
        ExpressionAttributeValues: { ':me': 'u1' },
        ReturnValues: 'ALL_OLD',
      }),
  ],
  [
    'Update',
    () =>
      new UpdateCommand({
        TableName: 't1',
        Key: key,
        UpdateExpression: 'SET phoneNumbers = :p, updatedAt = :u',
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
  ],
  [
    'Delete',
    () =>
      new DeleteCommand({
        TableName: 't1',
        Key: key,
        ConditionExpression: 'v = :v',
        ExpressionAttributeValues: { ':v': 3 },
      }),
  ],
  [
    'Query',
    () =>
      new QueryCommand({
        TableName: 't1',
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': 'SITE#s1', ':sk': 'USER#' },
        ExclusiveStartKey: key,
        Limit: 2,
      }),
  ],
  [
    'Scan',
    () => new ScanCommand({ TableName: 't1', FilterExpression: 'n > :n', ExpressionAttributeValues: { ':n': 1 } }),
  ],
  [
    'BatchGet',
    () =>
      new BatchGetCommand({
        RequestItems: { t1: { Keys: [key, { pk: 'SITE#s1', sk: 'USER#u2' }], ConsistentRead: true } },
      }),
  ],
  [
    'BatchWrite',
    () =>
      new BatchWriteCommand({
        RequestItems: { t1: [{ PutRequest: { Item: item } }, { DeleteRequest: { Key: key } }] },
      }),
  ],
  [
    'TransactWrite',
    () =>
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: 't1',
              Key: key,
              ConditionExpression: 'x = :x',
              ExpressionAttributeValues: { ':x': 1 },
            },
          },
          { Put: { TableName: 't1', Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Update: {
              TableName: 't1',
              Key: key,
              UpdateExpression: 'SET a = :a',
              ExpressionAttributeValues: { ':a': [1] },
            },
          },
          { Delete: { TableName: 't1', Key: key } },
        ],
      }),
  ],
];

describe('DocumentClient (lib/db-client.ts)', () => {
  it.each(COMMANDS)('%s: the same request on the wire and the same answer as lib-dynamodb', async (_name, make) => {
    const theirsSent: unknown[] = [];
    const oursSent: unknown[] = [];
    const theirs = DynamoDBDocumentClient.from(new DynamoDBClient(stubbed(theirsSent)), {
      marshallOptions: marshalling(),
    });
    const ours = new DocumentClient(stubbed(oursSent), marshalling());
    const expected = await theirs.send(make() as never);
    const answer = await ours.send(make());
    expect(oursSent).toEqual(theirsSent);
    expect(theirsSent).toHaveLength(1);
    const { $metadata: _theirs, ...expectedBody } = expected as Record<string, unknown>;
    const { $metadata: _ours, ...answerBody } = answer as Record<string, unknown>;
    expect(answerBody).toEqual(expectedBody);
  });

  it('gives items back as plain values (numbers, sets, binary)', async () => {
    const ours = new DocumentClient(stubbed([]), marshalling());
    const { Item } = await ours.send(new GetCommand({ TableName: 't1', Key: key }));
    expect(Item).toMatchObject({ n: 12.5, flag: true, nothing: null, tags: new Set(['a', 'b']) });
    expect(Item!.list).toEqual(['a', 2, { deep: 'x' }]);
  });

  it('resolves each operation’s middleware once and reuses it for later calls', async () => {
    const ours = new DocumentClient(stubbed([]), marshalling());
    let resolved = 0;
    ours.middlewareStack.add(
      (next) => {
        resolved++;
        return next;
      },
      { step: 'initialize', name: 'countResolutions' },
    );
    for (let i = 0; i < 3; i++) await ours.send(new GetCommand({ TableName: 't1', Key: key }));
    await ours.send(
      new QueryCommand({
        TableName: 't1',
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': 'x' },
      }),
    );
    expect(resolved).toBe(2);
  });

  it('refuses a command it has no operation for', async () => {
    const ours = new DocumentClient(stubbed([]), marshalling());
    await expect(ours.send({ input: {} } as never)).rejects.toThrow('no operation for Object');
  });
});
