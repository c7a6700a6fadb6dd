import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { App, type Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey } from '@tp/contracts/endpoint';
import { ORIGIN_HEADER, QUEUES, TABLE, dlqName } from '@tp/contracts/platform';
import { ENDPOINTS, endpointsOf } from '@tp/contracts/routes';
import { QUEUE_URL_ENV, accessOf, type QueueKey } from '../../infra/config/functions.ts';
import { SITES } from '../../infra/config/sites.ts';
import { STAGES } from '../../infra/config/stages.ts';
import { bundleFunction, domainEntries, isChunkFile, workerEntries } from '../../infra/lib/bundling.ts';
import { DataStack } from '../../infra/lib/stacks/data-stack.ts';
import { API_PATH_PATTERNS, APP_PATH_PATTERN } from '../../infra/lib/stacks/web-stack.ts';
import {
  SYNTH_TIMEOUT_MS,
  configuredDistributions,
  logicalId,
  resourcesOf,
  synthPlatform,
  type Synthesised,
} from './support.ts';

const STAGE = 'dev';
let s: Synthesised;
beforeAll(() => {
  s = synthPlatform(STAGE);
}, SYNTH_TIMEOUT_MS);

const queueSpecs = Object.values(QUEUES);

describe('DataStack', () => {
  it('declares the single table exactly as TABLE does, on demand, encrypted, with PITR', () => {
    s.template(s.platform.data).hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: `${STAGE}-${TABLE.name}`,
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      SSESpecification: { SSEEnabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      GlobalSecondaryIndexes: Object.values(TABLE.indexes).map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' },
          { AttributeName: i.sortKey, KeyType: 'RANGE' },
        ],
        Projection:
          'include' in i ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...i.include] } : { ProjectionType: 'ALL' },
      })),
    });
  });
});

describe('DataStack on a table deployed before its newest indexes', () => {
  it('declares only the first `indexes` of TABLE, so each deployment adds one index (docs/deploy.md)', () => {
    const stack = new DataStack(new App(), 'Upgrade', { stage: STAGES[STAGE], indexes: 3 });
    const [[, table]] = resourcesOf(Template.fromStack(stack), 'AWS::DynamoDB::Table') as [[string, any]];
    expect(table.GlobalSecondaryIndexes.map((g: { IndexName: string }) => g.IndexName)).toEqual(
      Object.values(TABLE.indexes)
        .slice(0, 3)
        .map((i) => i.name),
    );
  });
});

describe('MessagingStack', () => {
  it.each(queueSpecs)('$name has its DLQ with maxReceiveCount $maxReceiveCount, SSE and TLS only', (spec) => {
    const t = s.template(s.platform.messaging);
    const [[dlqId]] = resourcesOf(t, 'AWS::SQS::Queue').filter(
      ([, p]) => p.QueueName === `${STAGE}-${dlqName(spec)}`,
    ) as [[string, unknown]];
    t.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: `${STAGE}-${spec.name}`,
      VisibilityTimeout: spec.visibilityTimeout,
      SqsManagedSseEnabled: true,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: spec.maxReceiveCount },
    });
    t.hasResourceProperties('AWS::SQS::Queue', { QueueName: `${STAGE}-${dlqName(spec)}`, SqsManagedSseEnabled: true });
  });

  it('denies non-TLS access on every queue', () => {
    const t = s.template(s.platform.messaging);
    const policies = resourcesOf(t, 'AWS::SQS::QueuePolicy');
    const covered = policies.flatMap(([, p]) =>
      (p.PolicyDocument.Statement as any[]).some(
        (st) => st.Effect === 'Deny' && st.Condition?.Bool?.['aws:SecureTransport'] === 'false',
      )
        ? (p.Queues as { Ref: string }[]).map((q) => q.Ref)
        : [],
    );
    expect(new Set(covered)).toEqual(new Set(resourcesOf(t, 'AWS::SQS::Queue').map(([id]) => id)));
  });

  it('has an SES configuration set and the stage domain identity using it by default', () => {
    const t = s.template(s.platform.messaging);
    t.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    t.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'mail.dev.example.com',
      ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
    });
  });
});

