/** Keys of push subscriptions, notification preferences and the push worker's sent markers. */
import { part, sitePk, type Key, type SiteId } from '#lib/keys';

export const notificationKeys = {
  /** One partition per user: the worker reads all of a user's browsers with one query. */
  pushSubscriptions: (siteId: SiteId, userId: string): string => sitePk(siteId, 'USER', userId, 'PUSH'),
  pushSubscription: (siteId: SiteId, userId: string, endpointHash: string): Key => ({
    pk: sitePk(siteId, 'USER', userId, 'PUSH'),
    sk: part(endpointHash),
  }),
  preferences: (siteId: SiteId, userId: string): Key => ({
    pk: sitePk(siteId, 'USER', userId, 'NOTIFY'),
    sk: 'PREFERENCES',
  }),
  /** A customer's news (the in-app banner), one item per event keyed by the hash of its key: told once. */
  news: (siteId: SiteId, userId: string): string => sitePk(siteId, 'USER', userId, 'NEWS'),
  newsItem: (siteId: SiteId, userId: string, keyHash: string): Key => ({
    pk: sitePk(siteId, 'USER', userId, 'NEWS'),
    sk: part(keyHash),
  }),
  /** One marker per notification and user: a redelivered message pushes nothing twice. */
  pushSent: (siteId: SiteId, keyHash: string, userId: string): Key => ({
    pk: sitePk(siteId, 'PUSHSENT', keyHash),
    sk: part(userId),
  }),
};
