/** Day arithmetic on `YYYY-MM-DD` dates (UTC calendar days: no time zone or daylight saving can shift them). */
const DAY_MS = 86_400_000;

const utc = (iso: string): number => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};

export const addDays = (iso: string, days: number): string =>
  new Date(utc(iso) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((utc(to) - utc(from)) / DAY_MS);
