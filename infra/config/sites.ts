/**
 * Reseller domains: one CloudFront distribution and one SES identity each, all serving the same SPA and
 * API (branding is looked up by domain at load, so the SPA needs nothing per reseller). A new reseller
 * goes live from the console instead, without a deploy (a tenant of the web stack's multi-tenant
 * distribution: docs/deploy.md "Going live on a domain"); a domain listed here needs its ACM certificate,
 * which CloudFront requires in us-east-1 whatever the stacks' region, and `npm run dns` prints its records.
 * ARNs below are placeholders.
 */
import { defaultMailFromDomain } from '@tp/domain/go-live';
import type { StageName } from './stages.ts';

export interface SiteConfig {
  domain: string;
  certificateArn: string;
  /**
   * The custom MAIL FROM domain of the reseller's SES identity (bounces are returned there, so SPF and
   * DMARC align on the reseller's own domain). Defaults to `mail.<domain>`; it must be a subdomain of
   * `domain` not used for anything else (it gets an MX record pointing at SES).
   */
  mailFromDomain?: string;
}

export const mailFromDomainOf = (site: SiteConfig): string => site.mailFromDomain ?? defaultMailFromDomain(site.domain);

const placeholderCert = (account: string, n: number): string =>
  `arn:aws:acm:us-east-1:${account}:certificate/00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The demo resellers of the local stack (DEMO_DOMAINS), as they would be deployed. */
export const SITES: Record<StageName, readonly SiteConfig[]> = {
  dev: [
    { domain: 'dev.flightdeals.example.com', certificateArn: placeholderCert('111111111111', 1) },
    { domain: 'dev.skyway.example.com', certificateArn: placeholderCert('111111111111', 2) },
    { domain: 'dev.partner.example.com', certificateArn: placeholderCert('111111111111', 3) },
  ],
  prod: [
    { domain: 'flightdeals.example.com', certificateArn: placeholderCert('222222222222', 1) },
    { domain: 'skyway.example.com', certificateArn: placeholderCert('222222222222', 2) },
    { domain: 'partner.example.com', certificateArn: placeholderCert('222222222222', 3) },
  ],
};
