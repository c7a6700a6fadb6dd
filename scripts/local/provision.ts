/** Creates the single table and the queues (with their DLQs) from the one declaration in @tp/contracts. */
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { QUEUES, TABLE, dlqName, type QueueSpec } from '@tp/contracts/platform';

export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
export const LOCAL_REGION = 'us-east-1';

/** One of the table's declared indexes. */
type TableIndex = (typeof TABLE.indexes)[keyof typeof TABLE.indexes];

const indexSchema = (g: TableIndex) => ({
  IndexName: g.name,
  KeySchema: [
    { AttributeName: g.partitionKey, KeyType: 'HASH' as const },
    { AttributeName: g.sortKey, KeyType: 'RANGE' as const },
  ],
  Projection:
    'include' in g
      ? { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...g.include] }
      : { ProjectionType: 'ALL' as const },
});
const indexAttributes = (g: TableIndex) => [
  { AttributeName: g.partitionKey, AttributeType: 'S' as const },
  { AttributeName: g.sortKey, AttributeType: 'S' as const },
];

/**
 * A table made before an index was declared (a local stack's kept data) gets it, one at a time as DynamoDB
 * allows; entries written before have no keys in it until a backfill gives them (docs/audit.md).
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, present: Set<string | undefined>) {
  for (const g of Object.values(TABLE.indexes).filter((i) => !present.has(i.name)))
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: indexAttributes(g),
        GlobalSecondaryIndexUpdates: [{ Create: indexSchema(g) }],
      }),
    );
}

export async function ensureTable(endpoint: string, tableName: string = TABLE.name): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    await addMissingIndexes(client, tableName, new Set(Table?.GlobalSecondaryIndexes?.map((g) => g.IndexName)));
    return;
  } catch (err) {
    if ((err as { name?: string }).name !== 'ResourceNotFoundException') throw err;
  }
  const gsis = Object.values(TABLE.indexes);
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: TABLE.partitionKey, AttributeType: 'S' },
        { AttributeName: TABLE.sortKey, AttributeType: 'S' },
        ...gsis.flatMap(indexAttributes),
      ],
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: gsis.map(indexSchema),
    }),
  );
  await client
    .send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      }),
    )
    .catch(() => undefined);
}

export interface QueueUrls {
  url: string;
  dlqUrl: string;
}

export async function ensureQueues(endpoint: string): Promise<Record<keyof typeof QUEUES, QueueUrls>> {
  const sqs = new SQSClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  const out = {} as Record<keyof typeof QUEUES, QueueUrls>;
  for (const [key, spec] of Object.entries(QUEUES) as [keyof typeof QUEUES, QueueSpec][]) {
    const dlq = await sqs.send(new CreateQueueCommand({ QueueName: dlqName(spec) }));
    const dlqArn = (
      await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }))
    ).Attributes?.QueueArn;
    const q = await sqs.send(
      new CreateQueueCommand({
        QueueName: spec.name,
        Attributes: {
          VisibilityTimeout: String(spec.visibilityTimeout),
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: spec.maxReceiveCount }),
        },
      }),
    );
    out[key] = { url: q.QueueUrl!, dlqUrl: dlq.QueueUrl! };
  }
  return out;
}
