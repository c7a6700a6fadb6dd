import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PolicyPage, TSiteDetails } from '@tp/contracts/site';
import { db, tableName } from '#lib/db';
import { keys } from '#lib/keys';

export interface PolicyRecord {
  page: PolicyPage;
  title: string;
  html: string;
  updatedAt: string;
}

export async function getPolicy(siteId: string, page: PolicyPage): Promise<PolicyRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.policyPage(siteId, page) }));
  return (Item as PolicyRecord | undefined) ?? null;
}

export type { TSiteDetails };
