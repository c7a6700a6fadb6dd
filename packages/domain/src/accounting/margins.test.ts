import { describe, expect, it } from 'vitest';
import { monthlyMargins, monthRange } from '../accounting.ts';

describe('margin per month', () => {
  it('receipts less refunds, less payables raised net of reversals, per month and currency, to the cent', () => {
    const rows = monthlyMargins([
      { month: '2026-11', currency: 'AED', kind: 'received', amount: 500 },
      { month: '2026-11', currency: 'AED', kind: 'received', amount: 700.1 },
      { month: '2026-11', currency: 'AED', kind: 'raised', amount: 1000 },
      { month: '2026-12', currency: 'AED', kind: 'refunded', amount: 1080.05 },
      { month: '2026-12', currency: 'AED', kind: 'reversed', amount: -1000 },
      { month: '2026-11', currency: 'INR', kind: 'received', amount: 0.1 },
      { month: '2026-11', currency: 'INR', kind: 'received', amount: 0.2 },
    ]);
    expect(rows).toEqual([
      { month: '2026-11', currency: 'AED', received: 1200.1, refunded: 0, raised: 1000, reversed: 0, margin: 200.1 },
      { month: '2026-11', currency: 'INR', received: 0.3, refunded: 0, raised: 0, reversed: 0, margin: 0.3 },
      { month: '2026-12', currency: 'AED', received: 0, refunded: 1080.05, raised: 0, reversed: 1000, margin: -80.05 },
    ]);
  });

  it('lists the months of a period across a year end', () => {
    expect(monthRange('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthRange('2027-02', '2026-11')).toEqual([]);
  });
});