describe('ApiStack', () => {
  const servedDomains = domainEntries().filter((d) => endpointsOf(d.name as never).length > 0);
  const workers = workerEntries();

  it('has one Node 24 ARM64 Lambda per written domain with routes, plus one per written worker', () => {
    const fns = resourcesOf(s.template(s.platform.api), 'AWS::Lambda::Function');
    expect(fns).toHaveLength(servedDomains.length + workers.length);
    expect(s.platform.api.functions.map((f) => f.name).sort()).toEqual(
      [...servedDomains, ...workers].map((e) => e.name).sort(),
    );
    for (const [, p] of fns) {
      expect(p.Runtime).toBe('nodejs24.x');
      expect(p.Architectures).toEqual(['arm64']);
      expect(p.TracingConfig).toEqual({ Mode: 'Active' });
      expect(p.MemorySize).toBeGreaterThanOrEqual(512);
      expect(p.MemorySize).toBeLessThanOrEqual(1024);
    }
  });

  it('routes every ENDPOINTS route key, with its exact path, to its own domain Lambda', () => {
    const { api } = s.platform;
    const fnIdByDomain = new Map(api.functions.map((f) => [f.name, logicalId(api, f.fn.node.defaultChild)]));
    const nestedById = new Map(resourcesOf(s.template(api), 'AWS::CloudFormation::Stack'));
    // route key → the parent's function a domain's nested stack sends it to (through the parameter it is handed).
    const routes = new Map<string, string | undefined>();
    for (const { stack } of api.routeStacks) {
      const parameters = nestedById.get(logicalId(api, stack.nestedStackResource))!.Parameters as Record<
        string,
        { 'Fn::GetAtt'?: [string, string] }
      >;
      const t = s.template(stack);
      const fnIdByIntegration = new Map(
        resourcesOf(t, 'AWS::ApiGatewayV2::Integration').map(([id, p]) => [
          id,
          parameters[p.IntegrationUri.Ref]?.['Fn::GetAtt']?.[0],
        ]),
      );
      for (const [, p] of resourcesOf(t, 'AWS::ApiGatewayV2::Route')) {
        expect(routes.has(p.RouteKey), `${p.RouteKey} routed twice`).toBe(false);
        routes.set(p.RouteKey as string, fnIdByIntegration.get(p.Target['Fn::Join'][1][1].Ref));
      }
    }
    expect(routes.has('POST /api/whitelabel/detetct')).toBe(true);
    for (const e of ENDPOINTS) expect(routes.get(routeKey(e)), routeKey(e)).toBe(fnIdByDomain.get(e.domain));
    expect(routes.size).toBe(ENDPOINTS.length);
  });

  it("keeps every stack under CloudFormation's 500 resources, with room for the route table to grow", () => {
    const { api } = s.platform;
    const count = (stack: Stack) => Object.keys(s.template(stack).toJSON().Resources as object).length;
    for (const stack of [api, ...api.routeStacks.map((r) => r.stack)])
      expect(count(stack), stack.node.path).toBeLessThan(400);
  });

  it('logs access and throttles on the $default stage', () => {
    s.template(s.platform.api).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
    });
  });

  it('feeds each worker from its queue in batches with partial batch failures', () => {
    const mappings = resourcesOf(s.template(s.platform.api), 'AWS::Lambda::EventSourceMapping');
    const consumed = queueSpecs.filter((q) => workers.some((w) => w.name === `${q.worker}-worker`));
    expect(mappings).toHaveLength(consumed.length);
    expect(mappings.map(([, p]) => p.BatchSize).sort()).toEqual(consumed.map((q) => q.batchSize).sort());
    for (const [, p] of mappings) expect(p.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
  });

  it('wires TABLE_NAME everywhere, and queue URLs and MAIL_FROM exactly where FUNCTION_ACCESS grants them', () => {
    const { api } = s.platform;
    const resellerDomains = s.platform.messaging.resellerIdentities.map((r) => r.site.domain);
    expect(resellerDomains.length).toBeGreaterThan(0);
    const fns = new Map(resourcesOf(s.template(api), 'AWS::Lambda::Function'));
    for (const { name, fn } of api.functions) {
      const vars = fns.get(logicalId(api, fn.node.defaultChild))!.Environment.Variables;
      const access = accessOf(name);
      expect(vars.TABLE_NAME, name).toBeDefined();
      for (const [queue, envVar] of Object.entries(QUEUE_URL_ENV))
        expect(envVar in vars, `${name} ${envVar}`).toBe(access.sends.includes(queue as QueueKey));
      expect('MAIL_FROM' in vars, `${name} MAIL_FROM`).toBe(access.mail);
      // Mail of a reseller with its own verified identity goes out from its own domain (mail/delivery.ts).
      if (access.mail) expect(vars.MAIL_DOMAINS, `${name} MAIL_DOMAINS`).toBe(resellerDomains.join(','));
      expect('MEDIA_BUCKET' in vars, `${name} MEDIA_BUCKET`).toBe(access.media || access.exportFiles !== 'none');
      expect('SECRETS_KEY_ID' in vars, `${name} SECRETS_KEY_ID`).toBe(access.secrets !== 'none');
    }
  });

  it('gives every Lambda the bundle of its own entry (entries share a folder; CDK must not reuse one bundle)', () => {
    const { api } = s.platform;
    const keys = resourcesOf(s.template(api), 'AWS::Lambda::Function').map(([, props]) => String(props.Code.S3Key));
    expect(keys.length).toBeGreaterThan(20);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('ships the sidecar data files beside index.mjs in the assets of the functions that read them', () => {
    const { api } = s.platform;
    const t = s.template(api);
    const assetFiles = (name: string): string[] => {
      const fn = api.functions.find((f) => f.name === name)!;
      const [, props] = resourcesOf(t, 'AWS::Lambda::Function').find(
        ([id]) => id === logicalId(api, fn.fn.node.defaultChild),
      )!;
      return readdirSync(join(s.assembly.directory, `asset.${String(props.Code.S3Key).replace(/\.zip$/, '')}`))
        .filter((f) => !isChunkFile(f))
        .sort();
    };
    expect(assetFiles('master')).toEqual([
      'airlines.br',
      'airports.br',
      'cities.br',
      'index.mjs',
      'index.mjs.map',
      'states.br',
    ]);
    expect(assetFiles('flights')).toEqual(['airlines.br', 'airports.br', 'index.mjs', 'index.mjs.map']);
    expect(assetFiles('site')).toEqual(['index.mjs', 'index.mjs.map']);
  });

  it('bundles with exactly the options scripts/bundle.ts uses (byte-identical output)', async () => {
    const { api } = s.platform;
    const site = api.functions.find((f) => f.name === 'site')!;
    const [, props] = resourcesOf(s.template(api), 'AWS::Lambda::Function').find(
      ([id]) => id === logicalId(api, site.fn.node.defaultChild),
    )!;
    // The staged asset directory is named after the hash the S3 key carries.
    const assetDir = `asset.${String(props.Code.S3Key).replace(/\.zip$/, '')}`;
    const outdir = join(s.assembly.directory, 'bundle-compare');
    // The source maps too, cut to our own code after esbuild by both.
    await bundleFunction(domainEntries().find((d) => d.name === 'site')!.entry, outdir);
    const cdkFiles = readdirSync(join(s.assembly.directory, assetDir)).sort();
    expect(readdirSync(outdir).sort()).toEqual(cdkFiles);
    expect(cdkFiles.filter(isChunkFile).length).toBeGreaterThan(0);
    for (const f of cdkFiles)
      expect(readFileSync(join(outdir, f)).equals(readFileSync(join(s.assembly.directory, assetDir, f))), f).toBe(true);
  });
});

describe('WebStack', () => {
  const sites = SITES[STAGE];

  it('has one distribution per configured domain, TLS 1.2+, logging, no error-page fallback', () => {
    const dists = configuredDistributions(s.template(s.platform.web)).map(([, p]) => p.DistributionConfig);
    expect(dists.map((d) => d.Aliases).sort()).toEqual(sites.map((x) => [x.domain]).sort());
    for (const d of dists) {
      expect(d.ViewerCertificate).toMatchObject({
        MinimumProtocolVersion: 'TLSv1.2_2021',
        SslSupportMethod: 'sni-only',
      });
      expect(d.ViewerCertificate.AcmCertificateArn).toMatch(/^arn:aws:acm:us-east-1:/);
      expect(d.Logging).toBeDefined();
      expect(d.CustomErrorResponses).toBeUndefined();
    }
  });

  it('sends /api/*, /flight-api/* and /partner-api/* uncached to the HTTP API with all viewer headers but Host', () => {
    expect(API_PATH_PATTERNS).toEqual(['/api/*', '/flight-api/*', '/partner-api/*']);
    for (const [, p] of resourcesOf(s.template(s.platform.web), 'AWS::CloudFront::Distribution')) {
      const config = p.DistributionConfig;
      // The API's origin (the page function's is a custom origin too).
      const apiOrigin = config.Origins.find(
        (o: any) =>
          o.Id === config.CacheBehaviors.find((b: any) => b.PathPattern === API_PATH_PATTERNS[0]).TargetOriginId,
      );
      for (const pattern of API_PATH_PATTERNS) {
        expect(config.CacheBehaviors).toContainEqual(
          expect.objectContaining({
            PathPattern: pattern,
            TargetOriginId: apiOrigin.Id,
            CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
            OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
            AllowedMethods: expect.arrayContaining(['POST', 'DELETE']),
            ResponseHeadersPolicyId: expect.anything(),
          }),
        );
      }
      // Pages go to the page function, signed with OAC; no viewer-request rewrite any more (but on the tenant
      // distribution, which names the site by Host: tests/infra/go-live.test.ts).
      const app = config.CacheBehaviors.find((b: any) => b.PathPattern === APP_PATH_PATTERN);
      if (config.ConnectionMode !== 'tenant-only') expect(app.FunctionAssociations).toBeUndefined();
      expect(config.Origins.find((o: any) => o.Id === app.TargetOriginId).OriginAccessControlId).toBeDefined();
    }
  });

  it("tells the page function the console's host, so that host's page is the console's and no site's", () => {
    const pages = resourcesOf(s.template(s.platform.web), 'AWS::Lambda::Function').filter(
      ([, p]) => p.Environment?.Variables?.SPA_BUCKET,
    );
    expect(pages).toHaveLength(1);
    expect(pages[0]![1].Environment.Variables.CONSOLE_DOMAIN).toBe(STAGES[STAGE].consoleDomain);
  });

  it('sends the origin secret to the API on every distribution, never as a literal, and rotates it monthly', () => {
    const t = s.template(s.platform.web);
    for (const [, p] of resourcesOf(t, 'AWS::CloudFront::Distribution')) {
      const config = p.DistributionConfig;
      const apiOrigin = config.Origins.find(
        (o: any) =>
          o.Id === config.CacheBehaviors.find((b: any) => b.PathPattern === API_PATH_PATTERNS[0]).TargetOriginId,
      );
      const header = apiOrigin.OriginCustomHeaders.find((h: any) => h.HeaderName === ORIGIN_HEADER);
      // A CloudFormation dynamic reference to the api stack's secret, resolved at deploy time.
      expect(JSON.stringify(header.HeaderValue)).toMatch(/resolve:secretsmanager:/);
    }
    t.hasResourceProperties('AWS::SecretsManager::RotationSchedule', {
      RotationRules: { ScheduleExpression: 'rate(30 days)' },
    });
    const { api } = s.platform;
    const fns = new Map(resourcesOf(s.template(api), 'AWS::Lambda::Function'));
    for (const { name, fn } of api.functions) {
      const vars = fns.get(logicalId(api, fn.node.defaultChild))!.Environment.Variables;
      // Every domain Lambda checks the header; workers get no API traffic.
      expect('ORIGIN_SECRET_ARN' in vars, name).toBe(!name.endsWith('-worker'));
    }
  });

  it('keeps the SPA bucket private, versioned, TLS-only and access-logged', () => {
    const t = s.template(s.platform.web);
    t.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: 's3/site/' },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    for (const [, p] of resourcesOf(t, 'AWS::S3::BucketPolicy'))
      expect(p.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
  });
});

describe('uploaded images', () => {
  it('keep a private, TLS-only bucket that only the account’s CloudFront reads', () => {
    const t = s.template(s.platform.data);
    t.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicPolicy: true, RestrictPublicBuckets: true }),
    });
    const [, policy] = resourcesOf(t, 'AWS::S3::BucketPolicy')[0]!;
    expect(policy.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
    expect(policy.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Action: 's3:GetObject',
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Condition: { StringEquals: { 'AWS:SourceAccount': expect.anything() } },
      }),
    );
    // CloudFront reads only what the distributions serve: private documents (private/*) stay the Lambdas'.
    const cloudFrontReads = policy.PolicyDocument.Statement.filter(
      (st: { Principal?: { Service?: string } }) => st.Principal?.Service === 'cloudfront.amazonaws.com',
    );
    for (const st of cloudFrontReads) expect(JSON.stringify(st.Resource)).toContain('/media/*');
  });

  it('are served under /media/* by every distribution, cached, from the media bucket', () => {
    for (const [, d] of resourcesOf(s.template(s.platform.web), 'AWS::CloudFront::Distribution')) {
      const media = d.DistributionConfig.CacheBehaviors.find(
        (b: { PathPattern: string }) => b.PathPattern === '/media/*',
      );
      expect(media, 'a /media/* behaviour').toBeDefined();
      expect(media.ViewerProtocolPolicy).toBe('redirect-to-https');
      expect(media.AllowedMethods ?? ['GET', 'HEAD']).toEqual(['GET', 'HEAD']);
    }
  });

  it('are written only by the functions FUNCTION_ACCESS names, with put and delete on objects only', () => {
    const policies = resourcesOf(s.template(s.platform.api), 'AWS::IAM::Policy').map(([, p]) => p);
    const statements = policies.flatMap(
      (p) => p.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
    );
    const s3Actions = statements.flatMap((st) => [st.Action].flat()).filter((a: string) => a.startsWith('s3:'));
    expect(new Set(s3Actions)).toEqual(
      new Set([
        's3:PutObject',
        's3:DeleteObject',
        's3:GetObject',
        // The exports worker's multipart upload of an export file (functions/src/exports/store.ts).
        's3:AbortMultipartUpload',
        's3:ListMultipartUploadParts',
      ]),
    );
    // A function reads back only the private documents (visa applications) and export files (to sign their links),
    // never the public images.
    for (const st of statements.filter((x) => [x.Action].flat().includes('s3:GetObject')))
      expect(String(st.Resource)).toMatch(/\/(private|exports)\/\*$/);
    // Multipart uploads only of export files.
    for (const st of statements.filter((x) => [x.Action].flat().includes('s3:AbortMultipartUpload')))
      expect(String(st.Resource)).toMatch(/\/exports\/\*$/);
  });
});

