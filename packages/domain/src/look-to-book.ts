/**
 * Look-to-book (domain.md "Look-to-book"): a user may search while this month's searches stay within
 * `freeLooks + ratio × bookings`; exempted users always may. Pure.
 */
export interface LookToBookPolicy {
  /** Searches allowed per booking. */
  ratio: number;
  /** Searches allowed before any booking (so a new customer can shop around). */
  freeLooks: number;
}

export const DEFAULT_LOOK_TO_BOOK: LookToBookPolicy = { ratio: 500, freeLooks: 300 };

export function maySearch(
  month: { look_count: number; book_count: number },
  policy: LookToBookPolicy,
  exempted: boolean,
): boolean {
  if (exempted) return true;
  return month.look_count < policy.freeLooks + policy.ratio * month.book_count;
}
