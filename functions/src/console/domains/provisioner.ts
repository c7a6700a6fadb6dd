/**
 * The go-live port: what the console asks of the cloud for a reseller domain. Two adapters: `local` (the
 * local stack, where `<name>.localhost` answers as soon as the site record exists) and `aws` (a CloudFront
 * distribution tenant with a CloudFront-managed certificate, and an SES identity with Easy DKIM and a custom
 * MAIL FROM). Which one a Lambda gets is `provisionerOf` (provisioner-of.ts).
 */
import type { DomainVerification } from '@tp/domain/go-live';

export type ProvisionerKind = 'local' | 'aws';

export interface DomainRequest {
  domain: string;
  mailFromDomain: string;
  /** Tagged on what the cloud creates, so an operator can tell whose a resource is. */
  siteId: string;
}

/** What the cloud holds for a domain, and which of its DNS records it has verified. */
export interface DomainState {
  /** Easy DKIM's tokens, once SES has the identity. */
  dkimTokens?: string[];
  /** Where the domain's CNAME must point, once known. */
  aliasTarget?: string;
  verification: DomainVerification;
}

export interface DomainProvisioner {
  readonly kind: ProvisionerKind;
  /** The SES region (the MAIL FROM record names its feedback endpoint). */
  readonly region: string;
  /** Creates what the domain needs, keeping what already exists (safe to repeat), and answers its state. */
  start(request: DomainRequest): Promise<DomainState>;
  /** Reads the domain's state; creates nothing. */
  check(request: DomainRequest): Promise<DomainState>;
}
