import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Key } from 'aws-cdk-lib/aws-kms';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { METRICS, type MetricName } from '@tp/contracts/platform';
import type { StageConfig } from '../../config/stages.ts';
import type { QueueKey } from '../../config/functions.ts';
import type { QueuePair } from './messaging-stack.ts';
import { WEB_ACL_REGION } from './web-acl-stack.ts';

export interface MonitoredFunction {
  /** Stable construct-friendly name (the bundle name). */
  name: string;
  fn: IFunction;
}

export interface MonitoringStackProps extends StackProps {
  stage: StageConfig;
  queues: Record<QueueKey, QueuePair>;
  functions: readonly MonitoredFunction[];
  httpApi: IHttpApi;
  /** The web ACL in front of every distribution, by name (its metrics' dimension). */
  webAclName: string;
}

const PERIOD = Duration.minutes(5);
/** A few 5xx in five minutes is a bug or a failing dependency, not noise. */
const API_5XX_THRESHOLD = 5;
/** Share of supplier calls failing on the supplier's side (percent) that needs a human… */
const SUPPLIER_ERROR_PERCENT = 20;
/** …once there are enough calls in the period for a rate to mean something. */
const SUPPLIER_MIN_CALLS = 20;
/**
 * A payment message waits up to ~5 retries × the visibility timeout while its payer finishes paying; older
 * than this and the worker is stuck or failing, with customers' money unconfirmed.
 */
const OLDEST_PAYMENT_MESSAGE_SECONDS = 15 * 60;

/** A business metric the Lambdas write as EMF lines (functions/src/lib/metrics.ts), summed over every function. */
export const businessMetric = (name: MetricName, statistic = 'Sum'): Metric =>
  new Metric({ namespace: METRICS.namespace, metricName: name, statistic, period: PERIOD });

/**
 * The web ACL's blocked requests, all rules together. CloudFront ACLs report in us-east-1: a dashboard
 * may show another region's metric, an alarm may not (so this is a widget, not an alarm).
 */
export const webAclBlockedRequests = (webAclName: string): Metric =>
  new Metric({
    namespace: 'AWS/WAFV2',
    metricName: 'BlockedRequests',
    dimensionsMap: { WebACL: webAclName, Rule: 'ALL' },
    region: WEB_ACL_REGION,
    statistic: 'Sum',
    period: PERIOD,
  });

/**
 * Alarms on what needs a human (parked messages, server errors, failing or throttled functions, suppliers
 * failing, payments waiting) and one dashboard per stage with the business metrics beside them.
 */
export class MonitoringStack extends Stack {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);

    // A customer-managed key: CloudWatch cannot publish to a topic under the AWS-managed SNS key.
    const topicKey = new Key(this, 'AlarmTopicKey', {
      description: `${props.stage.name} alarm topic encryption`,
      enableKeyRotation: true,
    });
    topicKey.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'AlarmTopic', {
      displayName: `travel-platform ${props.stage.name} alarms`,
      masterKey: topicKey,
      enforceSSL: true,
    });
    if (props.stage.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.stage.alarmEmail));

    for (const [queueKey, { dlq, spec }] of Object.entries(props.queues)) {
      this.alarm(
        `${queueKey}DlqNotEmpty`,
        `Messages parked in ${spec.name}'s DLQ`,
        0,
        dlq.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
      );
    }
    this.alarm(
      'Api5xx',
      `HTTP API answered ${API_5XX_THRESHOLD}+ server errors in 5 minutes`,
      API_5XX_THRESHOLD - 1,
      props.httpApi.metricServerError({ period: PERIOD, statistic: 'Sum' }),
    );
    for (const { name, fn } of props.functions) {
      this.alarm(`${name}-Errors`, `${name} function errors`, 0, fn.metricErrors({ period: PERIOD, statistic: 'Sum' }));
      this.alarm(
        `${name}-Throttles`,
        `${name} function throttled`,
        0,
        fn.metricThrottles({ period: PERIOD, statistic: 'Sum' }),
      );
    }

    // Supplier error rate: metric math, so a quiet night (few calls, one timeout) does not page anyone.
    const supplierErrorRate = new MathExpression({
      expression: `IF(calls >= ${SUPPLIER_MIN_CALLS}, 100 * errors / calls, 0)`,
      usingMetrics: { calls: businessMetric(METRICS.supplierCall), errors: businessMetric(METRICS.supplierError) },
      label: 'Supplier error rate (%)',
      period: PERIOD,
    });
    this.alarm(
      'SupplierErrorRate',
      `Over ${SUPPLIER_ERROR_PERCENT}% of supplier calls failed on the supplier's side in 5 minutes`,
      SUPPLIER_ERROR_PERCENT,
      supplierErrorRate,
    );
    const payments = props.queues.paymentVerification.queue;
    const oldestPayment = payments.metricApproximateAgeOfOldestMessage({ period: PERIOD, statistic: 'Maximum' });
    this.alarm(
      'OldestPaymentVerification',
      `A payment has waited over ${OLDEST_PAYMENT_MESSAGE_SECONDS / 60} minutes for verification`,
      OLDEST_PAYMENT_MESSAGE_SECONDS,
      oldestPayment,
    );

    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `travel-${props.stage.name}` });
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Bookings, payments and refunds',
        left: [
          businessMetric(METRICS.flightBooked),
          businessMetric(METRICS.paymentVerified),
          businessMetric(METRICS.paymentFailed),
          businessMetric(METRICS.refundApplied),
        ],
        width: 12,
      }),
      new GraphWidget({
        title: 'Supplier calls and errors',
        left: [businessMetric(METRICS.supplierCall), businessMetric(METRICS.supplierError)],
        right: [supplierErrorRate],
        width: 12,
      }),
      new GraphWidget({
        title: 'Queue age (seconds)',
        left: [businessMetric(METRICS.queueMessageAge, 'Maximum'), oldestPayment],
        width: 12,
      }),
      new GraphWidget({
        title: 'API server errors',
        left: [props.httpApi.metricServerError({ period: PERIOD, statistic: 'Sum' })],
        width: 12,
      }),
      new GraphWidget({
        title: 'Web ACL: blocked requests (every distribution)',
        left: [webAclBlockedRequests(props.webAclName)],
        width: 12,
      }),
    );
  }

  /** Alarms when the metric goes above `threshold` in one period; no data means all is well. */
  private alarm(id: string, description: string, threshold: number, metric: IMetric): void {
    const alarm = new Alarm(this, id, {
      alarmDescription: description,
      metric,
      threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const action = new SnsAction(this.topic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    this.alarms.push(alarm);
  }
}
