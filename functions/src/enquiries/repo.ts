/**
 * The enquiry store: the only DynamoDB code of the enquiries (keys in keys.ts). A change commits in one
 * transaction with the tab counters, the visitor's own copy and (status changes) its audit entry; reads are
 * GetItem and Queries of one partition or index partition, never a scan.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TEnquiry, TEnquiryCounts, TMyEnquiry } from '@tp/contracts/endpoints/enquiries';
import { ENQUIRY_STATUSES, type EnquiryKind, type EnquiryStatus } from '@tp/domain/enquiries';
import {
  db,
  queryFilteredPage,
  queryPage,
  tableName,
  transactOrFalse,
  versionCondition,
  type Page,
  type PageFilter,
  type TransactItem,
} from '#lib/db';
import type { SiteId } from '#lib/keys';
import { enquiryKeys } from './keys.ts';

/** An enquiry as stored (what `enquiry/get` answers). */
export type EnquiryRecord = TEnquiry;

const REC = 'rec';
const recordOf = (item: Record<string, unknown>) => item[REC] as EnquiryRecord;

/** Lower-cased text the list's `search` looks in. */
const searchText = (e: EnquiryRecord): string => [e.name, e.email, e.phone, e.subjectTitle].join(' ').toLowerCase();

const mineOf = (e: EnquiryRecord): TMyEnquiry => ({
  id: e.id,
  kind: e.kind,
  subjectTitle: e.subjectTitle,
  travelDate: e.travelDate,
  status: e.status,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
});

/** The Put of an enquiry; `expectVersion` null: it must be new, else the stored version must still be that one. */
function enquiryPut(siteId: SiteId, e: EnquiryRecord, expectVersion: number | null): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...enquiryKeys.enquiry(siteId, e.id),
        ...enquiryKeys.enquiryListIndex(siteId, e.createdAt, e.id),
        ...enquiryKeys.enquiryStatusIndex(siteId, e.status, e.createdAt, e.id),
        kind: e.kind,
        status: e.status,
        version: e.version,
        search: searchText(e),
        [REC]: e,
      },
      ...versionCondition(expectVersion),
    },
  };
}

/** The tab counters: one status loses an enquiry, another gains it (`from` null: a new enquiry). */
function countsUpdate(siteId: SiteId, from: EnquiryStatus | null, to: EnquiryStatus): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: enquiryKeys.enquiryCounts(siteId),
      UpdateExpression: from ? 'ADD #from :minus, #to :one' : 'ADD #to :one, #all :one',
      ExpressionAttributeNames: from ? { '#from': from, '#to': to } : { '#to': to, '#all': 'all' },
      ExpressionAttributeValues: from ? { ':minus': -1, ':one': 1 } : { ':one': 1 },
    },
  };
}

function minePut(siteId: SiteId, e: EnquiryRecord & { userId: string }): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...enquiryKeys.myEnquiry(siteId, e.userId, e.createdAt, e.id), kind: 'myEnquiry', [REC]: mineOf(e) },
    },
  };
}

/** The items of a new enquiry: it (must be new), its counters and the visitor's copy (the data generator's too). */
export function newEnquiryItems(siteId: SiteId, e: EnquiryRecord): TransactItem[] {
  return [
    enquiryPut(siteId, e, null),
    countsUpdate(siteId, null, e.status),
    ...(e.userId ? [minePut(siteId, { ...e, userId: e.userId })] : []),
  ];
}

/** Stores a new enquiry with its counters (and the visitor's copy). */
export async function createEnquiry(siteId: SiteId, e: EnquiryRecord): Promise<void> {
  const ok = await transactOrFalse(newEnquiryItems(siteId, e));
  // A fresh 24-hex id that exists already is a bug, never a user's mistake.
  if (!ok) throw new Error('enquiry id already taken');
}

/**
 * Saves a status change with the counters, the visitor's copy and the audit entry (`extra`); false when the
 * enquiry changed since `expectVersion` (nothing written).
 */
export function saveStatusChange(
  siteId: SiteId,
  before: EnquiryRecord,
  after: EnquiryRecord,
  extra: TransactItem[],
): Promise<boolean> {
  return transactOrFalse([
    enquiryPut(siteId, after, before.version),
    countsUpdate(siteId, before.status, after.status),
    ...(after.userId ? [minePut(siteId, { ...after, userId: after.userId })] : []),
    ...extra,
  ]);
}

export async function getEnquiry(siteId: SiteId, id: string): Promise<EnquiryRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: enquiryKeys.enquiry(siteId, id), ConsistentRead: true }),
  );
  return Item ? (Item[REC] as EnquiryRecord) : null;
}

export async function getCounts(siteId: SiteId): Promise<TEnquiryCounts> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: enquiryKeys.enquiryCounts(siteId) }));
  const n = (k: string) => Math.max(0, Number(Item?.[k] ?? 0));
  return {
    ...(Object.fromEntries(ENQUIRY_STATUSES.map((s) => [s, n(s)])) as Record<EnquiryStatus, number>),
    all: n('all'),
  };
}

export interface EnquiryFilter {
  status?: EnquiryStatus | undefined;
  kind?: EnquiryKind | undefined;
  search?: string | undefined;
}

/**
 * The site's enquiries, newest first, filtered: a status is its own gsi2 partition, every other filter a
 * FilterExpression (a bounded read-ahead: lib/db.ts `queryFilteredPage`).
 */
export function queryEnquiries(
  siteId: SiteId,
  filter: EnquiryFilter,
  opts: { cursor?: string | undefined; limit: number; readAhead: number },
): Promise<Page<EnquiryRecord>> {
  const where: PageFilter = { conditions: [], names: {}, values: {} };
  const q = filter.search?.trim().toLowerCase();
  if (q) {
    where.conditions.push('contains(#search, :q)');
    where.names['#search'] = 'search';
    where.values[':q'] = q;
  }
  if (filter.kind) {
    where.conditions.push('#kind = :kind');
    where.names['#kind'] = 'kind';
    where.values[':kind'] = filter.kind;
  }
  return filter.status
    ? queryFilteredPage('gsi2', enquiryKeys.enquiryStatusPk(siteId, filter.status), where, opts, recordOf)
    : queryFilteredPage('gsi1', enquiryKeys.enquiriesPk(siteId), where, opts, recordOf);
}

/** The enquiries one signed-in visitor sent, newest first. */
export const listMine = (
  siteId: SiteId,
  userId: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<Page<TMyEnquiry>> =>
  queryPage(
    'table',
    enquiryKeys.myEnquiriesPk(siteId, userId),
    { ...page, newestFirst: true },
    (i) => i[REC] as TMyEnquiry,
  );
