import { describe, expect, it } from 'vitest';
import { addTourOptionProblem, comboErrors, comboView } from './combo.ts';
import { GCC, M, ticketRate, tourOption, transferRate } from './test-fixtures.ts';
import type { Combo } from './types.ts';

const combo: Combo = {
  id: 'combo-1',
  name: 'Burj Khalifa + Aquarium',
  currency: 'AED',
  amount: 330,
  createdAt: '2026-11-23T08:00:00.000Z',
  tourOptions: [
    { tourOptionId: 'to-1', onwardTransfer: 'SIC', returnTransfer: 'SIC' },
    { tourOptionId: 'to-2', onwardTransfer: null, returnTransfer: null },
  ],
};

describe('combo dialog', () => {
  it("refuses to add nothing ('Please select a tour option') or a tour twice ('Tour already added')", () => {
    expect(addTourOptionProblem(combo.tourOptions, '', M)).toBe('Please select a tour option');
    expect(addTourOptionProblem(combo.tourOptions, null, M)).toBe('Please select a tour option');
    expect(addTourOptionProblem(combo.tourOptions, 'to-2', M)).toBe('Tour already added');
    expect(addTourOptionProblem(combo.tourOptions, 'to-3', M)).toBeNull();
  });

  it("needs a numeric amount ('Please enter a valid amount'), a name and a tour option", () => {
    const { id: _i, createdAt: _c, ...draft } = combo;
    expect(comboErrors(draft, M)).toEqual({});
    expect(comboErrors({ ...draft, amount: Number('12a') }, M)).toEqual({ amount: 'Please enter a valid amount' });
    expect(comboErrors({ ...draft, amount: -1 }, M)).toEqual({ amount: 'Please enter a valid amount' });
    expect(comboErrors({ ...draft, amount: null, name: '', tourOptions: [] }, M)).toEqual({
      amount: 'Please enter a valid amount',
      name: 'This is required field.',
      tourOptions: 'Please select a tour option',
    });
    const twice = [...draft.tourOptions, { tourOptionId: 'to-1', onwardTransfer: null, returnTransfer: null }];
    expect(comboErrors({ ...draft, tourOptions: twice }, M)).toEqual({ tourOptions: 'Tour already added' });
  });
});

describe('combo list', () => {
  it("shows each tour option with its rates in priority order, in the spec's shape", () => {
    const view = comboView(
      combo,
      [tourOption({ name: 'At the Top L124' }), tourOption({ id: 'to-2', name: 'Aquarium' })],
      [
        ticketRate({ id: 'low', priority: 1, adultAmount: 169 }),
        ticketRate({ id: 'high', priority: 2, adultAmount: 149 }),
        ticketRate({ id: 'gcc', marketId: GCC.marketId, priority: 3 }),
      ],
      [transferRate()],
      'mkt-india',
    );
    const [first, second] = view.tourOptions;
    expect(first?.name).toBe('At the Top L124');
    expect(first?.ticketRates.map((r) => r.adultAmount)).toEqual([149, 169]);
    expect(first?.ticketRates[0]).toEqual({
      marketId: 'mkt-india',
      adultAmount: 149,
      childAmount: 80,
      isPerPax: true,
      validFromDate: '2026-10-01',
      validTillDate: '2027-09-30',
    });
    expect(first?.transferRates).toEqual([
      {
        marketId: 'mkt-india',
        transferType: 'Pickup & Drop',
        sharingBasis: 'SIC',
        amount: 40,
        isPerPax: true,
        minPax: null,
        maxPax: null,
        validFromDate: '2026-10-01',
        validTillDate: '2027-09-30',
      },
    ]);
    expect(second).toMatchObject({ name: 'Aquarium', ticketRates: [], transferRates: [] });
  });
});
