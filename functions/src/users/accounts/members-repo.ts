/**
 * The members of an agency or company account as stored: the member items under the legal entity's partition
 * (written with each user, items-repo.ts) and the deactivation mark on a member's user item.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, decodeCursor, encodeCursor, tableName, transactOrFalse, type TransactItem } from '#lib/db';
import { keys, type SiteId } from '#lib/keys';
import { userKeys } from '../keys.ts';

/** One page of the member ids of a legal entity, in user-id order (stable across pages). */
export async function memberIdsPage(
  siteId: SiteId,
  leId: string,
  opts: { cursor?: string | undefined; limit: number },
): Promise<{ userIds: string[]; nextCursor: string | null }> {
  const pk = userKeys.legalEntityPk(siteId, leId);
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': userKeys.legalEntityMemberPrefix },
      ProjectionExpression: 'pk, sk, userId',
      Limit: opts.limit,
      ExclusiveStartKey: opts.cursor ? decodeCursor(opts.cursor, 'table', pk) : undefined,
    }),
  );
  return {
    userIds: (out.Items ?? []).map((i) => String(i.userId)),
    nextCursor: out.LastEvaluatedKey ? encodeCursor(out.LastEvaluatedKey) : null,
  };
}

/**
 * Marks a member deactivated (`deactivate`) or active again, with its audit entry, in one transaction; only while
 * the user still books as that legal entity and is not its admin. False when that no longer holds.
 */
export async function setMemberDeactivated(
  siteId: SiteId,
  member: { userId: string; legalEntityId: string },
  deactivate: boolean,
  now: Date,
  audit: TransactItem,
): Promise<boolean> {
  const at = now.toISOString();
  return transactOrFalse([
    {
      Update: {
        TableName: tableName(),
        Key: keys.user(siteId, member.userId),
        UpdateExpression: deactivate
          ? 'SET deactivatedAt = :at, updatedAt = :at'
          : 'SET updatedAt = :at REMOVE deactivatedAt',
        ConditionExpression: 'attribute_exists(pk) AND legalEntityId = :le AND accountRole <> :admin',
        ExpressionAttributeValues: { ':le': member.legalEntityId, ':admin': 'admin', ':at': at },
      },
    },
    audit,
  ]);
}
