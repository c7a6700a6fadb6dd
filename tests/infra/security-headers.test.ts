/**
 * The CloudFront response-headers policies send exactly the header sets of
 * `@tp/contracts/security-headers` (the local gateway's and the handler preset's too): the SPA's strict set
 * on the build's files, the same set behind the page function's own per-page policy on pages (its CSP wins:
 * a site's scripts on public pages only), the API's on every API path.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_SECURITY_HEADERS, httpSecurityHeaders, spaSecurityHeaders } from '@tp/contracts/security-headers';
import { BOOT_SCRIPT_HASHES } from '@tp/web/boot/index.ts';
import { SITES } from '../../infra/config/sites.ts';
import { STAGES } from '../../infra/config/stages.ts';
import { API_PATH_PATTERNS, APP_PATH_PATTERN, staticPathPatterns, WebStack } from '../../infra/lib/stacks/web-stack.ts';
import { SPA_FIXTURE, SYNTH_TIMEOUT_MS, resourcesOf, synthPlatform, type Synthesised } from './support.ts';

type Props = Record<string, any>;

/**
 * What a viewer receives from a policy, as lower-case header → value: every header overrides the origin's
 * but the CSP of the page policy, which stands in only when the page function sent none.
 */
function headersSent(config: Props): Record<string, string> & { cspOverride: boolean } {
  const sec = config.SecurityHeadersConfig;
  const hsts = sec.StrictTransportSecurity;
  for (const h of [
    hsts,
    sec.ContentTypeOptions,
    sec.FrameOptions,
    sec.ReferrerPolicy,
    ...config.CustomHeadersConfig.Items,
  ])
    expect(h.Override).toBe(true);
  return {
    cspOverride: sec.ContentSecurityPolicy.Override,
    'content-security-policy': sec.ContentSecurityPolicy.ContentSecurityPolicy,
    'strict-transport-security': [
      `max-age=${hsts.AccessControlMaxAgeSec}`,
      ...(hsts.IncludeSubdomains ? ['includeSubDomains'] : []),
      ...(hsts.Preload ? ['preload'] : []),
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'x-frame-options': sec.FrameOptions.FrameOption,
    'referrer-policy': sec.ReferrerPolicy.ReferrerPolicy,
    ...Object.fromEntries(config.CustomHeadersConfig.Items.map((i: Props) => [i.Header.toLowerCase(), i.Value])),
  };
}

/** Per distribution (by alias): the policies of its pages, its build's files and its API paths. */
function headersByDomain(template: Template): Map<
  string,
  {
    pages: ReturnType<typeof headersSent>[];
    files: ReturnType<typeof headersSent>[];
    api: ReturnType<typeof headersSent>[];
  }
> {
  const policies = new Map(
    resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy').map(([id, p]) => [
      id,
      headersSent(p.ResponseHeadersPolicyConfig),
    ]),
  );
  const sent = (behavior: Props) => policies.get(behavior.ResponseHeadersPolicyId.Ref)!;
  return new Map(
    resourcesOf(template, 'AWS::CloudFront::Distribution').map(([, p]) => {
      const config = p.DistributionConfig;
      const at = (pattern: string) => config.CacheBehaviors.find((b: Props) => b.PathPattern === pattern);
      return [
        config.Aliases?.[0] ?? TENANTS,
        {
          pages: [sent(config.DefaultCacheBehavior), sent(at(APP_PATH_PATTERN))],
          files: staticPathPatterns(SPA_FIXTURE).map((pattern) => sent(at(pattern))),
          api: API_PATH_PATTERNS.map((pattern) => sent(at(pattern))),
        },
      ];
    }),
  );
}

/** The key of the multi-tenant distribution (no alias of its own: its tenants' domains go live at run time). */
const TENANTS = 'tenant domains';

const strict = { ...httpSecurityHeaders(spaSecurityHeaders({ scriptHashes: BOOT_SCRIPT_HASHES, site: null })) };
const scriptSrc = (csp: string) => csp.split('; ').find((d) => d.startsWith('script-src '))!;

