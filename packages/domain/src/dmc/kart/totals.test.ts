import { describe, expect, it } from 'vitest';
import { hotelLine, kart } from './fixtures.ts';
import { kartTotals, withComputedPrices } from './totals.ts';

describe('kartTotals', () => {
  it('prices the sample kart from its lines', () => {
    const t = kartTotals(kart());
    // Hotel: 3 nights × (450 double + 120.50 child with bed) + 150 transfer.
    expect(t.lines.accomodations).toEqual([{ id: 'acc-1', rooms: 1711.5, transfer: 150, total: 1861.5 }]);
    expect(t.lines.activities).toEqual([{ id: 'act-1', total: 540 }]);
    expect(t.lines.miscellaneous).toEqual([{ id: 'misc-1', total: 25.1 }]);
    expect(t.lines.flightDetails).toEqual([{ id: 'fl-1', total: 1200.2 }]);
    expect(t.sections).toEqual({ accomodations: 1861.5, activities: 540, miscellaneous: 25.1, flightDetails: 1200.2 });
    expect(t).toMatchObject({
      subtotal: 3626.8,
      serviceCharge: 100,
      remittanceCharge: 30.3,
      discount: 50,
      grandTotal: 3707.1,
      collectedPayment: 1000,
      balanceDue: 2707.1,
    });
  });

  it('adds cents exactly where floating point drifts', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    const t = kartTotals(
      kart({
        accomodations: [],
        activities: [],
        flightDetails: [],
        miscellaneous: [
          { id: 'a', name: 'a', description: '', price: 0.1, startDate: null },
          { id: 'b', name: 'b', description: '', price: 0.2, startDate: null },
        ],
        serviceCharge: null,
        remittanceCharge: null,
        discount: null,
        collectedPayment: 0.3,
      }),
    );
    expect(t.grandTotal).toBe(0.3);
    expect(t.balanceDue).toBe(0);
  });

  it('charges no rooms when the guest booked the hotel, but still the transfer', () => {
    const t = kartTotals(kart({ accomodations: [hotelLine({ bookedByCustomer: true })] }));
    expect(t.lines.accomodations).toEqual([{ id: 'acc-1', rooms: 0, transfer: 150, total: 150 }]);
  });

  it('treats absent charges, room types and transfer price as 0', () => {
    const t = kartTotals(
      kart({
        accomodations: [hotelLine({ rooms: { single: { price: 300, count: 2 } }, transferPrice: 0 })],
        activities: [],
        miscellaneous: [],
        flightDetails: [],
        serviceCharge: null,
        remittanceCharge: null,
        discount: null,
        collectedPayment: null,
      }),
    );
    expect(t).toMatchObject({ subtotal: 1800, grandTotal: 1800, collectedPayment: 0, balanceDue: 1800 });
  });

  it('writes the computed totals over whatever the client sent', () => {
    const k = withComputedPrices(kart({ totalPrice: 1, accomodations: [hotelLine({ price: 2 })] }));
    expect(k.totalPrice).toBe(3707.1);
    expect(k.accomodations[0]?.price).toBe(1861.5);
  });

  it('stores the one total it computed: totalPrice is the grand total of the totals saved with the kart', () => {
    const sample = kart({ serviceCharge: 10.1, discount: 0.2, collectedPayment: 100 });
    const k = withComputedPrices(sample);
    expect(k.totals).toEqual(kartTotals(sample));
    expect(k.totalPrice).toBe(k.totals.grandTotal);
    expect(k.totals.balanceDue).toBe(Math.round((k.totalPrice - 100) * 100) / 100);
  });
});
