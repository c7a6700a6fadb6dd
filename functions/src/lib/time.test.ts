import { describe, expect, it } from 'vitest';
import { dayRangeInZone, isWithin, localDay, siteToday } from './time.ts';

const IST = 'Asia/Kolkata';
const LONDON = 'Europe/London';

describe('calendar days in a time zone', () => {
  it('starts an Indian day at 18:30 UTC the day before', () => {
    expect(dayRangeInZone('2026-03-10', '2026-03-10', IST)).toEqual({
      start: '2026-03-09T18:30:00.000Z',
      end: '2026-03-10T18:30:00.000Z',
    });
    expect(dayRangeInZone('2026-03-01', '2026-03-31', IST)).toEqual({
      start: '2026-02-28T18:30:00.000Z',
      end: '2026-03-31T18:30:00.000Z',
    });
  });

  it('files 00:30 IST on 10 March under 10 March, and 23:59 IST on 9 March under 9 March', () => {
    const justAfterMidnight = '2026-03-09T19:00:00.000Z';
    const justBeforeMidnight = '2026-03-09T18:29:59.999Z';
    expect(localDay(justAfterMidnight, IST)).toBe('2026-03-10');
    expect(localDay(justBeforeMidnight, IST)).toBe('2026-03-09');
    const tenth = dayRangeInZone('2026-03-10', '2026-03-10', IST);
    expect(isWithin(justAfterMidnight, tenth)).toBe(true);
    expect(isWithin(justBeforeMidnight, tenth)).toBe(false);
    expect(isWithin(tenth.end!, tenth)).toBe(false);
    expect(isWithin(justBeforeMidnight, dayRangeInZone('2026-03-09', '2026-03-09', IST))).toBe(true);
  });

  it('keeps the 23-hour and the 25-hour day of a DST zone whole', () => {
    // British Summer Time starts 29 March 2026 at 01:00 GMT and ends 25 October 2026 at 01:00 GMT.
    expect(dayRangeInZone('2026-03-29', '2026-03-29', LONDON)).toEqual({
      start: '2026-03-29T00:00:00.000Z',
      end: '2026-03-29T23:00:00.000Z',
    });
    expect(dayRangeInZone('2026-10-25', '2026-10-25', LONDON)).toEqual({
      start: '2026-10-24T23:00:00.000Z',
      end: '2026-10-26T00:00:00.000Z',
    });
    expect(localDay('2026-03-29T23:30:00.000Z', LONDON)).toBe('2026-03-30');
    expect(localDay(new Date('2026-10-25T23:30:00.000Z'), LONDON)).toBe('2026-10-25');
    expect(localDay('2026-01-15T23:30:00.000Z', LONDON)).toBe('2026-01-15');
  });

  it('starts a day whose midnight a DST change skips at its first existing minute', () => {
    // Chile moves from -04 to -03 at midnight: 6 September 2026 starts at 01:00 local.
    expect(dayRangeInZone('2026-09-06', '2026-09-06', 'America/Santiago').start).toBe('2026-09-06T04:00:00.000Z');
  });

  it('leaves a missing end unbounded', () => {
    const from = dayRangeInZone('2026-03-10', undefined, IST);
    expect(from).toEqual({ start: '2026-03-09T18:30:00.000Z', end: undefined });
    expect(isWithin('2099-01-01T00:00:00.000Z', from)).toBe(true);
    const to = dayRangeInZone(undefined, '2026-03-10', IST);
    expect(isWithin('2000-01-01T00:00:00.000Z', to)).toBe(true);
    expect(isWithin('2026-03-10T18:30:00.000Z', to)).toBe(false);
    expect(dayRangeInZone(undefined, undefined, IST)).toEqual({ start: undefined, end: undefined });
  });

  it('refuses what is not a day', () => {
    expect(() => dayRangeInZone('10/03/2026', undefined, IST)).toThrow(RangeError);
  });
});

describe("today on the site's calendar", () => {
  const lateEveningUtc = new Date('2026-03-09T19:00:00.000Z');
  it("is the site's day, not UTC's", () => {
    expect(siteToday({ timeZone: IST }, lateEveningUtc)).toBe('2026-03-10');
    expect(siteToday({ timeZone: LONDON }, lateEveningUtc)).toBe('2026-03-09');
    expect(siteToday({ timeZone: 'America/Los_Angeles' }, new Date('2026-03-10T06:59:00.000Z'))).toBe('2026-03-09');
  });
  it("reads a site stored without a time zone on India's calendar", () => {
    expect(siteToday({}, lateEveningUtc)).toBe('2026-03-10');
    expect(siteToday({ timeZone: undefined }, new Date('2026-03-09T18:29:59.999Z'))).toBe('2026-03-09');
  });
});
