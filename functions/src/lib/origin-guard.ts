import type { Endpoint } from '@tp/contracts/endpoint';
import * as MSG from '@tp/contracts/messages';
import { AUTH } from '@tp/contracts/platform';
import { fail } from './errors.ts';
import { normaliseDomain, siteByDomain, type SiteRecord } from './tenancy.ts';

/**
 * Cross-site request refusal for every call that is not a GET. The session cookie is `SameSite=Lax`,
 * which already stops most cross-site posts; this is the second, explicit layer the spec's partner
 * model needs:
 * - the body must be JSON (`text/plain` and form posts are what a page on another origin can send
 *   without a CORS preflight);
 * - the `Origin` (or, when a browser omits it, the `Referer`) must be one of the site's own domains
 *   or one of its configured partner origins (`SiteRecord.allowedOrigins`).
 * Exempt: calls authenticated by the `auth-token` header (partner sites calling server to server; a
 * page on another origin cannot set that header without a preflight we never grant) and endpoints
 * marked `serverToServer` (signed gateway callbacks that prove themselves).
 */
export async function refuseCrossSite(
  endpoint: Pick<Endpoint, 'method' | 'serverToServer'>,
  headers: Record<string, string | undefined>,
  site: () => Promise<Pick<SiteRecord, 'siteId' | 'allowedOrigins'>>,
  siteIdOfDomain: (domain: string) => Promise<string | null> = async (d) => (await siteByDomain(d))?.siteId ?? null,
): Promise<void> {
  if (endpoint.method === 'GET' || endpoint.serverToServer) return;
  if (headers[AUTH.tokenName]) return;
  const contentType = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (contentType !== 'application/json') throw fail.forbidden(MSG.crossSiteRefused);
  const origin = requestOrigin(headers);
  if (!origin) throw fail.forbidden(MSG.crossSiteRefused);
  const own = await site();
  if (own.allowedOrigins?.includes(origin)) return;
  const host = normaliseDomain(origin);
  const originSiteId = host ? await siteIdOfDomain(host) : null;
  if (originSiteId !== own.siteId) throw fail.forbidden(MSG.crossSiteRefused);
}

/** `scheme://host[:port]` of the page that sent the request, or '' when the browser said nothing usable. */
export function requestOrigin(headers: Record<string, string | undefined>): string {
  const origin = headers['origin'];
  if (origin && origin !== 'null') return origin.toLowerCase();
  const referer = headers['referer'];
  if (!referer) return '';
  try {
    return new URL(referer).origin.toLowerCase();
  } catch {
    return '';
  }
}
