/**
 * Per-stage settings. `cdk synth -c stage=prod` picks one; account and region can be overridden with
 * `-c account=… -c region=…`. The account numbers here are placeholders: a deploy with them fails
 * instead of landing somewhere unintended, while synth stays offline and deterministic.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

export type StageName = 'dev' | 'prod';

export interface StageConfig {
  name: StageName;
  env: { account: string; region: string };
  /** Keep the table, buckets and log groups when a stack is deleted or a resource replaced. */
  retainData: boolean;
  logRetention: RetentionDays;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** The platform console's host (CONSOLE_DOMAIN): operators sign in there and only there. */
  consoleDomain: string;
  /**
   * The stage-wide SES domain identity and the From address the email worker sends with (MAIL_FROM) until
   * it picks the reseller's own domain (each reseller domain has its identity, infra/config/sites.ts).
   */
  mail: { domain: string; from: string };
  /** Subscribed to the alarm topic when set. */
  alarmEmail?: string;
  /** HTTP API stage throttling (requests per second, burst). */
  apiThrottle: { rateLimit: number; burstLimit: number };
  /**
   * Whether sandbox payments (the embedded sandbox gateway, PhonePe's SANDBOX environment) may be taken.
   * Where not, the sandbox routes answer 404 and staff cannot choose them (SANDBOX_PAYMENTS).
   */
  sandboxPayments: boolean;
  /**
   * Override only: an existing CLOUDFRONT-scope web ACL (e.g. an organisation's, from Firewall Manager)
   * to attach to every distribution instead of the stage's own (the web-acl stack, lib/stacks/web-acl-stack.ts,
   * is then not created). Its ARN must name the ACL, `arn:aws:wafv2:us-east-1:<account>:global/webacl/<name>/<id>`.
   */
  webAclArn?: string;
  /**
   * The web stack's multi-tenant distribution (its output TenantDistributionId), which the console adds reseller
   * domains to at run time. Known only after the stage's first deploy of the web stack, which deploys after the
   * api stack that needs it: until set, going live answers that the stage is not ready (docs/deploy.md).
   */
  tenantDistributionId?: string;
}

export const STAGES: Record<StageName, StageConfig> = {
  dev: {
    name: 'dev',
    env: { account: '111111111111', region: 'ap-south-1' },
    retainData: false,
    logRetention: RetentionDays.TWO_WEEKS,
    logLevel: 'debug',
    consoleDomain: 'console.dev.example.com',
    mail: { domain: 'mail.dev.example.com', from: 'no-reply@mail.dev.example.com' },
    apiThrottle: { rateLimit: 50, burstLimit: 100 },
    sandboxPayments: true,
  },
  prod: {
    name: 'prod',
    env: { account: '222222222222', region: 'ap-south-1' },
    retainData: true,
    logRetention: RetentionDays.THREE_MONTHS,
    logLevel: 'info',
    consoleDomain: 'console.example.com',
    mail: { domain: 'mail.example.com', from: 'no-reply@mail.example.com' },
    alarmEmail: 'ops@example.com',
    apiThrottle: { rateLimit: 500, burstLimit: 1000 },
    sandboxPayments: false,
  },
};

/** Every stack's name: `travel-<stage>-<part>` (part: data, messaging, api, web-acl, web, monitoring). */
export const stackNameOf = (stage: StageConfig, part: string): string => `travel-${stage.name}-${part}`;

/** What happens to stateful resources (table, buckets, log groups) on delete or replacement. */
export const removalPolicyOf = (stage: StageConfig): RemovalPolicy =>
  stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

export function stageConfig(name: string): StageConfig {
  if (!(name in STAGES)) throw new Error(`Unknown stage "${name}"; expected one of ${Object.keys(STAGES).join(', ')}`);
  return STAGES[name as StageName];
}
