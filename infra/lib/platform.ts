/**
 * The whole platform for one stage: five stacks wired through props (no lookups, so synth runs
 * offline). bin/app.ts and the infra tests both build it through here.
 */
import type { App } from 'aws-cdk-lib';
import { SITES } from '../config/sites.ts';
import { stageConfig } from '../config/stages.ts';
import { ApiStack } from './stacks/api-stack.ts';
import { DataStack } from './stacks/data-stack.ts';
import { MessagingStack } from './stacks/messaging-stack.ts';
import { MonitoringStack } from './stacks/monitoring-stack.ts';
import { WebStack } from './stacks/web-stack.ts';

export interface Platform {
  data: DataStack;
  messaging: MessagingStack;
  api: ApiStack;
  web: WebStack;
  monitoring: MonitoringStack;
}

export function definePlatform(app: App, stageName: string): Platform {
  const stage = stageConfig(stageName);
  const env = {
    account: (app.node.tryGetContext('account') as string | undefined) ?? stage.env.account,
    region: (app.node.tryGetContext('region') as string | undefined) ?? stage.env.region,
  };
  const common = { env, stage, tags: { project: 'travel-platform', stage: stage.name } };
  const name = (part: string): string => `travel-${stage.name}-${part}`;

  const data = new DataStack(app, name('data'), { ...common, description: 'Single DynamoDB table' });
  const messaging = new MessagingStack(app, name('messaging'), { ...common, description: 'SQS queues with DLQs, SES' });
  const api = new ApiStack(app, name('api'), {
    ...common,
    description: 'HTTP API, domain Lambdas and queue workers',
    table: data.table,
    queues: messaging.queues,
    mail: messaging.mail,
  });
  const web = new WebStack(app, name('web'), {
    ...common,
    description: 'SPA bucket and one CloudFront distribution per reseller domain',
    sites: SITES[stage.name],
    httpApi: api.httpApi,
  });
  const monitoring = new MonitoringStack(app, name('monitoring'), {
    ...common,
    description: 'Alarms and the alarm topic',
    queues: messaging.queues,
    functions: api.functions,
    httpApi: api.httpApi,
  });
  return { data, messaging, api, web, monitoring };
}
