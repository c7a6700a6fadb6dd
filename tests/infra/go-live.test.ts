/**
 * Going live at run time (docs/deploy.md "Going live on a domain"): the web stack's multi-tenant distribution,
 * and the console Lambda's least-privilege grants to add tenants to it and SES identities, asserted on the
 * synthesised templates of a stage without the distribution's id (no CloudFront right at all) and with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_HEADER } from '@tp/contracts/platform';
import { GO_LIVE_FUNCTIONS } from '../../infra/config/functions.ts';
import { STAGES } from '../../infra/config/stages.ts';
import { APP_PATH_PATTERN, API_PATH_PATTERNS, TENANT_DISTRIBUTION_OUTPUT } from '../../infra/lib/stacks/web-stack.ts';
import { SYNTH_TIMEOUT_MS, logicalId, resourcesOf, synthPlatform, type Synthesised } from './support.ts';

type Props = Record<string, any>;
const STAGE = 'dev';
const DISTRIBUTION = 'E1TENANTS0TEST';

let before: Synthesised;
let after: Synthesised;
beforeAll(() => {
  before = synthPlatform(STAGE, { bundle: false });
  STAGES.dev.tenantDistributionId = DISTRIBUTION;
  try {
    after = synthPlatform(STAGE, { bundle: false });
  } finally {
    delete STAGES.dev.tenantDistributionId;
  }
}, SYNTH_TIMEOUT_MS * 2);
afterAll(() => {
  delete STAGES.dev.tenantDistributionId;
});

/** Every statement of a function's role policies, and its environment. */
function grantsOf(s: Synthesised, name: string): { statements: Props[]; env: Record<string, unknown> } {
  const { api } = s.platform;
  const fn = api.functions.find((f) => f.name === name)!.fn;
  const t = s.template(api);
  const roleId = logicalId(api, fn.role!.node.defaultChild);
  const statements = resourcesOf(t, 'AWS::IAM::Policy')
    .filter(([, p]) => (p.Roles as Props[]).some((r) => r.Ref === roleId))
    .flatMap(([, p]) => p.PolicyDocument.Statement as Props[]);
  const env = new Map(resourcesOf(t, 'AWS::Lambda::Function')).get(logicalId(api, fn.node.defaultChild))!.Environment
    .Variables as Record<string, unknown>;
  return { statements, env };
}
const actionsOf = (st: Props): string[] => [st.Action].flat();
const goLiveActions =
  /^(cloudfront|acm):|^ses:(CreateEmailIdentity|TagResource|GetEmailIdentity|PutEmailIdentityMailFromAttributes)$/;

describe('the multi-tenant distribution', () => {
  const tenantOf = (s: Synthesised) => {
    const all = resourcesOf(s.template(s.platform.web), 'AWS::CloudFront::Distribution');
    const tenants = all.filter(([, p]) => p.DistributionConfig.ConnectionMode === 'tenant-only');
    expect(tenants).toHaveLength(1);
    return tenants[0]!;
  };

  it('is tenant-only, with no domain, price class or IPv6 setting of its own, behind the web ACL', () => {
    const [, p] = tenantOf(before);
    const config = p.DistributionConfig;
    expect(config.Aliases).toBeUndefined();
    expect(config.PriceClass).toBeUndefined();
    expect(config.IPV6Enabled).toBeUndefined();
    expect(config.WebACLId).toBeDefined();
  });

  it('serves what a configured domain serves, the API with the origin secret', () => {
    const config = tenantOf(before)[1].DistributionConfig;
    const patterns = (config.CacheBehaviors as Props[]).map((b) => b.PathPattern);
    expect(patterns).toEqual(expect.arrayContaining([APP_PATH_PATTERN, '/media/*', ...API_PATH_PATTERNS]));
    const api = config.CacheBehaviors.find((b: Props) => b.PathPattern === API_PATH_PATTERNS[0]);
    const origin = config.Origins.find((o: Props) => o.Id === api.TargetOriginId);
    const header = origin.OriginCustomHeaders.find((h: Props) => h.HeaderName === ORIGIN_HEADER);
    expect(JSON.stringify(header.HeaderValue)).toMatch(/resolve:secretsmanager:/);
  });

  it("names the site to the page function by the viewer's Host, forwarding that header only", () => {
    const t = before.template(before.platform.web);
    const config = tenantOf(before)[1].DistributionConfig;
    for (const page of [
      config.DefaultCacheBehavior,
      config.CacheBehaviors.find((b: Props) => b.PathPattern === APP_PATH_PATTERN),
    ]) {
      expect(page.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: expect.anything() }]);
      const policy = new Map(resourcesOf(t, 'AWS::CloudFront::OriginRequestPolicy')).get(
        page.OriginRequestPolicyId.Ref,
      )!;
      expect(policy.OriginRequestPolicyConfig.HeadersConfig).toEqual({
        HeaderBehavior: 'whitelist',
        Headers: ['domain-name'],
      });
    }
    const [, fn] = resourcesOf(t, 'AWS::CloudFront::Function')[0]!;
    expect(fn.FunctionCode).toContain("request.headers['domain-name'] = { value: request.headers.host.value }");
  });

  it('is an output, and the origin-secret rotation updates it with the others', () => {
    const web = before.platform.web;
    const t = before.template(web);
    const id = logicalId(web, web.tenantDistribution.node.defaultChild);
    expect((t.toJSON().Outputs as Props)[TENANT_DISTRIBUTION_OUTPUT].Value).toEqual({ Ref: id });
    const rotation = resourcesOf(t, 'AWS::Lambda::Function').find(
      ([, f]) => f.Environment?.Variables?.DISTRIBUTION_IDS,
    )!;
    expect(JSON.stringify(rotation[1].Environment.Variables.DISTRIBUTION_IDS)).toContain(id);
  });
});

