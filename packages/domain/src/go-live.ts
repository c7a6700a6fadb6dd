/**
 * Going live on a reseller domain: the DNS records the reseller publishes (its SES identity's Easy DKIM and
 * custom MAIL FROM, a DMARC policy, the alias to CloudFront) and, from what the cloud reports, which of them
 * are verified. One list for `npm run dns` (config-and-deploy domains) and the console's go-live checklist
 * (domains provisioned at run time). Pure.
 */

export type DnsRecordType = 'CNAME' | 'MX' | 'TXT';

/** What a record is for; each is verified by a different check of the cloud's. */
export type DnsRecordPurpose = 'dkim' | 'mailFromMx' | 'mailFromSpf' | 'dmarc' | 'alias';

export interface DomainDnsRecord {
  purpose: DnsRecordPurpose;
  name: string;
  type: DnsRecordType;
  value: string;
}

/** Easy DKIM always gives three tokens. */
export const DKIM_TOKEN_COUNT = 3;

/** The MAIL FROM domain a reseller domain gets unless configured otherwise (a subdomain used for nothing else). */
export const defaultMailFromDomain = (domain: string): string => `mail.${domain}`;

/** A value that exists only once the cloud has the resource is shown as this placeholder. */
export const dkimTokenPlaceholder = (n: number): string => `<token${n}>`;
export const ALIAS_TARGET_PLACEHOLDER = '<distribution>.cloudfront.net';

export interface DomainDnsFacts {
  domain: string;
  mailFromDomain: string;
  /** The SES region (the MAIL FROM MX points at its feedback endpoint). */
  region: string;
  /** Easy DKIM's tokens, once SES has the identity. */
  dkimTokens?: readonly string[];
  /** Where the domain's CNAME points (a distribution's or a connection group's domain), once it exists. */
  aliasTarget?: string;
}

export function domainDnsRecords(facts: DomainDnsFacts): DomainDnsRecord[] {
  const { domain, mailFromDomain, region } = facts;
  const tokens =
    facts.dkimTokens?.length === DKIM_TOKEN_COUNT
      ? facts.dkimTokens
      : Array.from({ length: DKIM_TOKEN_COUNT }, (_, i) => dkimTokenPlaceholder(i + 1));
  return [
    ...tokens.map((token): DomainDnsRecord => ({
      purpose: 'dkim',
      name: `${token}._domainkey.${domain}`,
      type: 'CNAME',
      value: `${token}.dkim.amazonses.com`,
    })),
    { purpose: 'mailFromMx', name: mailFromDomain, type: 'MX', value: `10 feedback-smtp.${region}.amazonses.com` },
    { purpose: 'mailFromSpf', name: mailFromDomain, type: 'TXT', value: '"v=spf1 include:amazonses.com ~all"' },
    {
      purpose: 'dmarc',
      name: `_dmarc.${domain}`,
      type: 'TXT',
      value: `"v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@${domain}"`,
    },
    { purpose: 'alias', name: domain, type: 'CNAME', value: facts.aliasTarget ?? ALIAS_TARGET_PLACEHOLDER },
  ];
}

/** What the cloud says of a domain: each check passed or not. */
export interface DomainVerification {
  /** The domain answers through CloudFront with its certificate issued. */
  alias: boolean;
  /** SES found the three DKIM CNAMEs. */
  dkim: boolean;
  /** SES found the MAIL FROM MX (and so uses the custom MAIL FROM). */
  mailFrom: boolean;
  /** A DMARC policy is published (recommended, not required to go live). */
  dmarc: boolean;
}

export interface ChecklistRecord extends DomainDnsRecord {
  verified: boolean;
  /** False for a recommendation: the domain goes live without it. */
  required: boolean;
}

const checkOf: Record<DnsRecordPurpose, keyof DomainVerification> = {
  dkim: 'dkim',
  mailFromMx: 'mailFrom',
  mailFromSpf: 'mailFrom',
  dmarc: 'dmarc',
  alias: 'alias',
};

export interface DomainChecklist {
  records: ChecklistRecord[];
  /** Every required record verified: the site answers on the domain and mails from it. */
  live: boolean;
}

export function domainChecklist(facts: DomainDnsFacts, verification: DomainVerification): DomainChecklist {
  const records = domainDnsRecords(facts).map((r): ChecklistRecord => ({
    ...r,
    verified: verification[checkOf[r.purpose]],
    required: r.purpose !== 'dmarc',
  }));
  return { records, live: records.every((r) => r.verified || !r.required) };
}
