/**
 * The whole platform for one stage: six stacks wired through props (no lookups, so synth runs
 * offline). bin/app.ts and the infra tests both build it through here.
 */
import { join } from 'node:path';
import type { App } from 'aws-cdk-lib';
import { SITES } from '../config/sites.ts';
import { stackNameOf, stageConfig } from '../config/stages.ts';
import { ROOT } from './bundling.ts';
import { ApiStack } from './stacks/api-stack.ts';
import { DataStack, mediaBucketName } from './stacks/data-stack.ts';
import { MessagingStack } from './stacks/messaging-stack.ts';
import { MonitoringStack } from './stacks/monitoring-stack.ts';
import { WEB_ACL_REGION, WebAclStack, webAclNameOf } from './stacks/web-acl-stack.ts';
import { WebStack } from './stacks/web-stack.ts';

export interface Platform {
  data: DataStack;
  messaging: MessagingStack;
  api: ApiStack;
  /** Absent when the stage names an existing ACL (StageConfig.webAclArn). */
  webAcl?: WebAclStack;
  web: WebStack;
  monitoring: MonitoringStack;
}

export interface PlatformOptions {
  /** The built SPA to upload; tests pass a small fixture. */
  spaDist?: string;
}

export const SPA_DIST = join(ROOT, 'web', 'dist');

/** `arn:aws:wafv2:us-east-1:<account>:global/webacl/<name>/<id>` → `<name>`. */
const webAclNameFromArn = (arn: string): string => {
  const name = /:global\/webacl\/([^/]+)\/[^/]+$/.exec(arn)?.[1];
  if (!name) throw new Error(`webAclArn ${arn} is not a CLOUDFRONT-scope web ACL ARN`);
  return name;
};

export function definePlatform(app: App, stageName: string, { spaDist = SPA_DIST }: PlatformOptions = {}): Platform {
  const stage = stageConfig(stageName);
  const env = {
    account: (app.node.tryGetContext('account') as string | undefined) ?? stage.env.account,
    region: (app.node.tryGetContext('region') as string | undefined) ?? stage.env.region,
  };
  const common = { env, stage, tags: { project: 'travel-platform', stage: stage.name } };
  const name = (part: string): string => stackNameOf(stage, part);
  const sites = SITES[stage.name];

  const indexes = app.node.tryGetContext('tableIndexes') as string | undefined;
  const data = new DataStack(app, name('data'), {
    ...common,
    description: 'Single DynamoDB table',
    ...(indexes ? { indexes: Number(indexes) } : {}),
  });
  const messaging = new MessagingStack(app, name('messaging'), {
    ...common,
    description: 'SQS queues with DLQs; SES identities (stage and resellers) and bounce/complaint feedback',
    sites,
  });
  const api = new ApiStack(app, name('api'), {
    ...common,
    description: 'HTTP API, domain Lambdas and queue workers',
    table: data.table,
    mediaBucketName: mediaBucketName(stage, data.account),
    secretsKey: data.secretsKey,
    queues: messaging.queues,
    mail: messaging.mail,
  });
  // The ACL must be in us-east-1 and the distributions' stack is in the stage's region: CDK's cross-region
  // references carry the ARN (an SSM parameter written into the web stack's region at deploy, read there).
  const webAcl = stage.webAclArn
    ? undefined
    : new WebAclStack(app, name('web-acl'), {
        ...common,
        env: { ...env, region: WEB_ACL_REGION },
        crossRegionReferences: true,
        description: 'CloudFront web ACL shared by every reseller distribution',
      });
  const web = new WebStack(app, name('web'), {
    ...common,
    crossRegionReferences: webAcl !== undefined,
    description: 'SPA bucket and upload, one CloudFront distribution per reseller domain',
    sites,
    httpApi: api.httpApi,
    media: data.media,
    table: data.table,
    originSecret: api.originSecret,
    webAclArn: webAcl?.webAcl.attrArn ?? stage.webAclArn!,
    spaDist,
  });
  const monitoring = new MonitoringStack(app, name('monitoring'), {
    ...common,
    description: 'Alarms, the alarm topic and the dashboard',
    queues: messaging.queues,
    functions: api.functions,
    httpApi: api.httpApi,
    webAclName: stage.webAclArn ? webAclNameFromArn(stage.webAclArn) : webAclNameOf(stage),
  });
  return { data, messaging, api, ...(webAcl && { webAcl }), web, monitoring };
}
