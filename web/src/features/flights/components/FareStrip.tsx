import { memo, useEffect, useRef } from 'react';
import { getCalendarFare } from '@tp/contracts/endpoints/flights';
import { formatMoney } from '#shared/format.ts';
import { afterPaint } from '#shared/idle.ts';
import { useApi } from '#api/hooks.ts';
import { localDate } from '../search-form.ts';
import css from './FareStrip.module.css';

const DAY = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: '2-digit', month: 'short', timeZone: 'UTC' });

/** `YYYY-MM-DD` moved by `days` (UTC arithmetic on the date alone: no time zone shifts). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The seven days around `date`: three before, the day, three after. */
export const stripDays = (date: string): string[] => Array.from({ length: 7 }, (_, i) => addDays(date, i - 3));

/**
 * The ±3-day fare strip above the results: each day's lowest fare from the calendar fare
 * call (one call per month the week touches, so two at most, each for its days of the week), the searched
 * day marked; another day searches that day again. Days before today are not offered. A day's fare is
 * the cheapest a one-adult search of that day offers this user; a supplier's own
 * calendar (`isIndicative`) is shown as "from".
 */
export const FareStrip = memo(function FareStrip({
  origin,
  destination,
  date,
  cabinClass,
  onPick,
}: {
  origin: string;
  destination: string;
  date: string;
  cabinClass?: number | undefined;
  onPick: (date: string) => void;
}) {
  const days = stripDays(date);
  const first = days[0]!.slice(0, 7);
  const last = days[6]!.slice(0, 7);
  const call = { handling: 'navigation' } as const;
  const today = localDate();
  const input = (month: string) => ({
    origin,
    destination,
    month,
    days: days.filter((d) => d.startsWith(month) && d >= today),
    ...(cabinClass ? { cabinClass } : {}),
  });
  const [inFirst, inLast] = [input(first), input(last)];
  const a = useApi(getCalendarFare, inFirst.days.length ? inFirst : null, { call });
  const b = useApi(getCalendarFare, last !== first && inLast.days.length ? inLast : null, { call });
  const quoted = new Map([...(a.data ?? []), ...(b.data ?? [])].map((d) => [d.date.slice(0, 10), d]));
  const fares = new Map([...quoted].map(([date, d]) => [date, d.fare]));
  const loading = a.isLoading || b.isLoading;
  const lowest = Math.min(...days.map((d) => fares.get(d) ?? Infinity));
  // On a phone the week scrolls sideways: start with the searched day (the middle) in view.
  const ref = useRef<HTMLElement>(null);
  // After paint (shared/idle.ts): read in the commit, the widths forced a layout of the whole results page (~20 ms).
  useEffect(
    () =>
      afterPaint(() => {
        const el = ref.current;
        if (el && el.scrollWidth > el.clientWidth) el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2;
      }),
    [date],
  );
  return (
    <nav ref={ref} className={css.strip} aria-label="Fares on nearby days">
      {days.map((d) => {
        const fare = fares.get(d);
        const current = d === date;
        return (
          <button
            key={d}
            type="button"
            className={fare !== undefined && fare === lowest ? `${css.day} ${css.low}` : css.day}
            aria-current={current ? 'date' : undefined}
            disabled={d < today}
            onClick={() => !current && onPick(d)}
          >
            {/* One element per day (the results screen's DOM budget): date and fare on two lines. */}
            {DAY.format(new Date(`${d}T00:00:00Z`))}
            {'\n'}
            {fare !== undefined
              ? `${quoted.get(d)?.isIndicative ? 'from ' : ''}${formatMoney(fare)}`
              : loading
                ? '…'
                : '–'}
          </button>
        );
      })}
    </nav>
  );
});
