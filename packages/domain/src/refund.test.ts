import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { priceFare, type PricingContext } from './pricing.ts';
import {
  bookingRefundBreakdown,
  refundBreakdown,
  refundRows,
  type RefundBreakdown,
  type RefundFacts,
} from './refund.ts';

const paise = (...amounts: number[]) => amounts.reduce((n, a) => n + Math.round(a * 100), 0);
const sumOfLines = (b: { lines: { amount: number }[] }) => paise(...b.lines.map((l) => l.amount));
const line = (b: RefundBreakdown, key: string) => b.lines.find((l) => l.key === key);

const base: RefundFacts = {
  currency: 'INR',
  paid: 4949.5,
  refundedBefore: 0,
  fare: { markup: 50, gstOnMarkup: 9, discount: 0, commissionEarned: 1.53, tds: 0.03 },
  passengers: [{ totalFare: 4951, tax: 1002, cancelled: true }],
  supplierCharge: 3890,
  supplierRefund: 1002,
  payer: { paymentMode: 'wallet' },
  resellerName: 'Flight Deals',
};

describe('refundBreakdown', () => {
  it('explains a reported booking: 3,890 charge + 57.50 kept + 1,002 refund = 4,949.50 paid', () => {
    const b = refundBreakdown(base);
    expect(b.paidForPart).toBe(4949.5);
    expect(sumOfLines(b)).toBe(paise(4949.5));
    expect(b.supplierCharge).toBe(3890);
    expect(b.refund).toBe(1002);
    expect(b.kept).toBe(57.5);
    expect(b.lines.map((l) => [l.key, l.amount])).toEqual([
      ['supplierCharge', 3890],
      ['markup', 50],
      ['gstOnMarkup', 9],
      ['commission', -1.53],
      ['tds', 0.03],
      ['taxReversed', 1002],
    ]);
    expect(line(b, 'markup')!.label).toContain('Flight Deals');
    // Only the airline's taxes come back on this fare: the refund is all tax reversed.
    expect(b.taxReversed).toBe(1002);
    expect(b.destination).toMatchObject({ kind: 'wallet' });
  });

  it('a retail card payment: the refund goes back to the card, and says when', () => {
    const b = refundBreakdown({
      ...base,
      paid: 4951,
      fare: { markup: 50, gstOnMarkup: 9, discount: 0, commissionEarned: 0, tds: 0 },
      payer: { paymentMode: 'gateway', refundsToSource: true },
    });
    expect(sumOfLines(b)).toBe(paise(4951));
    expect(b.kept).toBe(59);
    expect(line(b, 'commission')).toBeUndefined();
    expect(b.destination.kind).toBe('source');
    expect(b.destination.text).toMatch(/card or UPI/);
    expect(b.destination.text).toMatch(/5–7 working days/);
    expect(b.destination.text).not.toMatch(/wallet/i);
  });

  it('an online payment that names no gateway payment (made before card refunds) goes to the wallet, and says why', () => {
    const b = refundBreakdown({ ...base, payer: { paymentMode: 'gateway' } });
    expect(b.destination.kind).toBe('wallet');
    expect(b.destination.text).toMatch(/wallet/i);
    expect(b.destination.text).toMatch(/card/i);
  });

  it('a wallet payment (an agent, a corporate) is credited to the wallet at once', () => {
    const b = refundBreakdown({ ...base, payer: { paymentMode: 'wallet', refundsToSource: true } });
    expect(b.destination).toEqual({
      kind: 'wallet',
      text: 'Credited to your wallet at once, the wallet the booking was paid from.',
    });
  });

  it('a refundable fare: taxes reversed first, the rest is fare refunded', () => {
    const b = refundBreakdown({
      ...base,
      paid: 10_236,
      fare: { markup: 200, gstOnMarkup: 36, discount: 0, commissionEarned: 0, tds: 0 },
      passengers: [
        { totalFare: 5118, tax: 800, cancelled: true },
        { totalFare: 5118, tax: 800, cancelled: true },
      ],
      supplierCharge: 6000,
      supplierRefund: 4000,
    });
    expect(b.taxReversed).toBe(1600);
    expect(line(b, 'fareRefunded')!.amount).toBe(2400);
    expect(b.refund).toBe(4000);
    expect(sumOfLines(b)).toBe(paise(10_236));
  });

  it('fees the supplier does not refund (transaction fee, extras) are named, not hidden in the kept part', () => {
    const b = refundBreakdown({
      ...base,
      paid: 5000 + 59 + 40 + 350,
      passengers: [{ totalFare: 5059, tax: 1000, cancelled: true }],
      fare: { markup: 50, gstOnMarkup: 9, discount: 0, commissionEarned: 0, tds: 0 },
      supplierCharge: 3000,
      supplierRefund: 2000,
    });
    expect(line(b, 'supplierKept')!.amount).toBe(390);
    expect(b.kept).toBe(59);
    expect(sumOfLines(b)).toBe(paise(5449));
  });

  it('a discount bigger than the markup is a negative kept line; the refund never exceeds what was paid', () => {
    const b = refundBreakdown({
      ...base,
      paid: 4900,
      fare: { markup: 50, gstOnMarkup: 9, discount: 159, commissionEarned: 0, tds: 0 },
      passengers: [{ totalFare: 4900, tax: 1000, cancelled: true }],
      supplierCharge: 0,
      supplierRefund: 5000,
    });
    expect(line(b, 'discount')!.amount).toBe(-159);
    expect(b.refund).toBe(4900);
    expect(sumOfLines(b)).toBe(paise(4900));
  });

  it('partial refund: one passenger of two, the kept part in that passenger’s share', () => {
    const b = refundBreakdown({
      ...base,
      paid: 9899,
      fare: { markup: 100, gstOnMarkup: 18, discount: 0, commissionEarned: 3.06, tds: 0.06 },
      passengers: [
        { totalFare: 4951, tax: 1002, cancelled: false },
        { totalFare: 4951, tax: 1002, cancelled: true },
      ],
    });
    expect(b.share).toBe(0.5);
    expect(b.paidForPart).toBe(4949.5);
    expect(line(b, 'markup')!.amount).toBe(50);
    expect(line(b, 'gstOnMarkup')!.amount).toBe(9);
    expect(line(b, 'commission')!.amount).toBe(-1.53);
    expect(line(b, 'tds')!.amount).toBe(0.03);
    expect(sumOfLines(b)).toBe(paise(4949.5));
  });

  it('partial refund after an earlier one: capped by what is left of the payment', () => {
    const b = refundBreakdown({
      ...base,
      paid: 1000,
      refundedBefore: 900,
      fare: { markup: 0, gstOnMarkup: 0, discount: 0, commissionEarned: 0, tds: 0 },
      passengers: [
        { totalFare: 500, tax: 100, cancelled: false },
        { totalFare: 500, tax: 100, cancelled: true },
      ],
      supplierCharge: 0,
      supplierRefund: 500,
    });
    expect(b.refund).toBe(100);
    expect(sumOfLines(b)).toBe(paise(500));
  });

  it('everything kept as charges: a refund of 0 goes nowhere', () => {
    const b = refundBreakdown({ ...base, supplierCharge: 4892, supplierRefund: 0 });
    expect(b.refund).toBe(0);
    expect(b.destination.kind).toBe('none');
    expect(sumOfLines(b)).toBe(paise(4949.5));
  });

  it('refuses facts that cannot be a refund', () => {
    expect(() => refundBreakdown({ ...base, passengers: [] })).toThrow();
    expect(() => refundBreakdown({ ...base, passengers: [{ totalFare: 1, tax: 0, cancelled: false }] })).toThrow();
    expect(() => refundBreakdown({ ...base, supplierCharge: -1 })).toThrow();
    expect(() => refundBreakdown({ ...base, paid: Number.NaN })).toThrow();
  });

  it('agents with commission and TDS, priced by pricing.ts: every line adds up to the amount charged', () => {
    const ctx: PricingContext = {
      defaultRule: {
        markupType: 'percent',
        markupValue: 3,
        discountType: 'fixed',
        discountValue: 0,
        applyPer: 'booking',
      },
      airlineRules: {},
      gstRate: 0.18,
      earnsCommission: true,
      tdsRate: 0.02,
    };
    const { fare, fareBreakdown } = priceFare(
      {
        currency: 'INR',
        baseFare: 7000,
        tax: 1713,
        yq: 0,
        otherCharges: 0,
        serviceFee: 0,
        txnFee: 0,
        commission: 210.37,
        incentive: 0,
        plb: 0,
      },
      [{ passengerType: 1, count: 2, baseFare: 3500, tax: 856.5 }],
      '6E',
      ctx,
    );
    const b = refundBreakdown({
      ...base,
      paid: fare.totalPayable,
      fare,
      passengers: fareBreakdown.flatMap((p) =>
        Array.from({ length: p.count }, () => ({ totalFare: p.totalFare, tax: p.tax, cancelled: true })),
      ),
      supplierCharge: 2 * 3000,
      supplierRefund: 8713 - 6000,
    });
    expect(sumOfLines(b)).toBe(paise(fare.totalPayable));
    expect(b.kept).toBeCloseTo(fare.markup + fare.gstOnMarkup - fare.commissionEarned + fare.tds, 2);
    expect(line(b, 'supplierKept')).toBeUndefined();
  });

  it('property: lines always add up exactly to what was paid for the part; refund within bounds', () => {
    const money = fc.integer({ min: 0, max: 5_000_000 }).map((p) => p / 100);
    fc.assert(
      fc.property(
        money,
        money,
        fc.record({ markup: money, gstOnMarkup: money, discount: money, commissionEarned: money, tds: money }),
        fc.array(fc.record({ totalFare: money, tax: money, cancelled: fc.boolean() }), { minLength: 1, maxLength: 9 }),
        money,
        money,
        fc.constantFrom<'wallet' | 'gateway'>('wallet', 'gateway'),
        (paid, before, fare, pax, charge, supplierRefund, paymentMode) => {
          if (!pax.some((p) => p.cancelled)) pax[0]!.cancelled = true;
          const refundedBefore = Math.min(before, paid);
          const b = refundBreakdown({
            ...base,
            paid,
            refundedBefore,
            fare,
            passengers: pax,
            supplierCharge: charge,
            supplierRefund,
            payer: { paymentMode },
          });
          expect(sumOfLines(b)).toBe(paise(b.paidForPart));
          expect(b.paidForPart).toBeLessThanOrEqual(paid);
          expect(b.refund).toBeGreaterThanOrEqual(0);
          expect(paise(b.refund)).toBeLessThanOrEqual(paise(paid - refundedBefore));
          expect(b.refund).toBeLessThanOrEqual(supplierRefund);
          expect(paise(...b.lines.filter((l) => l.group === 'refund').map((l) => l.amount))).toBe(paise(b.refund));
          if (pax.every((p) => p.cancelled)) expect(b.paidForPart).toBe(paid);
        },
      ),
    );
  });
});

