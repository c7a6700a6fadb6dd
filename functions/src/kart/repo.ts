/**
 * The kart store: the only DynamoDB code of the karts (keys in keys.ts; transfers are transfers-repo.ts). Writes
 * are returned as transaction items, so a change commits with its audit entry, its share or deadline items and its
 * transfers; reads are GetItem and Queries of one partition or index partition, never a scan.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  daysOnGround,
  isOnGround,
  monthsOnGround,
  withComputedPrices,
  type DaysOnGround,
  type QuotationView,
} from '@tp/domain/dmc';
import {
  backfillIndexKeys,
  batchGet,
  db,
  queryAll,
  queryFilteredPage,
  queryPage,
  tableName,
  transactOrCancellations,
  transactOrFalse,
  versionCondition,
  type Page,
  type PageFilter,
  type TransactItem,
} from '#lib/db';
import { asSiteId, type SiteId } from '#lib/keys';
import { dayStartInZone, siteTimeZone } from '#lib/time';
import { deadlineItem, deadlineRemoval, type Deadline } from '../deadlines/index.ts';
import { kartKeys } from './keys.ts';
import type { KartRecord } from './model.ts';

const REC = 'rec';

/** A frozen shared quotation: what the public link shows, forever. */
export interface SharedRecord {
  slug: string;
  kartId: string;
  version: number;
  sharedAt: string;
  quotation: QuotationView;
  /** With agent branding: the agent's branding as it was when shared (absent on older shares). */
  agent?: SharedBranding | null;
}

/** Whose name, logo and contact a shared quotation shows. */
export interface SharedBranding {
  companyName: string;
  logoUrl: string;
  adminContact: string;
  adminEmail: string;
  domain: string;
}

/**
 * A kart as stored. One saved before its totals were stored with it gets them from the rule a save applies
 * (`withComputedPrices`), so readers always find `totals` beside `totalPrice`.
 */
export function kartOf(item: Record<string, unknown>): KartRecord {
  const k = item[REC] as KartRecord;
  return k.totals ? k : withComputedPrices(k);
}

/** Lower-cased text the list's `search` looks in. */
const searchText = (k: KartRecord): string =>
  [k.kartName, k.quotationId, k.customerName, k.customerId].join(' ').toLowerCase();

/**
 * The Put of a kart; `expectVersion` null: it must be new, else the stored version must still be that one, and the
 * money it holds (`paidRev`) the one read: `expectPaidRev` is the kart's own unless a receipt moves it on.
 */
export function kartPut(
  siteId: SiteId,
  k: KartRecord,
  expectVersion: number | null,
  expectPaidRev: number = k.paidRev ?? 0,
): TransactItem {
  const paid = expectPaidRev === 0 ? '(attribute_not_exists(#paid) OR #paid = :paid)' : '#paid = :paid';
  const condition =
    expectVersion === null
      ? versionCondition(null)
      : {
          ConditionExpression: `#v = :v AND ${paid}`,
          ExpressionAttributeNames: { '#v': 'version', '#paid': 'paidRev' },
          ExpressionAttributeValues: { ':v': expectVersion, ':paid': expectPaidRev },
        };
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...kartKeys.kart(siteId, k.id),
        ...kartKeys.listIndex(siteId, k.createdAt, k.id),
        ...kartKeys.searchIndex(siteId, k.createdAt, k.id),
        ...(k.isCancelled && k.cancellation?.refunds.length
          ? kartKeys.booksCancelIndex(siteId, k.cancellation.at, k.id)
          : {}),
        kind: 'kart',
        version: k.version,
        search: searchText(k),
        isVouchered: k.isVouchered,
        isCancelled: k.isCancelled,
        paidRev: k.paidRev ?? 0,
        [REC]: k,
      },
      ...condition,
    },
  };
}

export async function getKart(siteId: SiteId, id: string): Promise<KartRecord | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: kartKeys.kart(siteId, id), ConsistentRead: true }),
  );
  return Item ? kartOf(Item) : null;
}

/** Several karts of the site at once (BatchGet), for the job sheet's payment flags. */
export async function getKarts(siteId: SiteId, ids: readonly string[]): Promise<KartRecord[]> {
  if (!ids.length) return [];
  return (await batchGet(ids.map((id) => kartKeys.kart(siteId, id)))).map(kartOf);
}

