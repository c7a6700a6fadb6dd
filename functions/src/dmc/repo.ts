/**
 * The DMC store: the only DynamoDB code of the back office (keys in keys.ts). Writes are returned as transaction
 * items so an operation commits a change together with its audit entry (lib/audit.ts); reads are GetItem,
 * BatchGet and Queries on one partition or index partition, never a scan.
 */
import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@tp/contracts/platform';
import {
  batchGet,
  db,
  decodeCursor,
  encodeCursor,
  prefixRange,
  queryAll,
  tableName,
  transact,
  transactOrFalse,
  type Page,
  type TransactItem,
} from '#lib/db';
import type { Key, SiteId } from '#lib/keys';
import { DMC_KINDS, dmcKeys, type DmcKind } from './keys.ts';
import { RATE_LIST, idOf, type DmcRecords, type RateKind } from './records.ts';

const FIELDS = 'rec';

// ---------------------------------------------------------------------------------------------------
// Items

/** Lower-cased text a list's `search` looks in. */
function searchText<K extends DmcKind>(kind: K, rec: DmcRecords[K]): string {
  const r = rec as unknown as Record<string, unknown>;
  const words = [r.name, r.driverName, r.location, r.address, r.description, r.phone, r.phoneNumber];
  return words
    .filter((w): w is string => typeof w === 'string')
    .join(' ')
    .toLowerCase();
}

/** The index attributes of a record: its place in the master's list (gsi1) and under its parent (gsi2). */
function indexAttrs<K extends DmcKind>(siteId: SiteId, kind: K, rec: DmcRecords[K]): Record<string, string> {
  const id = idOf(kind, rec);
  const r = rec as unknown as Record<string, unknown>;
  const byName = (name: unknown) => dmcKeys.listIndex(siteId, kind, dmcKeys.nameOrder(String(name)), id);
  switch (kind) {
    case 'market':
    case 'area':
    case 'hotel':
    case 'combo':
      return byName(r.name);
    case 'driver':
      return byName(r.driverName);
    case 'location':
      return byName(r.location);
    case 'activity':
      return {
        ...byName(r.name),
        ...dmcKeys.parentIndex(
          siteId,
          kind,
          ['CITY', String(r.cityId)],
          dmcKeys.priorityOrder(Number(r.priority), String(r.name)),
          id,
        ),
      };
    case 'tourOption':
      return {
        ...byName(r.name),
        ...dmcKeys.parentIndex(siteId, kind, ['ACTIVITY', String(r.activityId)], dmcKeys.nameOrder(String(r.name)), id),
      };
    case 'ticketRate':
    case 'transferRate':
      return dmcKeys.parentIndex(siteId, kind, ['TOUROPTION', String(r.tourOptionId)], 'RATE', id);
    case 'stopSale':
      return dmcKeys.parentIndex(siteId, kind, ['TOUROPTION', String(r.tourOptionId)], String(r.fromDate), id);
    case 'areaTransfer':
      return dmcKeys.listIndex(siteId, kind, `${String(r.from)}#${String(r.to)}`, id);
    default:
      return {};
  }
}

/** How a put meets what is stored: a new id, an existing record, or either (imports, seeds). */
export type PutMode = 'create' | 'update' | 'upsert';
const PUT_CONDITION: Record<PutMode, string | undefined> = {
  create: 'attribute_not_exists(pk)',
  update: 'attribute_exists(pk)',
  upsert: undefined,
};

/** Put of a record with its keys, indexes and search text. */
export function putRecord<K extends DmcKind>(
  siteId: SiteId,
  kind: K,
  rec: DmcRecords[K],
  mode: PutMode = 'upsert',
): TransactItem {
  const condition = PUT_CONDITION[mode];
  return counted(mode === 'create' ? { siteId, kind, move: 1 } : null, {
    Put: {
      TableName: tableName(),
      Item: {
        ...dmcKeys.record(siteId, kind, idOf(kind, rec)),
        ...indexAttrs(siteId, kind, rec),
        kind,
        search: searchText(kind, rec),
        [FIELDS]: rec,
      },
      ...(condition ? { ConditionExpression: condition } : {}),
    },
  });
}

