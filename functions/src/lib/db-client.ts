/**
 * The document client the data layer sends with: lib-dynamodb's commands (the typed vocabulary every
 * repository writes), marshalled here with util-dynamodb and sent on a plain DynamoDBClient whose
 * middleware is resolved once per operation (`cacheMiddleware`), not on every call.
 *
 * Why not lib-dynamodb's DynamoDBDocumentClient: it refuses `cacheMiddleware` (each of its commands binds
 * the resolved stack to itself), so every call re-clones and re-sorts the whole middleware stack. That was
 * a sixth of a DynamoDB call's CPU in this process, and a Lambda's CPU per request is mostly its SDK calls
 * (docs/benchmarks.md "API"). The marshalling is lib-dynamodb's own: the same util-dynamodb functions on
 * the same fields, with the same options; db-client.test.ts compares the two on every command we use.
 * Only the fields the platform writes are covered; the legacy parameters (Expected, KeyConditions,
 * AttributeUpdates, QueryFilter) are not, and DynamoDB would refuse them unmarshalled.
 *
 * With cached middleware a client's stack must be complete before its first call (lib/db.ts `observeDynamo`).
 */
import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  DeleteItemCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand as QueryItemsCommand,
  ScanCommand as ScanItemsCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type DynamoDBClientConfig,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
  type BatchWriteCommandOutput,
  type DeleteCommandOutput,
  type GetCommandOutput,
  type PutCommandOutput,
  type QueryCommandOutput,
  type ScanCommandOutput,
  type TransactWriteCommandOutput,
  type UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall, type marshallOptions } from '@aws-sdk/util-dynamodb';

export type DocumentCommand =
  | GetCommand
  | PutCommand
  | UpdateCommand
  | DeleteCommand
  | QueryCommand
  | ScanCommand
  | BatchGetCommand
  | BatchWriteCommand
  | TransactWriteCommand;

export type DocumentOutput<C extends DocumentCommand> = C extends GetCommand
  ? GetCommandOutput
  : C extends PutCommand
    ? PutCommandOutput
    : C extends UpdateCommand
      ? UpdateCommandOutput
      : C extends DeleteCommand
        ? DeleteCommandOutput
        : C extends QueryCommand
          ? QueryCommandOutput
          : C extends ScanCommand
            ? ScanCommandOutput
            : C extends BatchGetCommand
              ? BatchGetCommandOutput
              : C extends BatchWriteCommand
                ? BatchWriteCommandOutput
                : TransactWriteCommandOutput;

/** Where in a request or an answer the items are, and what to do with each one. */
type Shape = (value: unknown, convert: (item: Record<string, unknown>) => unknown) => unknown;
const item: Shape = (v, convert) => convert(v as Record<string, unknown>);
const each =
  (shape: Shape): Shape =>
  (v, convert) =>
    (v as unknown[]).map((x) => shape(x, convert));
/** A map by table name (BatchGet, BatchWrite). */
const byTable =
  (shape: Shape): Shape =>
  (v, convert) =>
    Object.fromEntries(Object.entries(v as object).map(([table, x]) => [table, shape(x, convert)]));
const fields =
  (shapes: Record<string, Shape>): Shape =>
  (v, convert) => {
    const out: Record<string, unknown> = { ...(v as object) };
    for (const [name, shape] of Object.entries(shapes)) if (out[name] != null) out[name] = shape(out[name], convert);
    return out;
  };

const keyed = fields({ Key: item, ExpressionAttributeValues: item });
const writeRequest = fields({ PutRequest: fields({ Item: item }), DeleteRequest: fields({ Key: item }) });
const page = fields({ ExclusiveStartKey: item, ExpressionAttributeValues: item });
const pageOut = fields({ Items: each(item), LastEvaluatedKey: item });
const attributes = fields({ Attributes: item });

type RawCommand = new (input: any) => unknown;

/** Each document command: the operation it is, and the item positions of its request and its answer. */
const OPERATIONS = new Map<object, { Raw: RawCommand; request: Shape; answer: Shape }>([
  [GetCommand, { Raw: GetItemCommand, request: fields({ Key: item }), answer: fields({ Item: item }) }],
  [
    PutCommand,
    { Raw: PutItemCommand, request: fields({ Item: item, ExpressionAttributeValues: item }), answer: attributes },
  ],
  [UpdateCommand, { Raw: UpdateItemCommand, request: keyed, answer: attributes }],
  [DeleteCommand, { Raw: DeleteItemCommand, request: keyed, answer: attributes }],
  [QueryCommand, { Raw: QueryItemsCommand, request: page, answer: pageOut }],
  [ScanCommand, { Raw: ScanItemsCommand, request: page, answer: pageOut }],
  [
    BatchGetCommand,
    {
      Raw: BatchGetItemCommand,
      request: fields({ RequestItems: byTable(fields({ Keys: each(item) })) }),
      answer: fields({ Responses: byTable(each(item)), UnprocessedKeys: byTable(fields({ Keys: each(item) })) }),
    },
  ],
  [
    BatchWriteCommand,
    {
      Raw: BatchWriteItemCommand,
      request: fields({ RequestItems: byTable(each(writeRequest)) }),
      answer: fields({ UnprocessedItems: byTable(each(writeRequest)) }),
    },
  ],
  [
    TransactWriteCommand,
    {
      Raw: TransactWriteItemsCommand,
      request: fields({
        TransactItems: each(
          fields({
            ConditionCheck: keyed,
            Put: fields({ Item: item, ExpressionAttributeValues: item }),
            Update: keyed,
            Delete: keyed,
          }),
        ),
      }),
      answer: (v) => v,
    },
  ],
]);

export class DocumentClient {
  readonly raw: DynamoDBClient;
  private readonly marshalling: marshallOptions;

  constructor(config: DynamoDBClientConfig, marshalling: marshallOptions = {}) {
    this.raw = new DynamoDBClient({ ...config, cacheMiddleware: true });
    // Whole items are marshalled here, so a map is the item's attributes, never one map attribute.
    this.marshalling = { ...marshalling, convertTopLevelContainer: false };
  }

  get middlewareStack(): DynamoDBClient['middlewareStack'] {
    return this.raw.middlewareStack;
  }

  async send<C extends DocumentCommand>(command: C): Promise<DocumentOutput<C>> {
    const operation = OPERATIONS.get(command.constructor);
    if (!operation) throw new Error(`DocumentClient: no operation for ${command.constructor.name}`);
    const request = operation.request(command.input, (i) => marshall(i, this.marshalling));
    const answer = await this.raw.send(new operation.Raw(request) as never);
    return operation.answer(answer, (i) => unmarshall(i as Parameters<typeof unmarshall>[0])) as DocumentOutput<C>;
  }
}
