/**
 * Which karts the itinerary of a date must read (`dmc/getItinerariesByDate`): a vouchered, uncancelled kart is on
 * the ground from its first dated item to its last (its arrival, hotel check-ins and check-outs, activities, dated
 * misc items, transfer legs). The store lists each such kart in a partition per calendar month it is on the ground
 * in, so a date's read is its month's karts, not every kart that arrived in the 91 days before it.
 */
import { KART_MAX_DAYS, type Kart } from '../kart/types.ts';
import { addDays } from '../kart/dates.ts';
import { transfersOfVoucher } from '../kart/transfers.ts';

/** First and last day (`YYYY-MM-DD`, inclusive) a kart has something on the ground. */
export interface DaysOnGround {
  first: string;
  last: string;
}

export type OnGroundKart = Pick<
  Kart,
  | 'id'
  | 'isVouchered'
  | 'isCancelled'
  | 'arrivalDate'
  | 'adults'
  | 'child'
  | 'infant'
  | 'accomodations'
  | 'activities'
  | 'miscellaneous'
>;

/**
 * The days a kart is on the ground, or null when it is not a trip (not vouchered, or cancelled) or names no date.
 * A kart lasts at most 90 days and its last hotel may check out the day after (§9), so the span is held to that:
 * a kart stored before that rule cannot list itself in more than four months.
 */
export function daysOnGround(kart: OnGroundKart): DaysOnGround | null {
  if (!kart.isVouchered || kart.isCancelled) return null;
  const dates = [
    kart.arrivalDate,
    ...kart.accomodations.flatMap((a) =>
      a.checkinDate ? [a.checkinDate, addDays(a.checkinDate, Math.max(0, a.noOfNights ?? 0))] : [],
    ),
    ...kart.activities.map((a) => a.startDate),
    ...kart.miscellaneous.map((m) => m.startDate),
    ...transfersOfVoucher(kart).map((t) => t.date),
  ].filter((d): d is string => typeof d === 'string' && d.length === 10);
  if (!dates.length) return null;
  dates.sort();
  const first = dates[0]!;
  const bound = addDays(first, KART_MAX_DAYS + 1);
  const last = dates[dates.length - 1]!;
  return { first, last: last < bound ? last : bound };
}

/** The calendar months (`YYYY-MM`) the days touch, in order. */
export function monthsOnGround({ first, last }: DaysOnGround): string[] {
  const months: string[] = [];
  let [y, m] = first.split('-').map(Number) as [number, number];
  const end = last.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    months.push(month);
    if (month >= end) return months;
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
}

/** Whether `date` is one of the days. */
export const isOnGround = (days: DaysOnGround, date: string): boolean => days.first <= date && date <= days.last;
