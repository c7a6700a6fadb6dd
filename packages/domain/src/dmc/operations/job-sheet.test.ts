import { describe, expect, it } from 'vitest';
import { M } from '../test-fixtures.ts';
import { MAX_JOB_SHEET_DAYS, driverJob, driverJobSheet, jobSheet, jobSheetRange, sortJobSheet } from './job-sheet.ts';
import { DRIVERS, transfer } from './test-fixtures.ts';

const TODAY = '2026-12-31';

describe('jobSheetRange', () => {
  it('defaults to today → tomorrow in the site’s calendar (§9)', () => {
    expect(jobSheetRange(undefined, TODAY, M)).toEqual({ ok: true, range: { from: '2026-12-31', to: '2027-01-01' } });
    expect(jobSheetRange({ from: '', to: '' }, TODAY, M)).toEqual({
      ok: true,
      range: { from: '2026-12-31', to: '2027-01-01' },
    });
  });

  it('takes a start alone as that day and the next, and keeps a given range', () => {
    expect(jobSheetRange({ from: '2027-02-28' }, TODAY, M)).toEqual({
      ok: true,
      range: { from: '2027-02-28', to: '2027-03-01' },
    });
    expect(jobSheetRange({ from: '2027-01-05', to: '2027-01-05' }, TODAY, M)).toEqual({
      ok: true,
      range: { from: '2027-01-05', to: '2027-01-05' },
    });
  });

  it('refuses unreal dates, an end before the start and a range over the limit', () => {
    expect(jobSheetRange({ from: '2027-02-30' }, TODAY, M)).toEqual({
      ok: false,
      field: 'from',
      message: 'Invalid date format',
    });
    expect(jobSheetRange({ from: '2027-01-05', to: '5/1/2027' }, TODAY, M)).toMatchObject({ ok: false, field: 'to' });
    expect(jobSheetRange({ from: '2027-01-05', to: '2027-01-04' }, TODAY, M)).toEqual({
      ok: false,
      field: 'to',
      message: 'The end date must be on or after the start date',
    });
    expect(MAX_JOB_SHEET_DAYS).toBe(31);
    expect(jobSheetRange({ from: '2027-01-01', to: '2027-01-31' }, TODAY, M).ok).toBe(true);
    expect(jobSheetRange({ from: '2027-01-01', to: '2027-02-01' }, TODAY, M)).toEqual({
      ok: false,
      field: 'to',
      message: 'Choose a range of at most 31 days',
    });
  });
});

describe('sorting and filtering', () => {
  const rows = [
    transfer({
      id: 'a',
      date: '2026-12-02',
      time: '08:00',
      driverId: 'drv-chen',
      pickupArea: 'Marina',
      pickupLocation: 'Hilton',
    }),
    transfer({ id: 'b', date: '2026-12-01', time: '19:30', driverId: null, status: 'pending', pickupArea: null }),
    transfer({
      id: 'c',
      date: '2026-12-01',
      time: '09:00',
      driverId: 'drv-bilal',
      pickupArea: 'Deira',
      pickupLocation: 'Radisson',
    }),
    transfer({
      id: 'd',
      date: '2026-12-01',
      time: '10:00',
      driverId: 'drv-ahmed',
      pickupArea: 'Marina',
      pickupLocation: 'Atlantis',
    }),
    transfer({
      id: 'e',
      date: '2026-12-01',
      time: '09:00',
      driverId: 'drv-ahmed',
      pickupArea: 'deira',
      pickupLocation: 'Radisson',
    }),
  ];
  const ids = (list: { id: string }[]) => list.map((t) => t.id);

  it('sorts by time (date, then time, then id)', () => {
    expect(ids(sortJobSheet(rows, 'time', DRIVERS))).toEqual(['c', 'e', 'd', 'b', 'a']);
  });

  it('puts a leg without a time last in its day, and one without a date in no range', () => {
    const untimed = transfer({ id: 'u', date: '2026-12-01', time: null });
    expect(ids(sortJobSheet([...rows, untimed], 'time', DRIVERS))).toEqual(['c', 'e', 'd', 'b', 'u', 'a']);
    const undated = transfer({ id: 'n', date: null });
    expect(ids(jobSheet([undated], { from: '2000-01-01', to: '2099-12-31' }, {}, DRIVERS))).toEqual([]);
  });

  it('sorts by driver name, unassigned last, each driver’s day in order', () => {
    expect(ids(sortJobSheet(rows, 'driver', DRIVERS))).toEqual(['e', 'd', 'c', 'a', 'b']);
  });

  it('sorts by pickup area (case-blind, unknown last), then place, then time', () => {
    expect(ids(sortJobSheet(rows, 'area', DRIVERS))).toEqual(['c', 'e', 'd', 'a', 'b']);
  });

  it('keeps the range and the driver asked for, never cancelled transfers', () => {
    const all = [...rows, transfer({ id: 'x', date: '2026-12-01', status: 'cancelled' })];
    const range = { from: '2026-12-01', to: '2026-12-01' };
    expect(ids(jobSheet(all, range, {}, DRIVERS))).toEqual(['c', 'e', 'd', 'b']);
    expect(ids(jobSheet(all, range, { driverId: 'drv-ahmed', sortBy: 'area' }, DRIVERS))).toEqual(['e', 'd']);
    expect(ids(jobSheet(all, range, { driverId: null }, DRIVERS))).toEqual(['b']);
    expect(ids(jobSheet(all, { from: '2026-12-01', to: '2026-12-02' }, { sortBy: 'time' }, DRIVERS))).toEqual([
      'c',
      'e',
      'd',
      'b',
      'a',
    ]);
  });
});

describe('the driver page', () => {
  it('shows a job without charges or kart internals', () => {
    const job = driverJob(transfer({ internalDriverCharges: 150, status: 'assigned', flightNo: 'EK 500' }));
    expect(job).not.toHaveProperty('internalDriverCharges');
    expect(job).not.toHaveProperty('kartId');
    expect(job).not.toHaveProperty('driverId');
    expect(job).toMatchObject({
      status: 'open',
      customerName: 'Asha Rao',
      customerPhone: '+971 50 123 4567',
      flightNo: 'EK 500',
    });
    expect(driverJob(transfer({ status: 'done', isCompleted: true })).status).toBe('done');
  });

  it("lists only that driver's jobs of the range, by time", () => {
    const rows = [
      transfer({ id: 'a', time: '12:00' }),
      transfer({ id: 'b', time: '08:00' }),
      transfer({ id: 'c', driverId: 'drv-bilal' }),
      transfer({ id: 'd', date: '2026-12-03' }),
    ];
    expect(driverJobSheet(rows, { from: '2026-12-01', to: '2026-12-02' }, 'drv-ahmed').map((j) => j.id)).toEqual([
      'b',
      'a',
    ]);
  });
});
