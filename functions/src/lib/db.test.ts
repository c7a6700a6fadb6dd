/**
 * The data layer's shared helpers, against a stubbed client: what each answers when DynamoDB refuses a
 * condition, cancels a transaction or leaves keys unprocessed, and that other errors still throw.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchGetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  batchGet,
  cancellationCodes,
  conditionFailedAt,
  db,
  tableName,
  transactOrCancellations,
  transactOrFalse,
  transactUnique,
  updateWithOrFalse,
  writeOrFalse,
  writeOrNull,
  type TransactItem,
} from './db.ts';

const conditionFailed = () => Object.assign(new Error('failed'), { name: 'ConditionalCheckFailedException' });
const cancelled = (...codes: string[]) =>
  Object.assign(new Error('cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
const conflictNoReasons = () => Object.assign(new Error('conflict'), { name: 'TransactionConflictException' });
const throttled = () => Object.assign(new Error('slow down'), { name: 'ProvisionedThroughputExceededException' });

/** Answers each send with the next reply (a value, or an error to throw); records the commands. */
function stub(...replies: unknown[]) {
  const sent: unknown[] = [];
  vi.spyOn(db(), 'send').mockImplementation((async (command: unknown) => {
    sent.push(command);
    const reply = replies.shift();
    if (reply instanceof Error) throw reply;
    return reply;
  }) as never);
  return sent;
}

afterEach(() => vi.restoreAllMocks());

const put = () => new PutCommand({ TableName: 't', Item: { pk: 'a', sk: 'b' }, ConditionExpression: 'x' });
const item = (pk: string): TransactItem => ({ Put: { TableName: 't', Item: { pk, sk: 's' } } });

describe('conditional writes', () => {
  it('answer true / the returned attributes when the write went through', async () => {
    stub({}, { Attributes: { userId: 'u1' } });
    expect(await writeOrFalse(put())).toBe(true);
    expect(await writeOrNull(put())).toEqual({ userId: 'u1' });
  });

  it('answer false / null when the condition failed', async () => {
    stub(conditionFailed(), conditionFailed());
    expect(await writeOrFalse(put())).toBe(false);
    expect(await writeOrNull(put())).toBeNull();
  });

  it('throw any other error', async () => {
    stub(throttled());
    await expect(writeOrFalse(put())).rejects.toThrow('slow down');
  });

  it('send an update alone, or with extra items as one transaction', async () => {
    const sent = stub({}, cancelled('ConditionalCheckFailed', 'None'));
    const update = { TableName: 't', Key: { pk: 'a', sk: 'b' }, UpdateExpression: 'SET x = :x' };
    expect(await updateWithOrFalse(update)).toBe(true);
    expect(await updateWithOrFalse(update, [item('o')])).toBe(false);
    expect(sent[0]).toBeInstanceOf(UpdateCommand);
    expect(sent[1]).toBeInstanceOf(TransactWriteCommand);
  });
});

