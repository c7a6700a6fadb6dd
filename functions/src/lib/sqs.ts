import { SQSClient } from '@aws-sdk/client-sqs';

/** One SQS client per process, created on first use (endpoint from AWS_ENDPOINT_URL_SQS locally). */
let client: SQSClient | undefined;
export function sqs(): SQSClient {
  client ??= new SQSClient({});
  return client;
}
