import { describe, expect, it } from 'vitest';
import { activityLine, hotelLine, kart } from './fixtures.ts';
import {
  serviceVouchers,
  supplierAnswerRefusal,
  supplierLinkExpiry,
  supplierServices,
  voucherFacts,
  type VoucherContext,
} from './vouchers.ts';

const rove = { name: 'Rove Downtown', address: '312 Al Sa’ada St, Dubai', phone: '+97145616000' };
const ctx = (over: Partial<VoucherContext> = {}): VoucherContext => ({
  hotels: new Map([['dmc-hotel-rove-downtown', rove]]),
  operator: { name: 'Flight Deals DMC', address: 'ops@flightdeals.test', phone: '+911140000000' },
  confirmed: new Map(),
  cancellationTerms: 'Free cancellation up to 7 days before arrival.',
  ...over,
});
const vouchered = kart({ isVouchered: true });

describe('service vouchers', () => {
  it('issue one per hotel stay, activity and hotel transfer leg, referenced in line order', () => {
    const set = serviceVouchers(vouchered, 'Arjun Sharma', ctx());
    expect(set.vouchers.map((v) => [v.reference, v.kind])).toEqual([
      ['Q-2026-0042-H1', 'hotel'],
      ['Q-2026-0042-A1', 'activity'],
      ['Q-2026-0042-T1', 'transfer'],
      ['Q-2026-0042-T2', 'transfer'],
    ]);
    expect(set.party).toEqual({
      leadGuest: 'Mr Arjun Sharma',
      adults: 2,
      child: 1,
      infant: 0,
      guests: ['Mr Arjun Sharma', 'Mrs Meera Sharma', 'Master Kabir Sharma'],
    });
  });

  it('print the stay from check-in to check-out with its rooms, the hotel as supplier and the terms', () => {
    const [stay] = serviceVouchers(vouchered, 'x', ctx()).vouchers;
    expect(stay).toMatchObject({
      service: 'Rove Downtown',
      date: '2026-12-10',
      endDate: '2026-12-13',
      supplier: rove,
      confirmationNumber: null,
      cancellationTerms: 'Free cancellation up to 7 days before arrival.',
    });
    expect(stay!.included).toEqual([
      '3 nights',
      '1 room: 1 × Double, 1 × Child with bed',
      'Arrival and departure transfers (SIC)',
    ]);
  });

  it("print an activity's day, time and pickup from its transfer, run by the DMC", () => {
    const activity = serviceVouchers(vouchered, 'x', ctx()).vouchers[1]!;
    expect(activity).toMatchObject({
      service: 'Desert safari: SIC',
      date: '2026-12-11',
      time: '15:00',
      pickup: { place: 'Rove Downtown', time: '15:00' },
      dropOff: 'Rove Downtown',
      supplier: ctx().operator,
    });
    expect(activity.included).toEqual(['Entry ticket', 'Return transfer (DROP_PVT_PICKUP_SIC)']);
  });

  it('print what the supplier confirmed over what staff typed, and a typed number when none was confirmed', () => {
    const typed = kart({
      isVouchered: true,
      accomodations: [hotelLine({ confirmationNumber: 'TYPED-1' })],
      activities: [activityLine({ confirmationNumber: 'OP-77' })],
    });
    const v = serviceVouchers(typed, 'x', ctx({ confirmed: new Map([['acc-1', 'ROVE-9921']]) })).vouchers;
    expect(v.map((x) => x.confirmationNumber)).toEqual(['ROVE-9921', 'OP-77', null, null]);
  });

  it('give no stay voucher for a hotel the guest booked, and none at all before vouchering or once cancelled', () => {
    const own = kart({ isVouchered: true, accomodations: [hotelLine({ bookedByCustomer: true })] });
    expect(serviceVouchers(own, 'x', ctx()).vouchers.map((v) => v.kind)).toEqual(['activity', 'transfer', 'transfer']);
    expect(serviceVouchers(kart(), 'x', ctx()).vouchers).toEqual([]);
    expect(serviceVouchers(kart({ isVouchered: true, isCancelled: true }), 'x', ctx()).vouchers).toEqual([]);
  });

  it('name the customer as lead guest when no adult is named', () => {
    const unnamed = kart({ isVouchered: true, passengers: [] });
    expect(serviceVouchers(unnamed, 'Sharma Holidays', ctx()).party.leadGuest).toBe('Sharma Holidays');
  });

  it('list the facts to print, leaving out what the service does not have', () => {
    const set = serviceVouchers(vouchered, 'x', ctx());
    const facts = Object.fromEntries(voucherFacts(set.vouchers[0]!, set.party));
    expect(facts).toEqual({
      Reference: 'Q-2026-0042-H1',
      Service: 'Rove Downtown',
      'Lead guest': 'Mr Arjun Sharma',
      Party: '2 adults, 1 child',
      'Check-in': '10 Dec 2026',
      'Check-out': '13 Dec 2026',
      Supplier: 'Rove Downtown',
      Address: rove.address,
      Phone: rove.phone,
      'Confirmation no.': 'Awaiting the supplier',
    });
    const transfer = Object.fromEntries(voucherFacts(set.vouchers[2]!, set.party));
    expect(transfer).toMatchObject({ Date: '10 Dec 2026', Time: '09:30', Pickup: 'DXB Terminal 3 at 09:30' });
  });
});

describe('supplier booking requests', () => {
  it('ask the hotels the DMC books and the activities, with what the supplier needs to know', () => {
    const services = supplierServices(kart({ isVouchered: true }));
    expect(services).toEqual([
      {
        lineId: 'acc-1',
        section: 'accomodations',
        supplierId: 'dmc-hotel-rove-downtown',
        service: 'Rove Downtown',
        details: [
          'Check-in 10 Dec 2026, check-out 13 Dec 2026',
          '3 nights',
          '1 room: 1 × Double, 1 × Child with bed',
          '2 adults, 1 child',
        ],
        date: '2026-12-10',
      },
      {
        lineId: 'act-1',
        section: 'activities',
        supplierId: 'dmc-act-desert-safari',
        service: 'Desert safari: SIC',
        details: ['11 Dec 2026 15:00', '2 adults, 1 child'],
        date: '2026-12-11',
      },
    ]);
    expect(supplierServices(kart())).toEqual([]);
  });

  it('are answered once, before the link expires', () => {
    const at = '2026-11-20T10:00:00.000Z';
    const expiresAt = supplierLinkExpiry(at);
    expect(expiresAt).toBe('2026-12-04T10:00:00.000Z');
    expect(supplierAnswerRefusal({ status: 'requested', expiresAt }, at)).toBeNull();
    expect(supplierAnswerRefusal({ status: 'requested', expiresAt }, expiresAt)).toBe('expired');
    expect(supplierAnswerRefusal({ status: 'confirmed', expiresAt }, at)).toBe('alreadyConfirmed');
    expect(supplierAnswerRefusal({ status: 'declined', expiresAt }, at)).toBe('alreadyDeclined');
  });
});
