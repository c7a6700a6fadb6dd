import { describe, expect, it } from 'vitest';
import { TRANSFER_BLOCK_MINUTES, assignmentConflicts, conflictWindow, jobSheetConflicts } from './conflicts.ts';
import { OPS_TEXT } from './messages.ts';
import { AHMED, BILAL, CHEN, DRIVERS, transfer } from './test-fixtures.ts';

const codes = (w: ReturnType<typeof jobSheetConflicts>) =>
  Object.fromEntries(Object.entries(w).map(([id, list]) => [id, list.map((x) => x.code)]));

describe('overlaps of one driver', () => {
  // Activity legs keep the driver 60 minutes, airport legs 90.
  it('assumes a block per line type', () => {
    expect(TRANSFER_BLOCK_MINUTES).toEqual({ accomodations: 90, activities: 60 });
  });

  it('flags both transfers when one starts inside the other, naming the other', () => {
    const a = transfer({ id: 'a', time: '10:00' });
    const b = transfer({ id: 'b', time: '10:59', pickupLocation: 'Citymax Bur Dubai', dropLocation: 'Dubai Mall' });
    const w = jobSheetConflicts([a, b], DRIVERS);
    expect(codes(w)).toEqual({ a: ['overlap'], b: ['overlap'] });
    expect(w.a![0]).toEqual({
      code: 'overlap',
      message: 'Ahmed is also on the 2026-12-01 10:59 transfer Citymax Bur Dubai → Dubai Mall at the same time',
      otherTransferIds: ['b'],
    });
    expect(w.b![0]!.otherTransferIds).toEqual(['a']);
  });

  it('does not flag touching blocks: one ends when the next starts', () => {
    const a = transfer({ id: 'a', time: '10:00' });
    const b = transfer({ id: 'b', time: '11:00' });
    expect(jobSheetConflicts([a, b], DRIVERS)).toEqual({});
    // An airport leg holds the driver 90 minutes: 11:00 is then inside it, 11:30 touches.
    const airport = transfer({ id: 'a', time: '10:00', source: { section: 'accomodations', lineId: 'line-1' } });
    expect(Object.keys(jobSheetConflicts([airport, b], DRIVERS))).toEqual(['a', 'b']);
    expect(jobSheetConflicts([airport, transfer({ id: 'b', time: '11:30' })], DRIVERS)).toEqual({});
  });

  it('flags a block running past midnight into the next day', () => {
    const late = transfer({
      id: 'late',
      date: '2026-12-01',
      time: '23:30',
      source: { section: 'accomodations', lineId: 'line-1' },
    });
    const early = transfer({ id: 'early', date: '2026-12-02', time: '00:30' });
    expect(Object.keys(jobSheetConflicts([late, early], DRIVERS)).sort()).toEqual(['early', 'late']);
    expect(jobSheetConflicts([late, transfer({ id: 'early', date: '2026-12-02', time: '01:00' })], DRIVERS)).toEqual(
      {},
    );
  });

  it('ignores other drivers, other days, unassigned and cancelled transfers', () => {
    const a = transfer({ id: 'a' });
    expect(
      jobSheetConflicts(
        [
          a,
          transfer({ id: 'b', driverId: 'drv-bilal', pax: { adults: 1, child: 0, infant: 0 } }),
          transfer({ id: 'c', date: '2026-12-02' }),
          transfer({ id: 'd', driverId: null, status: 'pending' }),
          transfer({ id: 'e', status: 'cancelled' }),
        ],
        DRIVERS,
      ),
    ).toEqual({});
  });

  it('lists one warning per overlapping transfer', () => {
    const w = jobSheetConflicts(
      [
        transfer({ id: 'a', time: '10:00' }),
        transfer({ id: 'b', time: '10:15' }),
        transfer({ id: 'c', time: '10:30' }),
      ],
      DRIVERS,
    );
    expect(w.a!.map((x) => x.otherTransferIds)).toEqual([['b'], ['c']]);
    expect(
      w
        .b!.map((x) => x.otherTransferIds)
        .flat()
        .sort(),
    ).toEqual(['a', 'c']);
  });

  it('pools SIC legs starting together into one run: no overlap among them, only with others', () => {
    const sic = (id: string, time = '15:00') =>
      transfer({ id, time, sharingType: 'SIC', pax: { adults: 2, child: 0, infant: 0 } });
    expect(jobSheetConflicts([sic('a'), sic('b'), sic('c')], DRIVERS)).toEqual({});
    const w = jobSheetConflicts([sic('a'), sic('b'), sic('c', '15:30')], DRIVERS);
    expect(codes(w)).toEqual({ a: ['overlap'], b: ['overlap'], c: ['overlap', 'overlap'] });
    // PVT legs are a vehicle each: two at the same time overlap.
    expect(Object.keys(jobSheetConflicts([transfer({ id: 'a' }), transfer({ id: 'b' })], DRIVERS))).toEqual(['a', 'b']);
  });
});

