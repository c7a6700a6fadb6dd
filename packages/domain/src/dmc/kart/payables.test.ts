import { describe, expect, it } from 'vitest';
import {
  ageingBucket,
  payableDueDate,
  payableOutstanding,
  payablesOfVoucher,
  transferOwed,
  supplierPaymentProblem,
} from './payables.ts';
import type { KartAccomodation, KartActivity } from './types.ts';

const hotel = (over: Partial<KartAccomodation> = {}): KartAccomodation =>
  ({
    id: 'h1',
    accomodationId: 'hotel-1',
    accomodationName: 'Creek Inn',
    noOfNights: 2,
    checkinDate: '2027-03-10',
    numberOfRooms: 1,
    rooms: { double: { price: 600, count: 1 } },
    transferPrice: 100,
    bookedByCustomer: false,
    ...over,
  }) as KartAccomodation;

const activity = (over: Partial<KartActivity> = {}): KartActivity =>
  ({
    id: 'a1',
    activityId: 'act-1',
    tourOptionId: 'opt-1',
    activityName: 'Desert safari',
    tourOptionName: 'Evening SIC',
    price: 300,
    startDate: '2027-03-11',
    time: '15:00',
    transfers: {},
    ...over,
  }) as KartActivity;

describe('payables of a voucher', () => {
  it('owes the hotel its rooms at cost and the operator its activity at cost', () => {
    const raised = payablesOfVoucher({
      arrivalDate: '2027-03-10',
      accomodations: [hotel({ cost: 1000 })],
      activities: [activity({ cost: 220 })],
    });
    expect(raised).toEqual([
      {
        lineId: 'h1',
        supplier: { kind: 'hotel', id: 'hotel-1', name: 'Creek Inn' },
        service: '2 nights, 1 room',
        serviceDate: '2027-03-10',
        amount: 1000,
      },
      {
        lineId: 'a1',
        supplier: { kind: 'activity', id: 'act-1', name: 'Desert safari' },
        service: 'Evening SIC',
        serviceDate: '2027-03-11',
        amount: 220,
      },
    ]);
  });

  it('counts an unknown cost as the sell and owes nothing for a hotel the guest booked', () => {
    const raised = payablesOfVoucher({
      arrivalDate: '2027-03-10',
      accomodations: [hotel(), hotel({ id: 'h2', bookedByCustomer: true })],
      activities: [activity({ startDate: null })],
    });
    expect(raised.map((p) => [p.lineId, p.amount, p.serviceDate])).toEqual([
      ['h1', 1200, '2027-03-10'],
      ['a1', 300, '2027-03-10'],
    ]);
  });
});

describe('due dates, ageing and payments', () => {
  it('counts the terms from the service or the invoice', () => {
    expect(payableDueDate({ basis: 'afterService', days: 30 }, '2027-03-10', '2027-01-01')).toBe('2027-04-09');
    expect(payableDueDate({ basis: 'afterInvoice', days: 15 }, '2027-03-10', '2027-01-01')).toBe('2027-01-16');
  });

  it('buckets by days past due', () => {
    const on = (today: string) => ageingBucket('2027-01-01', today);
    expect(['2026-12-31', '2027-01-01', '2027-01-31', '2027-02-01', '2027-04-01', '2027-04-02'].map(on)).toEqual([
      'notDue',
      '0-30',
      '0-30',
      '31-60',
      '61-90',
      '90+',
    ]);
  });

  it('allows part payments and refuses more than is owed', () => {
    const owed = payableOutstanding({ amount: 1000, reversed: 0, paid: 400 });
    expect(owed).toBe(600);
    expect(supplierPaymentProblem(600, owed)).toBeNull();
    expect(supplierPaymentProblem(600.01, owed)).toBe('This payment is more than what is owed to the supplier');
    expect(supplierPaymentProblem(0, owed)).toBe('Enter an amount above 0');
    expect(payableOutstanding({ amount: 1000, reversed: 1000, paid: 400 })).toBe(-400);
  });
});

describe("a transfer's payable to its driver", () => {
  const t = {
    id: 'k1-activity-l1-pickup',
    kartId: 'k1',
    leg: 'pickup',
    date: '2099-03-10',
    pickupLocation: 'Rove Downtown',
    dropLocation: 'Dubai Frame',
    driverId: 'd1',
    internalDriverCharges: 120.456,
    status: 'done',
  };

  it('is the charges, to the cent, once the job is done or did not happen', () => {
    expect(transferOwed(t)).toMatchObject({
      lineId: t.id,
      driverId: 'd1',
      supplier: { kind: 'driver', id: 'd1' },
      serviceDate: '2099-03-10',
      amount: 120.46,
    });
    expect(transferOwed({ ...t, status: 'notDone' })?.amount).toBe(120.46);
  });

  it('is nothing while open, cancelled, without a driver, a day or charges', () => {
    for (const status of ['pending', 'assigned', 'cancelled']) expect(transferOwed({ ...t, status })).toBeNull();
    expect(transferOwed({ ...t, driverId: null })).toBeNull();
    expect(transferOwed({ ...t, date: null })).toBeNull();
    expect(transferOwed({ ...t, internalDriverCharges: 0 })).toBeNull();
    expect(transferOwed({ ...t, internalDriverCharges: null })).toBeNull();
  });
});
