import { describe, expect, it } from 'vitest';
import { activityLine, hotelLine, kart } from './fixtures.ts';
import { transfersOfVoucher } from './transfers.ts';

const pax = { adults: 2, child: 1, infant: 0 };

describe('transfersOfVoucher', () => {
  it('creates a pickup and a drop per return transfer, with dates, times, places and each leg’s basis', () => {
    expect(transfersOfVoucher(kart({ isVouchered: true }))).toEqual([
      {
        id: 'kart-1-accomodation-acc-1-pickup',
        kartId: 'kart-1',
        source: { section: 'accomodations', lineId: 'acc-1' },
        leg: 'pickup',
        sharingType: 'SIC',
        date: '2026-12-10',
        time: '09:30',
        pickupLocation: 'DXB Terminal 3',
        dropLocation: 'Rove Downtown',
        remarks: '',
        pax,
      },
      {
        // Check-out: check-in + 3 nights; no time yet (set on the job sheet).
        id: 'kart-1-accomodation-acc-1-drop',
        kartId: 'kart-1',
        source: { section: 'accomodations', lineId: 'acc-1' },
        leg: 'drop',
        sharingType: 'SIC',
        date: '2026-12-13',
        time: null,
        pickupLocation: 'Rove Downtown',
        dropLocation: 'DXB Terminal 3',
        remarks: '',
        pax,
      },
      {
        // DROP_PVT_PICKUP_SIC: a seat to the camp at the activity's time, a private car back.
        id: 'kart-1-activity-act-1-pickup',
        kartId: 'kart-1',
        source: { section: 'activities', lineId: 'act-1' },
        leg: 'pickup',
        sharingType: 'SIC',
        date: '2026-12-11',
        time: '15:00',
        pickupLocation: 'Rove Downtown',
        dropLocation: 'Desert camp',
        remarks: '',
        pax,
      },
      {
        id: 'kart-1-activity-act-1-drop',
        kartId: 'kart-1',
        source: { section: 'activities', lineId: 'act-1' },
        leg: 'drop',
        sharingType: 'PVT',
        date: '2026-12-11',
        time: '21:00',
        pickupLocation: 'Desert camp',
        dropLocation: 'Rove Downtown',
        remarks: '',
        pax,
      },
    ]);
  });

  it('creates the pickup only for a one-way transfer, and nothing for a line without a transfer', () => {
    const k = kart({
      isVouchered: true,
      accomodations: [hotelLine({ transferType: 'oneway', sharingBasis: 'PVT', dropTransfer: null })],
      activities: [
        activityLine({
          transfers: { transferType: null, sharingBasis: null, pickupTransfer: null, dropTransfer: null },
        }),
      ],
    });
    expect(transfersOfVoucher(k).map((t) => [t.id, t.sharingType])).toEqual([
      ['kart-1-accomodation-acc-1-pickup', 'PVT'],
    ]);
  });

  it('keeps ids stable across re-vouchering and edits of other lines', () => {
    const first = transfersOfVoucher(kart({ isVouchered: true }));
    const again = transfersOfVoucher(
      kart({ isVouchered: true, activities: [activityLine({ id: 'act-2' }), activityLine()] }),
    );
    expect(again.map((t) => t.id)).toEqual(expect.arrayContaining(first.map((t) => t.id)));
    expect(new Set(again.map((t) => t.id)).size).toBe(again.length);
  });

  it('creates none for a kart not vouchered or cancelled (the server then cancels its open transfers)', () => {
    expect(transfersOfVoucher(kart())).toEqual([]);
    expect(transfersOfVoucher(kart({ isVouchered: true, isCancelled: true }))).toEqual([]);
  });
});