describe('sealed site secrets', () => {
  it('use a KMS key with rotation, which only the functions FUNCTION_ACCESS names may use, bound to a site and field', () => {
    s.template(s.platform.data).hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    const { api } = s.platform;
    const kmsStatements = resourcesOf(s.template(api), 'AWS::IAM::Policy')
      .flatMap(([, p]) => p.PolicyDocument.Statement as { Action: string | string[]; Condition?: unknown }[])
      .filter((st) => [st.Action].flat().some((a) => a.startsWith('kms:')));
    const sealers = api.functions.filter((f) => accessOf(f.name).secrets === 'seal').map((f) => f.name);
    const sealing = sealers.length;
    const opening = api.functions.filter((f) => accessOf(f.name).secrets === 'open').length;
    // The flight settings screen, and the console (a new site's starting supply and gateway, at onboarding).
    expect(sealers.sort()).toEqual(['console', 'flight-admin']);
    expect(kmsStatements).toHaveLength(sealing + opening);
    expect(kmsStatements.filter((st) => [st.Action].flat().includes('kms:GenerateDataKey'))).toHaveLength(sealing);
    for (const st of kmsStatements) {
      expect([st.Action].flat().every((a) => a === 'kms:Decrypt' || a === 'kms:GenerateDataKey')).toBe(true);
      expect(st.Condition).toEqual({
        'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['siteId', 'field'] },
        Null: { 'kms:EncryptionContext:siteId': 'false', 'kms:EncryptionContext:field': 'false' },
      });
    }
  });
});

