/**
 * Absolute links to a site's pages, apart from the mail module: a Lambda that links but never mails (a share or a
 * driver link) does not carry the SQS client in its bundle. lib/mail.ts re-exports these.
 */
import { SPA_BASENAME } from '@tp/contracts/spa-routes';
import { env } from './config.ts';
import type { SiteRecord } from './tenancy.ts';

/** The site's public origin for links in mail: its domain, with the local stack's scheme and port. */
export function siteOrigin(site: Pick<SiteRecord, 'domain'>): string {
  const { PUBLIC_URL_SCHEME, PUBLIC_URL_PORT } = env();
  return `${PUBLIC_URL_SCHEME}://${site.domain}${PUBLIC_URL_PORT ? `:${PUBLIC_URL_PORT}` : ''}`;
}

/** An absolute link to a screen of the SPA on the site's own domain, e.g. appLink(site, '/login'). */
export function appLink(site: Pick<SiteRecord, 'domain'>, path: string, query: Record<string, string> = {}): string {
  const qs = new URLSearchParams(query).toString();
  return `${siteOrigin(site)}${SPA_BASENAME}${path}${qs ? `?${qs}` : ''}`;
}