describe('the platform as configured (dev)', () => {
  let s: Synthesised;
  beforeAll(() => {
    s = synthPlatform('dev', { bundle: false });
  }, SYNTH_TIMEOUT_MS);

  it('sends the definition’s SPA headers on pages and files and its API headers on every API path', () => {
    const byDomain = headersByDomain(s.template(s.platform.web));
    const domains = [...SITES.dev.map((x) => x.domain), TENANTS];
    expect([...byDomain.keys()].sort()).toEqual(domains.sort());
    for (const domain of domains) {
      const { pages, files, api } = byDomain.get(domain)!;
      // Pages: the page function's per-page CSP wins; the strict one stands in for an answer without one.
      for (const { cspOverride, ...headers } of pages) {
        expect(headers).toEqual(strict);
        expect(cspOverride).toBe(false);
      }
      for (const { cspOverride, ...headers } of files) {
        expect(headers).toEqual(strict);
        expect(cspOverride).toBe(true);
      }
      for (const { cspOverride, ...headers } of api) {
        expect(headers).toEqual(API_SECURITY_HEADERS);
        expect(cspOverride).toBe(true);
      }
    }
  });

  it('allows the boot scripts by hash, never inline script, and forbids framing', () => {
    const csp = strict['content-security-policy']!;
    expect(BOOT_SCRIPT_HASHES).toHaveLength(3);
    for (const hash of BOOT_SCRIPT_HASHES) expect(scriptSrc(csp)).toContain(hash);
    expect(scriptSrc(csp)).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(API_SECURITY_HEADERS['content-security-policy']).toContain("default-src 'none'");
  });
});

describe('pages come from the page function', () => {
  function synthWeb(): Template {
    // The API as an import from an app of its own: its endpoint is a plain string, so no stack is shared.
    const httpApi = HttpApi.fromHttpApiAttributes(new Stack(new App(), 'Api'), 'HttpApi', {
      httpApiId: 'abc123',
      apiEndpoint: 'https://abc123.execute-api.ap-south-1.amazonaws.com',
    });
    const data = new Stack(new App(), 'Data');
    const web = new WebStack(new App(), 'Web', {
      env: STAGES.dev.env,
      stage: STAGES.dev,
      sites: SITES.dev,
      httpApi,
      webAclArn: 'arn:aws:wafv2:us-east-1:111111111111:global/webacl/test/00000000-0000-4000-8000-000000000000',
      spaDist: SPA_FIXTURE,
      media: Bucket.fromBucketName(data, 'Media', 'media-bucket'),
      table: Table.fromTableName(data, 'Table', 'travel-table'),
      originSecret: Secret.fromSecretNameV2(new Stack(new App(), 'Secrets'), 'Origin', 'origin-secret'),
    });
    return Template.fromStack(web);
  }

  it('one policy for files, one for pages, one for the API, whatever the resellers’ scripts', () => {
    const template = synthWeb();
    expect(resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy')).toHaveLength(3);
    for (const [, p] of resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy'))
      expect(
        p.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy,
      ).not.toMatch(/googletagmanager/);
  });

  it('sends each reseller’s pages to the page function with its domain, signed (OAC), never cached', () => {
    const template = synthWeb();
    const urls = resourcesOf(template, 'AWS::Lambda::Url');
    expect(urls.map(([, u]) => u.AuthType)).toEqual(['AWS_IAM']);
    for (const [, p] of resourcesOf(template, 'AWS::CloudFront::Distribution')) {
      const config = p.DistributionConfig;
      const app = config.CacheBehaviors.find((b: Props) => b.PathPattern === APP_PATH_PATTERN);
      for (const behavior of [config.DefaultCacheBehavior, app]) {
        const origin = config.Origins.find((o: Props) => o.Id === behavior.TargetOriginId);
        expect(origin.OriginAccessControlId).toBeDefined();
        if (config.ConnectionMode === 'tenant-only') {
          // Many domains, one distribution: a viewer-request function names the reseller from the Host instead.
          expect(origin.OriginCustomHeaders).toBeUndefined();
          expect(behavior.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
        } else {
          expect(origin.OriginCustomHeaders).toEqual([{ HeaderName: 'domain-name', HeaderValue: config.Aliases[0] }]);
          expect(behavior.FunctionAssociations).toBeUndefined();
        }
      }
      // The build's files (not index.html) from the bucket.
      for (const pattern of staticPathPatterns(SPA_FIXTURE)) {
        const behavior = config.CacheBehaviors.find((b: Props) => b.PathPattern === pattern);
        expect(config.Origins.find((o: Props) => o.Id === behavior.TargetOriginId).S3OriginConfig).toBeDefined();
      }
      expect(staticPathPatterns(SPA_FIXTURE)).not.toContain('/app/index.html');
    }
  });
});
