/**
 * Calendar days in a time zone, the one place that turns a day someone picks into instants and back
 * (date-fns with @date-fns/tz). Stored times are UTC instants (`toISOString()`); a person's "10 March"
 * is the site's 10 March (SiteRecord.timeZone), which in India starts at 18:30 UTC on 9 March.
 */
import { TZDate, tz } from '@date-fns/tz';
import { addDays, formatISO } from 'date-fns';

/** Half-open `[start, end)` of UTC ISO instants; an end left out is unbounded. */
export interface InstantRange {
  start?: string | undefined;
  end?: string | undefined;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant a calendar day (`YYYY-MM-DD`) starts in `timeZone`; a day past a month's end rolls over, as Date does. */
function startOfDayIn(day: string, timeZone: string): TZDate {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`not a calendar day: ${day}`);
  // Midnight, or the first minute of the day where a DST change skips midnight.
  return new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), timeZone);
}

const utcIso = (d: Date): string => new Date(d.getTime()).toISOString();

/**
 * The instants of the calendar days `fromDay`..`toDay` (both included) in `timeZone`: from the start of
 * `fromDay` to the start of the day after `toDay`, so a 23- or 25-hour day (DST) is whole.
 */
export function dayRangeInZone(fromDay: string | undefined, toDay: string | undefined, timeZone: string): InstantRange {
  return {
    start: fromDay ? utcIso(startOfDayIn(fromDay, timeZone)) : undefined,
    end: toDay ? utcIso(addDays(startOfDayIn(toDay, timeZone), 1)) : undefined,
  };
}

/** The instant the day `days` calendar days after `day` (before, when negative) starts in `timeZone`. */
export const dayStartInZone = (day: string, timeZone: string, days = 0): string =>
  utcIso(addDays(startOfDayIn(day, timeZone), days));

/** Whether an instant (`toISOString()` form) lies in the range; ISO instants of one form sort as they compare. */
export function isWithin(iso: string, r: InstantRange): boolean {
  return (!r.start || iso >= r.start) && (!r.end || iso < r.end);
}

/** The calendar day (`YYYY-MM-DD`) an instant falls on in `timeZone`. */
export function localDay(instant: string | Date, timeZone: string): string {
  return formatISO(instant, { representation: 'date', in: tz(timeZone) });
}

/** Every site so far sells from India: sites stored without a time zone are on its calendar. */
export const DEFAULT_SITE_TIME_ZONE = 'Asia/Kolkata';

/** The IANA time zone a site's days are in (SiteRecord.timeZone). */
export const siteTimeZone = (site: { timeZone?: string | undefined }): string =>
  site.timeZone ?? DEFAULT_SITE_TIME_ZONE;

/**
 * Today on the site's calendar: the day (`YYYY-MM-DD`) `now` falls on where the site is. Every rule about
 * "today" (travel dates, cart deadlines, due days, sales that close, file names) reads the site's day, never UTC's.
 */
export const siteToday = (site: { timeZone?: string | undefined }, now: Date): string =>
  localDay(now, siteTimeZone(site));

/**
 * The platform's business month: India Standard Time, so a search at 01:00 IST on the 1st counts for the new
 * month although it is still the old one in UTC (look-to-book months, a site's month counters).
 */
export const BUSINESS_UTC_OFFSET_MINUTES = 330;

/** `YYYY-MM` of the business month containing `at`. */
export function monthKey(at: Date, offsetMinutes = BUSINESS_UTC_OFFSET_MINUTES): string {
  const local = new Date(at.getTime() + offsetMinutes * 60_000);
  return `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
}
