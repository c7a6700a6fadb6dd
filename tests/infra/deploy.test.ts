/**
 * What makes a deploy serve a working site: the SPA uploaded with its cache headers and each
 * distribution invalidated, the shared CloudFront web ACL in us-east-1 with its managed and rate rules,
 * API stage throttling, blocked requests on the dashboard, one SES identity per reseller domain with its
 * bounce/complaint feedback, and the DNS records `npm run dns` prints from the same config.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { beforeAll, describe, expect, it } from 'vitest';
import { urlPath } from '@tp/contracts/endpoint';
import { login, signup, forgetPassword } from '@tp/contracts/endpoints/users';
import { phonePeCallback } from '@tp/contracts/endpoints/wallet';
import { SITES, mailFromDomainOf } from '../../infra/config/sites.ts';
import { STAGES } from '../../infra/config/stages.ts';
import { RATE_LIMITED_CALLS, RATE_WINDOW_SECONDS } from '../../infra/config/waf.ts';
import { dnsRecordsOf, outputIdOf } from '../../infra/lib/dns-records.ts';
import { MAIL_FEEDBACK_QUEUE_OUTPUT } from '../../infra/lib/stacks/messaging-stack.ts';
import { MANAGED_RULE_GROUPS, WEB_ACL_REGION, webAclNameOf } from '../../infra/lib/stacks/web-acl-stack.ts';
import { WebStack, unhashedPaths } from '../../infra/lib/stacks/web-stack.ts';
import { SPA_FIXTURE, SYNTH_TIMEOUT_MS, logicalId, resourcesOf, synthPlatform, type Synthesised } from './support.ts';

const STAGE = 'dev';
const sites = SITES[STAGE];
let s: Synthesised;
beforeAll(() => {
  // Templates only: bundling is covered by platform.test.ts.
  s = synthPlatform(STAGE, { bundle: false });
}, SYNTH_TIMEOUT_MS);

type Props = Record<string, any>;
const distributionIds = () =>
  sites.map((_, i) => logicalId(s.platform.web, s.platform.web.distributions[i]!.node.defaultChild));

describe('SPA upload', () => {
  const deployments = () => resourcesOf(s.template(s.platform.web), 'Custom::CDKBucketDeployment');
  const bucketRef = () => ({ Ref: logicalId(s.platform.web, s.platform.web.bucket.node.defaultChild) });

  it('uploads the hashed assets under /app/ as immutable for a year, never pruning old ones', () => {
    const hashed = deployments().filter(([, p]) => p.DistributionId === undefined);
    expect(hashed).toHaveLength(1);
    expect(hashed[0]![1]).toMatchObject({
      DestinationBucketName: bucketRef(),
      DestinationBucketKeyPrefix: 'app/',
      Exclude: ['*'],
      Include: ['assets/*'],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
  });

  it('uploads the unhashed files with no-cache after the assets, and invalidates them in every distribution', () => {
    const t = s.template(s.platform.web).toJSON() as { Resources: Record<string, Props> };
    const [[hashedId]] = deployments().filter(([, p]) => p.DistributionId === undefined) as [[string, Props]];
    const unhashed = deployments().filter(([, p]) => p.DistributionId !== undefined);
    expect(unhashed.map(([, p]) => p.DistributionId.Ref).sort()).toEqual(distributionIds().sort());
    for (const [id, p] of unhashed) {
      expect(p).toMatchObject({
        DestinationBucketName: bucketRef(),
        DestinationBucketKeyPrefix: 'app/',
        Exclude: ['assets/*'],
        SystemMetadata: { 'cache-control': 'no-cache' },
        DistributionPaths: ['/app/brand/*', '/app/favicon.svg', '/app/index.html', '/app/sw.js'],
      });
      expect(p.Prune).not.toBe(false);
      expect(p.Include).toBeUndefined();
      expect(t.Resources[id]!.DependsOn).toContain(hashedId);
    }
  });

  it('lists the build’s unhashed files as CloudFront paths (folders as wildcards, assets/ left out)', () => {
    expect(unhashedPaths(SPA_FIXTURE)).toEqual(['/app/brand/*', '/app/favicon.svg', '/app/index.html', '/app/sw.js']);
  });

  it('refuses to synthesise without a built SPA', () => {
    const httpApi = HttpApi.fromHttpApiAttributes(new Stack(new App(), 'Api'), 'HttpApi', {
      httpApiId: 'abc123',
      apiEndpoint: 'https://abc123.execute-api.ap-south-1.amazonaws.com',
    });
    const empty = mkdtempSync(join(tmpdir(), 'no-dist-'));
    expect(
      () =>
        new WebStack(new App(), 'Web', {
          env: STAGES.dev.env,
          stage: STAGES.dev,
          sites,
          httpApi,
          webAclArn: 'arn:aws:wafv2:us-east-1:111111111111:global/webacl/x/y',
          spaDist: empty,
          media: Bucket.fromBucketName(new Stack(new App(), 'Data'), 'Media', 'media-bucket'),
          table: Table.fromTableName(new Stack(new App(), 'Tables'), 'Table', 'travel-table'),
          originSecret: Secret.fromSecretNameV2(new Stack(new App(), 'Secrets'), 'Origin', 'origin-secret'),
        }),
    ).toThrow(/index\.html is missing: build the SPA first/);
  });
});

describe('web ACL', () => {
  const acl = (): Props => {
    const acls = resourcesOf(s.template(s.platform.webAcl!), 'AWS::WAFv2::WebACL');
    expect(acls).toHaveLength(1);
    return acls[0]![1];
  };
  const rule = (name: string): Props => acl().Rules.find((r: Props) => r.Name === name);

  it('is a CLOUDFRONT-scope ACL in its own us-east-1 stack, allowing by default, with metrics on every rule', () => {
    expect(s.platform.webAcl!.region).toBe(WEB_ACL_REGION);
    expect(s.platform.web.region).toBe(STAGES.dev.env.region);
    const a = acl();
    expect(a).toMatchObject({ Scope: 'CLOUDFRONT', Name: webAclNameOf(STAGES.dev), DefaultAction: { Allow: {} } });
    for (const v of [a.VisibilityConfig, ...a.Rules.map((r: Props) => r.VisibilityConfig)])
      expect(v).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
    expect(new Set(a.Rules.map((r: Props) => r.Priority)).size).toBe(a.Rules.length);
  });

  it('runs the AWS managed IP reputation, common and known-bad-inputs rule groups', () => {
    expect(MANAGED_RULE_GROUPS.map((g) => g.name).sort()).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    for (const { name } of MANAGED_RULE_GROUPS)
      expect(rule(name)).toMatchObject({
        OverrideAction: { None: {} },
        Statement: { ManagedRuleGroupStatement: { VendorName: 'AWS', Name: name } },
      });
    // Only the common set's body-size and body-XSS rules count instead of blocking (1 MB bodies, sanitised HTML).
    const overrides = rule('AWSManagedRulesCommonRuleSet').Statement.ManagedRuleGroupStatement.RuleActionOverrides;
    expect(overrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
      { Name: 'CrossSiteScripting_BODY', ActionToUse: { Count: {} } },
    ]);
  });

  it('rate-limits per IP exactly the contract paths of login, signup, forgot password and payment callbacks', () => {
    const paths = (r: Props): string[] => {
      const scope = r.Statement.RateBasedStatement.ScopeDownStatement;
      return (scope.OrStatement?.Statements ?? [scope]).map((st: Props) => {
        expect(st.ByteMatchStatement).toMatchObject({ FieldToMatch: { UriPath: {} }, PositionalConstraint: 'EXACTLY' });
        return st.ByteMatchStatement.SearchString;
      });
    };
    for (const calls of RATE_LIMITED_CALLS) {
      const r = rule(`Rate${calls.name}`);
      expect(r.Action).toEqual({ Block: {} });
      expect(r.Statement.RateBasedStatement).toMatchObject({
        Limit: calls.limit,
        AggregateKeyType: 'IP',
        EvaluationWindowSec: RATE_WINDOW_SECONDS,
      });
      expect(paths(r)).toEqual(calls.endpoints.map(urlPath));
    }
    const limited = RATE_LIMITED_CALLS.flatMap((c) => c.endpoints.map(urlPath));
    for (const e of [login, signup, forgetPassword, phonePeCallback]) expect(limited).toContain(urlPath(e));
    expect(urlPath(login)).toBe('/api/wl/user/login');
  });

  it('is attached to every distribution through a cross-region stack output read in the web stack', () => {
    const outputs = s.template(s.platform.webAcl!).toJSON().Outputs as Record<string, Props>;
    const aclId = logicalId(s.platform.webAcl!, s.platform.webAcl!.webAcl);
    const dists = resourcesOf(s.template(s.platform.web), 'AWS::CloudFront::Distribution');
    // The configured domains' and the one for domains gone live at run time.
    expect(dists).toHaveLength(sites.length + 1);
    for (const [, p] of dists) {
      const ref = p.DistributionConfig.WebACLId['Fn::GetStackOutput'];
      expect(ref).toMatchObject({ StackName: s.platform.webAcl!.stackName, Region: WEB_ACL_REGION });
      expect(outputs[ref.OutputName]!.Value).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    }
  });

  it(
    'is replaced by the stage override when one is set (no ACL stack; that ACL on every distribution)',
    () => {
      const arn = 'arn:aws:wafv2:us-east-1:111111111111:global/webacl/org-wide/0000-1111';
      STAGES.dev.webAclArn = arn;
      try {
        const o = synthPlatform(STAGE, { bundle: false });
        expect(o.platform.webAcl).toBeUndefined();
        expect(o.app.node.children.map((c) => c.node.id)).not.toContain(`travel-${STAGE}-web-acl`);
        for (const [, p] of resourcesOf(o.template(o.platform.web), 'AWS::CloudFront::Distribution'))
          expect(p.DistributionConfig.WebACLId).toBe(arn);
        expect(JSON.stringify(o.template(o.platform.monitoring).toJSON())).toContain('\\"WebACL\\",\\"org-wide\\"');
        expect(o.nagFindings()).toEqual([]);
      } finally {
        delete STAGES.dev.webAclArn;
      }
    },
    SYNTH_TIMEOUT_MS,
  );
});

describe('API stage throttling', () => {
  it("throttles the HTTP API's $default stage at the stage config's rate and burst", () => {
    const [[, stage]] = resourcesOf(s.template(s.platform.api), 'AWS::ApiGatewayV2::Stage') as [[string, Props]];
    expect(stage.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: STAGES.dev.apiThrottle.rateLimit,
      ThrottlingBurstLimit: STAGES.dev.apiThrottle.burstLimit,
    });
  });
});

describe('blocked requests on the dashboard', () => {
  it("graphs the web ACL's BlockedRequests (all rules, us-east-1) on the stage dashboard", () => {
    const dashboards = resourcesOf(s.template(s.platform.monitoring), 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]![1].DashboardBody);
    expect(body).toContain(
      `[\\"AWS/WAFV2\\",\\"BlockedRequests\\",\\"Rule\\",\\"ALL\\",\\"WebACL\\",\\"${webAclNameOf(STAGES.dev)}\\",{\\"region\\":\\"${WEB_ACL_REGION}\\",\\"stat\\":\\"Sum\\"}]`,
    );
  });
});

describe('mail per reseller', () => {
  const m = () => s.template(s.platform.messaging);
  const configSetRef = () => {
    const sets = resourcesOf(m(), 'AWS::SES::ConfigurationSet');
    expect(sets).toHaveLength(1);
    return { Ref: sets[0]![0] };
  };

  it('has one SES identity per reseller domain with 2048-bit Easy DKIM and its MAIL FROM domain', () => {
    const identities = resourcesOf(m(), 'AWS::SES::EmailIdentity').map(([, p]) => p);
    // The stage's own identity (MAIL_FROM today) plus one per reseller.
    expect(identities).toHaveLength(sites.length + 1);
    for (const site of sites) {
      expect(mailFromDomainOf(site)).toBe(`mail.${site.domain}`);
      expect(identities.filter((p) => p.EmailIdentity === site.domain)).toEqual([
        {
          EmailIdentity: site.domain,
          DkimAttributes: { SigningEnabled: true },
          DkimSigningAttributes: { NextSigningKeyLength: 'RSA_2048_BIT' },
          MailFromAttributes: { MailFromDomain: `mail.${site.domain}` },
          ConfigurationSetAttributes: { ConfigurationSetName: configSetRef() },
        },
      ]);
    }
  });

  it('sends bounces and complaints to an encrypted SNS topic SES may use, delivered raw to a queue with a DLQ', () => {
    const t = m();
    const [[topicId, topic]] = resourcesOf(t, 'AWS::SNS::Topic') as [[string, Props]];
    t.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: configSetRef(),
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: ['bounce', 'complaint'],
        SnsDestination: { TopicARN: { Ref: topicId } },
      },
    });
    const keyId = topic.KmsMasterKeyId['Fn::GetAtt'][0];
    const key = resourcesOf(t, 'AWS::KMS::Key').find(([id]) => id === keyId)![1];
    expect(key.EnableKeyRotation).toBe(true);
    expect(key.KeyPolicy.Statement).toContainEqual(
      expect.objectContaining({
        Principal: { Service: 'ses.amazonaws.com' },
        Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      }),
    );
    const { queue, dlq } = s.platform.messaging.mailFeedback;
    const queueId = logicalId(s.platform.messaging, queue.node.defaultChild);
    t.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'sqs',
      RawMessageDelivery: true,
      TopicArn: { Ref: topicId },
      Endpoint: { 'Fn::GetAtt': [queueId, 'Arn'] },
    });
    const queues = new Map(resourcesOf(t, 'AWS::SQS::Queue'));
    expect(queues.get(queueId)).toMatchObject({
      SqsManagedSseEnabled: true,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(s.platform.messaging, dlq.node.defaultChild), 'Arn'] },
      },
    });
    expect((t.toJSON().Outputs as Record<string, Props>)[MAIL_FEEDBACK_QUEUE_OUTPUT]!.Value).toEqual({ Ref: queueId });
  });

  it("lets the email worker send from the stage's and every reseller's identity", () => {
    const { api } = s.platform;
    const worker = api.functions.find((f) => f.name === 'email-worker')!;
    const roleId = logicalId(api, worker.fn.role!.node.defaultChild);
    const [, policy] = resourcesOf(s.template(api), 'AWS::IAM::Policy').find(([, p]) =>
      (p.Roles as Props[]).some((r) => r.Ref === roleId),
    )!;
    const ses = (policy.PolicyDocument.Statement as Props[]).find((st) => st.Action?.includes?.('ses:SendEmail'))!;
    const identities = (ses.Resource as Props[]).filter((r) => JSON.stringify(r).includes(':identity/'));
    expect(identities).toHaveLength(sites.length + 1);
  });
});

describe('npm run dns', () => {
  const region = STAGES.dev.env.region;

  it('prints per reseller the three DKIM CNAMEs, the MAIL FROM MX and SPF, DMARC and the CloudFront alias', () => {
    for (const site of sites) {
      const records = dnsRecordsOf(STAGES.dev, site, region);
      const mailFrom = mailFromDomainOf(site);
      expect(records.map((r) => [r.name, r.type, r.value])).toEqual([
        [`<token1>._domainkey.${site.domain}`, 'CNAME', '<token1>.dkim.amazonses.com'],
        [`<token2>._domainkey.${site.domain}`, 'CNAME', '<token2>.dkim.amazonses.com'],
        [`<token3>._domainkey.${site.domain}`, 'CNAME', '<token3>.dkim.amazonses.com'],
        [mailFrom, 'MX', `10 feedback-smtp.${region}.amazonses.com`],
        [mailFrom, 'TXT', '"v=spf1 include:amazonses.com ~all"'],
        [`_dmarc.${site.domain}`, 'TXT', `"v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@${site.domain}"`],
        [site.domain, 'CNAME', '<distribution>.cloudfront.net'],
      ]);
      expect(records[0]!.note).toContain(
        `aws sesv2 get-email-identity --region ${region} --email-identity ${site.domain}`,
      );
    }
  });

  it('names stack outputs that the stacks really have', () => {
    const messaging = s.template(s.platform.messaging).toJSON().Outputs as Record<string, Props>;
    const web = s.template(s.platform.web).toJSON().Outputs as Record<string, Props>;
    for (const [i, site] of sites.entries()) {
      const notes = dnsRecordsOf(STAGES.dev, site, region).map((r) => r.note);
      for (const n of [1, 2, 3]) {
        const id = outputIdOf(`Dkim${n}-${site.domain}`);
        expect(notes[0]).toContain(id);
        expect(JSON.stringify(messaging[id]!.Value)).toContain(`DkimDNSTokenValue${n}`);
      }
      const alias = outputIdOf(`Site-${site.domain}-DomainName`);
      expect(notes[6]).toContain(alias);
      expect(web[alias]!.Value).toEqual({ 'Fn::GetAtt': [distributionIds()[i], 'DomainName'] });
    }
  });
});

describe('cdk-nag AwsSolutions', () => {
  it('leaves no unacknowledged finding with the deployments, the ACL and the mail feedback', () => {
    expect(s.nagFindings()).toEqual([]);
  });
});
