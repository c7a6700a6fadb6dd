import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PolicyPage, TSiteDetails } from '@tp/contracts/site';
import { db, tableName } from '#lib/db';
import { keys, type SiteId } from '#lib/keys';
import { siteKeys } from './keys.ts';
import type { SiteRecord } from '#lib/tenancy';
import { withCleanSiteHtml } from './sanitize.ts';

export interface PolicyRecord {
  page: PolicyPage;
  title: string;
  html: string;
  updatedAt: string;
}

export async function getPolicy(siteId: SiteId, page: PolicyPage): Promise<PolicyRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: siteKeys.policyPage(siteId, page) }));
  return (Item as PolicyRecord | undefined) ?? null;
}

/** Saves a site; its header and footer html is sanitised here, once, so pages can paint it as it is. */
export async function putSite(site: SiteRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.site(site.siteId), type: 'Site', ...withCleanSiteHtml(site) },
    }),
  );
}

export type { TSiteDetails };
