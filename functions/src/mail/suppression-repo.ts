/** The suppression list: addresses SES reported as hard-bouncing or complaining, never mailed again. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { sha256 } from '#lib/crypto';
import { batchGet, db, tableName } from '#lib/db';
import { mailKeys } from './keys.ts';

export type SuppressionReason = 'bounce' | 'complaint';

const keyOf = (address: string) => mailKeys.suppressed(sha256(address.trim().toLowerCase()));

/** Records the address (idempotent: a repeat report overwrites the same item with its latest reason). */
export async function suppress(address: string, reason: SuppressionReason, at: Date): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      // Only the hash is stored: the list needs to recognise an address, not to hold it.
      Item: { ...keyOf(address), type: 'MailSuppression', reason, at: at.toISOString() },
    }),
  );
}

/** Which of `addresses` are suppressed (one BatchGet for the lot). */
export async function suppressedOf(addresses: readonly string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const byPk = new Map(addresses.map((a) => [keyOf(a).pk, a]));
  const found = await batchGet([...byPk.keys()].map((pk) => ({ pk, sk: 'MAIL' })));
  return new Set(found.map((item) => byPk.get(String(item.pk))!).filter(Boolean));
}
