import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  Annotations,
  CfnOutput,
  DefaultStackSynthesizer,
  Duration,
  Fn,
  Stack,
  Token,
  Validations,
  type CfnElement,
  type StackProps,
} from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  OriginRequestHeaderBehavior,
  OriginRequestQueryStringBehavior,
  OriginRequestCookieBehavior,
  type CfnDistribution,
  FunctionUrlOriginAccessControl,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  SecurityPolicyProtocol,
  SSLMethod,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin, HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FunctionUrlAuthType, type FunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { RotationSchedule, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { API_BASES } from '@tp/contracts/endpoint';
import { MEDIA_PATH } from '@tp/contracts/media';
import { ORIGIN_HEADER } from '@tp/contracts/platform';
import { SPA_BASENAME } from '@tp/contracts/spa-routes';
import {
  API_SECURITY_HEADER_SET,
  CLOUDFRONT_CSP_MAX_LENGTH,
  spaSecurityHeaders,
  type SecurityHeaderSet,
} from '@tp/contracts/security-headers';
import { BOOT_SCRIPT_HASHES } from '@tp/web/boot/index.ts';
import type { SiteConfig } from '../../config/sites.ts';
import { FUNCTIONS_SRC } from '../bundling.ts';
import { PlatformFunction } from '../constructs/platform-function.ts';
import { removalPolicyOf, type StageConfig } from '../../config/stages.ts';

export interface WebStackProps extends StackProps {
  stage: StageConfig;
  sites: readonly SiteConfig[];
  httpApi: IHttpApi;
  /** The CLOUDFRONT-scope web ACL every distribution is attached to (the web-acl stack's, or the override). */
  webAclArn: string;
  /** The built SPA (`web/dist`), uploaded to the bucket under the SPA's base. */
  spaDist: string;
  /** Uploaded images (DataStack.media), served under MEDIA_PATH on every domain. */
  media: IBucket;
  /** ApiStack.originSecret: sent in ORIGIN_HEADER to the API, rotated here (the distributions live here). */
  originSecret: ISecret;
  /** DataStack.table: the page function reads each request's site record (functions/src/entries/site-page.ts). */
  table: ITable;
}

/** Where the SPA lives in the bucket and on every domain (the Vite base). */
export const APP_PATH_PATTERN = `${SPA_BASENAME}/*`;
/** The Vite build's content-hashed files (`assets/` under the base): a new build never reuses a name. */
export const HASHED_DIR = 'assets';
/** Hashed files: cached by browsers and CloudFront for a year, never revalidated. */
export const HASHED_CACHE_CONTROL = [
  CacheControl.setPublic(),
  CacheControl.maxAge(Duration.days(365)),
  CacheControl.immutable(),
];
/** index.html, sw.js, favicon and brand files keep their names across builds: revalidated on every use. */
export const UNHASHED_CACHE_CONTROL = [CacheControl.noCache()];

/**
 * The CloudFront paths of the build's unhashed files (top-level files and folders but `assets/`), the only
 * ones a deploy changes under an existing name. SPA pages are never cached (the page function answers them).
 */
export function unhashedPaths(spaDist: string): string[] {
  return readdirSync(spaDist)
    .filter((name) => name !== HASHED_DIR)
    .sort()
    .map((name) => `${SPA_BASENAME}/${name}${statSync(join(spaDist, name)).isDirectory() ? '/*' : ''}`);
}
/**
 * The path patterns served from the bucket: the hashed assets and each unhashed file or folder of the build
 * but index.html, which only the page function serves (with the site's head and the page's policy).
 */
export function staticPathPatterns(spaDist: string): string[] {
  return [
    `${SPA_BASENAME}/${HASHED_DIR}/*`,
    ...unhashedPaths(spaDist).filter((p) => p !== `${SPA_BASENAME}/index.html`),
  ];
}

/** The web stack's output holding the multi-tenant distribution's id. */
export const TENANT_DISTRIBUTION_OUTPUT = 'TenantDistributionId';

/** The header naming the reseller to the page function (a configured domain's distribution sets it per origin). */
const TENANT_DOMAIN_HEADER = 'domain-name';
/** CloudFront Functions (JS 2.0) viewer request: the viewer's Host, never a header the viewer sent, names the site. */
const TENANT_DOMAIN_HEADER_CODE = `function handler(event) {
  var request = event.request;
  request.headers['${TENANT_DOMAIN_HEADER}'] = { value: request.headers.host.value };
  return request;
}`;

/** The behaviours' parts a configured domain's distribution and the tenant distribution share. */
interface TenantBehaviourParts {
  pageUrl: FunctionUrl;
  pageOac: FunctionUrlOriginAccessControl;
  pageHeaders: ResponseHeadersPolicy;
  files: string[];
  spaFile: BehaviorOptions;
  media: BehaviorOptions;
  api: BehaviorOptions;
}

/** `/api/*`, `/flight-api/*`, `/partner-api/*`: straight from the contract's API bases. */
export const API_PATH_PATTERNS = Object.values(API_BASES).map((base) => `${base}*`);

const LOG_EXPIRY = Duration.days(90);

const REFERRER_POLICY: Record<SecurityHeaderSet['referrerPolicy'], HeadersReferrerPolicy> = {
  'strict-origin-when-cross-origin': HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
};
const FRAME_OPTION: Record<SecurityHeaderSet['frameOptions'], HeadersFrameOption> = {
  DENY: HeadersFrameOption.DENY,
};

/**
 * A response-headers policy sending exactly one header set of `@tp/contracts/security-headers` (the
 * definition the local gateway and the handler preset use too), overriding whatever the origin sent.
 */
export function securityHeadersPolicy(
  scope: Construct,
  id: string,
  set: SecurityHeaderSet,
  comment: string,
  /** False for the page function's answers: its per-page policy wins; this one stands in if it sent none. */
  overrideCsp = true,
): ResponseHeadersPolicy {
  if (set.contentSecurityPolicy.length > CLOUDFRONT_CSP_MAX_LENGTH)
    throw new Error(
      `${id}: the Content-Security-Policy is ${set.contentSecurityPolicy.length} characters, CloudFront takes ${CLOUDFRONT_CSP_MAX_LENGTH}`,
    );
  const hsts = set.strictTransportSecurity;
  return new ResponseHeadersPolicy(scope, id, {
    comment,
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: set.contentSecurityPolicy, override: overrideCsp },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(hsts.maxAgeSeconds),
        includeSubdomains: hsts.includeSubDomains,
        preload: hsts.preload,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: FRAME_OPTION[set.frameOptions], override: true },
      referrerPolicy: { referrerPolicy: REFERRER_POLICY[set.referrerPolicy], override: true },
    },
    customHeadersBehavior: {
      customHeaders: [{ header: 'Permissions-Policy', value: set.permissionsPolicy, override: true }],
    },
  });
}

