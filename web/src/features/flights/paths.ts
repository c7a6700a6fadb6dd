import { ticketSlug } from '@tp/contracts/endpoints/tickets';

/**
 * The flight area's screens, all under the one `/flight/*` SPA route (access: login). This file is the
 * source of truth for their paths: the nested router, links and other features import it.
 */
export const FLIGHT_BASE = '/flight';

/** Nested route patterns, relative to FLIGHT_BASE (what the `/flight/*` screen's router matches). */
export const FLIGHT_ROUTES = {
  home: '',
  search: 'search',
  results: 'results/:searchId',
  review: 'review/:searchId?',
  passengers: 'passengers/:searchId',
  bookingDetails: 'bookingDetails/:searchId',
  transaction: 'transaction/:orderId',
  /** Ours: a return trip's two legs on one page. */
  trip: 'trip/:tripId',
} as const;

/** The booking-review path a 402 lands on (web/src/api/catalogue.ts BOOKING_REVIEW_PATH). */
export const FLIGHT_REVIEW_PATH = `${FLIGHT_BASE}/review`;
export const TICKET_QUEUE_PATH = '/flight/ticketQueue';

const q = (params: Record<string, string | number | undefined | null>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const out = s.toString();
  return out ? `?${out}` : '';
};
const seg = encodeURIComponent;

export const flightPaths = {
  /** `query` (a results query) prefills the form: "Modify search". */
  search: (query?: string) => `${FLIGHT_BASE}/search${query ? `?${query}` : ''}`,
  /** `query` is the search's own query string (search-query.ts), so a reload can search again. */
  results: (searchId: string, query: string) => `${FLIGHT_BASE}/results/${seg(searchId)}${query ? `?${query}` : ''}`,
  review: (searchId: string, resultIndex: string) => `${FLIGHT_REVIEW_PATH}/${seg(searchId)}${q({ resultIndex })}`,
  passengers: (searchId: string, resultIndex: string) =>
    `${FLIGHT_BASE}/passengers/${seg(searchId)}${q({ resultIndex })}`,
  bookingDetails: (searchId: string, bookingId: string, showReturn = false) =>
    `${FLIGHT_BASE}/bookingDetails/${seg(searchId)}${q({ bookingId, showReturn: showReturn ? 1 : undefined })}`,
  transaction: (orderId: string) => `${FLIGHT_BASE}/transaction/${seg(orderId)}`,
  trip: (tripId: string) => `${FLIGHT_BASE}/trip/${seg(tripId)}`,
  ticketQueue: () => TICKET_QUEUE_PATH,
};

/** The public e-ticket of a booking (one passenger's with `pax`); `print` opens the print dialog. */
export const eTicketPath = (slug: string, pax?: number) =>
  `/flight/eTicket/${encodeURIComponent(slug)}${pax === undefined ? '' : `?pax=${pax}`}`;

export const eTicketOf = (b: { bookingId: string; pnr: string }, options: { print?: boolean } = {}) =>
  `${eTicketPath(ticketSlug(b.bookingId, b.pnr))}${options.print ? '?print=true' : ''}`;
