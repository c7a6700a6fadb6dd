import { describe, expect, it } from 'vitest';
import { chargeOf, itemiseExtras, paxTypeCharges } from './charge.ts';
import { eTicketFare } from './eticket-fare.ts';
import { priceFare, withExtras, type PricingContext } from './pricing.ts';

// Hand-worked: 2 adults (base 2000, tax 400 each) + 1 infant (base 200, tax 50); other 50, txn fee 20
// → published 5120; markup 100 per seated passenger + 18 % GST = 236; discount 38 per seated = 76.
const supplier = {
  currency: 'INR',
  baseFare: 4200,
  tax: 850,
  yq: 0,
  otherCharges: 50,
  serviceFee: 0,
  txnFee: 20,
  commission: 60,
  incentive: 0,
  plb: 0,
};
const pax = [
  { passengerType: 1 as const, count: 2, baseFare: 2000, tax: 400 },
  { passengerType: 3 as const, count: 1, baseFare: 200, tax: 50 },
];
const rule = {
  markupType: 'fixed',
  markupValue: 100,
  discountType: 'fixed',
  discountValue: 38,
  applyPer: 'passenger',
} as const;
const ctx = (earnsCommission: boolean): PricingContext => ({
  defaultRule: rule,
  airlineRules: {},
  gstRate: 0.18,
  earnsCommission,
  tdsRate: earnsCommission ? 0.02 : 0,
});
const seat = { code: '12A', origin: 'DEL', destination: 'BOM', price: 350, description: '' };
const bag = { code: 'XBAG15', origin: 'DEL', destination: 'BOM', price: 1200, description: '15 kg', weight: 15 };
const meal = { code: 'VGML', origin: 'BOM', destination: 'GOI', price: 250.5, description: 'Veg meal' };

describe('charged total', () => {
  it('is the fare plus each extra, itemised per passenger and segment', () => {
    const { fare, fareBreakdown } = priceFare(supplier, pax, 'AI', ctx(false));
    const extras = itemiseExtras([
      { baggage: [bag], mealDynamic: [meal], seat: [seat] },
      { baggage: [], mealDynamic: [], seat: [{ ...seat, code: '12B' }] },
    ]);
    const charge = chargeOf(fare, fareBreakdown, extras);
    // 5120 + 236 − 76 = 5280; extras 1200 + 250.5 + 350 + 350 = 2150.5.
    expect(fare.totalFare).toBe(5280);
    expect(charge.total).toBe(7430.5);
    expect(charge.extras.map((x) => [x.passengerIndex, x.kind, x.segment, x.description, x.price])).toEqual([
      [0, 'baggage', 'DEL-BOM', '15 kg', 1200],
      [0, 'meal', 'BOM-GOI', 'Veg meal', 250.5],
      [0, 'seat', 'DEL-BOM', 'Seat 12A', 350],
      [1, 'seat', 'DEL-BOM', 'Seat 12B', 350],
    ]);
    expect(charge.fare).toMatchObject({ baggageMealCharges: 1450.5, seatCharges: 700, totalFare: 7430.5 });
    // The amount the payment order charges (pricing.ts) is the same figure.
    expect(withExtras(fare, { baggagePrice: 1200, mealPrice: 250.5, seatPrice: 700 }).totalPayableAmt).toBe(
      charge.total,
    );
  });

  it('splits base and taxes exactly as the e-ticket does, and the lines add up to the total', () => {
    const { fare, fareBreakdown } = priceFare(supplier, pax, 'AI', ctx(false));
    const charge = chargeOf(fare, fareBreakdown, itemiseExtras([{ baggage: [bag], mealDynamic: [], seat: [seat] }]));
    const onTicket = eTicketFare({ ...fare, baggagePrice: 1200, mealPrice: 0, seatPrice: 350 });
    expect(charge.fare).toEqual(onTicket);
    const f = charge.fare;
    expect(
      f.baseFare + f.tax + f.txnFee + f.otherCharges + f.baggageMealCharges + f.seatCharges - f.discount,
    ).toBeCloseTo(charge.total, 2);
  });

  it('takes an agent’s commission off and adds TDS on it', () => {
    const { fare, fareBreakdown } = priceFare(supplier, pax, 'AI', ctx(true));
    const charge = chargeOf(fare, fareBreakdown, []);
    // 5280 − 60 + 1.2
    expect(charge).toMatchObject({ commissionEarned: 60, tds: 1.2, total: 5221.2 });
    expect(charge.total).toBe(fare.totalPayable);
  });

  it('breaks the fare down per passenger type, and the types add up to the fare', () => {
    const { fare, fareBreakdown } = priceFare(supplier, pax, 'AI', ctx(false));
    const types = paxTypeCharges(fareBreakdown);
    expect(types.map((t) => [t.passengerType, t.count])).toEqual([
      [1, 2],
      [3, 1],
    ]);
    expect(types[0]).toMatchObject({ tax: 400, baseFare: types[0]!.totalFare - 400 });
    expect(types.reduce((n, t) => n + t.total, 0)).toBeCloseTo(fare.totalFare, 1);
    // Passengers booked one by one group into their type.
    const each = paxTypeCharges([
      { passengerType: 1, count: 1, tax: 400, totalFare: 2500 },
      { passengerType: 1, count: 1, tax: 400, totalFare: 2500 },
    ]);
    expect(each).toEqual([{ passengerType: 1, count: 2, baseFare: 2100, tax: 400, totalFare: 2500, total: 5000 }]);
  });
});