/**
 * A filtered page reads ahead until it is full or has read this many items, then ends early with a cursor. It reads
 * gsi4's lean items (keys, search text and flags: ~200 bytes), so the read-ahead costs ~25 RCU, not the ~200 of
 * reading the records themselves.
 */
const READ_AHEAD = 2000;

export interface KartFilter {
  search?: string | undefined;
  isVouchered?: boolean | undefined;
  isCancelled?: boolean | undefined;
}

/**
 * The site's karts, newest first, filtered; a cursor page. Unfiltered, one gsi1 page of the records; filtered, the
 * filter runs over gsi4's lean copies of the same list and the page's records are then read by key (BatchGet).
 */
export async function listKarts(
  siteId: SiteId,
  filter: KartFilter,
  opts: { cursor?: string | undefined; limit: number },
): Promise<Page<KartRecord>> {
  const where: PageFilter = { conditions: [], names: {}, values: {} };
  const q = filter.search?.trim().toLowerCase();
  if (q) {
    where.conditions.push('contains(#search, :q)');
    where.names['#search'] = 'search';
    where.values[':q'] = q;
  }
  for (const f of ['isVouchered', 'isCancelled'] as const) {
    if (filter[f] === undefined) continue;
    where.conditions.push(`#${f} = :${f}`);
    where.names[`#${f}`] = f;
    where.values[`:${f}`] = filter[f];
  }
  if (!where.conditions.length)
    return queryPage('gsi1', kartKeys.kartsPk(siteId), { ...opts, newestFirst: true }, kartOf);
  const keys = await queryFilteredPage(
    'gsi4',
    kartKeys.kartsPk(siteId),
    where,
    { ...opts, readAhead: READ_AHEAD },
    (item) => ({ pk: String(item.pk), sk: String(item.sk) }),
  );
  const bySk = new Map((await batchGet(keys.records)).map((item) => [String(item.sk), kartOf(item)]));
  // A kart deleted between the two reads is left out.
  const records = keys.records.flatMap((k) => bySk.get(k.sk) ?? []);
  return { records, nextCursor: keys.nextCursor };
}

/**
 * One-off, when gsi4 arrived (scripts/backfill-kart-search.ts): gives a page of the site's karts saved before it
 * their gsi4 keys, so the search finds them. Only the index keys are set, on karts that have none.
 */
export const indexKartsForSearch = (siteId: SiteId, cursor?: string) =>
  backfillIndexKeys('gsi1', kartKeys.kartsPk(siteId), cursor, (item) => {
    const k = item[REC] as KartRecord;
    return item.gsi4pk ? null : kartKeys.searchIndex(siteId, k.createdAt, k.id);
  });

/**
 * A kart's writes: the kart (new when `before` is null, else conditional on the version and money read) and, when
 * its days on the ground changed, its month listings (on-ground.ts): a Put per month it is on the ground in now,
 * a Delete per month it left (dates moved, cancelled). At most eight small items beside the kart.
 */
export function kartWrites(
  siteId: SiteId,
  after: KartRecord,
  before: KartRecord | null,
  expectPaidRev: number = before?.paidRev ?? 0,
): TransactItem[] {
  return [
    kartPut(siteId, after, before ? before.version : null, expectPaidRev),
    ...onGroundWrites(siteId, before, after),
  ];
}

function onGroundWrites(siteId: SiteId, before: KartRecord | null, after: KartRecord): TransactItem[] {
  const was = before ? daysOnGround(before) : null;
  const now = daysOnGround(after);
  if (was?.first === now?.first && was?.last === now?.last) return [];
  const months = now ? monthsOnGround(now) : [];
  const left = was ? monthsOnGround(was).filter((m) => !months.includes(m)) : [];
  return [
    ...left.map((m) => ({ Delete: { TableName: tableName(), Key: kartKeys.onGround(siteId, m, after.id) } })),
    ...(now
      ? months.map((m) => ({ Put: { TableName: tableName(), Item: onGroundItem(siteId, m, after.id, now) } }))
      : []),
  ];
}

const onGroundItem = (siteId: SiteId, month: string, kartId: string, days: DaysOnGround) => ({
  ...kartKeys.onGround(siteId, month, kartId),
  kind: 'kartOnGround',
  kartId,
  ...days,
});

