import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DomainVerification } from '@tp/domain/go-live';
import { db, queryAll, tableName } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { GO_LIVE_SK, goLiveKeys } from './keys.ts';
import type { ProvisionerKind } from './provisioner.ts';

/** What was last learnt of a domain's go-live: by which provisioner, in which region, what the cloud said. */
export interface GoLiveRecord {
  domain: string;
  mailFromDomain: string;
  provider: ProvisionerKind;
  region: string;
  dkimTokens?: string[];
  aliasTarget?: string;
  verification: DomainVerification;
  startedAt: string;
  checkedAt: string;
}

/** A site's go-live records (one per domain started; a handful at most, one partition range). */
export async function goLiveRecords(siteId: SiteId): Promise<GoLiveRecord[]> {
  const key = goLiveKeys.domain(siteId, 'x');
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    ExpressionAttributeValues: { ':pk': key.pk, ':sk': GO_LIVE_SK },
    ConsistentRead: true,
  });
  return items.map(({ pk: _pk, sk: _sk, type: _type, ...record }) => record as unknown as GoLiveRecord);
}

/** Saves what the cloud answered; the latest answer wins (each is a full reading of the domain's state). */
export async function putGoLiveRecord(siteId: SiteId, record: GoLiveRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...goLiveKeys.domain(siteId, record.domain), type: 'GoLive', ...record },
    }),
  );
}
