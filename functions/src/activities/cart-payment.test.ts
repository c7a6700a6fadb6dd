import { describe, expect, it } from 'vitest';
import { localPrice, movePays, moveRefunds, payableOnline, whenWalletShort } from './cart-payment.ts';
import type { CartPaymentRecord } from './repo.ts';

const paid: CartPaymentRecord = {
  method: 'wallet',
  legalEntityId: 'le-1',
  entryId: 'cart-c1-pay',
  amount: 4545.45,
  currency: 'INR',
  cartAmount: 200,
  cartCurrency: 'AED',
  ratesUsed: [],
  paidAt: '2026-11-29T06:00:00.000Z',
  refundedAt: null,
};

describe('paying online', () => {
  it("confirms a retail customer's cart the wallet cannot pay, holds its voucher, and refuses an agent's move", () => {
    expect(whenWalletShort('retail', 'confirmed')).toBe('moveUnpaid');
    expect(whenWalletShort('retail', 'vouchered')).toBe('awaitOnlinePayment');
    expect(whenWalletShort('travelAgent', 'confirmed')).toBe('refuse');
    expect(whenWalletShort('corporate', 'vouchered')).toBe('refuse');
  });

  it('offers the payment of a confirmed, unpaid cart that totals something, on a site whose carts pay', () => {
    expect(payableOnline('confirmed', { status: 'confirmed' }, 10)).toBe(true);
    expect(payableOnline('vouchered', { status: 'confirmed' }, 10)).toBe(true);
    expect(payableOnline('none', { status: 'confirmed' }, 10)).toBe(false);
    expect(payableOnline('confirmed', { status: 'submitted' }, 10)).toBe(false);
    expect(payableOnline('confirmed', { status: 'vouchered' }, 10)).toBe(false);
    expect(payableOnline('confirmed', { status: 'confirmed', payment: paid }, 10)).toBe(false);
    expect(payableOnline('confirmed', { status: 'confirmed' }, 0)).toBe(false);
  });
});

describe('when a cart move moves money', () => {
  it("pays on the site's status, or past it for a cart confirmed before the setting; never twice, never when off", () => {
    expect(movePays('confirmed', {}, 'confirmed')).toBe(true);
    expect(movePays('confirmed', {}, 'vouchered')).toBe(true);
    expect(movePays('vouchered', {}, 'confirmed')).toBe(false);
    expect(movePays('vouchered', {}, 'vouchered')).toBe(true);
    expect(movePays('confirmed', {}, 'submitted')).toBe(false);
    expect(movePays('confirmed', {}, 'cancelled')).toBe(false);
    expect(movePays('confirmed', { payment: paid }, 'vouchered')).toBe(false);
    expect(movePays('none', {}, 'confirmed')).toBe(false);
  });

  it('refunds the cancel of a paid cart once', () => {
    expect(moveRefunds({ payment: paid }, 'cancelled')).toBe(true);
    expect(moveRefunds({ payment: { ...paid, refundedAt: '2026-11-30T00:00:00.000Z' } }, 'cancelled')).toBe(false);
    expect(moveRefunds({}, 'cancelled')).toBe(false);
    expect(moveRefunds({ payment: paid }, 'vouchered')).toBe(false);
  });
});

describe("the owner's currency beside the DMC's", () => {
  const rows = [{ currency: 'INR', rate: 0.044, buffer: 1, validFrom: '2026-11-01' }];

  it('converts dirhams into rupees at the row in force with its buffer, naming the rate; nothing for one currency', () => {
    expect(localPrice(220, 'AED', 'INR', rows, '2026-11-29')).toEqual({
      amount: 5050,
      currency: 'INR',
      ratesUsed: [{ from: 'AED', to: 'INR', rate: 0.044, buffer: 1, validFrom: '2026-11-01' }],
      rateText: 'INR 1 = AED 0.044 + 1 % from 2026-11-01',
    });
    expect(localPrice(220, 'AED', 'AED', rows, '2026-11-29')).toBeNull();
  });

  it('refuses a currency the table has no row for', () => {
    expect(() => localPrice(220, 'AED', 'INR', rows, '2026-10-01')).toThrow(/No exchange rate for INR/);
  });
});
