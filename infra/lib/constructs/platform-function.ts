/**
 * The house Lambda: Node 24 on ARM64, ESM bundled (with its chunks) by the local esbuild with the options of
 * bundling.ts, X-Ray tracing, its own log group with retention and its own least-privilege role.
 * Resources are bound with one call each, which grants access AND sets the variable the handler reads.
 */
import { dirname, relative } from 'node:path';
import { AssetHashType, DockerImage, Stack, Token, Validations, type Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { TABLE } from '@tp/contracts/platform';
import { LAMBDA_NODE_OPTIONS, ROOT, bundleFunctionSync } from '../bundling.ts';

export interface PlatformFunctionProps {
  entry: string;
  description: string;
  /** 512–1024 MB: below, cold starts and argon2 suffer; above, nothing here is memory-bound. */
  memoryMb: number;
  timeout: Duration;
  /** Stage-wide variables (STAGE, LOG_LEVEL, COOKIE_SECURE…); bind* calls add the resource ones. */
  environment: Record<string, string>;
  logRetention: RetentionDays;
  /** Of the log group. */
  removalPolicy: RemovalPolicy;
}

/** A sender-side view of the mail setup (MessagingStack owns the resources). */
export interface MailBinding {
  /** The stage's identity and every reseller's: the worker may send from any of them. */
  identityArns: string[];
  configurationSetArn: string;
  configurationSetName: string;
  from: string;
  /** Reseller domains with their own identity: the worker sends their mail from `no-reply@<domain>`. */
  resellerDomains: string[];
}

/** What a function that puts reseller domains live at run time needs (functions/src/console/domains). */
export interface GoLiveBinding {
  /** The web stack's multi-tenant distribution, known after its first deploy (StageConfig.tenantDistributionId). */
  tenantDistributionId?: string;
  /** The stage's SES configuration set, every new identity's default. */
  configurationSetName: string;
  configurationSetArn: string;
}

/**
 * A function's code asset: bundling.ts builds it here, from node_modules, into the directory CDK zips
 * (index.mjs, its chunks, their maps and the sidecar files). NodejsFunction is not used because it writes
 * one `--outfile`, and code splitting needs an output directory. The asset hash is the output's, so a
 * change that leaves the bundle as it was deploys nothing.
 */
function lambdaCode(entry: string): Code {
  return Code.fromAsset(dirname(entry), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never pulled: CDK uses the image only when local bundling declines, and it never does.
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:24-slim'),
      // CDK reuses one bundle for assets of the same source folder and bundling options, and every entry sits in
      // functions/src/entries: naming the entry here keeps each Lambda's bundle its own.
      environment: { TP_ENTRY: relative(ROOT, entry) },
      local: {
        tryBundle(outputDir: string): boolean {
          bundleFunctionSync(entry, outputDir);
          return true;
        },
      },
    },
  });
}

const MEMORY_RANGE = { min: 512, max: 1024 };

/** Transactions need the per-item actions of their parts, so TransactWrite/Get add nothing here. */
const TABLE_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
const TABLE_WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

