import { beforeAll, describe, expect, it } from 'vitest';
import { SITES } from '../../infra/config/sites.ts';
import { STAGES } from '../../infra/config/stages.ts';
import { SYNTH_TIMEOUT_MS, configuredDistributions, resourcesOf, synthPlatform, type Synthesised } from './support.ts';

let s: Synthesised;
let devSynth: Synthesised | undefined;
/** The dev stage, synthesised once for the tests that compare it (bundling skipped as for prod). */
const dev = (): Synthesised => (devSynth ??= synthPlatform('dev', { bundle: false }));
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
      expect(new Set(sandboxSetting(dev()))).toEqual(new Set(['allowed']));
    },
    SYNTH_TIMEOUT_MS,
  );
});

/**
 * docs/decisions.md "Embedded defaults and the production stage": what the code carries for local work and
 * tests (the simulator, the sandbox gateway, the emulators and their mail viewer, local keys, test-only
 * overrides) never reaches a production function's configuration.
 */
describe('embedded defaults on the production stage', () => {
  const platformFunctions = (synth: Synthesised) =>
    [synth.platform.api, synth.platform.web].flatMap((stack) =>
      resourcesOf(synth.template(stack), 'AWS::Lambda::Function')
        .map(([id, p]) => [id, (p.Environment?.Variables ?? {}) as Record<string, unknown>] as const)
        .filter(([, vars]) => 'STAGE' in vars),
    );

  it('allows neither the simulator nor the sandbox gateway, as its stage config says', () => {
    expect(STAGES.prod).toMatchObject({ simulatedSupply: false, sandboxPayments: false });
    const api = platformFunctions(s).filter(([, vars]) => 'SANDBOX_PAYMENTS' in vars);
    expect(api.length).toBeGreaterThan(5);
    for (const [id, vars] of api) expect({ id, ...vars }).toMatchObject({ SIMULATED_SUPPLY: 'forbidden' });
  });

  it('sets none of the local stack’s or the tests’ overrides on any function', () => {
    // Emulator endpoints (DynamoDB Local, the SQS emulator, the SES emulator and its mail viewer), the local
    // secrets key and plain origin secret, the media folder, test sign-in keys and the bench's login limits.
    const localOnly = [
      /^AWS_ENDPOINT_URL/,
      /^SECRETS_LOCAL_KEY$/,
      /^ORIGIN_SECRET$/,
      /^MEDIA_DIR$/,
      /^(GOOGLE|FACEBOOK)_/,
      /^LOGIN_ATTEMPTS_/,
      /^PUBLIC_URL_(SCHEME|PORT)$/,
    ];
    const functions = platformFunctions(s);
    expect(functions.length).toBeGreaterThan(5);
    for (const [id, vars] of functions) {
      expect({ id, overrides: Object.keys(vars).filter((k) => localOnly.some((re) => re.test(k))) }).toEqual({
        id,
        overrides: [],
      });
      // Secure cookies, the stage's own sender (never the code's `.local` fallback) and a KMS key for secrets.
      if ('COOKIE_SECURE' in vars) expect(vars.COOKIE_SECURE).toBe('true');
      if ('MAIL_FROM' in vars) expect(vars.MAIL_FROM).toBe(STAGES.prod.mail.from);
    }
    expect(functions.some(([, vars]) => 'SECRETS_KEY_ID' in vars)).toBe(true);
  });

  it(
    'allows the simulator on dev, as its stage config says',
    () => {
      expect(STAGES.dev.simulatedSupply).toBe(true);
      const d = dev();
      const values = resourcesOf(d.template(d.platform.api), 'AWS::Lambda::Function')
        .map(([, p]) => (p.Environment?.Variables ?? {}) as Record<string, unknown>)
        .filter((vars) => 'STAGE' in vars)
        .map((vars) => vars.SIMULATED_SUPPLY);
      expect(new Set(values)).toEqual(new Set(['allowed']));
    },
    SYNTH_TIMEOUT_MS,
  );
});