describe('bookingRefundBreakdown', () => {
  const booking = {
    accounting: { currency: 'INR', amountCharged: 9899, refundedAmount: 0, paymentMode: 'wallet' as const },
    fare: { markup: 100, gstOnMarkup: 18, discount: 0, commissionEarned: 3.06, tds: 0.06 },
    passengers: [
      { fare: { totalFare: 4951, tax: 1002 }, ticket: { ticketId: 'T1' } },
      { fare: { totalFare: 4951, tax: 1002 }, ticket: { ticketId: 'T2' } },
    ],
  };
  it('takes the named tickets, every passenger for null, and the whole booking for an id it does not know', () => {
    const charge = { charge: 3890, refund: 1002 };
    expect(bookingRefundBreakdown(booking, ['T2'], charge, 'Flight Deals').paidForPart).toBe(4949.5);
    expect(bookingRefundBreakdown(booking, null, charge, 'Flight Deals').paidForPart).toBe(9899);
    expect(bookingRefundBreakdown(booking, ['SUPPLIER-REF'], charge, 'Flight Deals').paidForPart).toBe(9899);
  });
  it('rows: what was paid, each line, the kept subtotal, the refund and where it goes', () => {
    const rows = refundRows(bookingRefundBreakdown(booking, ['T1'], { charge: 3890, refund: 1002 }, 'FD'), (n) =>
      n.toFixed(2),
    );
    expect(rows[0]).toEqual({ label: 'You paid for the cancelled tickets', value: '4949.50', strong: true });
    expect(rows.find((r) => r.label === 'Kept by the reseller')).toMatchObject({ value: '57.50', strong: true });
    expect(rows.at(-2)).toEqual({ label: 'Refund', value: '1002.00', strong: true });
    expect(rows.at(-1)!.label).toBe('Where the refund goes');
  });
});
