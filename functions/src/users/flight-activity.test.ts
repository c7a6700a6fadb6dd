import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lastMonths, monthKey, toMonthYear } from './flight-activity.ts';

describe('look-to-book months', () => {
  it('bucket by India Standard Time: just after midnight IST on the 1st is the new month', () => {
    expect(monthKey(new Date('2026-10-31T18:29:59Z'))).toBe('2026-10');
    expect(monthKey(new Date('2026-10-31T18:30:00Z'))).toBe('2026-11');
    expect(monthKey(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01');
    expect(monthKey(new Date('2026-12-31T18:30:00Z'), 0)).toBe('2026-12');
  });

  it('list the last months newest first, across a year end', () => {
    expect(lastMonths(new Date('2027-02-10T00:00:00Z'), 4)).toEqual(['2027-02', '2027-01', '2026-12', '2026-11']);
  });

  it('always give n distinct consecutive months ending with the current one', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 36 }),
        (now, n) => {
          const months = lastMonths(now, n);
          expect(months).toHaveLength(n);
          expect(months[0]).toBe(monthKey(now));
          const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
          for (let i = 1; i < n; i++) expect(index(months[i - 1]!) - index(months[i]!)).toBe(1);
        },
      ),
    );
  });

  it("show as the screen's MM-YYYY", () => {
    expect(toMonthYear('2026-03')).toBe('03-2026');
  });
});
