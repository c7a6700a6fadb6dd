/** Small DynamoDB helpers shared by the users, customer-group and permission-group repos. */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/db';
export { queryAll } from '#lib/db';
import { isConditionFailure } from '#lib/errors';
import type { UniqueField } from './repo.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Runs a transaction whose labelled items guard uniqueness. When DynamoDB cancels it because guards
 * already exist, the answer names them (cancellation reasons come back in item order).
 */
export async function transactUnique<L extends string = UniqueField>(
  items: { label: L | null; op: TransactItem }[],
): Promise<{ ok: true } | { ok: false; taken: L[] }> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items.map((i) => i.op) }));
    return { ok: true };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    const taken = reasons.flatMap((r, i) => {
      const label = items[i]?.label;
      return r.Code === 'ConditionalCheckFailed' && label ? [label] : [];
    });
    if (!taken.length) throw err;
    return { ok: false, taken };
  }
}

/** `SET #f0 = :f0, …` for the fields given (undefined ones left out), with its names and values. */
export function setClause(fields: Record<string, unknown>, prefix = 'f') {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
  return {
    expression: entries.length ? `SET ${entries.map((_, i) => `#${prefix}${i} = :${prefix}${i}`).join(', ')}` : '',
    names: Object.fromEntries(entries.map(([k], i) => [`#${prefix}${i}`, k])),
    values: Object.fromEntries(entries.map(([, v], i) => [`:${prefix}${i}`, v])),
  };
}
