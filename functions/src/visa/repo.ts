/**
 * The visa store: the only DynamoDB code of the visa content (keys in keys.ts). Records are stored as flat
 * attributes so the counters (a country's categories, a category's checklists) move with `ADD` inside the
 * transaction that adds or removes the child. Reads are GetItem and Queries of one (index) partition whose size
 * is bounded (docs/visas.md "Storage"), never a scan.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@tp/contracts/platform';
import { db, queryAll, tableName, transactOrCancellations, type TransactItem } from '#lib/db';
import type { SiteId } from '#lib/keys';
import { visaKeys } from './keys.ts';

export interface CountryRecord {
  id: string;
  countryName: string;
  countryCode: string;
  categoryCount: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface CategoryRecord {
  id: string;
  countryId: string;
  visaCategory: string;
  summary: string;
  position: number;
  checklistCount: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface ChecklistRecord {
  id: string;
  categoryId: string;
  /** ISO alpha-2; '' for the default checklist. */
  nationality: string;
  html: string;
  /** Per traveller, in rupees, before the site's markup; 0: no online application. */
  fee: number;
  /** What each traveller uploads with an application. */
  documents: string[];
  version: number;
  createdAt: string;
  updatedAt: string;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? 0) || 0);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const toCountry = (i: Record<string, unknown>): CountryRecord => ({
  id: str(i.id),
  countryName: str(i.countryName),
  countryCode: str(i.countryCode),
  categoryCount: num(i.categoryCount),
  version: num(i.version),
  createdAt: str(i.createdAt),
  updatedAt: str(i.updatedAt),
});
const toCategory = (i: Record<string, unknown>): CategoryRecord => ({
  id: str(i.id),
  countryId: str(i.countryId),
  visaCategory: str(i.visaCategory),
  summary: str(i.summary),
  position: num(i.position),
  checklistCount: num(i.checklistCount),
  version: num(i.version),
  createdAt: str(i.createdAt),
  updatedAt: str(i.updatedAt),
});
const toChecklist = (i: Record<string, unknown>): ChecklistRecord => ({
  id: str(i.id),
  categoryId: str(i.categoryId),
  nationality: str(i.nationality),
  html: str(i.html),
  fee: num(i.fee),
  documents: Array.isArray(i.documents) ? i.documents.filter((d): d is string => typeof d === 'string') : [],
  version: num(i.version),
  createdAt: str(i.createdAt),
  updatedAt: str(i.updatedAt),
});

async function getItem(key: { pk: string; sk: string }): Promise<Record<string, unknown> | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item ?? null;
}

/** Runs a change; null when it committed, else the cancellation code of each item (read with conditionFailedAt). */
export const commit = (items: TransactItem[]): Promise<string[] | null> => transactOrCancellations(items);

const expectVersion = (version: number) => ({
  ConditionExpression: '#v = :v',
  ExpressionAttributeNames: { '#v': 'version' },
  ExpressionAttributeValues: { ':v': version },
});

// ---------------------------------------------------------------------------------------------------
// Countries

export async function listCountries(siteId: SiteId): Promise<CountryRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': visaKeys.countriesPk(siteId) },
    ConsistentRead: true,
  });
  return items.map(toCountry);
}

export async function getCountry(siteId: SiteId, id: string): Promise<CountryRecord | null> {
  const item = await getItem(visaKeys.country(siteId, id));
  return item ? toCountry(item) : null;
}

/** The Put of a new country (refused when its link name is taken). */
export const countryCreate = (siteId: SiteId, c: CountryRecord): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...visaKeys.country(siteId, c.id), kind: 'visaCountry', ...c },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** The edit of a country's name and code, if it is still at `version` (its counter untouched). */
export const countryEdit = (siteId: SiteId, c: CountryRecord, version: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: visaKeys.country(siteId, c.id),
    UpdateExpression: 'SET countryName = :n, countryCode = :c, updatedAt = :u, #v = :nv',
    ...expectVersion(version),
    ExpressionAttributeValues: {
      ':v': version,
      ':nv': c.version,
      ':n': c.countryName,
      ':c': c.countryCode,
      ':u': c.updatedAt,
    },
  },
});

/** Deletes a country that has no categories left. */
export const countryDelete = (siteId: SiteId, id: string): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: visaKeys.country(siteId, id),
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(categoryCount) OR categoryCount = :zero)',
    ExpressionAttributeValues: { ':zero': 0 },
  },
});

