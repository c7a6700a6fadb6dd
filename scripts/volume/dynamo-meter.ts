/**
 * What the data-volume bench reads off the handlers' own DynamoDB client, in the bench's process only (through
 * `observeDynamo`: nothing in the Lambdas' code asks for any of it):
 * - the read and write units every request consumed (`ReturnConsumedCapacity: TOTAL`, summed);
 * - while `pageItems.recording` is set, the key of every item a handler read, so the same-page stack
 *   (same-page-stack.ts) can be given exactly the items a page of the large data set is made of.
 */
import type { InitializeMiddleware, MetadataBearer } from '@smithy/types';
import { TABLE } from '@tp/contracts/platform';
import { observeDynamo } from '../../functions/src/lib/db.ts';

const READS = new Set([
  'GetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'BatchGetItemCommand',
  'TransactGetItemsCommand',
]);

/** Units consumed since the last reset. */
const consumed = { read: 0, write: 0 };

/** An item's table key, `pk` and `sk` (a secondary index's answer carries them too, whatever it projects). */
export type TableKey = { pk: string; sk: string };

/** Keys of the items read while `recording` is set, once each. */
export const pageItems = { recording: false, keys: new Map<string, TableKey>() };

type Capacity = { CapacityUnits?: number };
type AnyItem = Record<string, unknown>;

/** The items an answer holds: Query/Scan `Items`, GetItem `Item`, BatchGet `Responses` by table, TransactGet's. */
function itemsOf(output: Record<string, unknown>): AnyItem[] {
  const out: AnyItem[] = [];
  if (Array.isArray(output.Items)) out.push(...(output.Items as AnyItem[]));
  if (output.Item) out.push(output.Item as AnyItem);
  const responses = output.Responses;
  if (Array.isArray(responses)) out.push(...responses.flatMap((r: { Item?: AnyItem }) => (r.Item ? [r.Item] : [])));
  else if (responses) out.push(...Object.values(responses as Record<string, AnyItem[]>).flat());
  return out;
}

/** A key attribute as a string, marshalled (`{ S: … }`) or not, depending on where the middleware sits. */
const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof (v as { S?: unknown })?.S === 'string' ? (v as { S: string }).S : undefined;

/**
 * A read that projects some attributes (`userId` of a search token) also returns the table key while recording,
 * so the item can be found again; DynamoDB refuses a path named twice, so only what is missing is added.
 */
function projectKeys(input: AnyItem): void {
  const expression = input.ProjectionExpression;
  if (typeof expression !== 'string') return;
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const paths = new Set(expression.split(',').map((p) => names[p.trim()] ?? p.trim()));
  const missing = [TABLE.partitionKey, TABLE.sortKey].filter((k) => !paths.has(k));
  if (missing.length) input.ProjectionExpression = [expression, ...missing].join(', ');
}

export const meter: InitializeMiddleware<object, MetadataBearer> = (next, context) => async (args) => {
  const input = args.input as AnyItem;
  input.ReturnConsumedCapacity = 'TOTAL';
  if (pageItems.recording) {
    projectKeys(input);
    // A BatchGet's projection is per table.
    for (const request of Object.values((input.RequestItems ?? {}) as Record<string, AnyItem>)) projectKeys(request);
  }
  const out = await next(args);
  const output = out.output as unknown as AnyItem;
  const c = output.ConsumedCapacity as Capacity | Capacity[] | undefined;
  const units = (Array.isArray(c) ? c : c ? [c] : []).reduce((n, x) => n + (x.CapacityUnits ?? 0), 0);
  const isRead = READS.has((context as { commandName?: string }).commandName ?? '');
  if (isRead) consumed.read += units;
  else consumed.write += units;
  if (isRead && pageItems.recording)
    for (const item of itemsOf(output)) {
      const pk = text(item[TABLE.partitionKey]);
      const sk = text(item[TABLE.sortKey]);
      if (pk !== undefined && sk !== undefined) pageItems.keys.set(`${pk}\u0000${sk}`, { pk, sk });
    }
  return out;
};

/** Installs the meter on the handlers' client of this process (the next client made has it). */
export function meterHandlers(): void {
  observeDynamo((client) => client.middlewareStack.add(meter, { step: 'initialize', name: 'benchMeter' }));
}

/** The units consumed since the last call, and the counters reset. */
export function takeConsumed(): { read: number; write: number } {
  const taken = { ...consumed };
  consumed.read = 0;
  consumed.write = 0;
  return taken;
}