describe("the console's go-live grants", () => {
  it('are given to the go-live functions only', () => {
    expect(GO_LIVE_FUNCTIONS).toEqual(['console']);
    for (const s of [before, after])
      for (const { name } of s.platform.api.functions) {
        if (GO_LIVE_FUNCTIONS.includes(name)) continue;
        const { statements, env } = grantsOf(s, name);
        expect(
          statements.flatMap(actionsOf).filter((a) => goLiveActions.test(a)),
          name,
        ).toEqual([]);
        expect(env.GO_LIVE_PROVIDER, name).toBeUndefined();
      }
  });

  it('before the distribution is known: SES identities only, no CloudFront or ACM right', () => {
    const { statements, env } = grantsOf(before, 'console');
    expect(env).toMatchObject({ GO_LIVE_PROVIDER: 'aws', MAIL_CONFIGURATION_SET: `${STAGE}-travel-platform` });
    expect(env.TENANT_DISTRIBUTION_ID).toBeUndefined();
    expect(statements.flatMap(actionsOf).filter((a) => /^(cloudfront|acm):/.test(a))).toEqual([]);
    const ses = statements.filter((st) => actionsOf(st).some((a) => a.startsWith('ses:')));
    expect(ses).toHaveLength(1);
    expect(actionsOf(ses[0]!).sort()).toEqual([
      'ses:CreateEmailIdentity',
      'ses:GetEmailIdentity',
      'ses:PutEmailIdentityMailFromAttributes',
      'ses:TagResource',
    ]);
    const resources = JSON.stringify(ses[0]!.Resource);
    expect(resources).toContain(`:ses:${STAGES.dev.env.region}:${STAGES.dev.env.account}:identity/*`);
    // The stage's configuration set (its name read from the messaging stack), no other.
    expect(resources).toContain(':configuration-set/');
    expect(resources).toContain('MailConfigurationSet');
    expect(ses[0]!.Resource).toHaveLength(2);
  });

  it('with the distribution: tenants of that distribution only, reads of tenants, connection groups and certificates', () => {
    const { statements, env } = grantsOf(after, 'console');
    expect(env.TENANT_DISTRIBUTION_ID).toBe(DISTRIBUTION);
    const byAction = (action: string) => statements.filter((st) => actionsOf(st).includes(action));
    const resources = (action: string) =>
      byAction(action).flatMap((st) => [st.Resource].flat().map((r) => JSON.stringify(r)));

    const create = resources('cloudfront:CreateDistributionTenant');
    expect(create).toHaveLength(2);
    expect(create.find((r) => r.includes(':distribution/'))).toContain(`:distribution/${DISTRIBUTION}`);
    expect(create.find((r) => r.includes(':distribution-tenant/'))).toMatch(/:distribution-tenant\/\*/);
    for (const read of [
      'cloudfront:GetDistributionTenantByDomain',
      'cloudfront:GetManagedCertificateDetails',
      'cloudfront:VerifyDnsConfiguration',
    ])
      expect(
        resources(read).every((r) => r.includes(':distribution-tenant/*')),
        read,
      ).toBe(true);
    expect(resources('cloudfront:GetConnectionGroup').every((r) => r.includes(':connection-group/*'))).toBe(true);
    expect(
      resources('acm:RequestCertificate').every((r) => r.includes(':acm:us-east-1:') && r.includes(':certificate/*')),
    ).toBe(true);

    const cloud = statements
      .flatMap(actionsOf)
      .filter((a) => /^(cloudfront|acm):/.test(a))
      .sort();
    expect(cloud).toEqual([
      'acm:DescribeCertificate',
      'acm:RequestCertificate',
      'cloudfront:CreateDistributionTenant',
      'cloudfront:GetConnectionGroup',
      'cloudfront:GetDistributionTenantByDomain',
      'cloudfront:GetManagedCertificateDetails',
      'cloudfront:TagResource',
      'cloudfront:VerifyDnsConfiguration',
    ]);
    // Nothing in CloudFront, ACM or SES that deletes, updates or sends.
    expect(
      statements
        .flatMap(actionsOf)
        .filter((a) => /^(cloudfront|acm|ses):/.test(a))
        .filter((a) => /Delete|Update|Send/.test(a)),
    ).toEqual([]);
  });

  it('leave no unacknowledged cdk-nag finding either way', () => {
    expect(before.nagFindings()).toEqual([]);
    expect(after.nagFindings()).toEqual([]);
  });
});
