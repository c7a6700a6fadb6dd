import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { QUEUES, dlqName, type QueueSpec } from '@tp/contracts/platform';
import type { StageConfig } from '../../config/stages.ts';
import type { QueueKey } from '../../config/functions.ts';
import type { MailBinding } from '../constructs/platform-function.ts';

export interface MessagingStackProps extends StackProps {
  stage: StageConfig;
}

export interface QueuePair {
  spec: QueueSpec;
  queue: Queue;
  dlq: Queue;
}

/** A DLQ keeps a message long enough to be inspected and redriven after an incident. */
const DLQ_RETENTION = Duration.days(14);

/** The SQS queues of QUEUES, each with its dead-letter queue, and the SES sending setup. */
export class MessagingStack extends Stack {
  readonly queues: Record<QueueKey, QueuePair>;
  readonly mail: MailBinding;

  constructor(scope: Construct, id: string, props: MessagingStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const secure = { enforceSSL: true, encryption: QueueEncryption.SQS_MANAGED } as const;

    const pair = (key: QueueKey, spec: QueueSpec): QueuePair => {
      const dlq = new Queue(this, `${key}Dlq`, {
        ...secure,
        queueName: `${stage.name}-${dlqName(spec)}`,
        retentionPeriod: DLQ_RETENTION,
      });
      const queue = new Queue(this, `${key}Queue`, {
        ...secure,
        queueName: `${stage.name}-${spec.name}`,
        visibilityTimeout: Duration.seconds(spec.visibilityTimeout),
        deadLetterQueue: { queue: dlq, maxReceiveCount: spec.maxReceiveCount },
      });
      return { spec, queue, dlq };
    };
    this.queues = Object.fromEntries(
      (Object.entries(QUEUES) as [QueueKey, QueueSpec][]).map(([key, spec]) => [key, pair(key, spec)]),
    ) as Record<QueueKey, QueuePair>;

    const configurationSet = new ConfigurationSet(this, 'MailConfigurationSet', {
      configurationSetName: `${stage.name}-travel-platform`,
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    // Domain identity with Easy DKIM; the DKIM CNAMEs are published in the domain's DNS out of band.
    // The configuration set is the identity's default, so the worker need not name it per send.
    const identity = new EmailIdentity(this, 'MailIdentity', {
      identity: Identity.domain(stage.mail.domain),
      configurationSet,
    });
    this.mail = {
      identityArn: identity.emailIdentityArn,
      configurationSetArn: this.formatArn({
        service: 'ses',
        resource: 'configuration-set',
        resourceName: configurationSet.configurationSetName,
      }),
      from: stage.mail.from,
    };
  }
}
