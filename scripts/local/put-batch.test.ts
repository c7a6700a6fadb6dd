import { describe, expect, it } from 'vitest';
import { putBatch, type PutRequests } from './put-batch.ts';

describe('putBatch', () => {
  it('sends what DynamoDB left unprocessed again until every item is taken, counting the retries', async () => {
    const sent: string[][] = [];
    let retries = 0;
    await putBatch(
      'tp',
      ['a', 'b', 'c'],
      async (request: PutRequests<string>): Promise<PutRequests<string>> => {
        const items = (request.tp ?? []).map((r) => r.PutRequest.Item);
        sent.push(items);
        // The first answer leaves two items, the second one, the third none.
        const left = items.slice(1);
        return left.length ? { tp: left.map((Item) => ({ PutRequest: { Item } })) } : {};
      },
      () => retries++,
    );
    expect(sent).toEqual([['a', 'b', 'c'], ['b', 'c'], ['c']]);
    expect(retries).toBe(2);
  });

  it('sends once when everything is taken, and stops on an answer without the table', async () => {
    let calls = 0;
    await putBatch('tp', [{ pk: 'x' }], async () => {
      calls++;
      return undefined;
    });
    expect(calls).toBe(1);
  });
});