/**
 * The vouchered, uncancelled karts on the ground on `date`: its month's listings (small items, filtered to the
 * day), then those karts by key. A kart whose record no longer says so (a listing left by an interrupted backfill)
 * is left out.
 */
export async function kartsOnGround(siteId: SiteId, date: string): Promise<KartRecord[]> {
  const listed = await queryAll({
    KeyConditionExpression: '#pk = :pk',
    FilterExpression: '#first <= :date AND #last >= :date',
    ProjectionExpression: '#kartId',
    ExpressionAttributeNames: { '#pk': 'pk', '#first': 'first', '#last': 'last', '#kartId': 'kartId' },
    ExpressionAttributeValues: { ':pk': kartKeys.onGroundPk(siteId, date.slice(0, 7)), ':date': date },
  });
  const karts = await getKarts(
    siteId,
    listed.map((item) => String(item.kartId)),
  );
  return karts.filter((k) => {
    const days = daysOnGround(k);
    return days !== null && isOnGround(days, date);
  });
}

/**
 * One-off, when the itinerary moved to the month listings (scripts/backfill-kart-days.ts): lists a page of the
 * site's karts on the ground in their months. Puts are keyed by kart and month, so running it again changes nothing.
 */
export async function listKartsOnGround(
  siteId: SiteId,
  cursor?: string,
): Promise<{ read: number; indexed: number; nextCursor: string | null }> {
  const page = await queryPage('gsi1', kartKeys.kartsPk(siteId), { cursor, limit: 100 }, kartOf);
  const writes = page.records.flatMap((k) => onGroundWrites(siteId, null, k));
  for (let i = 0; i < writes.length; i += 25) await commit(writes.slice(i, i + 25));
  return {
    read: page.records.length,
    indexed: page.records.filter((k) => daysOnGround(k)).length,
    nextCursor: page.nextCursor,
  };
}

export function sharePut(siteId: SiteId, shared: SharedRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...kartKeys.share(siteId, shared.slug), kind: 'kartShare', [REC]: shared },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function getShare(siteId: SiteId, slug: string): Promise<SharedRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: kartKeys.share(siteId, slug) }));
  return Item ? (Item[REC] as SharedRecord) : null;
}

/** The day a kart's payment reminder belongs to: its deadline day while it may still owe a payment. */
const deadlineDay = (k: KartRecord | null): string | null =>
  k && k.paymentDeadline && !k.isCancelled ? k.paymentDeadline : null;

/**
 * The reminder's deadline on the index (functions/src/deadlines): due when the day before the payment deadline
 * starts on the site's calendar (docs/dmc.md "Payment reminders").
 */
function paymentReminder(site: KartSite, kartId: string, paymentDeadline: string): Deadline {
  const dueAt = dayStartInZone(paymentDeadline, siteTimeZone(site), -1);
  return { kind: 'kartPaymentReminder', siteId: site.siteId, ref: kartId, dueAt, data: { paymentDeadline } };
}

type KartSite = { siteId: SiteId; timeZone?: string | undefined };

/** Keeps the kart's reminder deadline in step with a kart change (in the kart's own transaction). */
export function deadlineItems(site: KartSite, before: KartRecord | null, after: KartRecord): TransactItem[] {
  const was = deadlineDay(before);
  const now = deadlineDay(after);
  if (was === now) return [];
  return [
    ...(was ? [deadlineRemoval(paymentReminder(site, after.id, was))] : []),
    ...(now ? [deadlineItem(paymentReminder(site, after.id, now))] : []),
  ];
}

/** The karts (of any site) of a day's partition of the reminder index the deadline index replaced (the backfill's). */
export async function kartsWithDeadline(day: string): Promise<{ siteId: SiteId; kartId: string }[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': kartKeys.deadlinePk(day) },
  });
  return items.map((i) => ({ siteId: asSiteId(i.siteId), kartId: String(i.kartId) }));
}

/** Commits a change; false when a condition failed (the kart changed meanwhile). */
export const commit = (items: TransactItem[]): Promise<boolean> => transactOrFalse(items);

/**
 * A commit that answers why it was cancelled (each item's code), a concurrent transaction included: a change that
 * takes allotment rooms races other vouchers on the same counters and tries again when it merely collided.
 */
export const commitOrCodes = (items: TransactItem[]): Promise<string[] | null> =>
  transactOrCancellations(items, { conflicts: 'answer' });