/** The stored item of a record (the seed writes these in bulk). */
export const recordItem = <K extends DmcKind>(siteId: SiteId, kind: K, rec: DmcRecords[K]): Record<string, unknown> =>
  putRecord(siteId, kind, rec).Put!.Item!;

/** Delete of a record that must still exist (a concurrent delete cancels the transaction: nothing half-done). */
export function deleteRecord(siteId: SiteId, kind: DmcKind, id: string): TransactItem {
  return counted(
    { siteId, kind, move: -1 },
    {
      Delete: {
        TableName: tableName(),
        Key: dmcKeys.record(siteId, kind, id),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
  );
}

// ---------------------------------------------------------------------------------------------------
// Counts: a counter per master, moved in the transaction that creates or deletes a record

/**
 * The count each create (a put that must be new) and delete moves, remembered beside the item so that every
 * transaction of them (`commit`, `commitGroups`) adds its masters' moves to it as one counter update, whatever the
 * operation that composed it.
 */
const COUNT_MOVES = new WeakMap<TransactItem, { siteId: SiteId; kind: DmcKind; move: number }>();
function counted(move: { siteId: SiteId; kind: DmcKind; move: number } | null, item: TransactItem): TransactItem {
  if (move) COUNT_MOVES.set(item, move);
  return item;
}

/** The counter update of the creates and deletes among `items` (none when they move nothing). */
export function countsUpdate(items: readonly TransactItem[]): TransactItem[] {
  const moves = new Map<DmcKind, number>();
  let siteId: SiteId | undefined;
  for (const item of items) {
    const m = COUNT_MOVES.get(item);
    if (!m) continue;
    if (siteId && m.siteId !== siteId) throw new Error('dmc: one transaction writes one site');
    siteId = m.siteId;
    moves.set(m.kind, (moves.get(m.kind) ?? 0) + m.move);
  }
  const adds = [...moves].filter(([, n]) => n !== 0);
  if (!siteId || !adds.length) return [];
  return [countMove(siteId, Object.fromEntries(adds))];
}

/** ADD to the masters' counts of a site (the seed and the data generator write their own records' counts with it). */
export function countMove(siteId: SiteId, moves: Partial<Record<DmcKind, number>>): TransactItem {
  const adds = Object.entries(moves);
  return {
    Update: {
      TableName: tableName(),
      Key: dmcKeys.dmcCounts(siteId),
      UpdateExpression: `ADD ${adds.map((_, i) => `#k${i} :k${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(adds.map(([kind], i) => [`#k${i}`, kind])),
      ExpressionAttributeValues: Object.fromEntries(adds.map(([, n], i) => [`:k${i}`, n])),
    },
  };
}

/** How many records each master of a site holds: one item read, whatever the masters hold. */
export async function recordCounts(siteId: SiteId): Promise<Record<DmcKind, number>> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: dmcKeys.dmcCounts(siteId) }));
  return Object.fromEntries(
    (Object.keys(DMC_KINDS) as DmcKind[]).map((k) => [k, Math.max(0, Number(Item?.[k] ?? 0))]),
  ) as Record<DmcKind, number>;
}

/** The counts item as a whole (the backfill of a site stored before the counters, if none exists yet). */
export function countsPut(siteId: SiteId, counts: Partial<Record<DmcKind, number>>): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...dmcKeys.dmcCounts(siteId), type: 'DmcCounts', ...counts },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** A check that a referenced record still exists when the transaction commits. */
export function recordExists(siteId: SiteId, kind: DmcKind, id: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: dmcKeys.record(siteId, kind, id),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}

const recOf = <K extends DmcKind>(item: Record<string, unknown>): DmcRecords[K] => item[FIELDS] as DmcRecords[K];

