/** Minute arithmetic on `YYYY-MM-DD` / `HH:MM` in the site's time zone; day arithmetic is the kart's. */
import { daysBetween } from '../kart/dates.ts';

/** Minutes since midnight of `HH:MM`. */
export const minuteOfDay = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A single clock for a date and time, so a 23:30 block runs into the next day. */
export const absoluteMinute = (date: string, time: string): number =>
  daysBetween('1970-01-01', date) * 1440 + minuteOfDay(time);

export const clockOf = (absolute: number): string => {
  const m = ((absolute % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** Code-unit order, for dates, times and ids (`localeCompare` puts punctuation before digits). */
export const byCode = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
