import { Duration, NestedStack, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  PayloadFormatVersion,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { AuthRule, Endpoint } from '@tp/contracts/endpoint';
import { urlPath } from '@tp/contracts/endpoint';
import { endpointsOf } from '@tp/contracts/routes';
import { GO_LIVE_FUNCTIONS, QUEUE_URL_ENV, VAPID_FUNCTIONS, accessOf, type QueueKey } from '../../config/functions.ts';
import { removalPolicyOf, type StageConfig } from '../../config/stages.ts';
import { domainEntries, workerEntries, type FunctionEntry } from '../bundling.ts';
import { PlatformFunction, type MailBinding } from '../constructs/platform-function.ts';
import type { QueuePair } from './messaging-stack.ts';

export interface ApiStackProps extends StackProps {
  stage: StageConfig;
  table: ITable;
  /** Name of the media bucket (DataStack.media), for the functions whose FUNCTION_ACCESS says `media`. */
  mediaBucketName: string;
  /** The key of the sealed site secrets (DataStack.secretsKey). */
  secretsKey: IKey;
  queues: Record<QueueKey, QueuePair>;
  mail: MailBinding;
}

/** Why a route has no API Gateway authorizer, per auth rule of the route table (cdk-nag APIG4). */
const NO_AUTHORIZER_REASON: Record<AuthRule, string> = {
  public: 'Public by contract (auth: public); the handler still reads a session cookie when present.',
  user: 'Session cookie checked in the handler preset against the per-site session item (auth: user).',
  staff: 'Session cookie and staff role checked in the handler preset, per site (auth: staff).',
  superAdmin: 'Session cookie and super-admin flag checked in the handler preset, per site (auth: superAdmin).',
  token: 'No session by design: the operation verifies the secret token carried by the request (auth: token).',
  console:
    'The console host sign-in: the handler preset checks the host; the operation checks the credentials (auth: console).',
  operator:
    "Operator session cookie checked in the handler preset against the platform's session item (auth: operator).",
};

/** Per-request access log line; no headers or cookies, so no session tokens reach the logs. */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    time: '$context.requestTime',
    ip: '$context.identity.sourceIp',
    userAgent: '$context.identity.userAgent',
    routeKey: '$context.routeKey',
    status: '$context.status',
    responseLength: '$context.responseLength',
    latency: '$context.responseLatency',
    integrationLatency: '$context.integration.latency',
    integrationError: '$context.integrationErrorMessage',
  }),
);

/** `email-worker` → `EmailWorker`. */
const pascal = (name: string): string => name.replace(/(^|-)(\w)/g, (_, _sep, c: string) => c.toUpperCase());

