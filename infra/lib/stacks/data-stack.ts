import { Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { TABLE } from '@tp/contracts/platform';
import { EXPORT_LIMITS } from '@tp/contracts/endpoints/exports';
import { removalPolicyOf, type StageConfig } from '../../config/stages.ts';

/**
 * The media bucket's name, fixed per stage and account: the api stack grants on it by name, a plain string,
 * rather than through a cross-stack reference (the functions' policies and their cdk-nag review stay literal).
 */
export const mediaBucketName = (stage: StageConfig, account: string): string => `travel-${stage.name}-media-${account}`;

export interface DataStackProps extends StackProps {
  stage: StageConfig;
  /**
   * Declare only TABLE's first `indexes` indexes (default: all). CloudFormation adds one GSI to an existing table
   * per update, so a table deployed before two new ones gets them in two deployments (docs/deploy.md).
   */
  indexes?: number;
}

/**
 * The single DynamoDB table, shaped exactly as TABLE declares (the local stack creates the same), and the
 * bucket of uploaded images (lib/media.ts), served under /media/ by every reseller distribution.
 */
export class DataStack extends Stack {
  readonly table: Table;
  readonly media: Bucket;
  /** Wraps the data keys of the sealed site secrets (functions/src/lib/sealed.ts); yearly rotation. */
  readonly secretsKey: Key;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const key = (name: string) => ({ name, type: AttributeType.STRING });
    this.table = new Table(this, 'Table', {
      tableName: `${props.stage.name}-${TABLE.name}`,
      partitionKey: key(TABLE.partitionKey),
      sortKey: key(TABLE.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE.ttlAttribute,
      deletionProtection: props.stage.retainData,
      removalPolicy: removalPolicyOf(props.stage),
    });
    for (const index of Object.values(TABLE.indexes).slice(0, props.indexes)) {
      const include = 'include' in index ? [...index.include] : null;
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
        ...(include
          ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: include }
          : { projectionType: ProjectionType.ALL }),
      });
    }

    // The key policy is the account default (IAM decides); the functions' grants (FUNCTION_ACCESS `secrets`)
    // are decrypt-only, bound to a site and field context, and only the settings function may make data keys.
    this.secretsKey = new Key(this, 'SecretsKey', {
      description: 'Site secrets: supplier and payment-gateway credentials (envelope encryption)',
      enableKeyRotation: true,
      removalPolicy: removalPolicyOf(props.stage),
    });

    this.media = new Bucket(this, 'MediaBucket', {
      bucketName: mediaBucketName(props.stage, this.account),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: removalPolicyOf(props.stage),
      // Export files (functions/src/exports) are kept a day; a run that died leaves no parts behind for long.
      lifecycleRules: [
        {
          id: 'ExportFiles',
          prefix: 'exports/',
          expiration: Duration.days(Math.ceil(EXPORT_LIMITS.keepHours / 24)),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
    });
    // CloudFront reads through origin access control. The distributions live in the web stack, which depends
    // on this one, so the grant names the account's CloudFront rather than each distribution (no cycle).
    this.media.addToResourcePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        // Only what the distributions serve (/media/*): private documents (private/*) are the Lambdas' alone.
        resources: [this.media.arnForObjects('media/*')],
        conditions: { StringEquals: { 'AWS:SourceAccount': this.account } },
      }),
    );
    Validations.of(this.media).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        "Every read is a CloudFront request, in the distributions' standard logs; writes come only from the API Lambdas.",
    });
  }
}
