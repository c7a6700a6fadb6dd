/**
 * Look-to-book months (pure). A month is the platform's business month (lib/time.ts `monthKey`).
 */
import { BUSINESS_UTC_OFFSET_MINUTES, monthKey } from '#lib/time';

export { BUSINESS_UTC_OFFSET_MINUTES, monthKey };

/** The `count` month keys ending with the month of `now`, newest first. */
export function lastMonths(now: Date, count: number, offsetMinutes = BUSINESS_UTC_OFFSET_MINUTES): string[] {
  const [y, m] = monthKey(now, offsetMinutes).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const total = y * 12 + (m - 1) - i;
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
  });
}

/** `YYYY-MM` → the screen's `MM-YYYY`. */
export const toMonthYear = (key: string): string => `${key.slice(5, 7)}-${key.slice(0, 4)}`;
