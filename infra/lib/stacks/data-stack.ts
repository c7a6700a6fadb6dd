import { Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { TABLE } from '@tp/contracts/platform';
import { removalPolicyOf, type StageConfig } from '../../config/stages.ts';

export interface DataStackProps extends StackProps {
  stage: StageConfig;
}

/** The single DynamoDB table, shaped exactly as TABLE declares (the local stack creates the same). */
export class DataStack extends Stack {
  readonly table: Table;

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
    for (const index of Object.values(TABLE.indexes)) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
        projectionType: ProjectionType.ALL,
      });
    }
  }
}
