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
  /** One marker per notification and user: a redelivered message pushes nothing twice. */
  pushSent: (siteId: SiteId, keyHash: string, userId: string): Key => ({
    pk: sitePk(siteId, 'PUSHSENT', keyHash),
    sk: part(userId),
  }),
};
