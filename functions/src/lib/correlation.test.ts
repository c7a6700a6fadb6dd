import type { SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { correlationAttributes, correlationId, runWithCorrelation } from './correlation.ts';
import { sqsBatchHandler } from './sqs-batch.ts';

const record = (messageId: string, correlation?: string): SQSRecord =>
  ({
    messageId,
    body: '{}',
    attributes: { SentTimestamp: '' },
    messageAttributes: correlation ? { correlationId: { stringValue: correlation, dataType: 'String' } } : {},
  }) as unknown as SQSRecord;

describe('correlation ids', () => {
  it('are sent as a message attribute: the stored id first, else the current one, none outside a request', () => {
    expect(correlationAttributes()).toBeUndefined();
    runWithCorrelation('req-1', () => {
      expect(correlationAttributes()).toEqual({ correlationId: { DataType: 'String', StringValue: 'req-1' } });
      expect(correlationAttributes('stored')?.correlationId?.StringValue).toBe('stored');
    });
  });

  it('are restored by the worker frame for each record (its message id when it came without one)', async () => {
    const seen: [string, string | undefined][] = [];
    const handler = sqsBatchHandler(
      async (r) => {
        await Promise.resolve();
        seen.push([r.messageId, correlationId()]);
      },
      () => undefined,
    );
    await handler({ Records: [record('m1', 'req-1'), record('m2')] });
    expect(seen.sort()).toEqual([
      ['m1', 'req-1'],
      ['m2', 'm2'],
    ]);
    expect(correlationId()).toBeUndefined();
  });
});
