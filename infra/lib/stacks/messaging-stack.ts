import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  DkimIdentity,
  EasyDkimSigningKeyLength,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { SqsSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { QUEUES, dlqName, type QueueSpec } from '@tp/contracts/platform';
import { mailFromDomainOf, type SiteConfig } from '../../config/sites.ts';
import type { StageConfig } from '../../config/stages.ts';
import type { QueueKey } from '../../config/functions.ts';
import type { MailBinding } from '../constructs/platform-function.ts';

export interface MessagingStackProps extends StackProps {
  stage: StageConfig;
  /** One SES identity per reseller domain. */
  sites: readonly SiteConfig[];
}

/** Name of the stack output holding the bounce and complaint queue's URL (read by the suppression worker). */
export const MAIL_FEEDBACK_QUEUE_OUTPUT = 'MailFeedbackQueueUrl';

export interface QueuePair {
  spec: QueueSpec;
  queue: Queue;
  dlq: Queue;
}

/** A DLQ keeps a message long enough to be inspected and redriven after an incident. */
const DLQ_RETENTION = Duration.days(14);

/**
 * The SQS queues of QUEUES, each with its dead-letter queue, and the SES sending setup: the stage's
 * identity and one per reseller domain, all sending through one configuration set whose bounces and
 * complaints go SNS → SQS for the suppression list.
 */
export class MessagingStack extends Stack {
  readonly queues: Record<QueueKey, QueuePair>;
  readonly mail: MailBinding;
  /** Per reseller domain, its SES identity (Easy DKIM, custom MAIL FROM). */
  readonly resellerIdentities: { site: SiteConfig; identity: EmailIdentity }[];
  /** Bounce and complaint events (SES's event JSON, delivered raw), with its DLQ. */
  readonly mailFeedback: { queue: Queue; dlq: Queue };

  constructor(scope: Construct, id: string, props: MessagingStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const secure = { enforceSSL: true, encryption: QueueEncryption.SQS_MANAGED } as const;

    const withDlq = (id: string, name: string, dlq: string, visibilityTimeout: Duration, maxReceiveCount: number) => {
      const deadLetters = new Queue(this, `${id}Dlq`, { ...secure, queueName: dlq, retentionPeriod: DLQ_RETENTION });
      const queue = new Queue(this, `${id}Queue`, {
        ...secure,
        queueName: name,
        visibilityTimeout,
        deadLetterQueue: { queue: deadLetters, maxReceiveCount },
      });
      return { queue, dlq: deadLetters };
    };
    const pair = (key: QueueKey, spec: QueueSpec): QueuePair => ({
      spec,
      ...withDlq(
        key,
        `${stage.name}-${spec.name}`,
        `${stage.name}-${dlqName(spec)}`,
        Duration.seconds(spec.visibilityTimeout),
        spec.maxReceiveCount,
      ),
    });
    this.queues = Object.fromEntries(
      (Object.entries(QUEUES) as [QueueKey, QueueSpec][]).map(([key, spec]) => [key, pair(key, spec)]),
    ) as Record<QueueKey, QueuePair>;

    // Named, not referenced: the functions get the name as a plain value (no cross-stack output for it).
    const configurationSetName = `${stage.name}-travel-platform`;
    const configurationSet = new ConfigurationSet(this, 'MailConfigurationSet', {
      configurationSetName,
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    // Domain identities with Easy DKIM; the DKIM CNAMEs are published in the domain's DNS out of band
    // (npm run dns). The configuration set is each identity's default, so the worker need not name it per send.
    const identity = new EmailIdentity(this, 'MailIdentity', {
      identity: Identity.domain(stage.mail.domain),
      configurationSet,
    });
    this.resellerIdentities = props.sites.map((site) => {
      const reseller = new EmailIdentity(this, `MailIdentity-${site.domain}`, {
        identity: Identity.domain(site.domain),
        configurationSet,
        dkimSigning: true,
        // Easy DKIM: SES makes and rotates 2048-bit keys; the domain publishes three CNAMEs to them.
        dkimIdentity: DkimIdentity.easyDkim(EasyDkimSigningKeyLength.RSA_2048_BIT),
        mailFromDomain: mailFromDomainOf(site),
      });
      // Easy DKIM's three tokens exist only once SES has the identity: each record, ready to publish, as an
      // output (`npm run dns` says where to read them).
      reseller.dkimRecords.forEach(({ name, value }, i) => {
        new CfnOutput(this, `Dkim${i + 1}-${site.domain}`, {
          description: `DKIM record ${i + 1} for ${site.domain}`,
          value: `${name} CNAME ${value}`,
        });
      });
      return { site, identity: reseller };
    });

    // Bounces and complaints: SES → SNS (encrypted with a key SES may use) → SQS → the mail-feedback worker,
    // which keeps the suppression list (functions/src/mail/feedback.ts). SES's own account-level
    // suppression (above) is the second net.
    const feedbackKey = new Key(this, 'MailFeedbackKey', {
      description: `${stage.name} SES bounce and complaint topic encryption`,
      enableKeyRotation: true,
    });
    feedbackKey.grant(new ServicePrincipal('ses.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    const feedbackTopic = new Topic(this, 'MailFeedbackTopic', {
      displayName: `travel-platform ${stage.name} SES bounces and complaints`,
      masterKey: feedbackKey,
      enforceSSL: true,
    });
    configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: EventDestination.snsTopic(feedbackTopic),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
    // One of QUEUES (its worker, DLQ and alarm come with it); SES's events arrive raw, not in an SNS envelope.
    this.mailFeedback = this.queues.mailFeedback;
    feedbackTopic.addSubscription(new SqsSubscription(this.mailFeedback.queue, { rawMessageDelivery: true }));
    new CfnOutput(this, MAIL_FEEDBACK_QUEUE_OUTPUT, {
      description: 'SES bounce and complaint events for the suppression-list worker',
      value: this.mailFeedback.queue.queueUrl,
    });

    this.mail = {
      identityArns: [identity, ...this.resellerIdentities.map((r) => r.identity)].map((i) => i.emailIdentityArn),
      configurationSetArn: this.formatArn({
        service: 'ses',
        resource: 'configuration-set',
        resourceName: configurationSet.configurationSetName,
      }),
      configurationSetName,
      from: stage.mail.from,
      resellerDomains: this.resellerIdentities.map((r) => r.site.domain),
    };
  }
}
