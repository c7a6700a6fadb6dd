import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { db } from './db.ts';
import { sqs } from './sqs.ts';
import { withoutSdkLogging } from './sdk-client.ts';

const logging = (c: { middlewareStack: { identify(): string[] } }) =>
  c.middlewareStack.identify().filter((m) => m.startsWith('loggerMiddleware'));

describe('SDK clients without the SDK logger (lib/sdk-client.ts)', () => {
  it('removes the logger middleware, which masks and copies every input and output for a logger that drops them', () => {
    const plain = new DynamoDBClient({ region: 'ap-south-1' });
    expect(logging(plain)).toHaveLength(1);
    expect(logging(withoutSdkLogging(plain))).toEqual([]);
  });

  it('is how the document client and the SQS client are made', () => {
    process.env.AWS_REGION ??= 'ap-south-1';
    expect(logging(db())).toEqual([]);
    expect(logging(sqs())).toEqual([]);
    // Everything else of the stack stays (retries, signing, serialising).
    expect(
      db()
        .middlewareStack.identify()
        .some((m) => m.startsWith('retryMiddleware')),
    ).toBe(true);
  });
});
