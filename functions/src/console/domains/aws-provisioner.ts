import { resolveTxt } from 'node:dns/promises';
import {
  CloudFrontClient,
  CreateDistributionTenantCommand,
  GetConnectionGroupCommand,
  GetDistributionTenantByDomainCommand,
  GetManagedCertificateDetailsCommand,
  VerifyDnsConfigurationCommand,
  type DistributionTenant,
} from '@aws-sdk/client-cloudfront';
import {
  CreateEmailIdentityCommand,
  GetEmailIdentityCommand,
  PutEmailIdentityMailFromAttributesCommand,
  SESv2Client,
  type GetEmailIdentityCommandOutput,
} from '@aws-sdk/client-sesv2';
import type { DomainProvisioner, DomainRequest, DomainState } from './provisioner.ts';

export interface AwsProvisionerConfig {
  /** The stage's multi-tenant distribution (the web stack's TenantDistributionId output). */
  distributionId: string;
  /** The stage's SES configuration set: bounces and complaints reach the suppression list. */
  configurationSetName: string;
  region: string;
  stage: string;
}

export interface AwsProvisionerDeps {
  cloudfront: Pick<CloudFrontClient, 'send'>;
  ses: Pick<SESv2Client, 'send'>;
  /** DNS TXT lookup (the DMARC record is checked by nobody in AWS). */
  resolveTxt: (name: string) => Promise<string[][]>;
}

const errorName = (err: unknown): string | undefined => (err as { name?: string } | null)?.name;

/** Answers null for the named "not there" errors; throws any other. */
async function orNull<T>(work: Promise<T>, notFound: string): Promise<T | null> {
  try {
    return await work;
  } catch (err) {
    if (errorName(err) === notFound) return null;
    throw err;
  }
}

/** A tenant's name: unique in the account, so the stage goes first; letters, digits and dashes. */
export const tenantNameOf = (stage: string, domain: string): string =>
  `${stage}-${domain}`.replace(/[^A-Za-z0-9-]/g, '-').slice(0, 128);

/**
 * The AWS adapter: per domain a distribution tenant of the stage's multi-tenant distribution, its certificate
 * managed by CloudFront (HTTP-validated once the domain's CNAME points at the tenant's connection group), and
 * an SES domain identity with Easy DKIM (2048-bit) and a custom MAIL FROM, sending through the stage's
 * configuration set. Every step keeps what exists, so a start after a timeout or a second click is harmless.
 */
