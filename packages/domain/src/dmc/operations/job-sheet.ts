/**
 * The job sheet (`dmc/getTransferJobSheet` dateRange, driverId, sortBy; `dmcDriver/getDriverTransferJobSheet`):
 * which transfers, in which order. The range is inclusive `YYYY-MM-DD` days in the site's time zone; the caller
 * passes the site's `today` so nothing here reads a clock.
 */
import type { DmcMessages } from '../messages.ts';
import { isIsoDate } from '../terms.ts';
import { OPS_TEXT } from './messages.ts';
import { byCode } from './time.ts';
import { addDays, daysBetween } from '../kart/dates.ts';
import type { OpsDriver, Transfer } from './types.ts';

/** dmc.md §3 "Sort by time, driver or area" (the spec names `sortBy` only). `area` is the pickup's area. */
export const JOB_SHEET_SORTS = ['time', 'driver', 'area'] as const;
export type JobSheetSort = (typeof JOB_SHEET_SORTS)[number];

/** Longest range one sheet shows (a month of payouts); longer reads are a report, not a sheet. */
export const MAX_JOB_SHEET_DAYS = 31;

export interface DateRange {
  from: string;
  to: string;
}

export interface JobSheetQuery {
  dateRange?: Partial<DateRange> | null;
  /** Absent: every driver. Null: transfers without a driver. */
  driverId?: string | null;
  sortBy?: JobSheetSort | null;
}

export type RangeResult = { ok: true; range: DateRange } | { ok: false; field: 'from' | 'to'; message: string };

/**
 * §9 "Job sheet default range today to tomorrow": a missing `from` is today, a missing `to` the day after
 * `from`. Both real dates, `to` not before `from`, at most `MAX_JOB_SHEET_DAYS` days.
 */
export function jobSheetRange(
  input: Partial<DateRange> | null | undefined,
  today: string,
  m: DmcMessages,
): RangeResult {
  const from = input?.from || today;
  if (!isIsoDate(from)) return { ok: false, field: 'from', message: m.invalidDate };
  const to = input?.to || addDays(from, 1);
  if (!isIsoDate(to)) return { ok: false, field: 'to', message: m.invalidDate };
  if (to < from) return { ok: false, field: 'to', message: OPS_TEXT.rangeEndBeforeStart };
  if (daysBetween(from, to) + 1 > MAX_JOB_SHEET_DAYS)
    return { ok: false, field: 'to', message: OPS_TEXT.rangeTooLong(MAX_JOB_SHEET_DAYS) };
  return { ok: true, range: { from, to } };
}

// '~' sorts after digits: a leg without a time comes last in its day (it is timed later, e.g. on landing).
const byTime = (a: Transfer, b: Transfer): number =>
  byCode(a.date ?? '~', b.date ?? '~') || byCode(a.time ?? '~', b.time ?? '~') || byCode(a.id, b.id);

/**
 * Sorted copy. `time`: date, time. `driver`: driver name (unassigned last), then time, so a driver's day reads
 * in order. `area`: pickup area (unknown last), pickup location, then time, so SIC runs of an area sit together.
 * Ties end on the id, so a sheet never reorders between reloads.
 */
export function sortJobSheet(
  transfers: readonly Transfer[],
  sortBy: JobSheetSort,
  drivers: readonly OpsDriver[],
): Transfer[] {
  const names = new Map(drivers.map((d) => [d.driverId, d.driverName]));
  const driverName = (t: Transfer): string | null => t.driverId && (names.get(t.driverId) ?? t.driverId);
  const last = (s: string | null | undefined): [number, string] => (s ? [0, s.toLocaleLowerCase()] : [1, '']);
  const cmpKey = (a: [number, string], b: [number, string]): number => a[0] - b[0] || a[1].localeCompare(b[1]);
  const by: Record<JobSheetSort, (a: Transfer, b: Transfer) => number> = {
    time: byTime,
    driver: (a, b) => cmpKey(last(driverName(a)), last(driverName(b))) || byTime(a, b),
    area: (a, b) =>
      cmpKey(last(a.pickupArea), last(b.pickupArea)) ||
      a.pickupLocation.localeCompare(b.pickupLocation) ||
      byTime(a, b),
  };
  return [...transfers].sort(by[sortBy]);
}

/**
 * The sheet: transfers of the range (cancelled ones are not jobs; one without a date is in no range), of one
 * driver when asked, sorted (default by time).
 */
export function jobSheet(
  transfers: readonly Transfer[],
  range: DateRange,
  query: Pick<JobSheetQuery, 'driverId' | 'sortBy'>,
  drivers: readonly OpsDriver[],
): Transfer[] {
  const rows = transfers.filter(
    (t) =>
      t.status !== 'cancelled' &&
      t.date !== null &&
      range.from <= t.date &&
      t.date <= range.to &&
      (query.driverId === undefined || t.driverId === query.driverId),
  );
  return sortJobSheet(rows, query.sortBy ?? 'time', drivers);
}

/** What the driver page shows of a job (dmc.md §3 "own jobs only, no prices"): no charges, no kart internals. */
export type DriverJob = Pick<
  Transfer,
  | 'id'
  | 'date'
  | 'time'
  | 'leg'
  | 'pickupLocation'
  | 'dropLocation'
  | 'sharingType'
  | 'pax'
  | 'customerName'
  | 'customerPhone'
  | 'flightNo'
  | 'service'
  | 'hotelName'
  | 'leadGuest'
  | 'remarks'
  | 'isCompleted'
  | 'completedAt'
> & { status: 'open' | 'done' | 'notDone' };

export const driverJob = (t: Transfer): DriverJob => ({
  id: t.id,
  date: t.date,
  time: t.time,
  leg: t.leg,
  pickupLocation: t.pickupLocation,
  dropLocation: t.dropLocation,
  sharingType: t.sharingType,
  pax: { ...t.pax },
  customerName: t.customerName,
  customerPhone: t.customerPhone,
  flightNo: t.flightNo,
  service: t.service,
  hotelName: t.hotelName,
  leadGuest: t.leadGuest,
  remarks: t.remarks,
  isCompleted: t.isCompleted,
  completedAt: t.completedAt,
  status: t.status === 'done' || t.status === 'notDone' ? t.status : 'open',
});

/** The driver page: that driver's jobs of the range by time, seen through `driverJob`. */
export const driverJobSheet = (transfers: readonly Transfer[], range: DateRange, driverId: string): DriverJob[] =>
  jobSheet(transfers, range, { driverId, sortBy: 'time' }, []).map(driverJob);
