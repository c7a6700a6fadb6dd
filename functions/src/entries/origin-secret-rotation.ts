/**
 * Secrets Manager rotation of the CloudFront origin secret (docs/deploy.md "Rotating secrets").
 * The four steps Secrets Manager drives, each safe to repeat:
 * - createSecret: a new random value as AWSPENDING (kept if this rotation already made one);
 * - setSecret: every reseller distribution sends the pending value in ORIGIN_HEADER on its API origins;
 * - testSecret: every distribution's configuration now carries it;
 * - finishSecret: the pending version becomes AWSCURRENT.
 * Between setSecret and finishSecret the API accepts both values (lib/origin-secret.ts reads AWSPENDING too),
 * so requests in flight through a distribution that has not finished deploying still pass.
 */
import {
  CloudFrontClient,
  GetDistributionConfigCommand,
  UpdateDistributionCommand,
  type DistributionConfig,
} from '@aws-sdk/client-cloudfront';
import {
  DescribeSecretCommand,
  GetRandomPasswordCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
  UpdateSecretVersionStageCommand,
} from '@aws-sdk/client-secrets-manager';
import { ORIGIN_HEADER } from '@tp/contracts/platform';

export interface RotationEvent {
  SecretId: string;
  ClientRequestToken: string;
  Step: 'createSecret' | 'setSecret' | 'testSecret' | 'finishSecret';
}

export interface RotationDeps {
  secrets: Pick<SecretsManagerClient, 'send'>;
  cloudfront: Pick<CloudFrontClient, 'send'>;
  distributionIds: string[];
}

async function pendingValue(deps: RotationDeps, e: RotationEvent): Promise<string> {
  const out = await deps.secrets.send(
    new GetSecretValueCommand({ SecretId: e.SecretId, VersionId: e.ClientRequestToken, VersionStage: 'AWSPENDING' }),
  );
  if (!out.SecretString) throw new Error('the pending origin secret is empty');
  return out.SecretString;
}

/** The config with ORIGIN_HEADER set to `value` on every origin that sends it; null when it already does. */
export function withOriginHeader(config: DistributionConfig, value: string): DistributionConfig | null {
  let changed = false;
  for (const origin of config.Origins?.Items ?? []) {
    for (const header of origin.CustomHeaders?.Items ?? []) {
      if (header.HeaderName?.toLowerCase() === ORIGIN_HEADER && header.HeaderValue !== value) {
        header.HeaderValue = value;
        changed = true;
      }
    }
  }
  return changed ? config : null;
}

const sendsOnlyValue = (config: DistributionConfig | undefined, value: string): boolean =>
  (config?.Origins?.Items ?? [])
    .flatMap((o) => o.CustomHeaders?.Items ?? [])
    .filter((h) => h.HeaderName?.toLowerCase() === ORIGIN_HEADER)
    .every((h) => h.HeaderValue === value);

export async function rotate(e: RotationEvent, deps: RotationDeps): Promise<void> {
  switch (e.Step) {
    case 'createSecret': {
      try {
        await pendingValue(deps, e);
        return; // this rotation already made its value
      } catch (err) {
        if ((err as { name?: string }).name !== 'ResourceNotFoundException') throw err;
      }
      const { RandomPassword } = await deps.secrets.send(
        new GetRandomPasswordCommand({ PasswordLength: 48, ExcludePunctuation: true }),
      );
      await deps.secrets.send(
        new PutSecretValueCommand({
          SecretId: e.SecretId,
          ClientRequestToken: e.ClientRequestToken,
          SecretString: RandomPassword,
          VersionStages: ['AWSPENDING'],
        }),
      );
      return;
    }
    case 'setSecret': {
      const value = await pendingValue(deps, e);
      for (const Id of deps.distributionIds) {
        const { DistributionConfig: config, ETag } = await deps.cloudfront.send(
          new GetDistributionConfigCommand({ Id }),
        );
        const updated = config && withOriginHeader(config, value);
        if (updated)
          await deps.cloudfront.send(new UpdateDistributionCommand({ Id, IfMatch: ETag, DistributionConfig: updated }));
      }
      return;
    }
    case 'testSecret': {
      const value = await pendingValue(deps, e);
      for (const Id of deps.distributionIds) {
        const { DistributionConfig: config } = await deps.cloudfront.send(new GetDistributionConfigCommand({ Id }));
        if (!sendsOnlyValue(config, value))
          throw new Error(`distribution ${Id} does not send the pending origin secret`);
      }
      return;
    }
    case 'finishSecret': {
      const { VersionIdsToStages } = await deps.secrets.send(new DescribeSecretCommand({ SecretId: e.SecretId }));
      const current = Object.entries(VersionIdsToStages ?? {}).find(([, stages]) => stages.includes('AWSCURRENT'))?.[0];
      if (current === e.ClientRequestToken) return;
      await deps.secrets.send(
        new UpdateSecretVersionStageCommand({
          SecretId: e.SecretId,
          VersionStage: 'AWSCURRENT',
          MoveToVersionId: e.ClientRequestToken,
          ...(current ? { RemoveFromVersionId: current } : {}),
        }),
      );
      return;
    }
  }
}

export const handler = (e: RotationEvent): Promise<void> =>
  rotate(e, {
    secrets: new SecretsManagerClient({}),
    cloudfront: new CloudFrontClient({}),
    distributionIds: (process.env.DISTRIBUTION_IDS ?? '').split(',').filter(Boolean),
  });
