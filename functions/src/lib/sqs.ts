import { SQSClient } from '@aws-sdk/client-sqs';
import { withoutSdkLogging } from './sdk-client.ts';

/** One SQS client per process, created on first use (endpoint from AWS_ENDPOINT_URL_SQS locally). */
let client: SQSClient | undefined;
export function sqs(): SQSClient {
  client ??= withoutSdkLogging(new SQSClient({}));
  return client;
}
