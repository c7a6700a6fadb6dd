import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYMENT_TERMS,
  paymentAmountProblem,
  paymentSchedule,
  paymentTermsProblems,
  receiptNumber,
  type PaymentTerms,
} from './payment-terms.ts';

const kart = { arrivalDate: '2026-12-20', paymentDeadline: null };
const percent = (depositValue: number, days = 14): PaymentTerms => ({
  depositKind: 'percent',
  depositValue,
  balanceDaysBeforeArrival: days,
});

describe('paymentSchedule', () => {
  it('takes a percentage deposit to the cent and the balance on the day the terms name', () => {
    const s = paymentSchedule(percent(30), kart, 1000.01, 0);
    expect(s).toMatchObject({ deposit: 300, balance: 700.01, balanceDueDate: '2026-12-06' });
    expect(s.depositOutstanding).toBe(300);
    expect(s.totalOutstanding).toBe(1000.01);
  });

  it('caps an amount deposit at the total and counts what was collected against both', () => {
    const terms: PaymentTerms = { depositKind: 'amount', depositValue: 5000, balanceDaysBeforeArrival: 0 };
    expect(paymentSchedule(terms, kart, 1200, 0)).toMatchObject({ deposit: 1200, balance: 0 });
    const part = paymentSchedule(percent(50), kart, 1000, 620);
    expect(part).toMatchObject({ depositOutstanding: 0, totalOutstanding: 380 });
  });

  it('lets a deadline staff typed win over the terms', () => {
    expect(
      paymentSchedule(DEFAULT_PAYMENT_TERMS, { ...kart, paymentDeadline: '2026-11-30' }, 10, 0).balanceDueDate,
    ).toBe('2026-11-30');
  });
});

describe('paymentTermsProblems', () => {
  it('accepts the default terms and names each bad field', () => {
    expect(paymentTermsProblems(DEFAULT_PAYMENT_TERMS)).toEqual({});
    expect(paymentTermsProblems(percent(101, -1))).toEqual({
      depositValue: 'A deposit percentage is at most 100',
      balanceDaysBeforeArrival: 'Days before arrival must be a whole number from 0 to 365',
    });
    expect(paymentTermsProblems({ depositKind: 'amount', depositValue: 1.005, balanceDaysBeforeArrival: 1 })).toEqual({
      depositValue: 'Deposit takes at most 2 decimals',
    });
  });
});

describe('paymentAmountProblem', () => {
  it('refuses nothing, fractions of a cent and an overpayment', () => {
    expect(paymentAmountProblem(0, 10)).toBe('Amount must be greater than 0');
    expect(paymentAmountProblem(1.001, 10)).toBe('Amount takes at most 2 decimals');
    expect(paymentAmountProblem(10.01, 10)).toBe('This payment is more than the balance due');
    expect(paymentAmountProblem(10, 10)).toBeNull();
  });
});

describe('receiptNumber', () => {
  it('numbers within the financial year', () => {
    expect(receiptNumber('2026-27', 7)).toBe('RCT/26-27/00007');
    expect(() => receiptNumber('2026', 1)).toThrow(RangeError);
  });
});
