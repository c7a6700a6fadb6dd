import { beforeAll, describe, expect, it } from 'vitest';
import { SITES } from '../../infra/config/sites.ts';
import { STAGES } from '../../infra/config/stages.ts';
import { SYNTH_TIMEOUT_MS, configuredDistributions, resourcesOf, synthPlatform, type Synthesised } from './support.ts';

let s: Synthesised;
beforeAll(() => {
  // Bundling is covered by the dev file; prod differs in configuration only.
  s = synthPlatform('prod', { bundle: false });
}, SYNTH_TIMEOUT_MS);

describe('prod stage', () => {
  it('retains and protects the table', () => {
    s.template(s.platform.data).hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: { DeletionProtectionEnabled: true },
    });
  });

  it('retains the buckets and the function log groups', () => {
    const web = s.template(s.platform.web).findResources('AWS::S3::Bucket');
    const logs = s.template(s.platform.api).findResources('AWS::Logs::LogGroup');
    for (const r of [...Object.values(web), ...Object.values(logs)]) expect(r.DeletionPolicy).toBe('Retain');
  });

  it('serves the prod reseller domains', () => {
    const aliases = configuredDistributions(s.template(s.platform.web)).map(([, p]) => p.DistributionConfig.Aliases[0]);
    expect(aliases.sort()).toEqual(SITES.prod.map((x) => x.domain).sort());
  });

  it('mails alarms to the on-call address', () => {
    s.template(s.platform.monitoring).hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: STAGES.prod.alarmEmail,
    });
  });

  it('leaves no unacknowledged cdk-nag finding', () => {
    expect(s.nagFindings()).toEqual([]);
  });
});

describe('sandbox payments by stage', () => {
  const sandboxSetting = (synth: Synthesised) =>
    resourcesOf(synth.template(synth.platform.api), 'AWS::Lambda::Function')
      .map(([, p]) => (p.Environment?.Variables ?? {}) as Record<string, unknown>)
      .filter((vars) => 'STAGE' in vars)
      .map((vars) => vars.SANDBOX_PAYMENTS);

  it('forbids them on every prod function (the sandbox routes answer 404 there)', () => {
    const values = sandboxSetting(s);
    expect(values.length).toBeGreaterThan(5);
    expect(new Set(values)).toEqual(new Set(['forbidden']));
  });

  it(
    'allows them on dev, as its stage config says',
    () => {
      expect(STAGES.dev.sandboxPayments).toBe(true);
      expect(new Set(sandboxSetting(synthPlatform('dev', { bundle: false })))).toEqual(new Set(['allowed']));
    },
    SYNTH_TIMEOUT_MS,
  );
});
