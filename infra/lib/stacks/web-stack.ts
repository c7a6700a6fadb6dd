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
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'HSTS, nosniff, no framing, strict referrer',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        xssProtection: { protection: true, modeBlock: true, override: true },
      },
    });

    const spa: BehaviorOptions = {
      origin: S3BucketOrigin.withOriginAccessControl(this.bucket, {
        originAccessControl: new S3OriginAccessControl(this, 'SiteBucketOac'),
      }),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: securityHeaders,
      compress: true,
      functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
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
      responseHeadersPolicy: securityHeaders,
    };

    this.distributions = props.sites.map((site) => {
      const id = `Site-${site.domain}`;
      const distribution = new Distribution(this, id, {
        comment: `${stage.name} ${site.domain}`,
        domainNames: [site.domain],
        certificate: Certificate.fromCertificateArn(this, `${id}-Certificate`, site.certificateArn),
        sslSupportMethod: SSLMethod.SNI,
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
        httpVersion: HttpVersion.HTTP2_AND_3,
        // Includes India and the rest of Asia, where the resellers sell.
        priceClass: PriceClass.PRICE_CLASS_200,
        defaultBehavior: spa,
        additionalBehaviors: Object.fromEntries([
          [APP_PATH_PATTERN, spa],
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
