import { addDays } from '@tp/domain/dmc/kart/dates';
import { DISPLAY_TIME_ZONE } from '@tp/domain/format';
import { isoDay } from '#shared/format.ts';

/**
 * Today as the office's calendar shows it. The SPA knows no per-site zone: it uses the display zone every
 * date of the app is shown in (the server applies the site's own zone to a range it defaults itself).
 */
export const officeToday = (now: Date = new Date()): string => isoDay(now, DISPLAY_TIME_ZONE);

/** Spec 001 §9: the job sheet (and the driver page) open on today → tomorrow. */
export const defaultRange = (now: Date = new Date()): { from: string; to: string } => {
  const from = officeToday(now);
  return { from, to: addDays(from, 1) };
};
