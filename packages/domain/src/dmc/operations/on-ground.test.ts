import { describe, expect, it } from 'vitest';
import { activityLine, hotelLine, kart, miscLine } from '../kart/fixtures.ts';
import { daysOnGround, isOnGround, monthsOnGround } from './on-ground.ts';

const vouchered = (over: Parameters<typeof kart>[0] = {}) => kart({ isVouchered: true, ...over });

describe('daysOnGround', () => {
  it('runs from the arrival to the last check-out of a vouchered kart', () => {
    // Arrives 12-10, 3 nights at Rove (out 12-13), the safari on 12-11, the SIM card on 12-10.
    expect(daysOnGround(vouchered())).toEqual({ first: '2026-12-10', last: '2026-12-13' });
  });

  it('reaches the latest of activities, dated misc items and transfer legs dated apart from their line', () => {
    const k = vouchered({
      accomodations: [
        hotelLine({
          // The departure transfer a day after check-out (a late flight): the leg's own date.
          dropTransfer: { date: '2026-12-14', time: '01:00', pickupLocation: 'Rove', dropLocation: 'DXB' },
        }),
      ],
      activities: [activityLine({ startDate: '2026-12-12' })],
      miscellaneous: [miscLine({ startDate: '2026-12-09' })],
    });
    expect(daysOnGround(k)).toEqual({ first: '2026-12-09', last: '2026-12-14' });
    expect(daysOnGround(vouchered({ activities: [activityLine({ startDate: '2027-01-02' })] }))?.last).toBe(
      '2027-01-02',
    );
  });

  it('is none for a quotation that is not a trip: not vouchered, or cancelled', () => {
    expect(daysOnGround(kart())).toBeNull();
    expect(daysOnGround(vouchered({ isCancelled: true }))).toBeNull();
  });

  it('holds the span to 91 days after the first, so a kart lists itself in at most four months', () => {
    const k = vouchered({ activities: [activityLine({ startDate: '2027-09-01' })] });
    expect(daysOnGround(k)).toEqual({ first: '2026-12-10', last: '2027-03-11' });
    expect(monthsOnGround(daysOnGround(k)!)).toEqual(['2026-12', '2027-01', '2027-02', '2027-03']);
  });
});

describe('monthsOnGround', () => {
  it('lists each calendar month the days touch, across a year end', () => {
    expect(monthsOnGround({ first: '2026-12-10', last: '2026-12-13' })).toEqual(['2026-12']);
    expect(monthsOnGround({ first: '2026-12-30', last: '2027-01-02' })).toEqual(['2026-12', '2027-01']);
    expect(monthsOnGround({ first: '2026-11-30', last: '2027-02-01' })).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
  });
});

describe('isOnGround', () => {
  it('includes the first and the last day', () => {
    const days = { first: '2026-12-10', last: '2026-12-13' };
    expect(['2026-12-09', '2026-12-10', '2026-12-13', '2026-12-14'].map((d) => isOnGround(days, d))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});
