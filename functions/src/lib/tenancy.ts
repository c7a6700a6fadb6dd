import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TSiteDetails } from '@tp/contracts/endpoints/site';
import * as MSG from '@tp/contracts/messages';
import { db, tableName } from './db.ts';
import { asSiteId, keys, type SiteId } from './keys.ts';
import { unseal } from './sealed.ts';
import { fail } from './errors.ts';
import { env } from './config.ts';

/** A site as stored: its public details plus the owner legal entity. */
export interface SiteRecord extends TSiteDetails {
  siteId: SiteId;
  ownerLegalEntityId: string;
  /**
   * Exact origins (`https://partner.example.com`) of partner pages allowed to post to this site's API
   * besides the site's own domains (lib/origin-guard.ts). Server-side only: never in `detetct`.
   */
  allowedOrigins?: string[];
  /**
   * The IANA time zone the site's days are in (a booking-date filter for 10 March means 10 March there).
   * Server-side only; sites stored without one are in DEFAULT_SITE_TIME_ZONE.
   */
  timeZone?: string;
}

export { DEFAULT_SITE_TIME_ZONE, siteTimeZone } from './time.ts';

/**
 * Sites change rarely and are read on every request: a short in-process cache keeps request paths at
 * one DynamoDB read or none. Staff edits to branding show within CACHE_MS on a warm Lambda.
 */
const CACHE_MS = 30_000;
const byId = new Map<SiteId, { at: number; site: SiteRecord | null }>();
const byDomain = new Map<string, { at: number; siteId: SiteId | null }>();

export function clearSiteCache(): void {
  byId.clear();
  byDomain.clear();
}

export async function siteById(siteId: SiteId, now = Date.now()): Promise<SiteRecord | null> {
  const hit = byId.get(siteId);
  if (hit && now - hit.at < CACHE_MS) return hit.site;
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.site(siteId) }));
  const site = (Item as SiteRecord | undefined) ?? null;
  byId.set(siteId, { at: now, site });
  return site;
}

/**
 * One field of a site's server-only secrets item (supply and gateway settings with their credentials),
 * as stored; undefined when unset. Each domain parses and validates its own field.
 */
export async function siteSecret(siteId: SiteId, field: string): Promise<unknown> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.siteSecrets(siteId),
      ProjectionExpression: '#f',
      ExpressionAttributeNames: { '#f': field },
    }),
  );
  // Stored sealed (lib/sealed.ts): opened here, inside the Lambda that calls the supplier or gateway.
  return unseal(Item?.[field], { siteId, field });
}

export async function siteByDomain(domain: string, now = Date.now()): Promise<SiteRecord | null> {
  const host = normaliseDomain(domain);
  if (!host) return null;
  const hit = byDomain.get(host);
  let siteId: SiteId | null;
  if (hit && now - hit.at < CACHE_MS) siteId = hit.siteId;
  else {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.domain(host) }));
    siteId = (Item?.siteId as SiteId | undefined) ?? null;
    byDomain.set(host, { at: now, siteId });
  }
  return siteId ? siteById(siteId, now) : null;
}

/** `Host` values carry ports and sometimes a `www.` prefix; a site is registered by its bare domain. */
export function normaliseDomain(value: string): string {
  let host = value.trim().toLowerCase();
  host = host.replace(/^https?:\/\//, '').split('/')[0] ?? '';
  host = host.replace(/:\d+$/, '').replace(/^www\./, '');
  return /^[a-z0-9.-]+$/.test(host) ? host : '';
}

/**
 * The calling site: `site-id` header first (partner sites), then `domain-name`, then the Host. A
 * `site-id` that disagrees with a known `domain-name` is refused rather than trusted.
 */
export async function resolveSite(headers: Record<string, string | undefined>): Promise<SiteRecord> {
  const siteIdHeader = headers['site-id'];
  const domainHeader = headers['domain-name'] ?? headers['x-forwarded-host'] ?? headers['host'];
  if (siteIdHeader) {
    const site = await siteById(asSiteId(siteIdHeader));
    if (!site) throw fail.notFound(MSG.siteNotFound);
    if (headers['domain-name']) {
      const other = await siteByDomain(headers['domain-name']);
      if (other && other.siteId !== site.siteId) throw fail.forbidden();
    }
    return site;
  }
  const site = domainHeader ? await siteByDomain(domainHeader) : null;
  if (!site) throw fail.notFound(MSG.siteNotFound);
  return site;
}

/** The platform console's host (CONSOLE_DOMAIN): no site lives there, and its pages are the console's. */
export const isConsoleDomain = (domain: string): boolean => {
  const host = normaliseDomain(domain);
  return host !== '' && host === normaliseDomain(env().CONSOLE_DOMAIN);
};