export async function getRecord<K extends DmcKind>(siteId: SiteId, kind: K, id: string): Promise<DmcRecords[K] | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: dmcKeys.record(siteId, kind, id), ConsistentRead: true }),
  );
  return Item ? recOf<K>(Item) : null;
}

/** Records by id, in the order asked; missing ones left out. */
export async function getRecords<K extends DmcKind>(
  siteId: SiteId,
  kind: K,
  ids: readonly string[],
): Promise<DmcRecords[K][]> {
  if (!ids.length) return [];
  const items = await batchGet(ids.map((id) => dmcKeys.record(siteId, kind, id)));
  const byId = new Map(items.map((i) => [String(i.sk), recOf<K>(i)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Every record of a master (an export, the area names of a page): one Query of its partition. */
export async function allRecords<K extends DmcKind>(siteId: SiteId, kind: K): Promise<DmcRecords[K][]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': dmcKeys.kindPk(siteId, kind) },
  });
  return items.map((i) => recOf<K>(i));
}

/** The records under one parent (a tour option's rates or stop-sales, an activity's tour options), in gsi2 order. */
export async function childrenOf<K extends DmcKind>(
  siteId: SiteId,
  kind: K,
  parent: [string, string],
): Promise<DmcRecords[K][]> {
  const items = await queryAll({
    IndexName: TABLE.indexes.gsi2.name,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': dmcKeys.parentPk(siteId, kind, ...parent) },
  });
  return items.map((i) => recOf<K>(i));
}

/** How many records a master holds (counts only: no item leaves DynamoDB). */
export async function countRecords(siteId: SiteId, kind: DmcKind): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': dmcKeys.kindPk(siteId, kind) },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}

// ---------------------------------------------------------------------------------------------------
// Filtered cursor pages

/** A filter on record fields: equal values, and text the search attribute must contain. */
export interface ListFilter {
  equals?: Record<string, string | number>;
  /** Any of these values for this field (an area id among several). */
  anyOf?: { fields: string[]; values: string[] };
  search?: string | undefined;
}

export interface ListQuery {
  index: 'gsi1' | 'gsi2';
  pk: string;
  /** Narrows the index sort key (an area transfer's `from`). */
  skPrefix?: string;
  filter?: ListFilter;
  cursor?: string | undefined;
  limit: number;
}

const INDEX_ATTRS = { gsi1: ['gsi1pk', 'gsi1sk'], gsi2: ['gsi2pk', 'gsi2sk'] } as const;
/** Items one request reads at most while filling a filtered page; past it the page ends early with a cursor. */
const MAX_READ_PER_PAGE = 2000;

function filterExpression(filter: ListFilter | undefined): Partial<QueryCommandInput> {
  const terms: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  Object.entries(filter?.equals ?? {}).forEach(([field, value], i) => {
    names['#rec'] = FIELDS;
    names[`#e${i}`] = field;
    values[`:e${i}`] = value;
    terms.push(`#rec.#e${i} = :e${i}`);
  });
  if (filter?.anyOf) {
    names['#rec'] = FIELDS;
    const { fields, values: ids } = filter.anyOf;
    const list = ids.map((v, i) => ((values[`:a${i}`] = v), `:a${i}`)).join(', ');
    fields.forEach((f, i) => (names[`#a${i}`] = f));
    terms.push(`(${fields.map((_, i) => `#rec.#a${i} IN (${list})`).join(' OR ')})`);
  }
  const search = filter?.search?.trim().toLowerCase();
  if (search) {
    names['#search'] = 'search';
    values[':search'] = search;
    terms.push('contains(#search, :search)');
  }
  return terms.length
    ? { FilterExpression: terms.join(' AND '), ExpressionAttributeNames: names, ExpressionAttributeValues: values }
    : {};
}

/** One page of an index partition in its order, filtered; fills `limit` records unless the partition ends. */
export async function listPage<K extends DmcKind>(q: ListQuery): Promise<Page<DmcRecords[K]>> {
  const [pkAttr, skAttr] = INDEX_ATTRS[q.index];
  const f = filterExpression(q.filter);
  const range = q.skPrefix ? prefixRange('#sk', q.skPrefix) : null;
  const keyValues: Record<string, unknown> = { ':pk': q.pk, ...range?.values };
  let start: Record<string, unknown> | undefined = q.cursor ? decodeCursor(q.cursor, q.index, q.pk) : undefined;
  const records: DmcRecords[K][] = [];
  let read = 0;
  for (;;) {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: TABLE.indexes[q.index].name,
        KeyConditionExpression: `#pk = :pk${range ? ` AND ${range.condition}` : ''}`,
        ...f,
        ExpressionAttributeNames: {
          ...f.ExpressionAttributeNames,
          '#pk': pkAttr,
          ...(range ? { '#sk': skAttr } : {}),
        },
        ExpressionAttributeValues: { ...f.ExpressionAttributeValues, ...keyValues },
        // Unfiltered, a page is one read; filtered, read ahead in bigger steps.
        Limit: f.FilterExpression ? Math.max(100, q.limit * 4) : q.limit - records.length,
        ExclusiveStartKey: start,
      }),
    );
    const items = out.Items ?? [];
    for (const [i, item] of items.entries()) {
      records.push(recOf<K>(item));
      if (records.length === q.limit) {
        const last = i === items.length - 1 && !out.LastEvaluatedKey;
        const key = { pk: item.pk, sk: item.sk, [pkAttr]: item[pkAttr], [skAttr]: item[skAttr] };
        return { records, nextCursor: last ? null : encodeCursor(key) };
      }
    }
    read += out.ScannedCount ?? items.length;
    start = out.LastEvaluatedKey;
    if (!start) return { records, nextCursor: null };
    if (read >= MAX_READ_PER_PAGE) return { records, nextCursor: encodeCursor(start) };
  }
}

