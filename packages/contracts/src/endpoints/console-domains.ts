/**
 * Ours: going live on a reseller's domains, from the platform console (docs/deploy.md "Going live on a domain").
 * Per domain of a site, the DNS records the reseller publishes (what `npm run dns` prints for a configured
 * domain) and whether the cloud has verified each. Served by the console Lambda, operators only:
 *
 * - `console/getGoLive`: the checklist as last started or checked (nothing is asked of the cloud);
 * - `console/startGoLive`: creates what each domain needs (a CloudFront distribution tenant with a managed
 *   certificate, an SES identity with DKIM and MAIL FROM; on the local stack nothing: the domain is live at
 *   once) and answers the checklist; safe to repeat;
 * - `console/checkGoLive`: asks the cloud again which records it has verified.
 */
import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { zId } from '../fields.ts';
import { lazy } from '../lazy.ts';

export const CONSOLE_DOMAINS_MSG = {
  resellerNotFound: 'No such reseller',
  started: 'Going live started: publish the DNS records below, then check again',
  live: 'Every domain is live',
  checked: 'Checked: the records still pending are marked',
  notConfigured:
    'Going live is not set up on this stage yet: set tenantDistributionId in infra/config/stages.ts (the web stack’s TenantDistributionId output) and deploy the api stack',
} as const;

/** Who provisions: `local` (the local stack: live at once) or `aws` (CloudFront and SES). */
export const GO_LIVE_PROVIDERS = ['local', 'aws'] as const;
/** A domain's go-live state: nothing asked yet, records pending, or every required record verified. */
export const DOMAIN_GO_LIVE_STATES = ['notStarted', 'pending', 'live'] as const;
export const DNS_RECORD_TYPES = ['CNAME', 'MX', 'TXT'] as const;
/** What a record is for (each is verified by its own check; the checklist labels it). */
export const DNS_RECORD_PURPOSES = ['dkim', 'mailFromMx', 'mailFromSpf', 'dmarc', 'alias'] as const;

export const ZDnsRecord = lazy(() =>
  z.object({
    purpose: z.enum(DNS_RECORD_PURPOSES),
    name: z.string(),
    type: z.enum(DNS_RECORD_TYPES),
    value: z.string(),
    verified: z.boolean(),
    /** False for a recommendation: the domain goes live without it. */
    required: z.boolean(),
  }),
);

export const ZDomainGoLive = lazy(() =>
  z.object({
    domain: z.string(),
    mailFromDomain: z.string(),
    state: z.enum(DOMAIN_GO_LIVE_STATES),
    /** ISO times of the last start and the last look at the cloud. */
    startedAt: z.optional(z.string()),
    checkedAt: z.optional(z.string()),
    records: z.array(ZDnsRecord),
  }),
);

export const ZGoLive = lazy(() =>
  z.object({
    siteId: z.string(),
    provider: z.enum(GO_LIVE_PROVIDERS),
    /** Every domain live. */
    live: z.boolean(),
    domains: z.array(ZDomainGoLive),
  }),
);

const zGoLiveRequest = lazy(() => z.object({ siteId: zId(CONSOLE_DOMAINS_MSG.resellerNotFound) }));

export const getGoLive = endpoint({
  id: 'console.getGoLive',
  api: 'site',
  method: 'GET',
  path: 'console/getGoLive',
  domain: 'console',
  auth: 'operator',
  request: zGoLiveRequest,
  response: ZGoLive,
  summary: "A reseller's go-live checklist: per domain, the DNS records to publish and whether each is verified.",
});

export const startGoLive = endpoint({
  id: 'console.startGoLive',
  api: 'site',
  method: 'POST',
  path: 'console/startGoLive',
  domain: 'console',
  auth: 'operator',
  request: zGoLiveRequest,
  response: ZGoLive,
  summary: "Creates what each of a reseller's domains needs to go live (safe to repeat) and answers the checklist.",
});

export const checkGoLive = endpoint({
  id: 'console.checkGoLive',
  api: 'site',
  method: 'POST',
  path: 'console/checkGoLive',
  domain: 'console',
  auth: 'operator',
  request: zGoLiveRequest,
  response: ZGoLive,
  summary: "Asks the cloud again which of a reseller's DNS records it has verified.",
});

export const consoleDomainsEndpoints = [getGoLive, startGoLive, checkGoLive];