describe('MonitoringStack', () => {
  const alarms = () => resourcesOf(s.template(s.platform.monitoring), 'AWS::CloudWatch::Alarm').map(([, p]) => p);
  const topicRef = () => ({ Ref: logicalId(s.platform.monitoring, s.platform.monitoring.topic.node.defaultChild) });

  it('alarms on every DLQ as soon as one message is visible', () => {
    const dlqAlarms = alarms().filter((a) => a.MetricName === 'ApproximateNumberOfMessagesVisible');
    expect(dlqAlarms).toHaveLength(queueSpecs.length);
    for (const a of dlqAlarms) {
      expect(a).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', Namespace: 'AWS/SQS' });
      expect(a.AlarmActions).toEqual([topicRef()]);
    }
  });

  it('alarms on API 5xx and on errors and throttles of every function', () => {
    const all = alarms();
    expect(all.filter((a) => a.MetricName === '5xx' && a.Namespace === 'AWS/ApiGateway')).toHaveLength(1);
    const n = s.platform.api.functions.length;
    expect(all.filter((a) => a.Namespace === 'AWS/Lambda' && a.MetricName === 'Errors')).toHaveLength(n);
    expect(all.filter((a) => a.Namespace === 'AWS/Lambda' && a.MetricName === 'Throttles')).toHaveLength(n);
  });

  it("alarms on the supplier error rate (metric math over the platform's EMF metrics) and on the oldest payment waiting", () => {
    const all = alarms();
    const rate = all.find((a) =>
      a.Metrics?.some((m: { Expression?: string }) => m.Expression?.includes('errors / calls')),
    );
    expect(rate).toMatchObject({ Threshold: 20, ComparisonOperator: 'GreaterThanThreshold' });
    const named = (rate!.Metrics as { MetricStat?: { Metric: { Namespace: string; MetricName: string } } }[])
      .flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric] : []))
      .map((m) => `${m.Namespace}/${m.MetricName}`)
      .sort();
    expect(named).toEqual(['TravelPlatform/SupplierCall', 'TravelPlatform/SupplierError']);
    const oldest = all.filter((a) => a.MetricName === 'ApproximateAgeOfOldestMessage');
    expect(oldest).toHaveLength(1);
    expect(oldest[0]).toMatchObject({ Namespace: 'AWS/SQS', Statistic: 'Maximum', Threshold: 900 });
    expect(JSON.stringify(oldest[0]!.Dimensions)).toContain(
      logicalId(s.platform.messaging, s.platform.messaging.queues.paymentVerification.queue.node.defaultChild),
    );
  });

  it('charts bookings, payments, refunds, supplier errors and queue age on the stage dashboard', () => {
    const [[, dashboard]] = resourcesOf(s.template(s.platform.monitoring), 'AWS::CloudWatch::Dashboard') as [
      [string, { DashboardBody: unknown }],
    ];
    const body = JSON.stringify(dashboard.DashboardBody);
    for (const name of [
      'FlightBooked',
      'PaymentVerified',
      'PaymentFailed',
      'RefundApplied',
      'SupplierError',
      'QueueMessageAge',
    ])
      expect(body).toContain(`\\"TravelPlatform\\",\\"${name}\\"`);
  });

  it('publishes to an encrypted, TLS-only SNS topic', () => {
    const t = s.template(s.platform.monitoring);
    t.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    t.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });
});

describe('cdk-nag AwsSolutions', () => {
  it('leaves no unacknowledged finding (errors or warnings)', () => {
    expect(s.nagFindings()).toEqual([]);
  });
});