describe('vehicle capacity', () => {
  it('flags more passengers than the vehicle takes, infants included', () => {
    const t = transfer({ id: 'a', driverId: 'drv-bilal', pax: { adults: 2, child: 1, infant: 1 } });
    expect(jobSheetConflicts([t], DRIVERS)).toEqual({
      a: [{ code: 'capacity', message: "4 passengers, but Bilal's vehicle takes 3", otherTransferIds: [] }],
    });
    expect(jobSheetConflicts([{ ...t, pax: { ...t.pax, infant: 0 } }], DRIVERS)).toEqual({});
  });

  it('adds up a pooled SIC run', () => {
    const sic = (id: string) =>
      transfer({ id, time: '15:00', sharingType: 'SIC', pax: { adults: 3, child: 0, infant: 0 } });
    expect(jobSheetConflicts([sic('a'), sic('b')], [AHMED])).toEqual({});
    const w = jobSheetConflicts([sic('a'), sic('b'), sic('c')], [AHMED]);
    expect(w.b).toEqual([
      {
        code: 'capacity',
        message: "The 15:00 SIC run carries 9 passengers on 3 transfers, but Ahmed's vehicle takes 7",
        otherTransferIds: ['a', 'c'],
      },
    ]);
    expect(Object.keys(w).sort()).toEqual(['a', 'b', 'c']);
  });

  it('checks nothing when the capacity is not recorded', () => {
    expect(
      jobSheetConflicts([transfer({ driverId: CHEN.driverId, pax: { adults: 40, child: 0, infant: 0 } })], DRIVERS),
    ).toEqual({});
  });

  it('flags a driver no longer in the list', () => {
    expect(jobSheetConflicts([transfer({ id: 'a', driverId: 'drv-gone' })], DRIVERS)).toEqual({
      a: [{ code: 'driverNotListed', message: OPS_TEXT.driverNotListed, otherTransferIds: [] }],
    });
  });
});

describe('transfers without a time', () => {
  it('asks for a time instead of guessing, and still checks the seats', () => {
    const untimed = transfer({ id: 'u', time: null, driverId: 'drv-bilal', pax: { adults: 4, child: 0, infant: 0 } });
    const w = jobSheetConflicts(
      [untimed, transfer({ id: 'b', driverId: 'drv-bilal', pax: { adults: 1, child: 0, infant: 0 } })],
      DRIVERS,
    );
    expect(w).toEqual({
      u: [
        {
          code: 'noTime',
          message: "Set a date and pickup time to check this transfer against Bilal's other jobs",
          otherTransferIds: [],
        },
        { code: 'capacity', message: "4 passengers, but Bilal's vehicle takes 3", otherTransferIds: [] },
      ],
    });
  });
});

