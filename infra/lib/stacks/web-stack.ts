import { join } from 'node:path';
import { Duration, Fn, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
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
  Function as CloudFrontFunction,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { API_BASES } from '@tp/contracts/endpoint';
import {
  API_SECURITY_HEADER_SET,
  CLOUDFRONT_CSP_MAX_LENGTH,
  spaSecurityHeaders,
  type SecurityHeaderSet,
} from '@tp/contracts/security-headers';
import { BOOT_SCRIPT_HASHES } from '@tp/web/boot/index.ts';
import type { SiteConfig } from '../../config/sites.ts';
import { removalPolicyOf, type StageConfig } from '../../config/stages.ts';

export interface WebStackProps extends StackProps {
  stage: StageConfig;
  sites: readonly SiteConfig[];
  httpApi: IHttpApi;
}

/** Where the SPA lives in the bucket and on every domain (the Vite base). */
export const APP_PATH_PATTERN = '/app/*';
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
): ResponseHeadersPolicy {
  if (set.contentSecurityPolicy.length > CLOUDFRONT_CSP_MAX_LENGTH)
    throw new Error(
      `${id}: the Content-Security-Policy is ${set.contentSecurityPolicy.length} characters, CloudFront takes ${CLOUDFRONT_CSP_MAX_LENGTH}`,
    );
  const hsts = set.strictTransportSecurity;
  return new ResponseHeadersPolicy(scope, id, {
    comment,
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: set.contentSecurityPolicy, override: true },
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
 * same build from S3 under /app and forwards the API paths to the HTTP API, so the API sees the
 * viewer's domain, headers and cookies exactly as the local gateway does.
 */
export class WebStack extends Stack {
  readonly bucket: Bucket;
  readonly distributions: Distribution[];

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

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromFile({ filePath: join(import.meta.dirname, '..', 'edge', 'spa-rewrite.js') }),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'SPA routes under /app/ to /app/index.html; / to /app/',
    });
    // The SPA's policy names a reseller's own scripts: a site with scripts has a policy of its own, the
    // others share one (CloudFront allows 20 response-headers policies per account by default).
    let sharedSpaHeaders: ResponseHeadersPolicy | undefined;
    const spaHeadersOf = (site: SiteConfig): ResponseHeadersPolicy => {
      const set = spaSecurityHeaders({ scriptHashes: BOOT_SCRIPT_HASHES, site: site.scripts ?? null });
      if (site.scripts)
        return securityHeadersPolicy(this, `SpaSecurityHeaders-${site.domain}`, set, `SPA, ${site.domain}'s scripts`);
      return (sharedSpaHeaders ??= securityHeadersPolicy(this, 'SpaSecurityHeaders', set, 'SPA: strict CSP, HSTS'));
    };
    const apiHeaders = securityHeadersPolicy(this, 'ApiSecurityHeaders', API_SECURITY_HEADER_SET, 'API: JSON only');

    const spaOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket, {
      originAccessControl: new S3OriginAccessControl(this, 'SiteBucketOac'),
    });
    const spa = (site: SiteConfig): BehaviorOptions => ({
      origin: spaOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: spaHeadersOf(site),
      compress: true,
      functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
    });
    const api: BehaviorOptions = {
      // https://<id>.execute-api.<region>.amazonaws.com → host part
      origin: new HttpOrigin(Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint)), {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [OriginSslPolicy.TLS_V1_2],
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

    this.distributions = props.sites.map((site) => {
      const id = `Site-${site.domain}`;
      const app = spa(site);
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
          ...API_PATH_PATTERNS.map((pattern) => [pattern, api]),
        ]),
        enableLogging: true,
        logBucket: logs,
        logFilePrefix: `cloudfront/${site.domain}/`,
        ...(stage.webAclArn ? { webAclId: stage.webAclArn } : {}),
      });
      Validations.of(distribution).acknowledge({
        id: 'AwsSolutions-CFR1',
        reason: 'Resellers sell to travellers anywhere; there is no country to exclude.',
      });
      if (!stage.webAclArn)
        Validations.of(distribution).acknowledge({
          id: 'AwsSolutions-CFR2',
          reason: `No web ACL configured for stage ${stage.name} (set webAclArn; a CLOUDFRONT-scope ACL lives in us-east-1). API throttling and the handlers' login rate limits apply meanwhile.`,
        });
      return distribution;
    });
  }
}
