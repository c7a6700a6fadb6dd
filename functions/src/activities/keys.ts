/**
 * Keys of activity carts and activity markups (docs/activities.md "Storage"), built through the site guard of
 * lib/keys.ts.
 *
 * - A cart is one item of the site's cart partition keyed by its id (one GetItem).
 * - gsi1: the site's carts of one status, newest change first (the staff queue, one Query of one partition).
 * - gsi2: one user's carts of one status, newest change first (the agent's queue and open draft).
 * - Counts: one item per site and one per user, an attribute per status, moved in the transaction of every
 *   status change (the queue's tab counts are one GetItem).
 * - Activity markups: one item per customer group in the site's markup partition (one Query lists them all; the
 *   price of a search reads its group's item).
 */
import { part, sitePk, type Key, type SiteId } from '#lib/keys';

export const activityKeys = {
  cartsPk: (siteId: SiteId) => sitePk(siteId, 'ACTCART'),
  cart: (siteId: SiteId, id: string): Key => ({ pk: activityKeys.cartsPk(siteId), sk: part(id) }),
  statusPk: (siteId: SiteId, status: string) => sitePk(siteId, 'ACTCART', 'STATUS', status),
  userStatusPk: (siteId: SiteId, userId: string, status: string) => sitePk(siteId, 'ACTCART', 'USER', userId, status),
  /** Both queue indexes of a cart (sort: last change, then id). */
  queueIndexes: (siteId: SiteId, c: { id: string; userId: string; status: string; updatedAt: string }) => ({
    gsi1pk: activityKeys.statusPk(siteId, c.status),
    gsi1sk: `${part(c.updatedAt)}#${part(c.id)}`,
    gsi2pk: activityKeys.userStatusPk(siteId, c.userId, c.status),
    gsi2sk: `${part(c.updatedAt)}#${part(c.id)}`,
  }),
  /** Status counts of the whole site (`userId` null) or of one user's carts. */
  counts: (siteId: SiteId, userId: string | null): Key => ({
    pk: sitePk(siteId, 'ACTCART', 'COUNTS'),
    sk: userId === null ? 'SITE' : `USER#${part(userId)}`,
  }),

  /** A cart's gateway payment, once per cart whatever the number of verifications (cart-payment.ts). */
  gatewayPaid: (siteId: SiteId, cartId: string): Key => ({
    pk: sitePk(siteId, 'ACTCART', 'GATEWAYPAID'),
    sk: part(cartId),
  }),

  markupsPk: (siteId: SiteId) => sitePk(siteId, 'ACTMARKUP'),
  markup: (siteId: SiteId, groupId: string): Key => ({ pk: activityKeys.markupsPk(siteId), sk: part(groupId) }),
};
