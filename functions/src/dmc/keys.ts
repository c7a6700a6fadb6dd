/**
 * Keys of the DMC back office (docs/dmc.md "Storage"). Every master of a site is one partition, its items keyed
 * by id, so a record is one GetItem and an export or a count is one Query. Lists read two indexes of the same
 * items: gsi1 in list order within the master (names, routes), gsi2 under a parent (a city's activities by
 * priority, an activity's tour options, a tour option's rates and stop-sales). All built through the site guard.
 */
import { nameKey, part, sitePk, type Key, type SiteId } from '#lib/keys';

/** The masters and what their partitions are called. */
export const DMC_KINDS = {
  market: 'MARKET',
  area: 'AREA',
  hotel: 'HOTEL',
  activity: 'ACTIVITY',
  tourOption: 'TOUROPTION',
  ticketRate: 'TICKETRATE',
  transferRate: 'TRANSFERRATE',
  stopSale: 'STOPSALE',
  areaTransfer: 'AREATRANSFER',
  combo: 'COMBO',
  driver: 'DRIVER',
  location: 'LOCATION',
} as const;
export type DmcKind = keyof typeof DMC_KINDS;

/** Activity priorities sort highest first in gsi2: the key holds PRIORITY_CEILING − priority, zero-padded. */
const PRIORITY_CEILING = 1_000_000;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

export const dmcKeys = {
  /** How many records each master of a site holds: moved by the transaction that creates or deletes one. */
  dmcCounts: (siteId: SiteId): Key => ({ pk: sitePk(siteId, 'DMCCOUNTS'), sk: 'COUNTS' }),
  /** The partition of one master of a site. */
  kindPk: (siteId: SiteId, kind: DmcKind) => sitePk(siteId, 'DMC', DMC_KINDS[kind]),
  record: (siteId: SiteId, kind: DmcKind, id: string): Key => ({ pk: dmcKeys.kindPk(siteId, kind), sk: part(id) }),
  /** gsi1: the master in list order (`order` is a name or route, then the id keeps keys unique). */
  listIndex: (siteId: SiteId, kind: DmcKind, order: string, id: string) => ({
    gsi1pk: dmcKeys.kindPk(siteId, kind),
    gsi1sk: `${order}#${part(id)}`,
  }),
  /** gsi2: the records of one parent (`CITY`, `26`; `ACTIVITY`, id; `TOUROPTION`, id). */
  parentPk: (siteId: SiteId, kind: DmcKind, parentKind: string, parentId: string) =>
    sitePk(siteId, 'DMC', DMC_KINDS[kind], parentKind, parentId),
  parentIndex: (siteId: SiteId, kind: DmcKind, parent: [string, string], order: string, id: string) => ({
    gsi2pk: dmcKeys.parentPk(siteId, kind, ...parent),
    gsi2sk: `${order}#${part(id)}`,
  }),
  nameOrder: (name: string) => nameKey(name),
  priorityOrder: (priority: number, name: string) =>
    `${pad(Math.max(0, PRIORITY_CEILING - priority), 7)}#${nameKey(name)}`,

  /** The priority list of a tour option's ticket or transfer rates: ids bottom first (§4). */
  rateOrder: (siteId: SiteId, rates: 'TICKET' | 'TRANSFER', tourOptionId: string): Key => ({
    pk: sitePk(siteId, 'DMC', 'RATEORDER'),
    sk: `${rates}#${part(tourOptionId)}`,
  }),
  /** The cities the DMC works in (name beside the reference id), for the city filter. */
  city: (siteId: SiteId, cityId: number): Key => ({
    pk: sitePk(siteId, 'DMC', 'CITY'),
    sk: pad(cityId, 8),
  }),
  citiesPk: (siteId: SiteId) => sitePk(siteId, 'DMC', 'CITY'),
  /** The market a customer buys in (none: the site's default). */
  customerMarket: (siteId: SiteId, userId: string): Key => ({
    pk: sitePk(siteId, 'DMC', 'CUSTOMERMARKET'),
    sk: part(userId),
  }),
  /** Which market is the site's default: one pointer, switched in the same transaction as the flags. */
  defaultMarket: (siteId: SiteId): Key => ({ pk: sitePk(siteId, 'DMC', 'SETTINGS'), sk: 'DEFAULTMARKET' }),
};
