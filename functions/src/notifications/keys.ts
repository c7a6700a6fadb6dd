/** Keys of push notification subscriptions. */
import { part, sitePk, type Key, type SiteId } from '#lib/keys';

export const notificationKeys = {
  pushSubscription: (siteId: SiteId, userId: string, endpointHash: string): Key => ({
    pk: sitePk(siteId, 'USER', userId, 'PUSH'),
    sk: part(endpointHash),
  }),
};