export class PlatformFunction extends LambdaFunction {
  constructor(scope: Construct, id: string, props: PlatformFunctionProps) {
    if (props.memoryMb < MEMORY_RANGE.min || props.memoryMb > MEMORY_RANGE.max)
      throw new Error(`${id}: memory ${props.memoryMb} MB is outside ${MEMORY_RANGE.min}–${MEMORY_RANGE.max} MB`);
    // Created before super() so the function never gets the default role with its AWS-managed
    // AWSLambdaBasicExecutionRole (log rights on every log group of the account).
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${id}`,
    });
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    super(scope, id, {
      code: lambdaCode(props.entry),
      handler: 'index.handler',
      description: props.description,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMb,
      timeout: props.timeout,
      tracing: Tracing.ACTIVE,
      role,
      logGroup,
      environment: {
        ...props.environment,
        NODE_OPTIONS: LAMBDA_NODE_OPTIONS.join(' '),
      },
    });
    logGroup.grantWrite(role);
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Actions that support no resource-level scoping: X-Ray tracing (xray:PutTraceSegments, xray:PutTelemetryRecords); the origin-secret rotation also needs secretsmanager:GetRandomPassword.',
    });
  }

  /**
   * Grants item access on the table and its GSIs, and sets TABLE_NAME. Written out rather than
   * table.grant*Data(): those grant `<table>/index/*` and dynamodb:Scan; we name the two indexes and
   * leave Scan out (a list never scans the single table).
   */
  bindTable(table: ITable, access: 'read' | 'readWrite'): this {
    const actions = access === 'read' ? TABLE_READ : [...TABLE_READ, ...TABLE_WRITE];
    const indexArns = Object.values(TABLE.indexes).map((i) => `${table.tableArn}/index/${i.name}`);
    this.addToRolePolicy(new PolicyStatement({ actions, resources: [table.tableArn, ...indexArns] }));
    this.addEnvironment('TABLE_NAME', table.tableName);
    return this;
  }

  /**
   * Grants put and delete of objects in the media bucket (no list; images are read through CloudFront), read of the
   * private documents under `private/`, and sets MEDIA_BUCKET.
   */
  bindMedia(bucketName: string): this {
    const objects = `arn:aws:s3:::${bucketName}/*`;
    this.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject', 's3:DeleteObject'], resources: [objects] }));
    // Private documents (visa applications) live under private/, outside what CloudFront serves: read back here only.
    this.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:GetObject'], resources: [`arn:aws:s3:::${bucketName}/private/*`] }),
    );
    Validations.of(this.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${objects}]`,
      reason:
        'Uploaded images get random keys under their site’s prefix; the function writes and deletes any of them, never lists or reads.',
    });
    Validations.of(this.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:aws:s3:::${bucketName}/private/*]`,
      reason:
        'Private documents get random keys under their site’s prefix; the function reads back only what it checked the caller may see.',
    });
    this.addEnvironment('MEDIA_BUCKET', bucketName);
    return this;
  }

  /**
   * Export files under `exports/` of the media bucket (functions/src/exports/store.ts): the worker writes them in a
   * multipart upload; the exports Lambda reads them, since a presigned GET it signs acts with its role.
   */
  bindExportFiles(bucketName: string, access: 'read' | 'write'): this {
    const objects = `arn:aws:s3:::${bucketName}/exports/*`;
    const actions =
      access === 'write'
        ? ['s3:PutObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts']
        : ['s3:GetObject'];
    this.addToRolePolicy(new PolicyStatement({ actions, resources: [objects] }));
    Validations.of(this.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${objects}]`,
      reason:
        'Export files are keyed by site and job under exports/; the worker writes any job’s file, the exports Lambda signs links only to the caller’s own.',
    });
    this.addEnvironment('MEDIA_BUCKET', bucketName);
    return this;
  }

  /**
   * Grants kms:Decrypt (and, to `seal`, kms:GenerateDataKey) on the secrets key, only for data keys bound to a
   * site and field (the encryption context lib/sealed.ts sets), and sets SECRETS_KEY_ID.
   */
  bindSecretsKey(key: IKey, access: 'open' | 'seal'): this {
    this.addToRolePolicy(
      new PolicyStatement({
        actions: access === 'seal' ? ['kms:Decrypt', 'kms:GenerateDataKey'] : ['kms:Decrypt'],
        resources: [key.keyArn],
        conditions: {
          'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['siteId', 'field'] },
          Null: { 'kms:EncryptionContext:siteId': 'false', 'kms:EncryptionContext:field': 'false' },
        },
      }),
    );
    this.addEnvironment('SECRETS_KEY_ID', key.keyArn);
    return this;
  }

  /**
   * Going live at run time: per domain a CloudFront distribution tenant of the stage's multi-tenant distribution
   * (with a CloudFront-managed certificate, which CloudFront requests from ACM with the caller's rights) and an
   * SES identity with DKIM and MAIL FROM. Reseller domains are chosen at run time, so tenants, identities and
   * certificates can only be named by their type (`…/*`); the distribution is named exactly, and without it (a
   * stage before its first web deploy) no CloudFront or ACM right is granted at all.
   */
  bindGoLive(goLive: GoLiveBinding): this {
    const stack = Stack.of(this);
    const arn = (service: string, region: string, resource: string) =>
      `arn:${stack.partition}:${service}:${region}:${stack.account}:${resource}`;
    // As cdk-nag spells an ARN: the partition is a literal under cdk.json's partition-literals flag, else a Ref.
    const nagArn = (a: string) =>
      a.replace(stack.partition, Token.isUnresolved(stack.partition) ? '<AWS::Partition>' : stack.partition);
    const wildcards: Record<string, string> = {};
    const identities = arn('ses', stack.region, 'identity/*');
    wildcards[identities] =
      'SES identities of reseller domains chosen at run time: created, tagged, read and given their MAIL FROM, never sent from or deleted.';
    this.addToRolePolicy(
      new PolicyStatement({
        actions: [
          'ses:CreateEmailIdentity',
          'ses:TagResource',
          'ses:GetEmailIdentity',
          'ses:PutEmailIdentityMailFromAttributes',
        ],
        resources: [identities, goLive.configurationSetArn],
      }),
    );
    this.addEnvironment('GO_LIVE_PROVIDER', 'aws');
    this.addEnvironment('MAIL_CONFIGURATION_SET', goLive.configurationSetName);
    if (goLive.tenantDistributionId) {
      const tenants = arn('cloudfront', '', 'distribution-tenant/*');
      const groups = arn('cloudfront', '', 'connection-group/*');
      const certificates = arn('acm', 'us-east-1', 'certificate/*');
      wildcards[tenants] =
        'Distribution tenants of reseller domains chosen at run time, all of the one multi-tenant distribution named beside them.';
      wildcards[groups] = 'The connection group a tenant routes through (its CNAME target) is read, never changed.';
      wildcards[certificates] =
        'CloudFront requests each tenant’s managed certificate with the caller’s rights; the function itself touches no other.';
      this.addToRolePolicy(
        new PolicyStatement({
          actions: ['cloudfront:CreateDistributionTenant', 'cloudfront:TagResource'],
          resources: [arn('cloudfront', '', `distribution/${goLive.tenantDistributionId}`), tenants],
        }),
      );
      this.addToRolePolicy(
        new PolicyStatement({
          actions: [
            'cloudfront:GetDistributionTenantByDomain',
            'cloudfront:GetManagedCertificateDetails',
            'cloudfront:VerifyDnsConfiguration',
          ],
          resources: [tenants],
        }),
      );
      this.addToRolePolicy(new PolicyStatement({ actions: ['cloudfront:GetConnectionGroup'], resources: [groups] }));
      this.addToRolePolicy(
        new PolicyStatement({
          actions: ['acm:RequestCertificate', 'acm:DescribeCertificate'],
          resources: [certificates],
        }),
      );
      this.addEnvironment('TENANT_DISTRIBUTION_ID', goLive.tenantDistributionId);
    }
    for (const [resource, reason] of Object.entries(wildcards))
      Validations.of(this.role!).acknowledge({ id: `AwsSolutions-IAM5[Resource::${nagArn(resource)}]`, reason });
    return this;
  }

  /** Grants reading the origin secret (lib/origin-secret.ts; every version, for rotations) and sets ORIGIN_SECRET_ARN. */
  bindOriginSecret(secret: ISecret): this {
    this.addToRolePolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }),
    );
    this.addEnvironment('ORIGIN_SECRET_ARN', secret.secretArn);
    return this;
  }

  /** Grants reading the VAPID secret and storing its first pair (functions/src/notifications/vapid.ts); sets VAPID_SECRET_ARN. */
  bindVapidSecret(secret: ISecret): this {
    this.addToRolePolicy(
      new PolicyStatement({
        actions: ['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue'],
        resources: [secret.secretArn],
      }),
    );
    this.addEnvironment('VAPID_SECRET_ARN', secret.secretArn);
    return this;
  }

  /** Grants SendMessage on the queue and sets its URL in `envVar`. */
  bindQueue(queue: IQueue, envVar: string): this {
    queue.grantSendMessages(this);
    this.addEnvironment(envVar, queue.queueUrl);
    return this;
  }

  /** Grants ses:SendEmail/SendRawEmail on the identities and configuration set; sets MAIL_FROM and MAIL_DOMAINS. */
  bindMail(mail: MailBinding): this {
    this.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [...mail.identityArns, mail.configurationSetArn],
      }),
    );
    this.addEnvironment('MAIL_FROM', mail.from);
    this.addEnvironment('MAIL_DOMAINS', mail.resellerDomains.join(','));
    return this;
  }
}