export function awsProvisioner(
  config: AwsProvisionerConfig,
  deps: AwsProvisionerDeps = {
    cloudfront: new CloudFrontClient({ region: 'us-east-1' }),
    ses: new SESv2Client({ region: config.region }),
    resolveTxt,
  },
): DomainProvisioner {
  const tags = (r: DomainRequest) => [
    { Key: 'site', Value: r.siteId },
    { Key: 'stage', Value: config.stage },
  ];

  const tenantOf = async (domain: string): Promise<DistributionTenant | null> =>
    (await orNull(deps.cloudfront.send(new GetDistributionTenantByDomainCommand({ Domain: domain })), 'EntityNotFound'))
      ?.DistributionTenant ?? null;

  async function createTenant(r: DomainRequest): Promise<void> {
    try {
      await deps.cloudfront.send(
        new CreateDistributionTenantCommand({
          DistributionId: config.distributionId,
          Name: tenantNameOf(config.stage, r.domain),
          Domains: [{ Domain: r.domain }],
          Enabled: true,
          ManagedCertificateRequest: {
            ValidationTokenHost: 'cloudfront',
            PrimaryDomainName: r.domain,
            CertificateTransparencyLoggingPreference: 'enabled',
          },
          Tags: { Items: tags(r) },
        }),
      );
    } catch (err) {
      // A repeated start: the tenant is there (checked below to be ours).
      if (errorName(err) !== 'EntityAlreadyExists' && errorName(err) !== 'CNAMEAlreadyExists') throw err;
    }
    const tenant = await tenantOf(r.domain);
    if (tenant?.DistributionId !== config.distributionId)
      throw new Error(`${r.domain} is served by another CloudFront distribution than the stage's`);
  }

  async function createIdentity(r: DomainRequest): Promise<void> {
    try {
      await deps.ses.send(
        new CreateEmailIdentityCommand({
          EmailIdentity: r.domain,
          DkimSigningAttributes: { NextSigningKeyLength: 'RSA_2048_BIT' },
          ConfigurationSetName: config.configurationSetName,
          Tags: tags(r),
        }),
      );
    } catch (err) {
      if (errorName(err) !== 'AlreadyExistsException') throw err;
    }
    await deps.ses.send(
      new PutEmailIdentityMailFromAttributesCommand({
        EmailIdentity: r.domain,
        MailFromDomain: r.mailFromDomain,
        // Until the MX is published SES sends from its own MAIL FROM rather than refusing the mail.
        BehaviorOnMxFailure: 'USE_DEFAULT_VALUE',
      }),
    );
  }

  async function webState(domain: string): Promise<{ alias: boolean; aliasTarget?: string }> {
    const tenant = await tenantOf(domain);
    if (!tenant?.Id) return { alias: false };
    const [group, certificate, dns] = await Promise.all([
      tenant.ConnectionGroupId
        ? deps.cloudfront.send(new GetConnectionGroupCommand({ Identifier: tenant.ConnectionGroupId }))
        : null,
      deps.cloudfront.send(new GetManagedCertificateDetailsCommand({ Identifier: tenant.Id })),
      deps.cloudfront.send(new VerifyDnsConfigurationCommand({ Identifier: tenant.Id, Domain: domain })),
    ]);
    const pointed = (dns.DnsConfigurationList ?? []).some(
      (c) => c.Domain === domain && c.Status === 'valid-configuration',
    );
    const issued = certificate.ManagedCertificateDetails?.CertificateStatus === 'issued';
    const active = (tenant.Domains ?? []).some((d) => d.Domain === domain && d.Status === 'active');
    return {
      alias: pointed && issued && active,
      ...(group?.ConnectionGroup?.RoutingEndpoint ? { aliasTarget: group.ConnectionGroup.RoutingEndpoint } : {}),
    };
  }

  async function mailState(domain: string): Promise<{ dkim: boolean; mailFrom: boolean; dkimTokens?: string[] }> {
    const identity: GetEmailIdentityCommandOutput | null = await orNull(
      deps.ses.send(new GetEmailIdentityCommand({ EmailIdentity: domain })),
      'NotFoundException',
    );
    const tokens = identity?.DkimAttributes?.Tokens;
    return {
      dkim: identity?.DkimAttributes?.Status === 'SUCCESS',
      mailFrom: identity?.MailFromAttributes?.MailFromDomainStatus === 'SUCCESS',
      ...(tokens?.length ? { dkimTokens: tokens } : {}),
    };
  }

  async function hasDmarc(domain: string): Promise<boolean> {
    try {
      return (await deps.resolveTxt(`_dmarc.${domain}`)).some((chunks) => chunks.join('').startsWith('v=DMARC1'));
    } catch {
      return false; // no such name (or no answer): not published
    }
  }

  async function check(r: DomainRequest): Promise<DomainState> {
    const [web, mail, dmarc] = await Promise.all([webState(r.domain), mailState(r.domain), hasDmarc(r.domain)]);
    return {
      ...(mail.dkimTokens ? { dkimTokens: mail.dkimTokens } : {}),
      ...(web.aliasTarget ? { aliasTarget: web.aliasTarget } : {}),
      verification: { alias: web.alias, dkim: mail.dkim, mailFrom: mail.mailFrom, dmarc },
    };
  }

  return {
    kind: 'aws',
    region: config.region,
    async start(r) {
      await Promise.all([createTenant(r), createIdentity(r)]);
      return check(r);
    },
    check,
  };
}
