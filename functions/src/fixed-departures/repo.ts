/**
 * The fixed-departure store: the only DynamoDB code of fixed departures (keys in keys.ts). Reads are GetItem
 * and bounded Queries of one partition (or gsi1 partition), never a scan. The booking's writes (seats taken,
 * the sale, the print slug) are handed out as transaction items: the order machinery commits them with the
 * booking and the order's `booked` state, so seats are taken exactly once.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TFdFlight } from '@tp/contracts/endpoints/fixed-departures';
import { fdSector, type FdFares } from '@tp/domain/fixed-departures';
import { TABLE } from '@tp/contracts/platform';
import {
  db,
  decodeCursor,
  encodeCursor,
  tableName,
  transactOrFalse,
  writeOrFalse,
  type Page,
  type TransactItem,
} from '#lib/db';
import type { SiteId } from '#lib/keys';
import { fdKeys } from './keys.ts';

export interface DepartureRecord {
  siteId: SiteId;
  id: string;
  version: number;
  title: string;
  pnr: string;
  flights: TFdFlight[];
  totalSeats: number;
  seatsLeft: number;
  fares: FdFares;
  currency: string;
  saleFrom: string;
  saleUntil: string;
  isRefundable: boolean;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
}

const FIELDS: (keyof DepartureRecord)[] = [
  'siteId',
  'id',
  'version',
  'title',
  'pnr',
  'flights',
  'totalSeats',
  'seatsLeft',
  'fares',
  'currency',
  'saleFrom',
  'saleUntil',
  'isRefundable',
  'isActive',
  'createdAt',
  'updatedAt',
  'updatedBy',
];
const toDeparture = (item: Record<string, unknown>): DepartureRecord =>
  Object.fromEntries(FIELDS.map((f) => [f, item[f]])) as unknown as DepartureRecord;

/**
 * Saves a departure: new (`expect` null), or over the version the editor read with the seats left it read
 * (a booking in between changes seats left, so the edit is recomputed instead of undoing that booking).
 * False when the condition failed.
 */
export function putDeparture(
  d: DepartureRecord,
  expect: { version: number; seatsLeft: number } | null,
  /** The change's audit entry (lib/audit.ts): the put and the entry become one transaction. */
  audit?: TransactItem,
): Promise<boolean> {
  const put = new PutCommand({
    TableName: tableName(),
    Item: {
      ...fdKeys.departure(d.siteId, d.id),
      ...fdKeys.byDepartureIndex(d.siteId, d.flights[0]!.departureTime, d.id),
      type: 'FixedDeparture',
      // The search's sector filter reads these (a return block is its outbound sector).
      sectorFrom: fdSector(d.flights).split('-')[0],
      sectorTo: fdSector(d.flights).split('-')[1],
      ...d,
    },
    ...(expect
      ? {
          ConditionExpression: 'version = :v AND seatsLeft = :left',
          ExpressionAttributeValues: { ':v': expect.version, ':left': expect.seatsLeft },
        }
      : { ConditionExpression: 'attribute_not_exists(pk)' }),
  });
  return audit ? transactOrFalse([{ Put: put.input }, audit]) : writeOrFalse(put);
}

export async function getDeparture(siteId: SiteId, id: string): Promise<DepartureRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: fdKeys.departure(siteId, id), ConsistentRead: true }),
  );
  return Item ? toDeparture(Item) : null;
}

/**
 * A page of a site's departures by first departure time: from `day` on (ascending), or before it
 * (`past`, newest first). `filter` narrows within the page (the search's on-sale and sector checks).
 */
export async function departuresPage(
  siteId: SiteId,
  day: string,
  opts: {
    past?: boolean;
    cursor?: string | undefined;
    limit: number;
    onSaleOn?: string;
    sector?: { origin?: string | undefined; destination?: string | undefined };
  },
): Promise<Page<DepartureRecord>> {
  const pk = fdKeys.byDeparturePk(siteId);
  const values: Record<string, unknown> = { ':pk': pk, ':day': day };
  const filters: string[] = [];
  if (opts.onSaleOn) {
    filters.push('isActive = :true AND seatsLeft > :zero AND saleFrom <= :today AND saleUntil >= :today');
    Object.assign(values, { ':true': true, ':zero': 0, ':today': opts.onSaleOn });
  }
  if (opts.sector?.origin) {
    filters.push('sectorFrom = :origin');
    values[':origin'] = opts.sector.origin;
  }
  if (opts.sector?.destination) {
    filters.push('sectorTo = :destination');
    values[':destination'] = opts.sector.destination;
  }
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: TABLE.indexes.gsi1.name,
      KeyConditionExpression: opts.past ? 'gsi1pk = :pk AND gsi1sk < :day' : 'gsi1pk = :pk AND gsi1sk >= :day',
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ExpressionAttributeValues: values,
      ScanIndexForward: !opts.past,
      Limit: opts.limit,
      ExclusiveStartKey: opts.cursor ? decodeCursor(opts.cursor, 'gsi1', pk) : undefined,
    }),
  );
  return {
    records: (out.Items ?? []).map(toDeparture),
    nextCursor: out.LastEvaluatedKey ? encodeCursor(out.LastEvaluatedKey) : null,
  };
}

/** Takes `seats` of a departure, only while that many are left and it is on sale (inside a booking's transaction). */
export function takeSeatsItem(siteId: SiteId, id: string, seats: number, today: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: fdKeys.departure(siteId, id),
      UpdateExpression: 'SET seatsLeft = seatsLeft - :n',
      ConditionExpression: 'seatsLeft >= :n AND isActive = :true AND saleUntil >= :today',
      ExpressionAttributeValues: { ':n': seats, ':true': true, ':today': today },
    },
  };
}

export interface SaleRecord {
  /** Where the departure is kept (its owner). */
  siteId: SiteId;
  departureId: string;
  orderId: string;
  bookingId: string;
  pnr: string;
  /** Where the seats were sold. */
  soldOnSiteId: SiteId;
  siteName: string;
  bookedBy: string;
  passengers: string[];
  seats: number;
  amount: number;
  currency: string;
  createdAt: string;
}

export function saleItem(s: SaleRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...fdKeys.sale(s.siteId, s.departureId, s.createdAt, s.orderId), type: 'FixedDepartureSale', ...s },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function salesPage(siteId: SiteId, departureId: string, cursor: string | undefined, limit: number) {
  const pk = fdKeys.salesPk(siteId, departureId);
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor ? decodeCursor(cursor, 'table', pk) : undefined,
    }),
  );
  return {
    records: (out.Items ?? []) as unknown as SaleRecord[],
    nextCursor: out.LastEvaluatedKey ? encodeCursor(out.LastEvaluatedKey) : null,
  };
}

export function printItem(siteId: SiteId, slug: string, bookingId: string, title: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...fdKeys.print(siteId, slug), type: 'FixedDeparturePrint', bookingId, title },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function getPrint(siteId: SiteId, slug: string): Promise<{ bookingId: string; title: string } | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: fdKeys.print(siteId, slug) }));
  return Item ? { bookingId: String(Item.bookingId), title: String(Item.title ?? '') } : null;
}
