/**
 * The demo data seeded once and copied: `npm test` seeds one stack, saves its table here (every item, as DynamoDB
 * holds it), and each stack of the run loads that file instead of seeding again (DEMO_SNAPSHOT, read by
 * stack.ts). Seeding runs the platform's own operations (argon2id hashes, transactions, counters): about 20 CPU-s
 * of a 2-core machine per stack, five stacks a run; loading the items is a few BatchWrite requests.
 *
 * What a seed leaves outside the table goes with it: the images it uploads (the media folder, copied beside the
 * file), and nothing in a queue (`saveSnapshot` refuses a stack whose queues still hold messages). The sealed site secrets in the items are sealed with the
 * run's SECRETS_LOCAL_KEY, which every stack of the run shares (scripts/test.ts sets it).
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { TABLE } from '@tp/contracts/platform';
import { LOCAL_CREDENTIALS, LOCAL_REGION, type QueueUrls } from './provision.ts';
import { BATCH_WRITE_LIMIT, putBatch, type PutRequests } from './put-batch.ts';

/** The environment variable naming the file every stack of a run loads instead of seeding. */
export const SNAPSHOT_ENV = 'DEMO_SNAPSHOT';
/** The seeded stack's media folder (uploaded images the items name), kept beside the snapshot file. */
export const snapshotMedia = (file: string): string => `${file}.media`;
const IN_FLIGHT = 4;

/**
 * One call of DynamoDB's JSON protocol, as the wire carries it. The items go through as DynamoDB JSON text, never
 * through the SDK's marshalling of each attribute (most of a load's CPU when they did). DynamoDB Local checks that
 * a request is signed, not the signature: the emulator only, never a real endpoint.
 */
async function dynamoLocal(endpoint: string, operation: string, body: string): Promise<Record<string, unknown>> {
  const answer = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `DynamoDB_20120810.${operation}`,
      'x-amz-date': '20260101T000000Z',
      authorization: `AWS4-HMAC-SHA256 Credential=${LOCAL_CREDENTIALS.accessKeyId}/20260101/${LOCAL_REGION}/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=0`,
    },
    body,
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`DynamoDB Local ${operation}: ${answer.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Every item of the stack's table into `file`; refuses while a queue still holds messages the copy would lose. */
export async function saveSnapshot(
  endpoints: { dynamodb: string; sqs: string },
  queues: Record<string, QueueUrls>,
  file: string,
): Promise<number> {
  const sqs = new SQSClient({ endpoint: endpoints.sqs, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  for (const [name, { url }] of Object.entries(queues)) {
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: url,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    const held =
      Number(Attributes?.ApproximateNumberOfMessages) + Number(Attributes?.ApproximateNumberOfMessagesNotVisible);
    if (held) throw new Error(`the ${name} queue still holds ${held} message(s): a copy of the table would lose them`);
  }
  const batches: string[] = [];
  let startKey: unknown;
  do {
    const page = await dynamoLocal(
      endpoints.dynamodb,
      'Scan',
      JSON.stringify({ TableName: TABLE.name, ExclusiveStartKey: startKey }),
    );
    const items = page.Items as unknown[];
    for (let i = 0; i < items.length; i += BATCH_WRITE_LIMIT)
      batches.push(JSON.stringify(items.slice(i, i + BATCH_WRITE_LIMIT)));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  // One batch's items (as DynamoDB holds them) per line.
  writeFileSync(file, batches.join('\n'));
  return batches.length;
}

/** Writes the snapshot's items into the (empty) table of the stack at `endpoint`, its images into `mediaDir`. */
export async function loadSnapshot(endpoint: string, file: string, mediaDir: string): Promise<void> {
  cpSync(snapshotMedia(file), mediaDir, { recursive: true });
  const batches = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const send = (line: string) =>
    putBatch(
      TABLE.name,
      JSON.parse(line) as unknown[],
      async (RequestItems) =>
        (await dynamoLocal(endpoint, 'BatchWriteItem', JSON.stringify({ RequestItems }))).UnprocessedItems as
          PutRequests<unknown> | undefined,
    );
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < batches.length) await send(batches[next++]!);
    }),
  );
}
