/** The email worker's "already sent" markers: at most one send per idempotency key. */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { sha256 } from '#lib/crypto';
import { db, tableName, writeOrFalse } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { mailKeys } from './keys.ts';

/** Markers outlive the queue's retention (4 days by default), so any redelivery still finds them. */
const SENT_MARKER_TTL_SECONDS = 7 * 24 * 3600;

const markerKey = (siteId: SiteId, idempotencyKey: string) => mailKeys.mailSent(siteId, sha256(idempotencyKey));

/** Claims the key before sending; false when a previous delivery already claimed it. */
export const claimMailSent = (siteId: SiteId, idempotencyKey: string, now: Date): Promise<boolean> =>
  writeOrFalse(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...markerKey(siteId, idempotencyKey),
        type: 'MailSent',
        sentAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + SENT_MARKER_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );

/** Gives a claim back after a failed send, so the retry can send. */
export async function releaseMailSent(siteId: SiteId, idempotencyKey: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: markerKey(siteId, idempotencyKey) }));
}
