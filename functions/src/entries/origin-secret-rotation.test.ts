import { describe, expect, it } from 'vitest';
import type { DistributionConfig } from '@aws-sdk/client-cloudfront';
import { ORIGIN_HEADER } from '@tp/contracts/platform';
import { rotate, type RotationDeps, type RotationEvent } from './origin-secret-rotation.ts';

/** Secrets Manager and CloudFront as far as rotation uses them, in memory. */
function fakes(ids = ['D1', 'D2']) {
  const versions = new Map<string, { value: string; stages: string[] }>([
    ['v0', { value: 'old', stages: ['AWSCURRENT'] }],
  ]);
  const configs = new Map<string, DistributionConfig>(
    ids.map((id) => [
      id,
      {
        Origins: {
          Quantity: 2,
          Items: [
            { Id: 'spa', DomainName: 'bucket', CustomHeaders: { Quantity: 0, Items: [] } },
            {
              Id: 'api',
              DomainName: 'api',
              CustomHeaders: { Quantity: 1, Items: [{ HeaderName: ORIGIN_HEADER, HeaderValue: 'old' }] },
            },
          ],
        },
      } as unknown as DistributionConfig,
    ]),
  );
  const updates: string[] = [];
  const cmd = (c: { constructor: { name: string }; input: Record<string, any> }) =>
    [c.constructor.name, c.input] as const;
  const deps: RotationDeps = {
    distributionIds: ids,
    secrets: {
      send: (async (c: never) => {
        const [name, input] = cmd(c);
        if (name === 'GetSecretValueCommand') {
          const v = versions.get(input.VersionId);
          if (!v || !v.stages.includes(input.VersionStage))
            throw Object.assign(new Error('missing'), { name: 'ResourceNotFoundException' });
          return { SecretString: v.value };
        }
        if (name === 'GetRandomPasswordCommand') return { RandomPassword: `new-${versions.size}` };
        if (name === 'PutSecretValueCommand')
          versions.set(input.ClientRequestToken, { value: input.SecretString, stages: input.VersionStages });
        if (name === 'DescribeSecretCommand')
          return { VersionIdsToStages: Object.fromEntries([...versions].map(([k, v]) => [k, v.stages])) };
        if (name === 'UpdateSecretVersionStageCommand') {
          versions.get(input.RemoveFromVersionId)!.stages = [];
          versions.get(input.MoveToVersionId)!.stages = ['AWSCURRENT'];
        }
        return {};
      }) as never,
    },
    cloudfront: {
      send: (async (c: never) => {
        const [name, input] = cmd(c);
        if (name === 'GetDistributionConfigCommand')
          return { DistributionConfig: structuredClone(configs.get(input.Id)), ETag: 'E' };
        if (name === 'UpdateDistributionCommand') {
          updates.push(input.Id);
          configs.set(input.Id, input.DistributionConfig);
        }
        return {};
      }) as never,
    },
  };
  return { deps, versions, configs, updates };
}

const step = (Step: RotationEvent['Step']): RotationEvent => ({
  SecretId: 'arn:secret',
  ClientRequestToken: 'v1',
  Step,
});

describe('origin secret rotation', () => {
  it('makes a new value, puts it on every distribution’s API origin, checks, then makes it current', async () => {
    const f = fakes();
    for (const s of ['createSecret', 'setSecret', 'testSecret', 'finishSecret'] as const) await rotate(step(s), f.deps);
    const value = f.versions.get('v1')!.value;
    expect(value).toMatch(/^new-/);
    expect(f.versions.get('v1')!.stages).toEqual(['AWSCURRENT']);
    expect(f.versions.get('v0')!.stages).toEqual([]);
    for (const config of f.configs.values()) {
      expect(config.Origins!.Items![1]!.CustomHeaders!.Items![0]!.HeaderValue).toBe(value);
      expect(config.Origins!.Items![0]!.CustomHeaders!.Items).toEqual([]);
    }
  });

  it('is safe to repeat: a second createSecret keeps the value, a second setSecret updates nothing', async () => {
    const f = fakes();
    await rotate(step('createSecret'), f.deps);
    const first = f.versions.get('v1')!.value;
    await rotate(step('createSecret'), f.deps);
    expect(f.versions.get('v1')!.value).toBe(first);
    await rotate(step('setSecret'), f.deps);
    await rotate(step('setSecret'), f.deps);
    expect(f.updates).toEqual(['D1', 'D2']);
  });

  it('fails the test step while a distribution still sends the old value (the rotation does not finish)', async () => {
    const f = fakes();
    await rotate(step('createSecret'), f.deps);
    await expect(rotate(step('testSecret'), f.deps)).rejects.toThrow(/D1/);
  });
});
