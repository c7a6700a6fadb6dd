/**
 * Keys of bookings and their index items: the booking, its PNR guard, the site's and a user's bookings
 * by booking date (gsi1, gsi2), the hold queue, and the ticket queues by travel date (projection items
 * rewritten with every save of the booking).
 */
import { part, sitePk, type Key, type SiteId } from '#lib/keys';

export const bookingKeys = {
  booking: (siteId: SiteId, bookingId: string): Key => ({ pk: sitePk(siteId, 'BOOKING', bookingId), sk: 'BOOKING' }),
  bookingsIndex: (siteId: SiteId, createdAt: string, bookingId: string) => ({
    gsi1pk: sitePk(siteId, 'BOOKINGS'),
    gsi1sk: `${createdAt}#${part(bookingId)}`,
  }),
  bookingsPk: (siteId: SiteId) => sitePk(siteId, 'BOOKINGS'),
  bookingsOfUserIndex: (siteId: SiteId, userId: string, createdAt: string, bookingId: string) => ({
    gsi2pk: sitePk(siteId, 'USER', userId, 'BOOKINGS'),
    gsi2sk: `${createdAt}#${part(bookingId)}`,
  }),
  bookingsOfUserPk: (siteId: SiteId, userId: string) => sitePk(siteId, 'USER', userId, 'BOOKINGS'),
  /** PNR → booking id (unique per site). */
  bookingPnr: (siteId: SiteId, pnr: string): Key => ({ pk: sitePk(siteId, 'PNR', pnr.toUpperCase()), sk: 'BOOKING' }),
  /** Held bookings by last ticketing date (hold queue, automatic release). */
  heldBooking: (siteId: SiteId, lastTicketDate: string, bookingId: string): Key => ({
    pk: sitePk(siteId, 'HOLDS'),
    sk: `${lastTicketDate}#${part(bookingId)}`,
  }),
  heldBookingsPk: (siteId: SiteId) => sitePk(siteId, 'HOLDS'),
  bookingsByTravel: (siteId: SiteId, travelDate: string, bookingId: string): Key => ({
    pk: sitePk(siteId, 'BOOKINGSBYTRAVEL'),
    sk: `${part(travelDate)}#${part(bookingId)}`,
  }),
  bookingsByTravelPk: (siteId: SiteId) => sitePk(siteId, 'BOOKINGSBYTRAVEL'),
  userBookingsByTravel: (siteId: SiteId, userId: string, travelDate: string, bookingId: string): Key => ({
    pk: sitePk(siteId, 'USER', userId, 'BOOKINGSBYTRAVEL'),
    sk: `${part(travelDate)}#${part(bookingId)}`,
  }),
  userBookingsByTravelPk: (siteId: SiteId, userId: string) => sitePk(siteId, 'USER', userId, 'BOOKINGSBYTRAVEL'),
  /**
   * A legal entity's booking rows by booking date and by travel date (projection items like the travel-date ones):
   * the admin of an agency or company lists every member's bookings from its own partition.
   */
  legalEntityBookings: (siteId: SiteId, leId: string, createdAt: string, bookingId: string): Key => ({
    pk: sitePk(siteId, 'LE', leId, 'BOOKINGS'),
    sk: `${part(createdAt)}#${part(bookingId)}`,
  }),
  legalEntityBookingsPk: (siteId: SiteId, leId: string) => sitePk(siteId, 'LE', leId, 'BOOKINGS'),
  legalEntityBookingsByTravel: (siteId: SiteId, leId: string, travelDate: string, bookingId: string): Key => ({
    pk: sitePk(siteId, 'LE', leId, 'BOOKINGSBYTRAVEL'),
    sk: `${part(travelDate)}#${part(bookingId)}`,
  }),
  legalEntityBookingsByTravelPk: (siteId: SiteId, leId: string) => sitePk(siteId, 'LE', leId, 'BOOKINGSBYTRAVEL'),
  /** A ticket queue's rows (queues.ts): sk `<order>#<value>#<bookingId>`, the row the filter reads. */
  queueRow: (siteId: SiteId, queue: string, sk: string): Key => ({ pk: sitePk(siteId, 'QUEUE', queue), sk }),
  queuePk: (siteId: SiteId, queue: string) => sitePk(siteId, 'QUEUE', queue),
  /** How many bookings each ticket queue holds: moved in the transaction that moves a booking in or out. */
  queueCounts: (siteId: SiteId): Key => ({ pk: sitePk(siteId, 'QUEUECOUNTS'), sk: 'COUNTS' }),
  /**
   * Sites that have ever held a booking, for the scheduled automatic release. Deliberately global, like
   * the supplier directory: the scheduler must find every site's hold queue without a scan; it lists ids only.
   */
  holdSite: (siteId: SiteId): Key => ({ pk: 'HOLD_SITES', sk: part(siteId) }),
  holdSitesPk: () => 'HOLD_SITES',
  /** Sites that have ever ticketed a booking, for the scheduled disruption sweep (global for the same reason). */
  ticketSite: (siteId: SiteId): Key => ({ pk: 'TICKET_SITES', sk: part(siteId) }),
  ticketSitesPk: () => 'TICKET_SITES',
};