/**
 * The HTTP API with one Lambda per written domain and its routes from the route table, plus the
 * queue workers. Routes come only from ENDPOINTS; nothing here lists a path.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly apiStage: HttpStage;
  /** Every function with its bundle name (domain or `<worker>-worker`), for alarms and tests. */
  readonly functions: { name: string; fn: PlatformFunction }[] = [];
  /**
   * Each domain's routes and integration, in a nested stack of their own: a stack holds at most 500 resources, and
   * the route table alone is past 300 routes (one resource each). The parent counts one resource per domain.
   */
  readonly routeStacks: { name: string; stack: NestedStack }[] = [];
  /**
   * The value CloudFront sends in ORIGIN_HEADER (web stack) and every domain function checks (lib/origin-secret.ts);
   * rotated by the web stack's rotation function, which also updates the distributions.
   */
  readonly originSecret: Secret;

  /**
   * The stage's VAPID key pair for web push: created without a pair of ours (CDK cannot make a P-256 key), the
   * first function that needs it generates and stores one (functions/src/notifications/vapid.ts).
   */
  readonly vapidSecret: Secret;

  private readonly inputs: ApiStackProps;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    this.inputs = props;
    this.originSecret = new Secret(this, 'OriginSecret', {
      description: `${props.stage.name}: header value CloudFront adds to API requests; only those are answered`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: removalPolicyOf(props.stage),
    });
    Validations.of(this.originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotated every 30 days by the web stack’s RotationSchedule: its rotation function updates the distributions, which live there.',
    });

    this.vapidSecret = new Secret(this, 'VapidKeys', {
      description: `${props.stage.name}: VAPID key pair web pushes are signed with (stored by the first function that needs it)`,
      removalPolicy: removalPolicyOf(props.stage),
    });
    Validations.of(this.vapidSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating the VAPID pair would drop every browser subscription (they are bound to the public key): it is kept for the life of the stage.',
    });

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${props.stage.name}-travel-platform`,
      // Our own stage below carries throttling and access logs.
      createDefaultStage: false,
    });
    this.apiStage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.stage.apiThrottle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(
          new LogGroup(this, 'AccessLogs', {
            retention: props.stage.logRetention,
            removalPolicy: removalPolicyOf(props.stage),
          }),
        ),
        format: ACCESS_LOG_FORMAT,
      },
    });

    for (const entry of domainEntries()) {
      const endpoints = endpointsOf(entry.name as Endpoint['domain']);
      if (endpoints.length) this.addDomain(entry, endpoints);
    }
    for (const entry of workerEntries()) this.addWorker(entry);
  }

  private addDomain(entry: FunctionEntry, endpoints: Endpoint[]): void {
    const fn = this.platformFunction(entry, `API: ${entry.name} domain (${endpoints.length} routes)`);
    fn.bindOriginSecret(this.originSecret);
    // One invoke permission for the whole API instead of one per route: a busy domain would
    // otherwise outgrow Lambda's 20 KB resource-policy limit.
    const integration = new HttpLambdaIntegration(`${pascal(entry.name)}Integration`, fn, {
      payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      scopePermissionToRoute: false,
    });
    const routes = new NestedStack(this, `${pascal(entry.name)}Routes`, {
      description: `${this.inputs.stage.name}: the ${entry.name} domain's routes`,
    });
    this.routeStacks.push({ name: entry.name, stack: routes });
    for (const e of endpoints) {
      const route = new HttpRoute(routes, `Route-${e.id}`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(urlPath(e), HttpMethod[e.method]),
        integration,
      });
      Validations.of(route).acknowledge({ id: 'AwsSolutions-APIG4', reason: NO_AUTHORIZER_REASON[e.auth] });
    }
  }

  private addWorker(entry: FunctionEntry): void {
    if (entry.everyMinutes) return this.addScheduledWorker(entry, entry.everyMinutes);
    const consumed = Object.values(this.inputs.queues).filter((q) => `${q.spec.worker}-worker` === entry.name);
    const fn = this.platformFunction(entry, `Worker: ${consumed.map((q) => q.spec.name).join(', ')} queue`);
    for (const { queue, spec } of consumed) {
      fn.addEventSource(new SqsEventSource(queue, { batchSize: spec.batchSize, reportBatchItemFailures: true }));
    }
  }

  /** A worker EventBridge invokes on a fixed rate (no payload; the worker finds its own work). */
  private addScheduledWorker(entry: FunctionEntry, everyMinutes: number): void {
    const fn = this.platformFunction(entry, `Worker: every ${everyMinutes} minutes`);
    new Rule(this, `${pascal(entry.name)}Schedule`, {
      description: `Runs ${entry.name} every ${everyMinutes} minutes`,
      schedule: Schedule.rate(Duration.minutes(everyMinutes)),
      // A missed run is made up by the next one; retrying a failed one would only overlap it.
      targets: [new LambdaFunction(fn, { retryAttempts: 0 })],
    });
  }

  /** A PlatformFunction with the grants and variables FUNCTION_ACCESS declares for it. */
  private platformFunction(entry: FunctionEntry, description: string): PlatformFunction {
    const { stage, table, queues, mail } = this.inputs;
    const access = accessOf(entry.name);
    const fn = new PlatformFunction(this, `${pascal(entry.name)}Function`, {
      entry: entry.entry,
      description,
      memoryMb: access.memoryMb,
      timeout: Duration.seconds(access.timeoutSeconds),
      logRetention: stage.logRetention,
      removalPolicy: removalPolicyOf(stage),
      // COOKIE_SECURE is the config default too; spelled out because it must never be off in AWS.
      environment: {
        STAGE: stage.name,
        LOG_LEVEL: stage.logLevel,
        COOKIE_SECURE: 'true',
        SANDBOX_PAYMENTS: stage.sandboxPayments ? 'allowed' : 'forbidden',
        SIMULATED_SUPPLY: stage.simulatedSupply ? 'allowed' : 'forbidden',
        CONSOLE_DOMAIN: stage.consoleDomain,
      },
    }).bindTable(table, access.table);
    for (const key of access.sends) fn.bindQueue(queues[key].queue, QUEUE_URL_ENV[key]);
    if (access.mail) fn.bindMail(mail);
    if (access.media) fn.bindMedia(this.inputs.mediaBucketName);
    if (access.exportFiles !== 'none') fn.bindExportFiles(this.inputs.mediaBucketName, access.exportFiles);
    if (access.secrets !== 'none') fn.bindSecretsKey(this.inputs.secretsKey, access.secrets);
    if (VAPID_FUNCTIONS.includes(entry.name)) fn.bindVapidSecret(this.vapidSecret);
    if (GO_LIVE_FUNCTIONS.includes(entry.name))
      fn.bindGoLive({
        ...(stage.tenantDistributionId ? { tenantDistributionId: stage.tenantDistributionId } : {}),
        configurationSetName: mail.configurationSetName,
        configurationSetArn: mail.configurationSetArn,
      });
    this.functions.push({ name: entry.name, fn });
    return fn;
  }
}
