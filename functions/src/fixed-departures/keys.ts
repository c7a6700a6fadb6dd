/**
 * Keys of fixed departures (docs/fixed-departures.md "Storage"), built through the site guard of lib/keys.ts.
 *
 * - A departure is one item of the site's FD partition keyed by its id; its seats left are an attribute of
 *   that item, so taking seats is one conditional update inside the booking's transaction.
 * - gsi1 holds the same items by first departure time: staff lists and the search read one partition from a
 *   day on (a bounded Query, no scan).
 * - Sales (the name list): one item per booking in the departure's own partition, newest first.
 * - A booking's print slug → its booking id, in the booking site's partition.
 */
import { part, sitePk, type Key, type SiteId } from '#lib/keys';

export const fdKeys = {
  departuresPk: (siteId: SiteId) => sitePk(siteId, 'FD'),
  departure: (siteId: SiteId, id: string): Key => ({ pk: fdKeys.departuresPk(siteId), sk: part(id) }),
  /** gsi1: the site's departures by first departure time (`<YYYY-MM-DDTHH:mm>#<id>`). */
  byDepartureIndex: (siteId: SiteId, departureTime: string, id: string) => ({
    gsi1pk: fdKeys.byDeparturePk(siteId),
    gsi1sk: `${part(departureTime)}#${part(id)}`,
  }),
  byDeparturePk: (siteId: SiteId) => sitePk(siteId, 'FD', 'BYDEPARTURE'),
  salesPk: (siteId: SiteId, id: string) => sitePk(siteId, 'FD', id, 'SALES'),
  sale: (siteId: SiteId, id: string, createdAt: string, orderId: string): Key => ({
    pk: fdKeys.salesPk(siteId, id),
    sk: `${part(createdAt)}#${part(orderId)}`,
  }),
  print: (siteId: SiteId, slug: string): Key => ({ pk: sitePk(siteId, 'FDPRINT'), sk: part(slug) }),
};
