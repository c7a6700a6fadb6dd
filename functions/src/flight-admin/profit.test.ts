import { describe, expect, it } from 'vitest';
import { priceFare, withExtras, type PricingContext, type SupplierFare } from '@tp/domain/pricing';
import { allocate, bookingProfit, profitTotals, voucherRows, type AccountedBooking } from './profit.ts';

const supplierFare: SupplierFare = {
  currency: 'INR',
  baseFare: 8000,
  tax: 1500,
  yq: 600,
  otherCharges: 100,
  serviceFee: 50,
  txnFee: 20,
  commission: 300,
  incentive: 40,
  plb: 10,
};
const agent: PricingContext = {
  defaultRule: {
    markupType: 'fixed',
    markupValue: 250,
    discountType: 'fixed',
    discountValue: 50,
    applyPer: 'passenger',
  },
  airlineRules: {},
  gstRate: 0.18,
  earnsCommission: true,
  tdsRate: 0.02,
};
const pax = [{ passengerType: 1 as const, count: 2, baseFare: 4000, tax: 750 }];

function booking(ctx: PricingContext, extras = { baggagePrice: 0, mealPrice: 0, seatPrice: 0 }): AccountedBooking {
  const fare = withExtras(priceFare(supplierFare, pax, '6E', ctx).fare, extras);
  const ticket = (i: number) => ({ ticketId: `T${i}`, ticketNumber: `0981000${i}`, validatingAirline: '6E' });
  return {
    bookingId: 'B1',
    pnr: 'ABC123',
    createdAt: '2026-11-10T08:00:00.000Z',
    travelDate: '2026-12-01T09:00:00',
    airlineCode: '6E',
    segments: [[{ originAirportCode: 'DEL', destinationAirportCode: 'BOM' }]] as AccountedBooking['segments'],
    status: 'Ticketed',
    supplier: 'simulator',
    fare,
    accounting: {
      amountCharged: fare.totalPayableAmt,
      currency: 'INR',
      paymentMode: 'wallet',
      transactionId: null,
      legalEntityId: 'le',
      refundedAmount: 0,
    },
    user: { userId: 'u', email: 'agent@x.in', firstName: 'Asha', lastName: 'Rao', userType: 'travelAgent' },
    passengers: [0, 1].map((i) => ({
      title: 'Ms',
      firstName: `P${i}`,
      lastName: 'Rao',
      paxType: 1,
      gender: 2,
      isLeadPax: i === 0,
      paxIndex: i,
      ticket: ticket(i),
      baggage: [],
      mealDynamic: [],
      seat: [],
      fare: { passengerType: 1, baseFare: 4000, tax: 750, totalFare: 0 },
    })) as AccountedBooking['passengers'],
    ticketCRInfo: [],
  };
}

describe('bookingProfit', () => {
  it('reads the priced fare: profit = markup − discount + earnings − commission passed on', () => {
    const b = booking(agent);
    const row = bookingProfit(b);
    // The shared pricing rules decided these; the report only carries them.
    expect(row).toMatchObject({ markup: 500, gstOnMarkup: 90, discount: 100, commissionPassed: 350, tds: 7 });
    expect(row.commissionEarned).toBe(350); // 300 commission + 40 incentive + 10 PLB
    expect(row.netFare).toBe(b.fare.offeredFare);
    expect(row.customerPaid).toBe(b.fare.totalPayableAmt);
    expect(row.profit).toBe(500 - 100 + 350 - 350);
  });

  it('keeps retail commission as profit, and extras pass through at cost', () => {
    const retail = { ...agent, earnsCommission: false, tdsRate: 0 };
    const row = bookingProfit(booking(retail, { baggagePrice: 1200, mealPrice: 300, seatPrice: 0 }));
    expect(row.commissionPassed).toBe(0);
    expect(row.netFare).toBe(9320 + 1500); // offered (9670 − 350) + extras
    expect(row.profit).toBe(500 - 100 + 350);
  });

  it('books completed refunds against both sides', () => {
    const b = booking(agent);
    const refunded: AccountedBooking = {
      ...b,
      accounting: { ...b.accounting, refundedAmount: 6000 },
      ticketCRInfo: [
        {
          changeRequestId: 'CR1',
          ticketId: 'T0',
          requestType: 2,
          status: 'Completed',
          remarks: '',
          createdAt: '2026-11-12T00:00:00Z',
          refundedAmount: 6000,
          creditedAt: '2026-11-15T10:00:00.000Z',
        },
      ],
    };
    const before = bookingProfit(b);
    const after = bookingProfit(refunded);
    expect(after.netFare).toBe(Math.round((before.netFare - 6000) * 100) / 100);
    expect(after.customerPaid).toBe(Math.round((before.customerPaid - 6000) * 100) / 100);
    expect(after.profit).toBe(before.profit);
  });

  it('totals every amount column', () => {
    const rows = [bookingProfit(booking(agent)), bookingProfit(booking({ ...agent, earnsCommission: false }))];
    const t = profitTotals(rows);
    expect(t.bookings).toBe(2);
    expect(t.profit).toBe(Math.round((rows[0]!.profit + rows[1]!.profit) * 100) / 100);
    expect(t.markup).toBe(1000);
  });
});

describe('allocate', () => {
  it('splits in paise and always adds up exactly', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([33.33, 33.33, 33.34]);
    expect(allocate(10, [0, 0])).toEqual([5, 5]);
    const parts = allocate(1234.57, [3, 5, 7, 11]);
    expect(Math.round(parts.reduce((n, p) => n + p, 0) * 100)).toBe(123457);
  });
});

describe('voucherRows', () => {
  it('one Sale per ticket adding up to the booking, and a Refund on its credit day', () => {
    const b = booking(agent);
    const sales = voucherRows(b, '2026-11-01', '2026-11-30');
    expect(sales.map((r) => r.voucherType)).toEqual(['Sale', 'Sale']);
    const sum = (k: 'net' | 'markup' | 'basic') => Math.round(sales.reduce((n, r) => n + r[k], 0) * 100) / 100;
    expect(sum('net')).toBe(b.accounting.amountCharged);
    expect(sum('markup')).toBe(b.fare.markup);
    expect(sum('basic')).toBe(b.fare.baseFare);
    const withRefund: AccountedBooking = {
      ...b,
      ticketCRInfo: [
        {
          changeRequestId: 'CR9',
          ticketId: 'T1',
          requestType: 2,
          status: 'Completed',
          remarks: '',
          createdAt: '2026-12-02T00:00:00Z',
          refundedAmount: 2500,
          creditedAt: '2026-12-03T00:00:00Z',
        },
      ],
    };
    expect(voucherRows(withRefund, '2026-12-01', '2026-12-31')).toEqual([
      expect.objectContaining({ voucherType: 'Refund', invoiceNo: 'CN-CR9', ticketNo: '09810001', net: 2500 }),
    ]);
  });
});