describe('transactions', () => {
  it('return null when committed, the cancellation codes in item order when a condition failed', async () => {
    stub({}, cancelled('None', 'ConditionalCheckFailed'));
    expect(await transactOrCancellations([item('a'), item('b')])).toBeNull();
    expect(await transactOrCancellations([item('a'), item('b')])).toEqual(['None', 'ConditionalCheckFailed']);
  });

  it('send again a transaction only a conflict with another cancelled, and throw when the conflict lasts', async () => {
    const sent = stub(cancelled('None', 'TransactionConflict'), {});
    await expect(transactOrFalse([item('a'), item('b')])).resolves.toBe(true);
    expect(sent).toHaveLength(2);
    const again = stub(...Array.from({ length: 5 }, () => cancelled('None', 'TransactionConflict')));
    await expect(transactOrFalse([item('a'), item('b')])).rejects.toThrow('cancelled');
    expect(again).toHaveLength(5);
  });

  it('answer a conflict with another transaction with its codes when the caller retries conflicts', async () => {
    stub(cancelled('None', 'TransactionConflict'), conflictNoReasons(), throttled());
    const pair = [item('a'), item('b')];
    expect(await transactOrCancellations(pair, { conflicts: 'answer' })).toEqual(['None', 'TransactionConflict']);
    expect(await transactOrCancellations(pair, { conflicts: 'answer' })).toEqual([]);
    await expect(transactOrCancellations(pair, { conflicts: 'answer' })).rejects.toThrow('slow down');
  });

  it('decode which item cancelled a transaction, and nothing else', () => {
    expect(cancellationCodes(cancelled('None', 'ConditionalCheckFailed'))).toEqual(['None', 'ConditionalCheckFailed']);
    expect(cancellationCodes(conflictNoReasons())).toEqual([]);
    expect(cancellationCodes(conditionFailed())).toBeNull();
    expect(cancellationCodes(throttled())).toBeNull();
    expect(cancellationCodes(undefined)).toBeNull();
    expect(conditionFailedAt(['None', 'ConditionalCheckFailed'], 1)).toBe(true);
    expect(conditionFailedAt(['None', 'TransactionConflict'], 1)).toBe(false);
  });

  it('name the uniqueness guards that were taken, and throw when an unguarded condition failed', async () => {
    stub(cancelled('None', 'ConditionalCheckFailed', 'ConditionalCheckFailed'), cancelled('ConditionalCheckFailed'));
    const ops = [
      { label: null, op: item('user') },
      { label: 'email' as const, op: item('email') },
      { label: 'phone' as const, op: item('phone') },
    ];
    expect(await transactUnique(ops)).toEqual({ ok: false, taken: ['email', 'phone'] });
    await expect(transactUnique(ops)).rejects.toThrow(/unguarded/);
  });

  it('send a transaction of one write as that write alone, with the same answers', async () => {
    const sent = stub({}, conditionFailed(), conditionFailed());
    const update: TransactItem = { Update: { TableName: 't', Key: { pk: 'u' }, UpdateExpression: 'SET a = :a' } };
    expect(await transactOrCancellations([update])).toBeNull();
    expect(await transactOrCancellations([item('a')])).toEqual(['ConditionalCheckFailed']);
    expect(await transactUnique([{ label: 'email' as const, op: item('email') }])).toEqual({
      ok: false,
      taken: ['email'],
    });
    expect(sent.map((c) => c!.constructor)).toEqual([UpdateCommand, PutCommand, PutCommand]);
    expect((sent[0] as UpdateCommand).input).toEqual(update.Update);
  });

  it('keep a lone condition check a transaction', async () => {
    const sent = stub({});
    const check: TransactItem = { ConditionCheck: { TableName: 't', Key: { pk: 'u' }, ConditionExpression: 'x' } };
    expect(await transactOrCancellations([check])).toBeNull();
    expect(sent[0]).toBeInstanceOf(TransactWriteCommand);
  });
});

describe('batchGet', () => {
  it('asks again for unprocessed keys, once per distinct key, in batches of 100', async () => {
    const keys = Array.from({ length: 101 }, (_, i) => ({ pk: `p${i}`, sk: 's' }));
    const row = (k: { pk: string }) => ({ ...k, v: 1 });
    const sent = stub(
      {
        Responses: { [tableName()]: keys.slice(0, 99).map(row) },
        UnprocessedKeys: { [tableName()]: { Keys: [keys[99]] } },
      },
      { Responses: { [tableName()]: [row(keys[99]!)] } },
      { Responses: { [tableName()]: [row(keys[100]!)] } },
    );
    const items = await batchGet([...keys, keys[0]!]);
    expect(items.map((i) => i.pk).sort()).toEqual(keys.map((k) => k.pk).sort());
    expect(sent).toHaveLength(3);
    expect(sent.every((c) => c instanceof BatchGetCommand)).toBe(true);
    const firstBatch = (sent[0] as BatchGetCommand).input.RequestItems![tableName()]!.Keys!;
    expect(firstBatch).toHaveLength(100);
  });
});