// ---------------------------------------------------------------------------------------------------
// Rate priority lists

export interface RateOrder {
  /** Rate ids, bottom of the screen list first: priority = position + 1 (docs/dmc.md "Priority"). */
  order: string[];
  version: number;
}

export async function getRateOrder(siteId: SiteId, kind: RateKind, tourOptionId: string): Promise<RateOrder> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: dmcKeys.rateOrder(siteId, RATE_LIST[kind], tourOptionId),
      ConsistentRead: true,
    }),
  );
  return { order: (Item?.order as string[] | undefined) ?? [], version: Number(Item?.version ?? 0) };
}

/**
 * The priority lists of many tour options in one BatchGet (a search's page): tour option id → list. Eventually
 * consistent, as a read that decides nothing may be; an option without a list is absent.
 */
export async function getRateOrders(
  siteId: SiteId,
  kind: RateKind,
  tourOptionIds: readonly string[],
): Promise<Map<string, string[]>> {
  if (!tourOptionIds.length) return new Map();
  const items = await batchGet(tourOptionIds.map((id) => dmcKeys.rateOrder(siteId, RATE_LIST[kind], id)));
  return new Map(items.map((i) => [String(i.tourOptionId), (i.order as string[] | undefined) ?? []]));
}

/** Every priority list of the site (an export, an import): tour option id → list, per kind. */
export async function allRateOrders(siteId: SiteId): Promise<Record<RateKind, Map<string, RateOrder>>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': dmcKeys.rateOrder(siteId, 'TICKET', 'x').pk },
  });
  const out: Record<RateKind, Map<string, RateOrder>> = { ticketRate: new Map(), transferRate: new Map() };
  for (const item of items) {
    const kind: RateKind = String(item.sk).startsWith('TICKET#') ? 'ticketRate' : 'transferRate';
    out[kind].set(String(item.tourOptionId), {
      order: (item.order as string[] | undefined) ?? [],
      version: Number(item.version ?? 0),
    });
  }
  return out;
}

/**
 * Replaces a priority list, if nobody changed it since version `seen` was read (else the transaction is
 * cancelled). `guard` false: unconditional (an import, which has checked every row against what it read).
 */
