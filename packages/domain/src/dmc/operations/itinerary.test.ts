import { describe, expect, it } from 'vitest';
import { itineraryForDate, type ItineraryKart, type ItineraryNames } from './itinerary.ts';
import { DRIVERS, transfer } from './test-fixtures.ts';

const NAMES: ItineraryNames = {
  hotels: { 'h-rove': 'Rove Downtown', 'h-atlantis': 'Atlantis The Palm' },
  activities: { 'a-frame': 'Dubai Frame', 'a-safari': 'Desert safari' },
  tourOptions: { 'o-frame': 'General admission', 'o-safari': 'SIC' },
};

const kart = (over: Partial<ItineraryKart> = {}): ItineraryKart => ({
  id: 'kart-1',
  kartName: 'Rao family, Dubai 5 nights',
  customerName: 'Asha Rao',
  customerPhone: '+971 50 123 4567',
  adults: 2,
  child: 1,
  infant: 0,
  isVouchered: true,
  isCancelled: false,
  // Rove 3 nights from 12-01 (out 12-04), then Atlantis 2 nights (out 12-06).
  accomodations: [
    { accomodationId: 'h-rove', checkinDate: '2026-12-01', noOfNights: 3 },
    { accomodationId: 'h-atlantis', checkinDate: '2026-12-04', noOfNights: 2 },
  ],
  activities: [
    { activityId: 'a-safari', tourOptionId: 'o-safari', startDate: '2026-12-04', time: '15:00' },
    { activityId: 'a-frame', tourOptionId: 'o-frame', startDate: '2026-12-04', time: '09:30' },
    { activityId: 'a-frame', tourOptionId: 'o-frame', startDate: '2026-12-02', time: null },
  ],
  miscellaneous: [
    { name: 'Early check-in', description: 'From 10:00', startDate: '2026-12-04' },
    { name: 'SIM card', description: null, startDate: null },
  ],
  ...over,
});

describe('itineraryForDate', () => {
  it('orders a hotel-change day: check-out, timed items by time, check-in, the rest', () => {
    const transfers = [
      transfer({
        id: 'tr-safari',
        date: '2026-12-04',
        time: '14:30',
        sharingType: 'SIC',
        pickupLocation: 'Atlantis The Palm',
        dropLocation: 'Desert camp',
        driverId: 'drv-ahmed',
      }),
      transfer({
        id: 'tr-change',
        date: '2026-12-04',
        time: '11:00',
        source: { section: 'accomodations', lineId: 'line-1' },
        pickupLocation: 'Rove Downtown',
        dropLocation: 'Atlantis The Palm',
        driverId: null,
        status: 'pending',
      }),
      transfer({ id: 'tr-cancelled', date: '2026-12-04', time: '12:00', status: 'cancelled' }),
      transfer({ id: 'tr-other-day', date: '2026-12-05' }),
    ];
    const [day, ...rest] = itineraryForDate([kart()], transfers, '2026-12-04', NAMES, DRIVERS);
    expect(rest).toEqual([]);
    expect(day).toMatchObject({ kartId: 'kart-1', customerName: 'Asha Rao', adults: 2, child: 1, infant: 0 });
    expect(day!.items.map((i) => [i.kind, i.time, i.title])).toEqual([
      ['checkOut', null, 'Rove Downtown'],
      ['activity', '09:30', 'Dubai Frame'],
      ['transfer', '11:00', 'Pickup: Rove Downtown → Atlantis The Palm'],
      ['transfer', '14:30', 'Pickup: Atlantis The Palm → Desert camp'],
      ['activity', '15:00', 'Desert safari'],
      ['checkIn', null, 'Atlantis The Palm'],
      ['misc', null, 'Early check-in'],
    ]);
    expect(day!.items[0]!.detail).toBe('Check-out, 3 nights, 2026-12-01 to 2026-12-04');
    expect(day!.items[2]).toMatchObject({ detail: 'PVT · no driver yet', transferId: 'tr-change' });
    expect(day!.items[3]!.detail).toBe('SIC · driver Ahmed');
    expect(day!.items[4]!.detail).toBe('SIC');
  });

  it('shows an in-house day with an untimed activity after the stay', () => {
    const [day] = itineraryForDate([kart()], [], '2026-12-02', NAMES);
    expect(day!.items.map((i) => [i.kind, i.title, i.detail])).toEqual([
      ['inHouse', 'Rove Downtown', 'In house, 3 nights, 2026-12-01 to 2026-12-04'],
      ['activity', 'Dubai Frame', 'General admission'],
    ]);
  });

  it('checks out on check-in + nights, not the night before', () => {
    expect(itineraryForDate([kart()], [], '2026-12-03', NAMES)[0]!.items.map((i) => i.kind)).toEqual(['inHouse']);
    expect(itineraryForDate([kart()], [], '2026-12-06', NAMES)[0]!.items.map((i) => [i.kind, i.title])).toEqual([
      ['checkOut', 'Atlantis The Palm'],
    ]);
    expect(itineraryForDate([kart()], [], '2026-12-07', NAMES)).toEqual([]);
  });

  it('covers vouchered karts only, not cancelled ones, and leaves out customers with nothing that day', () => {
    const karts = [
      kart({ id: 'k-quote', isVouchered: false }),
      kart({ id: 'k-cancelled', isCancelled: true }),
      kart({ id: 'k-later', accomodations: [], activities: [], miscellaneous: [] }),
    ];
    expect(
      itineraryForDate(karts, [transfer({ kartId: 'k-cancelled', date: '2026-12-02' })], '2026-12-02', NAMES),
    ).toEqual([]);
  });

  it('sorts customers by name, then kart; unknown names show as ids', () => {
    const karts = [
      kart({ id: 'k-2', customerName: 'Zara Khan' }),
      kart({
        id: 'k-1',
        customerName: 'Asha Rao',
        accomodations: [{ accomodationId: 'h-new', checkinDate: '2026-12-02', noOfNights: 1 }],
      }),
      kart({ id: 'k-0', customerName: 'Asha Rao', kartName: 'A second trip' }),
    ];
    const days = itineraryForDate(karts, [], '2026-12-02', NAMES);
    expect(days.map((d) => d.kartId)).toEqual(['k-0', 'k-1', 'k-2']);
    expect(days[1]!.items.find((i) => i.kind === 'checkIn')!.title).toBe('h-new');
  });
});
