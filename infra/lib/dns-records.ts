/**
 * The DNS records a reseller publishes for its domain (`npm run dns`), from the same config as the stacks:
 * its SES identity (Easy DKIM, custom MAIL FROM), a DMARC policy and the CloudFront alias. Values known
 * only after a deploy (the DKIM tokens, the distribution's domain) say where to read them.
 */
import { mailFromDomainOf, type SiteConfig } from '../config/sites.ts';
import { stackNameOf, type StageConfig } from '../config/stages.ts';

export interface DnsRecord {
  name: string;
  type: 'CNAME' | 'MX' | 'TXT';
  value: string;
  /** What the record is for, and where to read a value that exists only after deploy. */
  note: string;
}

/** Easy DKIM always gives three tokens. */
const DKIM_TOKENS = [1, 2, 3] as const;

/** CDK's logical id of a construct id with dots and dashes (`Site-a.b` → `Siteab`). */
export const outputIdOf = (constructId: string): string => constructId.replace(/[^A-Za-z0-9]/g, '');

export function dnsRecordsOf(stage: StageConfig, site: SiteConfig, region: string): DnsRecord[] {
  const mailFrom = mailFromDomainOf(site);
  const web = stackNameOf(stage, 'web');
  const tokens = `aws sesv2 get-email-identity --region ${region} --email-identity ${site.domain} --query DkimAttributes.Tokens`;
  const dkim = DKIM_TOKENS.map((n): DnsRecord => ({
    name: `<token${n}>._domainkey.${site.domain}`,
    type: 'CNAME',
    value: `<token${n}>.dkim.amazonses.com`,
    note:
      n === 1
        ? `Easy DKIM: the tokens exist once ${stackNameOf(stage, 'messaging')} is deployed; read them with \`${tokens}\`, or the whole records from its outputs ${DKIM_TOKENS.map((i) => outputIdOf(`Dkim${i}-${site.domain}`)).join(', ')}`
        : `Easy DKIM token ${n}, as above`,
  }));
  return [
    ...dkim,
    {
      name: mailFrom,
      type: 'MX',
      value: `10 feedback-smtp.${region}.amazonses.com`,
      note: 'Custom MAIL FROM: bounces return to SES here',
    },
    {
      name: mailFrom,
      type: 'TXT',
      value: '"v=spf1 include:amazonses.com ~all"',
      note: 'SPF for the MAIL FROM domain',
    },
    {
      name: `_dmarc.${site.domain}`,
      type: 'TXT',
      value: `"v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@${site.domain}"`,
      note: 'Suggested DMARC policy (start with p=none for a week if the domain already sends other mail); skip if the domain has one',
    },
    {
      name: site.domain,
      type: 'CNAME',
      value: '<distribution>.cloudfront.net',
      note: `CloudFront alias: output ${outputIdOf(`Site-${site.domain}-DomainName`)} of ${web} (\`aws cloudformation describe-stacks --region ${region} --stack-name ${web} --query Stacks[0].Outputs\`); a zone apex needs an ALIAS/A record instead`,
    },
  ];
}
