import type { TPassengerInput, TPaymentOrder, TSearchRequest, TSearchResponse } from '@tp/contracts/endpoints/flights';
import { persisted } from '#lib/storage.ts';

/**
 * Client state of the booking flow. Search responses (up to thousands of options) stay in memory
 * only: the results URL carries the search, so a reload searches again. What must survive a reload
 * or the trip to a payment gateway is persisted (`tp.*` keys, cleared on logout, spec 000 §3).
 */

const MAX_CACHED_SEARCHES = 4;
const searches = new Map<string, TSearchResponse>();

export const searchCache = {
  get: (searchId: string) => searches.get(searchId),
  put(response: TSearchResponse) {
    searches.delete(response.searchId);
    searches.set(response.searchId, response);
    while (searches.size > MAX_CACHED_SEARCHES) searches.delete(searches.keys().next().value!);
  },
  clear: () => searches.clear(),
};

/** The booking in progress: what `/flight/review` without parameters resumes (the 402 target). */
export interface BookingInProgress {
  searchId: string;
  resultIndex: string;
  /** The search's query string, to go back to its results. */
  query: string;
  /** A normal return books two legs: the inbound pick waits here while the outbound is booked. */
  returnResultIndex?: string;
  /** Passengers of the first leg, to prefill the second. */
  passengers?: TPassengerInput[];
  /** The return trip whose second leg is being booked (set by its trip page): its passengers carry over. */
  tripId?: string;
}

export const lastSearchStore = persisted<TSearchRequest>('search');
export const bookingStore = persisted<BookingInProgress>('booking');
/** The last payment order, for the transaction screen and the countdown after a gateway round trip. */
export const paymentStore = persisted<TPaymentOrder>('payment');