/**
 * The SPA bucket and one CloudFront distribution per reseller domain. Every distribution serves the
 * build's files from S3 under /app, its pages (every other path) from the page function (index.html with
 * the reseller's head and the page's policy, functions/src/site/page-html.ts, as the local gateway serves
 * them), and forwards the API paths to the HTTP API, so the API sees the viewer's domain, headers and
 * cookies exactly as the local gateway does.
 */
export class WebStack extends Stack {
  readonly bucket: Bucket;
  readonly distributions: Distribution[];
  /**
   * The multi-tenant distribution (tenant-only) whose tenants the console creates at run time, one per reseller
   * domain going live without a deploy (functions/src/console/domains; docs/deploy.md "Going live on a domain").
   */
  readonly tenantDistribution: Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const secureBucket = {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: removalPolicyOf(stage),
    } as const;

    // CloudFront standard logging writes through ACLs, hence ACLs enabled (bucket owner preferred).
    const logs = new Bucket(this, 'LogsBucket', {
      ...secureBucket,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: LOG_EXPIRY }],
    });
    Validations.of(logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it into itself would log its own log writes.',
    });

    this.bucket = new Bucket(this, 'SiteBucket', {
      ...secureBucket,
      versioned: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 's3/site/',
    });

    // Files of the build: the strict policy, no site's scripts (a script file's own CSP governs nothing).
    const spaHeaders = spaSecurityHeaders({ scriptHashes: BOOT_SCRIPT_HASHES, site: null });
    const staticHeaders = securityHeadersPolicy(this, 'SpaSecurityHeaders', spaHeaders, 'SPA files: strict CSP, HSTS');
    // Pages: the page function sends each page's policy (a site's scripts on public pages only); the same
    // strict set stands in for an answer without one (an error), and every other header is CloudFront's.
    const pageHeaders = securityHeadersPolicy(
      this,
      'SpaPageSecurityHeaders',
      spaHeaders,
      'SPA pages: the page function’s CSP, HSTS',
      false,
    );
    const apiHeaders = securityHeadersPolicy(this, 'ApiSecurityHeaders', API_SECURITY_HEADER_SET, 'API: JSON only');

    const spaOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket, {
      originAccessControl: new S3OriginAccessControl(this, 'SiteBucketOac'),
    });
    const spaFile: BehaviorOptions = {
      origin: spaOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: staticHeaders,
      compress: true,
    };
    const pageUrl = this.pageFunction(props).addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM });
    const pageOac = new FunctionUrlOriginAccessControl(this, 'SitePageOac');
    const page = (site: SiteConfig): BehaviorOptions => ({
      // The reseller, named by the distribution (CloudFront replaces a viewer's header of the same name).
      origin: FunctionUrlOrigin.withOriginAccessControl(pageUrl, {
        originAccessControl: pageOac,
        customHeaders: { 'domain-name': site.domain },
      }),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      // A settings save shows on the next page load (the function reads the site through its 30 s cache).
      cachePolicy: CachePolicy.CACHING_DISABLED,
      responseHeadersPolicy: pageHeaders,
      compress: true,
    });
    // Imported by name: the bucket's policy (DataStack) already lets the account's CloudFront read it; an
    // owned reference would make CDK add a per-distribution statement there, a cycle between the stacks.
    const mediaBucket = Bucket.fromBucketAttributes(this, 'MediaBucket', {
      bucketArn: props.media.bucketArn,
      bucketName: props.media.bucketName,
      bucketRegionalDomainName: props.media.bucketRegionalDomainName,
    });
    Annotations.of(this).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The media bucket policy (DataStack) grants the account’s CloudFront read access itself.',
    );
    const media: BehaviorOptions = {
      origin: S3BucketOrigin.withOriginAccessControl(mediaBucket, {
        originAccessControl: new S3OriginAccessControl(this, 'MediaBucketOac'),
      }),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      // Keys are random and never rewritten: cache for as long as CloudFront allows.
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: apiHeaders,
      compress: false,
    };
    const api: BehaviorOptions = {
      // https://<id>.execute-api.<region>.amazonaws.com → host part
      origin: new HttpOrigin(Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint)), {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [OriginSslPolicy.TLS_V1_2],
        // Resolved by CloudFormation at deploy (a dynamic reference, never in the template); the rotation
        // function below changes it on the live distributions.
        customHeaders: { [ORIGIN_HEADER]: props.originSecret.secretValue.unsafeUnwrap() },
      }),
      // HTTPS only, no redirect: a redirected POST would lose its body.
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      // Everything the viewer sent (domain-name, site-id, cookies, query) except Host, which must
      // name the API's own host for API Gateway to route it.
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: apiHeaders,
    };

    const files = staticPathPatterns(props.spaDist);
    this.distributions = props.sites.map((site) => {
      const id = `Site-${site.domain}`;
      const app = page(site);
      const distribution = new Distribution(this, id, {
        comment: `${stage.name} ${site.domain}`,
        domainNames: [site.domain],
        certificate: Certificate.fromCertificateArn(this, `${id}-Certificate`, site.certificateArn),
        sslSupportMethod: SSLMethod.SNI,
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
        httpVersion: HttpVersion.HTTP2_AND_3,
        // Includes India and the rest of Asia, where the resellers sell.
        priceClass: PriceClass.PRICE_CLASS_200,
        defaultBehavior: app,
        additionalBehaviors: Object.fromEntries([
          [APP_PATH_PATTERN, app],
          ...files.map((pattern) => [pattern, spaFile]),
          [`${MEDIA_PATH}*`, media],
          ...API_PATH_PATTERNS.map((pattern) => [pattern, api]),
        ]),
        enableLogging: true,
        logBucket: logs,
        logFilePrefix: `cloudfront/${site.domain}/`,
        webAclId: props.webAclArn,
      });
      Validations.of(distribution).acknowledge({
        id: 'AwsSolutions-CFR1',
        reason: 'Resellers sell to travellers anywhere; there is no country to exclude.',
      });
      // The target of the reseller's alias CNAME (npm run dns).
      new CfnOutput(this, `${id}-DomainName`, {
        description: `CloudFront domain name for ${site.domain}`,
        value: distribution.distributionDomainName,
      });
      return distribution;
    });
    this.tenantDistribution = this.tenantDistributionOf(props, {
      pageUrl,
      pageOac,
      pageHeaders,
      files,
      spaFile,
      media,
      api,
    });
    this.deploySpa(props.spaDist, props.sites);
    this.rotateOriginSecret(props);
  }

  /** Every distribution that sends the origin secret to the API: the configured domains' and the tenants'. */
  private originSecretDistributions(): Distribution[] {
    return [...this.distributions, this.tenantDistribution];
  }

  /**
   * The multi-tenant distribution: the same behaviours as a configured domain's, in `tenant-only` mode (it
   * answers only on its tenants' domains, each with its CloudFront-managed certificate). A configured domain's
   * distribution names its reseller to the page function in an origin header; one distribution for many domains
   * cannot, so a viewer-request function copies the viewer's Host into `domain-name` (overwriting whatever the
   * viewer sent) and the page behaviour forwards just that header. The API behaviour is the same as everywhere:
   * the SPA sends the domain itself.
   */
  private tenantDistributionOf(props: WebStackProps, parts: TenantBehaviourParts): Distribution {
    const domainHeader = new CloudFrontFunction(this, 'TenantDomainHeader', {
      comment: 'domain-name = the viewer Host, for the page function',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(TENANT_DOMAIN_HEADER_CODE),
    });
    const page: BehaviorOptions = {
      origin: FunctionUrlOrigin.withOriginAccessControl(parts.pageUrl, { originAccessControl: parts.pageOac }),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: new OriginRequestPolicy(this, 'TenantPageRequest', {
        comment: 'Pages of tenant domains: the reseller’s domain only',
        headerBehavior: OriginRequestHeaderBehavior.allowList(TENANT_DOMAIN_HEADER),
        queryStringBehavior: OriginRequestQueryStringBehavior.none(),
        cookieBehavior: OriginRequestCookieBehavior.none(),
      }),
      responseHeadersPolicy: parts.pageHeaders,
      compress: true,
      functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: domainHeader }],
    };
    const distribution = new Distribution(this, 'TenantDistribution', {
      comment: `${props.stage.name} reseller domains gone live from the console`,
      httpVersion: HttpVersion.HTTP2_AND_3,
      defaultBehavior: page,
      additionalBehaviors: Object.fromEntries([
        [APP_PATH_PATTERN, page],
        ...parts.files.map((pattern) => [pattern, parts.spaFile]),
        [`${MEDIA_PATH}*`, parts.media],
        ...API_PATH_PATTERNS.map((pattern) => [pattern, parts.api]),
      ]),
      webAclId: props.webAclArn,
    });
    const cfn = distribution.node.defaultChild as CfnDistribution;
    cfn.addPropertyOverride('DistributionConfig.ConnectionMode', 'tenant-only');
    // Not settings of a multi-tenant distribution: it uses every edge location, and IPv6 is the connection group's.
    cfn.addPropertyDeletionOverride('DistributionConfig.PriceClass');
    cfn.addPropertyDeletionOverride('DistributionConfig.IPV6Enabled');
    const reasons: Record<string, string> = {
      'AwsSolutions-CFR1': 'Resellers sell to travellers anywhere; there is no country to exclude.',
      'AwsSolutions-CFR3':
        'Multi-tenant distributions take no legacy standard logging; requests are counted by CloudFront’s metrics and the web ACL’s.',
      'AwsSolutions-CFR4':
        'Tenant-only: it answers only on tenant domains, each with its CloudFront-managed certificate; the default certificate is never presented.',
    };
    for (const [id, reason] of Object.entries(reasons)) Validations.of(distribution).acknowledge({ id, reason });
    new CfnOutput(this, TENANT_DISTRIBUTION_OUTPUT, {
      description:
        'The multi-tenant distribution the console adds reseller domains to (StageConfig.tenantDistributionId)',
      value: distribution.distributionId,
    });
    return distribution;
  }

  /**
   * The page function (functions/src/entries/site-page.ts): reads the site record and the deployed
   * index.html, nothing else; called only by the distributions (function URL with IAM auth, signed by OAC).
   */
  private pageFunction(props: WebStackProps): PlatformFunction {
    const fn = new PlatformFunction(this, 'SitePageFunction', {
      entry: join(FUNCTIONS_SRC, 'entries', 'site-page.ts'),
      description: 'SPA pages: index.html with the site’s head and the page’s security policy',
      memoryMb: 512,
      timeout: Duration.seconds(10),
      logRetention: props.stage.logRetention,
      removalPolicy: removalPolicyOf(props.stage),
      environment: {
        STAGE: props.stage.name,
        LOG_LEVEL: props.stage.logLevel,
        SPA_BUCKET: this.bucket.bucketName,
        BOOT_SCRIPT_HASHES: BOOT_SCRIPT_HASHES.join(' '),
        // Its host's page is marked as the console's (functions/src/site/page-html.ts), never a site's.
        CONSOLE_DOMAIN: props.stage.consoleDomain,
      },
    }).bindTable(props.table, 'read');
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(`${SPA_BASENAME.slice(1)}/index.html`)],
      }),
    );
    return fn;
  }

  /**
   * Monthly rotation of the origin secret: a new value on every distribution, then current
   * (functions/src/entries/origin-secret-rotation.ts).
   */
  private rotateOriginSecret(props: WebStackProps): void {
    const fn = new PlatformFunction(this, 'OriginSecretRotationFunction', {
      entry: join(FUNCTIONS_SRC, 'entries', 'origin-secret-rotation.ts'),
      description: 'Rotates the CloudFront origin secret and updates every reseller distribution',
      memoryMb: 512,
      // Each UpdateDistribution returns at once (the deployment continues at CloudFront); a few per reseller.
      timeout: Duration.seconds(60),
      logRetention: props.stage.logRetention,
      removalPolicy: removalPolicyOf(props.stage),
      environment: {
        STAGE: props.stage.name,
        LOG_LEVEL: props.stage.logLevel,
        DISTRIBUTION_IDS: Fn.join(
          ',',
          this.originSecretDistributions().map((d) => d.distributionId),
        ),
      },
    });
    const distributionArns = this.originSecretDistributions().map(
      (d) => `arn:${this.partition}:cloudfront::${this.account}:distribution/${d.distributionId}`,
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['cloudfront:GetDistributionConfig', 'cloudfront:UpdateDistribution'],
        resources: distributionArns,
      }),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: [
          'secretsmanager:GetSecretValue',
          'secretsmanager:DescribeSecret',
          'secretsmanager:PutSecretValue',
          'secretsmanager:UpdateSecretVersionStage',
        ],
        resources: [props.originSecret.secretArn],
      }),
    );
    // GetRandomPassword acts on no resource; IAM takes only `*` for it (the role's Resource::* acknowledgment,
    // PlatformFunction, covers this and X-Ray's, which are alike).
    fn.addToRolePolicy(new PolicyStatement({ actions: ['secretsmanager:GetRandomPassword'], resources: ['*'] }));
    new RotationSchedule(this, 'OriginSecretRotation', {
      secret: props.originSecret,
      rotationLambda: fn,
      automaticallyAfter: Duration.days(30),
    });
  }

  /**
   * Uploads the build under the SPA's base: the hashed files first, kept across deploys (a tab still on the
   * previous index.html loads its lazy chunks by their old names), then the unhashed files, pruned to the
   * build and invalidated in every distribution (BucketDeployment takes one distribution per deployment, so
   * one small deployment per reseller; they write identical bytes).
   */
  private deploySpa(spaDist: string, sites: readonly SiteConfig[]): void {
    if (!existsSync(join(spaDist, 'index.html')))
      throw new Error(
        `${spaDist}/index.html is missing: build the SPA first (npm run build -w web; npm run synth does)`,
      );
    const source = [Source.asset(spaDist)];
    const destination = { destinationBucket: this.bucket, destinationKeyPrefix: `${SPA_BASENAME.slice(1)}/` };
    // The AWS CLI sync in the deployment Lambda: room for a few MB of assets without swapping.
    const memoryLimit = 512;
    const hashed = new BucketDeployment(this, 'SpaHashedFiles', {
      ...destination,
      sources: source,
      exclude: ['*'],
      include: [`${HASHED_DIR}/*`],
      cacheControl: HASHED_CACHE_CONTROL,
      prune: false,
      memoryLimit,
    });
    const paths = unhashedPaths(spaDist);
    this.distributions.forEach((distribution, i) => {
      const unhashed = new BucketDeployment(this, `SpaFiles-${sites[i]!.domain}`, {
        ...destination,
        sources: source,
        // Excluded files are neither uploaded nor pruned by this deployment.
        exclude: [`${HASHED_DIR}/*`],
        cacheControl: UNHASHED_CACHE_CONTROL,
        distribution,
        distributionPaths: paths,
        memoryLimit,
      });
      unhashed.node.addDependency(hashed);
    });
    this.acknowledgeDeploymentHandler();
  }

  /** The deployments share one CDK-provided handler (a singleton Lambda at stack level): its findings, each. */
  private acknowledgeDeploymentHandler(): void {
    const handler = this.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) throw new Error('BucketDeployment handler not found: did aws-cdk-lib rename it?');
    // As cdk-nag spells the ARN: the partition is a literal under cdk.json's partition-literals flag, else a Ref.
    const partition = Token.isUnresolved(this.partition) ? '<AWS::Partition>' : this.partition;
    const assets = `arn:${partition}:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${this.account}-${this.region}/*`;
    const s3 = 'Read of the bootstrap asset bucket and read/write of the SPA bucket, as BucketDeployment grants them';
    const reasons: Record<string, string> = {
      'AwsSolutions-L1':
        "aws-cdk-lib pins the deployment handler's runtime (Python with the AWS CLI layer); it runs only during deploys.",
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]':
        'The deploy-time handler writes only its own logs.',
      ...Object.fromEntries(
        [
          'Action::s3:Abort*',
          'Action::s3:DeleteObject*',
          'Action::s3:GetBucket*',
          'Action::s3:GetObject*',
          'Action::s3:List*',
        ]
          .concat([
            `Resource::${assets}`,
            `Resource::<${this.getLogicalId(this.bucket.node.defaultChild as CfnElement)}.Arn>/*`,
          ])
          .map((finding) => [`AwsSolutions-IAM5[${finding}]`, `${s3}; no other bucket.`]),
      ),
      'AwsSolutions-IAM5[Resource::*]':
        'cloudfront:CreateInvalidation/GetInvalidation as BucketDeployment grants them (on any distribution of the account).',
    };
    for (const [id, reason] of Object.entries(reasons)) Validations.of(handler).acknowledge({ id, reason });
  }
}