describe('conflictWindow', () => {
  it('spans a day either side of the transfers', () => {
    expect(conflictWindow([{ date: '2026-12-31' }, { date: '2026-12-01' }])).toEqual({
      from: '2026-11-30',
      to: '2027-01-01',
    });
    expect(conflictWindow([{ date: null }, { date: '2026-12-01' }])).toEqual({ from: '2026-11-30', to: '2026-12-02' });
    expect(conflictWindow([])).toBeNull();
    expect(conflictWindow([{ date: null }])).toBeNull();
  });
});

describe('assignmentConflicts (bulk)', () => {
  const open = (id: string, time: string) => transfer({ id, time, driverId: null, status: 'pending' });

  it('assigns every open transfer and warns where they clash with each other or the driver’s other jobs', () => {
    const existing = [
      open('p1', '09:00'),
      open('p2', '09:30'),
      open('p3', '13:00'),
      transfer({ id: 'x', time: '12:30', driverId: 'drv-ahmed' }),
      transfer({ id: 'y', time: '09:00', driverId: 'drv-bilal', pax: { adults: 1, child: 0, infant: 0 } }),
    ];
    const r = assignmentConflicts(existing, { driverId: 'drv-ahmed', transferIds: ['p1', 'p2', 'p3'] }, DRIVERS);
    expect(r.refused).toEqual([]);
    expect(r.assigned.map((t) => [t.id, t.driverId, t.status])).toEqual([
      ['p1', 'drv-ahmed', 'assigned'],
      ['p2', 'drv-ahmed', 'assigned'],
      ['p3', 'drv-ahmed', 'assigned'],
    ]);
    expect(
      Object.fromEntries(Object.entries(r.warnings).map(([id, w]) => [id, w.flatMap((x) => x.otherTransferIds)])),
    ).toEqual({
      p1: ['p2'],
      p2: ['p1'],
      p3: ['x'],
    });
  });

  it('flags capacity for the new driver', () => {
    const family = { ...open('p1', '09:00'), pax: { adults: 2, child: 2, infant: 0 } };
    const r = assignmentConflicts([family], { driverId: 'drv-bilal', transferIds: ['p1'] }, DRIVERS);
    expect(r.warnings.p1!.map((w) => w.code)).toEqual(['capacity']);
    expect(assignmentConflicts([family], { driverId: 'drv-ahmed', transferIds: ['p1'] }, DRIVERS).warnings).toEqual({});
  });

  it('refuses closed, cancelled and unknown transfers, and keeps them out of the warnings', () => {
    const existing = [
      open('p1', '09:00'),
      transfer({ id: 'd', time: '09:00', status: 'done', driverId: 'drv-bilal', isCompleted: true }),
      transfer({ id: 'c', time: '09:00', status: 'cancelled', driverId: null }),
    ];
    const r = assignmentConflicts(
      existing,
      { driverId: 'drv-ahmed', transferIds: ['p1', 'd', 'c', 'nope', 'p1'] },
      DRIVERS,
    );
    expect(r.assigned.map((t) => t.id)).toEqual(['p1']);
    expect(r.refused).toEqual([
      { transferId: 'd', message: 'This transfer is marked done; reopen it first' },
      { transferId: 'c', message: 'This transfer is cancelled and cannot be changed' },
      { transferId: 'nope', message: 'Transfer not found' },
    ]);
    expect(r.warnings).toEqual({});
  });

  it('refuses everything for a driver not in the list', () => {
    const r = assignmentConflicts([open('p1', '09:00')], { driverId: 'drv-gone', transferIds: ['p1'] }, [BILAL]);
    expect(r).toEqual({ assigned: [], refused: [{ transferId: 'p1', message: OPS_TEXT.unknownDriver }], warnings: {} });
  });

  it('does not re-save transfers already with that driver', () => {
    const r = assignmentConflicts([transfer({ id: 'a' })], { driverId: 'drv-ahmed', transferIds: ['a'] }, DRIVERS);
    expect(r).toEqual({ assigned: [], refused: [], warnings: {} });
  });
});