/** Counts a category in or out of its country; adding is refused beyond `max` or when the country is gone. */
export const countryCount = (siteId: SiteId, countryId: string, by: 1 | -1, max: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: visaKeys.country(siteId, countryId),
    UpdateExpression: 'ADD categoryCount :by',
    ConditionExpression:
      by > 0
        ? 'attribute_exists(pk) AND (attribute_not_exists(categoryCount) OR categoryCount < :max)'
        : 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':by': by, ...(by > 0 ? { ':max': max } : {}) },
  },
});

// ---------------------------------------------------------------------------------------------------
// Categories

export async function getCategory(siteId: SiteId, id: string): Promise<CategoryRecord | null> {
  const item = await getItem(visaKeys.category(siteId, id));
  return item ? toCategory(item) : null;
}

/** A country's categories in position order (≤ MAX_VISA_CATEGORIES). */
export async function categoriesOfCountry(siteId: SiteId, countryId: string): Promise<CategoryRecord[]> {
  const items = await queryAll({
    IndexName: TABLE.indexes.gsi1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': visaKeys.categoriesOfCountryPk(siteId, countryId) },
  });
  return items.map(toCategory);
}

export const categoryCreate = (siteId: SiteId, c: CategoryRecord): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...visaKeys.category(siteId, c.id),
      ...visaKeys.categoryIndex(siteId, c.countryId, c.position, c.id),
      kind: 'visaCategory',
      ...c,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

export const categoryEdit = (siteId: SiteId, c: CategoryRecord, version: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: visaKeys.category(siteId, c.id),
    UpdateExpression: 'SET visaCategory = :n, summary = :s, #p = :p, gsi1sk = :sk, updatedAt = :u, #v = :nv',
    ...expectVersion(version),
    ExpressionAttributeNames: { '#v': 'version', '#p': 'position' },
    ExpressionAttributeValues: {
      ':v': version,
      ':nv': c.version,
      ':n': c.visaCategory,
      ':s': c.summary,
      ':p': c.position,
      ':sk': visaKeys.categoryIndex(siteId, c.countryId, c.position, c.id).gsi1sk,
      ':u': c.updatedAt,
    },
  },
});

export const categoryDelete = (siteId: SiteId, id: string): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: visaKeys.category(siteId, id),
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(checklistCount) OR checklistCount = :zero)',
    ExpressionAttributeValues: { ':zero': 0 },
  },
});

/** The guard that keeps a category name unique within its country. */
export const categoryNameTake = (
  siteId: SiteId,
  countryId: string,
  name: string,
  categoryId: string,
): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...visaKeys.categoryName(siteId, countryId, name), kind: 'visaCategoryName', categoryId },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});
export const categoryNameRelease = (siteId: SiteId, countryId: string, name: string): TransactItem => ({
  Delete: { TableName: tableName(), Key: visaKeys.categoryName(siteId, countryId, name) },
});

/** Counts a checklist in or out of its category (refused when the category is gone). */
export const categoryCount = (siteId: SiteId, categoryId: string, by: 1 | -1): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: visaKeys.category(siteId, categoryId),
    UpdateExpression: 'ADD checklistCount :by',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':by': by },
  },
});

// ---------------------------------------------------------------------------------------------------
// Checklists

/** A category's checklists by nationality code, the default one last. */
export async function checklistsOf(siteId: SiteId, categoryId: string): Promise<ChecklistRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': visaKeys.checklistsPk(siteId, categoryId) },
  });
  return items.map(toChecklist);
}

export async function getChecklist(
  siteId: SiteId,
  categoryId: string,
  nationality: string,
): Promise<ChecklistRecord | null> {
  const item = await getItem(visaKeys.checklist(siteId, categoryId, nationality));
  return item ? toChecklist(item) : null;
}

/** Writes a checklist: new (`version` null: refused when one exists) or over the version loaded. */
export const checklistPut = (siteId: SiteId, c: ChecklistRecord, version: number | null): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...visaKeys.checklist(siteId, c.categoryId, c.nationality), kind: 'visaChecklist', ...c },
    ...(version === null ? { ConditionExpression: 'attribute_not_exists(pk)' } : expectVersion(version)),
  },
});

export const checklistDelete = (siteId: SiteId, categoryId: string, nationality: string): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: visaKeys.checklist(siteId, categoryId, nationality),
    ConditionExpression: 'attribute_exists(pk)',
  },
});
