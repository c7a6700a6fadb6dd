import { describe, expect, it } from 'vitest';
import {
  allocateRefund,
  cancellationFeesProblems,
  cancellationSettlement,
  DEFAULT_CANCELLATION_FEES,
} from './cancellation.ts';

describe('cancellation settlement', () => {
  const rows = DEFAULT_CANCELLATION_FEES;

  it('takes the row with the most days the cancellation still meets', () => {
    expect(cancellationSettlement(rows, '2027-03-31', '2027-03-01', 1000, 300)).toMatchObject({
      daysBefore: 30,
      feePercent: 0,
      fee: 0,
      refund: 300,
    });
    expect(cancellationSettlement(rows, '2027-03-31', '2027-03-02', 1000, 1000)).toMatchObject({
      daysBefore: 29,
      feePercent: 25,
      fee: 250,
      feeKept: 250,
      refund: 750,
    });
    expect(cancellationSettlement(rows, '2027-03-31', '2027-03-31', 1000, 1000).feePercent).toBe(100);
  });

  it('charges all of it after arrival and never keeps more than was collected', () => {
    expect(cancellationSettlement(rows, '2027-03-01', '2027-03-05', 1000, 200)).toMatchObject({
      daysBefore: -4,
      feePercent: 100,
      fee: 1000,
      feeKept: 200,
      refund: 0,
    });
  });

  it('rounds the fee to the cent in minor units', () => {
    const s = cancellationSettlement(
      [{ daysBefore: 0, feePercent: 33.33 }],
      '2027-03-31',
      '2027-03-01',
      100.01,
      100.01,
    );
    expect(s.fee).toBe(33.33);
    expect(s.refund).toBe(66.68);
  });

  it('refuses rows that are no schedule', () => {
    expect(
      cancellationFeesProblems([
        { daysBefore: 10, feePercent: 101 },
        { daysBefore: 10, feePercent: 5 },
        { daysBefore: 1.5, feePercent: 5 },
      ]),
    ).toEqual({
      '0.feePercent': 'A fee percentage is from 0 to 100',
      '1.daysBefore': 'Each row needs its own number of days',
      '2.daysBefore': 'Days before arrival must be a whole number from 0 to 365',
    });
    expect(cancellationFeesProblems(rows)).toEqual({});
  });
});

describe('refund allocation', () => {
  it('goes back over the receipts newest first, each at most what it brought', () => {
    const receipts = [
      { id: 'a', amount: 500 },
      { id: 'b', amount: 700 },
    ];
    expect(allocateRefund(receipts, 1080).map((x) => [x.receipt.id, x.amount])).toEqual([
      ['b', 700],
      ['a', 380],
    ]);
    expect(allocateRefund(receipts, 0)).toEqual([]);
  });
});
