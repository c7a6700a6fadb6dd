/**
 * The package store: the only DynamoDB code of the tour packages (keys in keys.ts). Reads are GetItem and Queries of
 * one partition of the table or an index, never a scan; writes are conditional on the version the caller read.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@tp/contracts/platform';
import {
  db,
  decodeCursor,
  encodeCursor,
  queryAll,
  tableName,
  transactOrFalse,
  writeOrFalse,
  type Page,
  type TransactItem,
} from '#lib/db';
import type { SiteId } from '#lib/keys';
import { packageKeys } from './keys.ts';
import type { PackageRecord } from './model.ts';

const REC = 'rec';

/** What a list may filter on, as stored beside the record (DynamoDB filters read top-level attributes). */
export interface PackageFilter {
  /** Lower-case text looked for in the destination and title. */
  text?: string | undefined;
  minDays?: number | undefined;
  maxDays?: number | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  activeOnly?: boolean;
}

/** Lower-case text a destination or search filter looks in. */
const searchText = (p: PackageRecord): string => `${p.destination} ${p.title}`.toLowerCase();

/** The stored item of a package with its index keys (the data generator writes these in bulk). */
export function packageItem(siteId: SiteId, p: PackageRecord): Record<string, unknown> {
  return {
    ...packageKeys.packageItem(siteId, p.id),
    ...packageKeys.packageTitleIndex(siteId, p.title, p.id),
    ...(p.isActive && p.forSupply ? packageKeys.packageSupplyIndex(siteId, p.title, p.id) : {}),
    kind: 'package',
    version: p.version,
    search: searchText(p),
    destination: p.destination,
    days: p.days,
    price: p.price,
    isActive: p.isActive,
    [REC]: p,
  };
}

/** Stores a package: new (`expectVersion` null) or replacing the version the caller read; false when that failed. */
export function putPackage(
  siteId: SiteId,
  p: PackageRecord,
  expectVersion: number | null,
  /** The change's audit entry (lib/audit.ts): the put and the entry become one transaction. */
  audit?: TransactItem,
): Promise<boolean> {
  return writeWithAudit(
    new PutCommand({
      TableName: tableName(),
      Item: packageItem(siteId, p),
      ...(expectVersion === null
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : {
            ConditionExpression: '#v = :v',
            ExpressionAttributeNames: { '#v': 'version' },
            ExpressionAttributeValues: { ':v': expectVersion },
          }),
    }),
    audit,
  );
}

/** One conditional write, or with its audit entry one transaction. */
function writeWithAudit(command: PutCommand | DeleteCommand, audit: TransactItem | undefined): Promise<boolean> {
  if (!audit) return writeOrFalse(command);
  const op = command instanceof PutCommand ? { Put: command.input } : { Delete: command.input };
  return transactOrFalse([op as TransactItem, audit]);
}

export async function getPackage(siteId: SiteId, id: string): Promise<PackageRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: packageKeys.packageItem(siteId, id), ConsistentRead: true }),
  );
  return Item ? (Item[REC] as PackageRecord) : null;
}

/** Deletes the package if it is still at `version`; false when it changed meanwhile (or is gone). */
export function deletePackage(siteId: SiteId, id: string, version: number, audit?: TransactItem): Promise<boolean> {
  return writeWithAudit(
    new DeleteCommand({
      TableName: tableName(),
      Key: packageKeys.packageItem(siteId, id),
      ConditionExpression: '#v = :v',
      ExpressionAttributeNames: { '#v': 'version' },
      ExpressionAttributeValues: { ':v': version },
    }),
    audit,
  );
}

/** A filtered page reads ahead until it is full or has read this many items, then ends early with a cursor. */
const READ_AHEAD = 1000;

/** Where a list reads: the site's own packages (gsi1) or a supplier's supply (gsi2). */
export type PackageSource = { kind: 'own' | 'supply'; siteId: SiteId };

/** One cursor page of one source, by title, filtered. */
export async function listPackages(
  source: PackageSource,
  filter: PackageFilter,
  opts: { cursor?: string | undefined; limit: number },
): Promise<Page<PackageRecord>> {
  const index = source.kind === 'own' ? 'gsi1' : 'gsi2';
  const pk = source.kind === 'own' ? packageKeys.packagesPk(source.siteId) : packageKeys.packageSupplyPk(source.siteId);
  const conditions: string[] = [];
  const names: Record<string, string> = { '#pk': `${index}pk` };
  const values: Record<string, unknown> = { ':pk': pk };
  const where = (attr: string, op: string, name: string, value: unknown) => {
    conditions.push(`#${attr} ${op} :${name}`);
    names[`#${attr}`] = attr;
    values[`:${name}`] = value;
  };
  if (filter.text) {
    conditions.push('contains(#search, :text)');
    names['#search'] = 'search';
    values[':text'] = filter.text;
  }
  if (filter.activeOnly) where('isActive', '=', 'active', true);
  if (filter.minDays !== undefined) where('days', '>=', 'minDays', filter.minDays);
  if (filter.maxDays !== undefined) where('days', '<=', 'maxDays', filter.maxDays);
  if (filter.minPrice !== undefined) where('price', '>=', 'minPrice', filter.minPrice);
  if (filter.maxPrice !== undefined) where('price', '<=', 'maxPrice', filter.maxPrice);

  const records: PackageRecord[] = [];
  let start = opts.cursor ? decodeCursor(opts.cursor, index, pk) : undefined;
  let read = 0;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: TABLE.indexes[index].name,
        KeyConditionExpression: '#pk = :pk',
        ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        Limit: opts.limit - records.length,
        ExclusiveStartKey: start,
      }),
    );
    records.push(...(out.Items ?? []).map((i) => i[REC] as PackageRecord));
    read += out.ScannedCount ?? 0;
    start = out.LastEvaluatedKey as Record<string, string> | undefined;
  } while (start && records.length < opts.limit && read < READ_AHEAD);
  return { records, nextCursor: start ? encodeCursor(start) : null };
}

/** The destinations of one source's packages (travellers' filter): one partition, the `destination` only. */
export async function destinationsOf(source: PackageSource): Promise<string[]> {
  const own = source.kind === 'own';
  const items = await queryAll({
    IndexName: TABLE.indexes[own ? 'gsi1' : 'gsi2'].name,
    KeyConditionExpression: '#pk = :pk',
    ...(own ? { FilterExpression: '#active = :true' } : {}),
    ProjectionExpression: '#destination',
    ExpressionAttributeNames: {
      '#pk': own ? 'gsi1pk' : 'gsi2pk',
      '#destination': 'destination',
      ...(own ? { '#active': 'isActive' } : {}),
    },
    ExpressionAttributeValues: {
      ':pk': own ? packageKeys.packagesPk(source.siteId) : packageKeys.packageSupplyPk(source.siteId),
      ...(own ? { ':true': true } : {}),
    },
  });
  return items.map((i) => String(i.destination ?? '')).filter(Boolean);
}
