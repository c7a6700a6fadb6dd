/**
 * The local stack's table, for a test that reads back or plants a record the API does not (an evil site, a
 * search's supplier trace). `endpoint` defaults to the tier's shared stack; a file with a stack of its own
 * passes that stack's.
 */
import { inject } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export const stackTable = (endpoint: string = inject('dynamoUrl')): DynamoDBDocumentClient =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } }),
  );
