import { afterEach, describe, expect, it } from 'vitest';
import { meter, pageItems, takeConsumed } from './dynamo-meter.ts';

type Args = { input: Record<string, unknown> };

/** Runs the middleware around a fake client answering `output`; returns the input the client was sent. */
async function through(commandName: string, input: Record<string, unknown>, output: Record<string, unknown>) {
  let sent: Record<string, unknown> | undefined;
  const next = async (args: Args) => {
    sent = structuredClone(args.input);
    return { output: { $metadata: {}, ...output }, response: {} };
  };
  const handler = meter(next as never, { commandName } as never) as unknown as (args: Args) => Promise<unknown>;
  await handler({ input });
  return sent!;
}

afterEach(() => {
  pageItems.recording = false;
  pageItems.keys.clear();
  takeConsumed();
});

describe('the bench’s DynamoDB meter', () => {
  it('sums the read and write units each answer reports, and resets on taking them', async () => {
    await through('QueryCommand', {}, { ConsumedCapacity: { CapacityUnits: 2.5 } });
    await through('BatchGetItemCommand', {}, { ConsumedCapacity: [{ CapacityUnits: 1 }, { CapacityUnits: 0.5 }] });
    await through('PutItemCommand', {}, { ConsumedCapacity: { CapacityUnits: 1 } });
    expect(takeConsumed()).toEqual({ read: 4, write: 1 });
    expect(takeConsumed()).toEqual({ read: 0, write: 0 });
  });

  it('asks every request for its consumed capacity', async () => {
    expect(await through('GetItemCommand', { Key: {} }, {})).toMatchObject({ ReturnConsumedCapacity: 'TOTAL' });
  });

  it('records the keys of the items read only while recording, marshalled or not, once each', async () => {
    const items = {
      Items: [
        { pk: 'A', sk: '1' },
        { pk: { S: 'B' }, sk: { S: '2' } },
      ],
    };
    await through('QueryCommand', {}, items);
    expect(pageItems.keys.size).toBe(0);
    pageItems.recording = true;
    await through('QueryCommand', {}, items);
    await through('GetItemCommand', {}, { Item: { pk: 'A', sk: '1' } });
    await through('BatchGetItemCommand', {}, { Responses: { table: [{ pk: 'C', sk: '3' }] } });
    await through('TransactGetItemsCommand', {}, { Responses: [{ Item: { pk: 'D', sk: '4' } }, {}] });
    // A write's answer (its old item) is not a page's item.
    await through('PutItemCommand', {}, { Attributes: { pk: 'E', sk: '5' } });
    expect([...pageItems.keys.values()]).toEqual([
      { pk: 'A', sk: '1' },
      { pk: 'B', sk: '2' },
      { pk: 'C', sk: '3' },
      { pk: 'D', sk: '4' },
    ]);
  });

  it('adds the table key to a projection while recording, never naming a path twice', async () => {
    pageItems.recording = true;
    const sent = await through('QueryCommand', { ProjectionExpression: 'userId' }, {});
    expect(sent.ProjectionExpression).toBe('userId, pk, sk');
    const named = await through(
      'QueryCommand',
      { ProjectionExpression: '#p, sk, userId', ExpressionAttributeNames: { '#p': 'pk' } },
      {},
    );
    expect(named.ProjectionExpression).toBe('#p, sk, userId');
    const batch = await through(
      'BatchGetItemCommand',
      { RequestItems: { table: { Keys: [], ProjectionExpression: 'name' } } },
      {},
    );
    expect(batch.RequestItems).toEqual({ table: { Keys: [], ProjectionExpression: 'name, pk, sk' } });
    pageItems.recording = false;
    expect((await through('QueryCommand', { ProjectionExpression: 'userId' }, {})).ProjectionExpression).toBe('userId');
  });
});
