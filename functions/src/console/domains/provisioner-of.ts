import { CONSOLE_DOMAINS_MSG } from '@tp/contracts/endpoints/console-domains';
import { env } from '#lib/config';
import { fail } from '#lib/errors';
import { awsProvisioner } from './aws-provisioner.ts';
import { localProvisioner } from './local-provisioner.ts';
import type { DomainProvisioner, ProvisionerKind } from './provisioner.ts';

/** The stage's provisioner kind and SES region, from configuration alone (reading a checklist asks no cloud). */
export const goLiveSetting = (): { provider: ProvisionerKind; region: string } => ({
  provider: env().GO_LIVE_PROVIDER,
  region: env().AWS_REGION,
});

let aws: DomainProvisioner | undefined;

/**
 * The stage's provisioner: the local one on the local stack (GO_LIVE_PROVIDER=local), else the AWS one, which
 * needs the stage's multi-tenant distribution; without it the operator is told what the stage lacks.
 */
export function provisionerOf(): DomainProvisioner {
  const e = env();
  if (e.GO_LIVE_PROVIDER === 'local') return localProvisioner(e.AWS_REGION);
  if (!e.TENANT_DISTRIBUTION_ID || !e.MAIL_CONFIGURATION_SET) throw fail.conflict(CONSOLE_DOMAINS_MSG.notConfigured);
  aws ??= awsProvisioner({
    distributionId: e.TENANT_DISTRIBUTION_ID,
    configurationSetName: e.MAIL_CONFIGURATION_SET,
    region: e.AWS_REGION,
    stage: e.STAGE,
  });
  return aws;
}
