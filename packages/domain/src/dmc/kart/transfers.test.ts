import { describe, expect, it } from 'vitest';
import { activityLine, hotelLine, kart } from './fixtures.ts';
import {
  jobDetailsOf,
  pickupAreaOf,
  placeAreasOf,
  stayLeftOn,
  timeLegsFromOption,
  transfersOfVoucher,
} from './transfers.ts';

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
        // Check-out: check-in + 3 nights, at the leg's own time.
        id: 'kart-1-accomodation-acc-1-drop',
        kartId: 'kart-1',
        source: { section: 'accomodations', lineId: 'acc-1' },
        leg: 'drop',
        sharingType: 'SIC',
        date: '2026-12-13',
        time: '12:00',
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

describe('jobDetailsOf', () => {
  const k = kart({
    accomodations: [hotelLine({ accomodationName: 'Rove Downtown', checkinDate: '2026-12-10', noOfNights: 3 })],
    activities: [activityLine({ activityName: 'Desert safari', tourOptionName: 'SIC with dinner' })],
  });
  const hotelLeg = { source: { section: 'accomodations' as const, lineId: 'acc-1' }, date: '2026-12-10' };
  const activityOn = (date: string | null) => ({ source: { section: 'activities' as const, lineId: 'act-1' }, date });

  it('names the quotation, the hotel served and the first adult for a hotel leg', () => {
    expect(jobDetailsOf(k, hotelLeg)).toEqual({
      quotationNo: 'Q-2026-0042',
      service: 'Rove Downtown',
      hotelName: 'Rove Downtown',
      leadGuest: 'Mr Arjun Sharma',
    });
  });

  it('names the activity and tour option, and the stay that covers its day (none before check-in or from check-out)', () => {
    expect(jobDetailsOf(k, activityOn('2026-12-12'))).toMatchObject({
      service: 'Desert safari: SIC with dinner',
      hotelName: 'Rove Downtown',
    });
    expect(jobDetailsOf(k, activityOn('2026-12-13')).hotelName).toBeNull();
    expect(jobDetailsOf(k, activityOn('2026-12-09')).hotelName).toBeNull();
    expect(jobDetailsOf(k, activityOn(null)).hotelName).toBeNull();
  });

  it('has no lead guest while no passenger is listed', () => {
    expect(jobDetailsOf(kart({ passengers: [] }), hotelLeg).leadGuest).toBeNull();
  });
});

describe('pickupAreaOf', () => {
  const k = kart({
    accomodations: [hotelLine({ airportAreaId: 'area-dxb', checkinDate: '2026-12-10', noOfNights: 3 })],
    activities: [activityLine({ activityId: 'dmc-act-desert-safari' })],
  });
  const areas = {
    hotel: new Map([['dmc-hotel-rove-downtown', 'Downtown']]),
    activity: new Map([['dmc-act-desert-safari', 'Al Awir desert']]),
    area: new Map([['area-dxb', 'DXB airport']]),
  };
  const on = (section: 'accomodations' | 'activities', leg: 'pickup' | 'drop', date: string) => ({
    source: { section, lineId: section === 'accomodations' ? 'acc-1' : 'act-1' },
    leg,
    date,
  });

  it("picks an arrival up at the airport's area and a departure at the hotel's", () => {
    expect(pickupAreaOf(k, on('accomodations', 'pickup', '2026-12-10'), areas)).toBe('DXB airport');
    expect(pickupAreaOf(k, on('accomodations', 'drop', '2026-12-13'), areas)).toBe('Downtown');
  });

  it('picks a hotel change up at the hotel left that day', () => {
    const second = hotelLine({ id: 'acc-2', accomodationId: 'dmc-hotel-atlantis', checkinDate: '2026-12-13' });
    const trip = kart({ accomodations: [...k.accomodations, second] });
    const change = {
      source: { section: 'accomodations' as const, lineId: 'acc-2' },
      leg: 'pickup' as const,
      date: '2026-12-13',
    };
    expect(pickupAreaOf(trip, change, areas)).toBe('Downtown');
  });

  it("picks an activity up in the area of that night's hotel, and brings it back from the activity's area", () => {
    expect(pickupAreaOf(k, on('activities', 'pickup', '2026-12-11'), areas)).toBe('Downtown');
    expect(pickupAreaOf(k, on('activities', 'drop', '2026-12-11'), areas)).toBe('Al Awir desert');
    // No stay covers the day (the guests have left): no area.
    expect(pickupAreaOf(k, on('activities', 'pickup', '2026-12-14'), areas)).toBeNull();
  });
});

describe('stayLeftOn', () => {
  const first = hotelLine({ checkinDate: '2026-12-10', noOfNights: 3 });
  it('finds the stay at another hotel that ends on the check-in day', () => {
    const next = hotelLine({ id: 'acc-2', accomodationId: 'dmc-hotel-atlantis', checkinDate: '2026-12-13' });
    expect(stayLeftOn([first, next], next)).toBe(first);
    expect(stayLeftOn([first, next], first)).toBeUndefined();
  });
  it('is no change at the same hotel, nor with a night between', () => {
    expect(
      stayLeftOn(
        [first, hotelLine({ id: 'acc-2', checkinDate: '2026-12-13' })],
        hotelLine({ id: 'acc-2', checkinDate: '2026-12-13' }),
      ),
    ).toBeUndefined();
    const later = hotelLine({ id: 'acc-3', accomodationId: 'dmc-hotel-atlantis', checkinDate: '2026-12-14' });
    expect(stayLeftOn([first, later], later)).toBeUndefined();
  });
});

describe('timeLegsFromOption', () => {
  it("times the legs that name no time at the option's pickup and drop times, and keeps a time given", () => {
    const legs = { pickupTransfer: { time: '' }, dropTransfer: { time: '22:00' } };
    timeLegsFromOption(legs, { pickupTime: '15:00', dropPickupTime: '21:00' });
    expect(legs).toEqual({ pickupTransfer: { time: '15:00' }, dropTransfer: { time: '22:00' } });
    const none = { pickupTransfer: null, dropTransfer: { time: null } };
    timeLegsFromOption(none, { pickupTime: '15:00', dropPickupTime: null });
    expect(none).toEqual({ pickupTransfer: null, dropTransfer: { time: null } });
  });
});

describe('placeAreasOf', () => {
  it('names the area of each hotel and activity that has one the table knows', () => {
    const names = new Map([['a-1', 'Downtown']]);
    const areas = placeAreasOf(
      [
        { id: 'h-1', area: 'a-1' },
        { id: 'h-2', area: null },
      ],
      [{ id: 'x', area: 'a-9' }],
      names,
    );
    expect([...areas.hotel]).toEqual([['h-1', 'Downtown']]);
    expect(areas.activity.size).toBe(0);
    expect(areas.area).toBe(names);
  });
});
