import { describe, expect, it } from 'vitest';
import { activityLine, kart, miscLine } from './fixtures.ts';
import { kartMargins, marginBelowMinimum, marginFigures } from './margins.ts';
import { kartTotals } from './totals.ts';

describe('margins', () => {
  it('markup is on cost, margin on sell (dmc.md §1: 100 → 110 is 10 % markup, 9.09 % margin)', () => {
    expect(marginFigures(10_000, 11_000)).toEqual({
      cost: 100,
      sell: 110,
      margin: 10,
      markupPercent: 10,
      marginPercent: 9.09,
    });
    expect(marginFigures(0, 0)).toMatchObject({ markupPercent: null, marginPercent: null });
  });

  it('an override sells the line at its price; the computed price stays beside it', () => {
    const k = kart({
      accomodations: [],
      flightDetails: [],
      activities: [activityLine({ price: 540, cost: 450, override: { price: 500, reason: 'Repeat guest' } })],
      miscellaneous: [miscLine({ price: 100, cost: 80 }), miscLine({ id: 'misc-2', price: 50 })],
      serviceCharge: 10,
      remittanceCharge: 5,
      discount: null,
    });
    const totals = kartTotals(k);
    expect(totals.lines.activities).toEqual([{ id: 'act-1', total: 500 }]);
    expect(totals.grandTotal).toBe(665);
    const m = kartMargins(k, totals);
    expect(m.lines.activities[0]).toMatchObject({ sell: 500, cost: 450, margin: 50, computedPrice: 540 });
    expect(m.lines.activities[0]?.override).toEqual({ price: 500, reason: 'Repeat guest' });
    // A line without a cost claims no margin.
    expect(m.lines.miscellaneous[1]).toMatchObject({ cost: 50, sell: 50, margin: 0, costKnown: false });
    // Sell is the grand total less the remittance charge: 660; cost 450 + 80 + 50.
    expect(m).toMatchObject({ sell: 660, cost: 580, margin: 80, overridden: 1 });
  });

  it('warns under the site minimum only when one is set', () => {
    const fig = marginFigures(9_500, 10_000); // 5 % margin
    expect(marginBelowMinimum(fig, null)).toBe(false);
    expect(marginBelowMinimum(fig, 5)).toBe(false);
    expect(marginBelowMinimum(fig, 8)).toBe(true);
    expect(marginBelowMinimum(marginFigures(0, 0), 1)).toBe(true);
  });
});
