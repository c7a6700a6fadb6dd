/**
 * The DNS records a reseller publishes for a domain of infra/config/sites.ts (`npm run dns`): the records of
 * `@tp/domain/go-live` (the same list the console's go-live checklist shows), each with where to read a value
 * that exists only after a deploy (the DKIM tokens, the distribution's domain).
 */
import { domainDnsRecords, DKIM_TOKEN_COUNT, type DomainDnsRecord } from '@tp/domain/go-live';
import { mailFromDomainOf, type SiteConfig } from '../config/sites.ts';
import { stackNameOf, type StageConfig } from '../config/stages.ts';

export interface DnsRecord extends DomainDnsRecord {
  /** What the record is for, and where to read a value that exists only after deploy. */
  note: string;
}

const DKIM_TOKENS = Array.from({ length: DKIM_TOKEN_COUNT }, (_, i) => i + 1);

/** CDK's logical id of a construct id with dots and dashes (`Site-a.b` → `Siteab`). */
export const outputIdOf = (constructId: string): string => constructId.replace(/[^A-Za-z0-9]/g, '');

export function dnsRecordsOf(stage: StageConfig, site: SiteConfig, region: string): DnsRecord[] {
  const web = stackNameOf(stage, 'web');
  const tokens = `aws sesv2 get-email-identity --region ${region} --email-identity ${site.domain} --query DkimAttributes.Tokens`;
  let dkim = 0;
  const noteOf = (record: DomainDnsRecord): string => {
    switch (record.purpose) {
      case 'dkim':
        dkim += 1;
        return dkim === 1
          ? `Easy DKIM: the tokens exist once ${stackNameOf(stage, 'messaging')} is deployed; read them with \`${tokens}\`, or the whole records from its outputs ${DKIM_TOKENS.map((i) => outputIdOf(`Dkim${i}-${site.domain}`)).join(', ')}`
          : `Easy DKIM token ${dkim}, as above`;
      case 'mailFromMx':
        return 'Custom MAIL FROM: bounces return to SES here';
      case 'mailFromSpf':
        return 'SPF for the MAIL FROM domain';
      case 'dmarc':
        return 'Suggested DMARC policy (start with p=none for a week if the domain already sends other mail); skip if the domain has one';
      case 'alias':
        return `CloudFront alias: output ${outputIdOf(`Site-${site.domain}-DomainName`)} of ${web} (\`aws cloudformation describe-stacks --region ${region} --stack-name ${web} --query Stacks[0].Outputs\`); a zone apex needs an ALIAS/A record instead`;
    }
  };
  return domainDnsRecords({ domain: site.domain, mailFromDomain: mailFromDomainOf(site), region }).map((r) => ({
    ...r,
    note: noteOf(r),
  }));
}
