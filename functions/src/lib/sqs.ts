import { SQSClient } from '@aws-sdk/client-sqs';
import { withoutSdkLogging } from './sdk-client.ts';

/** One SQS client per process, created on first use (endpoint from AWS_ENDPOINT_URL_SQS locally). */
let client: SQSClient | undefined;
export function sqs(): SQSClient {
  // Middleware resolved once per operation (nothing adds to this client's stack): see lib/db-client.ts.
  client ??= withoutSdkLogging(new SQSClient({ cacheMiddleware: true }));
  return client;
}
