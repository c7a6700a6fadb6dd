import { describe, expect, it } from 'vitest';
import { activityLine, kart } from '../kart/fixtures.ts';
import { transfersOfVoucher } from '../kart/transfers.ts';
import { itineraryForDate } from './itinerary.ts';
import { transferStatusChange } from './status.ts';
import type { Transfer, TransferDetails } from './types.ts';
import { syncKartTransfers } from './voucher.ts';

const NOW = '2026-12-01T08:00:00.000Z';
const DETAILS: TransferDetails = {
  customerName: 'Arjun Sharma',
  customerPhone: '+91 98200 00000',
  pickupArea: null,
  flightNo: null,
  quotationNo: 'Q-2026-0042',
  service: 'Rove Downtown',
  hotelName: 'Rove Downtown',
  leadGuest: 'Mr Arjun Sharma',
};
const details = () => DETAILS;
const vouchered = kart({ isVouchered: true });
const legs = transfersOfVoucher(vouchered);

const ok = (r: ReturnType<typeof transferStatusChange>): Transfer => {
  if (!r.ok) throw new Error(r.message);
  return r.transfer;
};

describe('syncKartTransfers', () => {
  it('creates every leg of a vouchered kart as a pending transfer without a driver', () => {
    const { put, cancelled } = syncKartTransfers([], legs, details, NOW);
    expect(cancelled).toEqual([]);
    expect(put.map((t) => t.id)).toEqual(legs.map((l) => l.id));
    expect(put.length).toBe(4);
    for (const t of put)
      expect(t).toMatchObject({
        status: 'pending',
        driverId: null,
        internalDriverCharges: null,
        isCompleted: false,
        ...DETAILS,
      });
  });

  it('writes nothing when vouchering again unchanged', () => {
    const { put } = syncKartTransfers([], legs, details, NOW);
    expect(syncKartTransfers(put, legs, details, NOW)).toEqual({ put: [], cancelled: [] });
  });

  it('updates a changed leg and keeps its driver, charges and status', () => {
    const saved = syncKartTransfers([], legs, details, NOW).put.map((t) => ({
      ...t,
      driverId: 'drv-ahmed',
      status: 'assigned' as const,
      internalDriverCharges: 80,
    }));
    const moved = kart({ isVouchered: true, activities: [activityLine({ time: '14:30' })] });
    const { put } = syncKartTransfers(saved, transfersOfVoucher(moved), details, NOW);
    expect(put.map((t) => [t.id, t.time, t.driverId, t.status, t.internalDriverCharges])).toEqual([
      ['kart-1-activity-act-1-pickup', '14:30', 'drv-ahmed', 'assigned', 80],
    ]);
  });

  it('cancels the open transfers of a removed line or a cancelled kart, never done ones', () => {
    const saved = syncKartTransfers([], legs, details, NOW).put;
    const done = ok(
      transferStatusChange({ ...saved[0]!, driverId: 'drv-ahmed', status: 'assigned' }, 'done', 'staff', NOW),
    );
    const { put, cancelled } = syncKartTransfers(
      [done, ...saved.slice(1)],
      transfersOfVoucher({ ...vouchered, isCancelled: true }),
      details,
      NOW,
    );
    expect(put).toEqual([]);
    expect(cancelled.map((t) => [t.id, t.status])).toEqual(saved.slice(1).map((t) => [t.id, 'cancelled']));
    const withoutActivity = transfersOfVoucher({ ...vouchered, activities: [] });
    expect(syncKartTransfers(saved, withoutActivity, details, NOW).cancelled.map((t) => t.id)).toEqual([
      'kart-1-activity-act-1-pickup',
      'kart-1-activity-act-1-drop',
    ]);
  });

  it('starts a leg afresh when a cancelled transfer is listed again', () => {
    const saved = syncKartTransfers([], legs, details, NOW).put.map((t) => ({
      ...t,
      status: 'cancelled' as const,
      driverId: 'drv-x',
    }));
    const { put } = syncKartTransfers(saved, legs, details, NOW);
    expect(put.map((t) => [t.status, t.driverId])).toEqual(legs.map(() => ['pending', null]));
  });
});

it('a kart with its customer added is an itinerary kart', () => {
  const transfers = syncKartTransfers([], legs, details, NOW).put;
  const [day] = itineraryForDate(
    [{ ...vouchered, customerName: 'Arjun Sharma', customerPhone: '' }],
    transfers,
    '2026-12-11',
  );
  expect(day!.items.map((i) => [i.kind, i.time, i.title])).toEqual([
    ['inHouse', null, 'Rove Downtown'],
    ['transfer', '15:00', 'Pickup: Rove Downtown → Desert camp'],
    ['activity', '15:00', 'Desert safari'],
    ['transfer', '21:00', 'Drop: Desert camp → Rove Downtown'],
  ]);
});
