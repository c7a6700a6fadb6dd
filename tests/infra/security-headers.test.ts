/**
 * The CloudFront response-headers policies send exactly the header sets of
 * `@tp/contracts/security-headers` (the local gateway's and the handler preset's too): the SPA's per
 * reseller domain (its own scripts allowed by name), the API's on every API path.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_SECURITY_HEADERS,
  httpSecurityHeaders,
  spaSecurityHeaders,
  type SiteScriptSettings,
} from '@tp/contracts/security-headers';
import { BOOT_SCRIPT_HASHES } from '@tp/web/boot/index.ts';
import { SITES, type SiteConfig } from '../../infra/config/sites.ts';
import { STAGES } from '../../infra/config/stages.ts';
import { API_PATH_PATTERNS, APP_PATH_PATTERN, WebStack } from '../../infra/lib/stacks/web-stack.ts';
import { SPA_FIXTURE, SYNTH_TIMEOUT_MS, resourcesOf, synthPlatform, type Synthesised } from './support.ts';

type Props = Record<string, any>;

/** What a viewer receives from a policy (all `override: true`), as lower-case header → value. */
function headersSent(config: Props): Record<string, string> {
  const sec = config.SecurityHeadersConfig;
  const hsts = sec.StrictTransportSecurity;
  for (const h of [
    sec.ContentSecurityPolicy,
    hsts,
    sec.ContentTypeOptions,
    sec.FrameOptions,
    sec.ReferrerPolicy,
    ...config.CustomHeadersConfig.Items,
  ])
    expect(h.Override).toBe(true);
  return {
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

/** Per distribution (by alias): the headers its SPA paths and its API paths send. */
function headersByDomain(
  template: Template,
): Map<string, { spa: Record<string, string>[]; api: Record<string, string>[] }> {
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
        config.Aliases[0],
        {
          spa: [sent(config.DefaultCacheBehavior), sent(at(APP_PATH_PATTERN))],
          api: API_PATH_PATTERNS.map((pattern) => sent(at(pattern))),
        },
      ];
    }),
  );
}

const spaHeaders = (site?: SiteScriptSettings) =>
  httpSecurityHeaders(spaSecurityHeaders({ scriptHashes: BOOT_SCRIPT_HASHES, site: site ?? null }));
const scriptSrc = (csp: string) => csp.split('; ').find((d) => d.startsWith('script-src '))!;

describe('the platform as configured (dev)', () => {
  let s: Synthesised;
  beforeAll(() => {
    s = synthPlatform('dev', { bundle: false });
  }, SYNTH_TIMEOUT_MS);

  it('sends the definition’s SPA headers on every SPA path and its API headers on every API path', () => {
    const byDomain = headersByDomain(s.template(s.platform.web));
    expect([...byDomain.keys()].sort()).toEqual(SITES.dev.map((x) => x.domain).sort());
    for (const site of SITES.dev) {
      const { spa, api } = byDomain.get(site.domain)!;
      for (const headers of spa) expect(headers).toEqual(spaHeaders(site.scripts));
      for (const headers of api) expect(headers).toEqual(API_SECURITY_HEADERS);
    }
  });

  it('allows the boot scripts by hash, never inline script, and forbids framing', () => {
    const csp = spaHeaders()['content-security-policy']!;
    expect(BOOT_SCRIPT_HASHES).toHaveLength(3);
    for (const hash of BOOT_SCRIPT_HASHES) expect(scriptSrc(csp)).toContain(hash);
    expect(scriptSrc(csp)).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(API_SECURITY_HEADERS['content-security-policy']).toContain("default-src 'none'");
  });
});

describe('a reseller with its own scripts', () => {
  const withScripts: SiteConfig = {
    domain: 'tags.example.com',
    certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/00000000-0000-4000-8000-000000000009',
    scripts: { gtm_tag: 'GTM-AB12CD', scriptUrls: ['https://widgets.example.net/chat.js?v=3', 'javascript:alert(1)'] },
  };
  const plain = SITES.dev.slice(0, 2);

  function synthWeb(sites: SiteConfig[]): Template {
    // The API as an import from an app of its own: its endpoint is a plain string, so no stack is shared.
    const httpApi = HttpApi.fromHttpApiAttributes(new Stack(new App(), 'Api'), 'HttpApi', {
      httpApiId: 'abc123',
      apiEndpoint: 'https://abc123.execute-api.ap-south-1.amazonaws.com',
    });
    const web = new WebStack(new App(), 'Web', {
      env: STAGES.dev.env,
      stage: STAGES.dev,
      sites,
      httpApi,
      webAclArn: 'arn:aws:wafv2:us-east-1:111111111111:global/webacl/test/00000000-0000-4000-8000-000000000000',
      spaDist: SPA_FIXTURE,
      media: Bucket.fromBucketName(new Stack(new App(), 'Data'), 'Media', 'media-bucket'),
      originSecret: Secret.fromSecretNameV2(new Stack(new App(), 'Secrets'), 'Origin', 'origin-secret'),
    });
    return Template.fromStack(web);
  }

  it('gets a policy of its own naming them; the other domains share one without them', () => {
    const template = synthWeb([plain[0]!, withScripts, plain[1]!]);
    // One shared SPA policy, one for the reseller with scripts, one for the API.
    expect(resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy')).toHaveLength(3);
    const byDomain = headersByDomain(template);
    const own = byDomain.get(withScripts.domain)!.spa[0]!['content-security-policy']!;
    expect(scriptSrc(own)).toContain('https://*.googletagmanager.com');
    expect(scriptSrc(own)).toContain('https://widgets.example.net/chat.js');
    expect(own).not.toContain('javascript:');
    for (const site of plain) {
      const csp = byDomain.get(site.domain)!.spa[0]!['content-security-policy'];
      expect(csp).toBe(spaHeaders()['content-security-policy']);
      expect(csp).not.toContain('googletagmanager');
    }
  });

  it('fails the synth when a reseller’s scripts make the policy longer than CloudFront takes', () => {
    const many: SiteConfig = {
      ...withScripts,
      scripts: {
        scriptUrls: Array.from({ length: 40 }, (_, i) => `https://cdn${i}.example.net/scripts/widget.js`),
      },
    };
    expect(() => synthWeb([many])).toThrow(/Content-Security-Policy is \d+ characters, CloudFront takes 1783/);
  });
});
