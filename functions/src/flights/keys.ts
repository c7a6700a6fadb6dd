/** Keys of flight searches, quotes and payment orders. Searches and quotes expire with the supplier's trace (TTL). */
import { part, sitePk, type Key, type SiteId } from '#lib/keys';

export const flightKeys = {
  flightSearch: (siteId: SiteId, searchId: string): Key => ({ pk: sitePk(siteId, 'FSEARCH', searchId), sk: 'SEARCH' }),
  flightQuote: (siteId: SiteId, searchId: string, resultIndex: string): Key => ({
    pk: sitePk(siteId, 'FSEARCH', searchId),
    sk: `QUOTE#${part(resultIndex)}`,
  }),
  /** Payment order; a user's orders newest first (gsi1), the site's (gsi2). */
  paymentOrder: (siteId: SiteId, orderId: string): Key => ({ pk: sitePk(siteId, 'ORDER', orderId), sk: 'ORDER' }),
  ordersOfUserIndex: (siteId: SiteId, userId: string, createdAt: string, orderId: string) => ({
    gsi1pk: sitePk(siteId, 'USER', userId, 'ORDERS'),
    gsi1sk: `${createdAt}#${part(orderId)}`,
  }),
  ordersOfUserPk: (siteId: SiteId, userId: string) => sitePk(siteId, 'USER', userId, 'ORDERS'),
  ordersIndex: (siteId: SiteId, createdAt: string, orderId: string) => ({
    gsi2pk: sitePk(siteId, 'ORDERS'),
    gsi2sk: `${createdAt}#${part(orderId)}`,
  }),
  ordersPk: (siteId: SiteId) => sitePk(siteId, 'ORDERS'),
  /** A normal return's two legs as one trip; its id is the return search's id. */
  flightTrip: (siteId: SiteId, tripId: string): Key => ({ pk: sitePk(siteId, 'FTRIP', tripId), sk: 'TRIP' }),
  /** The open "Ticket now" payment order of a held booking (one at a time), in the booking's partition. */
  holdTicketOrder: (siteId: SiteId, bookingId: string): Key => ({
    pk: sitePk(siteId, 'BOOKING', bookingId),
    sk: 'TICKETORDER',
  }),
  /** The open payment order for extras after ticketing of a booking (one at a time), in the booking's partition. */
  extrasOrder: (siteId: SiteId, bookingId: string): Key => ({
    pk: sitePk(siteId, 'BOOKING', bookingId),
    sk: 'EXTRASORDER',
  }),
};
