import { describe, expect, it } from 'vitest';
import { eTicketFare, fareSplitLines } from './eticket-fare.ts';

// Hand-worked: base 4000 + tax 800 + other 50 + txn fee 20 = published 4870; our markup 100 + GST 18
// → 4988; discount 38 → totalFare 4950. Extras: baggage 600, meal 250, seat 0.
const fare = {
  currency: 'INR',
  totalFare: 4950,
  tax: 800,
  txnFee: 20,
  offeredOtherCharges: 50,
  discount: 38,
  baggagePrice: 600,
  mealPrice: 250,
  seatPrice: 0,
};

describe('e-ticket fare', () => {
  it('derives the base fare from the total (markup and GST stay inside it)', () => {
    // total = 4950 + 850 = 5800; base = 5800 + 38 − 850 − 50 − 800 − 20 = 4118 (4000 + 100 + 18).
    expect(eTicketFare(fare)).toEqual({
      currency: 'INR',
      baseFare: 4118,
      tax: 800,
      txnFee: 20,
      otherCharges: 50,
      baggageMealCharges: 850,
      seatCharges: 0,
      discount: 38,
      totalFare: 5800,
      roundedTotalFare: 5800,
    });
  });

  it('merges the transaction fee into taxes on request', () => {
    const merged = eTicketFare(fare, { mergeTxnFeeIntoTax: true });
    expect(merged).toMatchObject({ tax: 820, txnFee: 0, baseFare: 4118, totalFare: 5800 });
  });

  it("adds the agent's markup to the base fare and shows the agent's discount", () => {
    const withAgent = eTicketFare({ ...fare, agentMarkup: 150.255, agentDiscount: 75.5 });
    // total = 5800 + 150.255 − 75.5 = 5874.755 → 5874.76; discount 113.5; base 4118 + 150.26.
    expect(withAgent).toMatchObject({ totalFare: 5874.76, discount: 113.5, baseFare: 4268.26, roundedTotalFare: 5875 });
    const lines = withAgent.baseFare + withAgent.tax + withAgent.txnFee + withAgent.otherCharges;
    expect(lines + withAgent.baggageMealCharges - withAgent.discount).toBeCloseTo(withAgent.totalFare, 2);
  });

  it('keeps seats out of baggage and meal charges (their own line); the base fare is unchanged', () => {
    const withSeat = eTicketFare({ ...fare, seatPrice: 300 });
    expect(withSeat).toMatchObject({ baggageMealCharges: 850, seatCharges: 300, totalFare: 6100, baseFare: 4118 });
  });
});

describe('fare split lines', () => {
  it('print every non-zero line in order, the discount negative, adding up to the total', () => {
    const f = eTicketFare({ ...fare, seatPrice: 300 });
    const lines = fareSplitLines(f);
    expect(lines.map((l) => l.label)).toEqual([
      'Base fare',
      'Taxes and fees',
      'Transaction fee',
      'Other charges',
      'Baggage and meal charges',
      'Seat charges',
      'Discount',
    ]);
    expect(lines.at(-1)!.amount).toBe(-38);
    expect(lines.reduce((n, l) => n + l.amount, 0)).toBeCloseTo(f.totalFare, 2);
    const bare = fareSplitLines(
      eTicketFare({ ...fare, txnFee: 0, offeredOtherCharges: 0, discount: 0, baggagePrice: 0, mealPrice: 0 }),
    );
    expect(bare.map((l) => l.label)).toEqual(['Base fare', 'Taxes and fees']);
  });
});