export function putRateOrder(
  siteId: SiteId,
  kind: RateKind,
  tourOptionId: string,
  order: readonly string[],
  seen: number,
  guard = true,
): TransactItem {
  const key: Key = dmcKeys.rateOrder(siteId, RATE_LIST[kind], tourOptionId);
  const condition = !guard
    ? {}
    : seen === 0
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : { ConditionExpression: 'version = :seen', ExpressionAttributeValues: { ':seen': seen } };
  return {
    Put: {
      TableName: tableName(),
      Item: { ...key, kind: `${kind}Order`, tourOptionId, order: [...order], version: seen + 1 },
      ...condition,
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Cities, customers' markets and the default market

export function putCity(siteId: SiteId, cityId: number, cityName: string): TransactItem {
  return {
    Put: { TableName: tableName(), Item: { ...dmcKeys.city(siteId, cityId), kind: 'dmcCity', cityId, cityName } },
  };
}

export async function getCity(siteId: SiteId, cityId: number): Promise<{ cityId: number; cityName: string } | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: dmcKeys.city(siteId, cityId) }));
  return Item ? { cityId: Number(Item.cityId), cityName: String(Item.cityName) } : null;
}

/** The DMC's cities (a handful: one partition). */
export async function allCities(siteId: SiteId): Promise<{ cityId: number; cityName: string }[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': dmcKeys.citiesPk(siteId) },
  });
  return items.map((i) => ({ cityId: Number(i.cityId), cityName: String(i.cityName) }));
}

export async function getCustomerMarket(siteId: SiteId, userId: string): Promise<string | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: dmcKeys.customerMarket(siteId, userId), ConsistentRead: true }),
  );
  return typeof Item?.marketId === 'string' ? Item.marketId : null;
}

export function putCustomerMarket(siteId: SiteId, userId: string, marketId: string | null): TransactItem {
  const Key = dmcKeys.customerMarket(siteId, userId);
  return marketId
    ? { Put: { TableName: tableName(), Item: { ...Key, kind: 'dmcCustomerMarket', userId, marketId } } }
    : { Delete: { TableName: tableName(), Key } };
}

export async function getDefaultMarketId(siteId: SiteId): Promise<string | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: dmcKeys.defaultMarket(siteId), ConsistentRead: true }),
  );
  return typeof Item?.marketId === 'string' ? Item.marketId : null;
}

/** Moves the default-market pointer, if it still names `seen` (two concurrent switches cannot leave two defaults). */
export function putDefaultMarket(siteId: SiteId, marketId: string, seen: string | null): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...dmcKeys.defaultMarket(siteId), kind: 'dmcDefaultMarket', marketId },
      ...(seen
        ? { ConditionExpression: 'marketId = :seen', ExpressionAttributeValues: { ':seen': seen } }
        : { ConditionExpression: 'attribute_not_exists(pk)' }),
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Commits

/** One change (a record, the records it touches, its audit entries) as one transaction; false on a lost race. */
export const commit = (items: TransactItem[]): Promise<boolean> => transactOrFalse([...items, ...countsUpdate(items)]);

/** Transactions hold at most 100 items. */
export const TRANSACTION_MAX = 100;

/**
 * Many changes (an import): groups of items that belong together (a record and its audit entry) packed into
 * transactions of at most 100 items, committed one after another. Each group lands whole; a failure stops the
 * rest, and re-running the same import completes it (rows are puts by id).
 */
export async function commitGroups(groups: readonly TransactItem[][]): Promise<number> {
  let batch: TransactItem[] = [];
  let transactions = 0;
  const flush = async () => {
    if (!batch.length) return;
    await transact([...batch, ...countsUpdate(batch)]);
    transactions++;
    batch = [];
  };
  for (const group of groups) {
    // One place left for the batch's counter update.
    if (batch.length + group.length > TRANSACTION_MAX - 1) await flush();
    batch.push(...group);
  }
  await flush();
  return transactions;
}
