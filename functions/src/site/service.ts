import type { PolicyPage, TSiteDetails } from '@tp/contracts/endpoints/site';
import { ZSiteDetails } from '@tp/contracts/endpoints/site';
import * as MSG from '@tp/contracts/messages';
import { fail } from '#lib/errors';
import { siteByDomain, type SiteRecord } from '#lib/tenancy';
import * as repo from './repo.ts';
import { withCleanSiteHtml } from './sanitize.ts';
import * as api from '@tp/contracts/endpoints/site';
import { answers } from '#lib/answers';

export interface SiteDeps {
  siteByDomain: (domain: string) => Promise<SiteRecord | null>;
  /** The record as stored now, past the request-path cache. */
  siteFresh: (siteId: SiteRecord['siteId']) => Promise<SiteRecord | null>;
  getPolicy: typeof repo.getPolicy;
}
const defaults: SiteDeps = { siteByDomain, siteFresh: repo.getSiteFresh, getPolicy: repo.getPolicy };

/**
 * Public branding of the site serving `domain`; internal fields are stripped by the schema. The
 * header and footer html is cleaned again on the way out: a record saved before sanitising on save
 * (or written around putSite) must not reach a page that paints it without a sanitiser.
 * The domain → site mapping comes from the 30 s cache, the record itself is read fresh: staff saving
 * settings in the settings Lambda cannot clear this Lambda's cache, and a fresh visit must show the
 * change (one GetItem per page load).
 */
export async function detect(domain: string, deps: SiteDeps = defaults): Promise<TSiteDetails> {
  const mapped = await deps.siteByDomain(domain);
  const site = mapped && (await deps.siteFresh(mapped.siteId));
  if (!site) throw fail.notFound(MSG.siteNotFound);
  return ZSiteDetails.parse(withCleanSiteHtml(site));
}

export const POLICY_TITLES: Record<PolicyPage, string> = {
  terms_and_conditions: 'Terms and Conditions',
  privacy_policy: 'Privacy Policy',
  cancellation_return_refund_policy: 'Cancellation, Return and Refund Policy',
  'api-partner-program': 'API Partner Program',
};

/** The policy text a new site starts with (staff replace it on the policy settings screen). */
export const defaultPolicyHtml = (company: string, title: string): string =>
  `<h2>${title}</h2><p>These terms apply to bookings made on ${company}. Fares are subject to availability and airline rules until ticketed.</p>` +
  `<p>Cancellations and changes follow the fare rules shown before payment; refunds are credited to the original payment method or wallet.</p>`;

export async function policyPage(site: SiteRecord, page: PolicyPage, deps: SiteDeps = defaults) {
  const rec = await deps.getPolicy(site.siteId, page);
  if (!rec) throw fail.notFound();
  return { page, title: rec.title || POLICY_TITLES[page], html: rec.html, updatedAt: rec.updatedAt };
}

// The site Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerDetectSite = answers(api.detectSite, (input) => detect(input.domain));
export const answerGetPolicyPage = answers(api.getPolicyPage, (input, scope) => policyPage(scope.site, input.page));
