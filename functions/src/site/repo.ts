import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PolicyPage } from '@tp/contracts/endpoints/site';
import { auditPut, type AuditActor, type AuditRecord } from '#lib/audit';
import { db, setClause, tableName, transactOrFalse, type TransactItem } from '#lib/db';
import { keys, type SiteId } from '#lib/keys';
import { siteKeys } from './keys.ts';
import type { SiteRecord } from '#lib/tenancy';
import { sanitizeSiteHtml, withCleanSiteHtml } from './sanitize.ts';

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

/**
 * A new site as items of the transaction that creates it: the record (never over an existing one), each domain's
 * lookup (a domain another site holds cancels the transaction: `domainAt` names which item that was) and its
 * policy pages. Header and footer html are sanitised here, as putSite does.
 */
export function newSiteItems(
  site: SiteRecord,
  domains: readonly string[],
  policies: readonly PolicyRecord[],
): { items: TransactItem[]; domainAt: (index: number) => string | undefined } {
  const domainItems: TransactItem[] = domains.map((d) => ({
    Put: {
      TableName: tableName(),
      Item: { ...keys.domain(d), type: 'Domain', siteId: site.siteId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }));
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.site(site.siteId), type: 'Site', ...withCleanSiteHtml(site) },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...domainItems,
    ...policies.map((p) => ({
      Put: { TableName: tableName(), Item: { ...siteKeys.policyPage(site.siteId, p.page), type: 'Policy', ...p } },
    })),
  ];
  return { items, domainAt: (index) => (index >= 1 && index <= domains.length ? domains[index - 1] : undefined) };
}

/** The site record as stored now (consistent read, no cache): what a fresh visit and the settings screens see. */
export async function getSiteFresh(siteId: SiteId): Promise<SiteRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.site(siteId), ConsistentRead: true }),
  );
  return (Item as SiteRecord | undefined) ?? null;
}

/** Every policy page of a site (four items at most, one partition range). */
export async function listPolicies(siteId: SiteId): Promise<PolicyRecord[]> {
  const key = siteKeys.policyPage(siteId, 'x');
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': key.pk, ':sk': 'POLICY#' },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []) as PolicyRecord[];
}

export interface SiteChange {
  /** The record's `settingsVersion` as read (absent: never saved through the settings screens). */
  version: number | undefined;
  before: Partial<SiteRecord>;
  after: Partial<SiteRecord>;
  by: AuditActor;
  at: Date;
}

/**
 * Sets fields of a site and writes their audit entry in one transaction, only if the record is still the
 * version the caller read (`settingsVersion`): two staff saves never silently overwrite each other; false then.
 * Header and footer html are sanitised here too, so no caller can store them raw.
 */
export async function updateSite(siteId: SiteId, change: SiteChange): Promise<boolean> {
  const after: Partial<SiteRecord> = { ...change.after };
  if (after.headerHtml !== undefined) after.headerHtml = sanitizeSiteHtml(after.headerHtml);
  if (after.footerHtml !== undefined) after.footerHtml = sanitizeSiteHtml(after.footerHtml);
  const version = change.version ?? 0;
  const set = setClause({ ...after, settingsVersion: version + 1 });
  return transactOrFalse([
    {
      Update: {
        TableName: tableName(),
        Key: keys.site(siteId),
        UpdateExpression: set.expression,
        ConditionExpression:
          'attribute_exists(pk) AND (settingsVersion = :version OR (attribute_not_exists(settingsVersion) AND :version = :zero))',
        ExpressionAttributeNames: set.names,
        ExpressionAttributeValues: { ...set.values, ':version': version, ':zero': 0 },
      },
    },
    auditPut(
      siteId,
      {
        entity: 'site',
        id: siteId,
        action: 'update',
        before: defined(change.before),
        after: defined(after),
      },
      change.by,
      change.at,
    ),
  ]);
}

/** A record without its undefined fields (DynamoDB stores none). */
const defined = (r: object): AuditRecord =>
  Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as AuditRecord;

/** Saves a policy page (its html sanitised) with its audit entry. */
export async function putPolicy(
  siteId: SiteId,
  rec: PolicyRecord,
  before: PolicyRecord | null,
  by: AuditActor,
  at: Date,
): Promise<PolicyRecord> {
  const clean = { ...rec, html: sanitizeSiteHtml(rec.html) };
  const ok = await transactOrFalse([
    { Put: { TableName: tableName(), Item: { ...siteKeys.policyPage(siteId, rec.page), type: 'Policy', ...clean } } },
    auditPut(
      siteId,
      {
        entity: 'policy',
        id: rec.page,
        action: before ? 'update' : 'create',
        before: before as AuditRecord | null,
        after: clean as unknown as AuditRecord,
      },
      by,
      at,
    ),
  ]);
  if (!ok) throw new Error('policy page not saved');
  return clean;
}
