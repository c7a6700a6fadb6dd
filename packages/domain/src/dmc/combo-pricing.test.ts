import { describe, expect, it } from 'vitest';
import { comboLabel, priceCombos, spread, type ComboCandidate, type ComboOffer } from './combo-pricing.ts';

const duo: ComboOffer = {
  id: 'c-duo',
  name: 'Dubai Duo',
  amountPerPerson: 200,
  tourOptions: [
    { tourOptionId: 'burj', onwardTransfer: null, returnTransfer: null },
    { tourOptionId: 'aquarium', onwardTransfer: null, returnTransfer: null },
  ],
};
const party = { adults: 2, children: 1 };
const line = (key: string, tourOptionId: string, ticket: number, transfer = 0): ComboCandidate => ({
  key,
  tourOptionId,
  ticket,
  transfer,
});

describe('combos priced into a quotation or a cart', () => {
  it('replaces the sum of its options with its price for the party when all are taken, spread over its lines', () => {
    const r = priceCombos([line('a', 'burj', 450), line('b', 'aquarium', 300), line('c', 'safari', 250)], [duo], party);
    expect(r.deals).toEqual([{ comboId: 'c-duo', name: 'Dubai Duo', keys: ['a', 'b'], price: 600, replaces: 750 }]);
    // 600 in proportion to 450 : 300; the safari sells alone.
    expect(r.lines.get('a')?.price).toBe(360);
    expect(r.lines.get('b')?.price).toBe(240);
    expect(r.lines.has('c')).toBe(false);
  });

  it('drops back to the single prices when one option is taken off', () => {
    const r = priceCombos([line('a', 'burj', 450)], [duo], party);
    expect(r.deals).toEqual([]);
    expect(r.lines.size).toBe(0);
  });

  it("covers a line's transfer only when the combo includes one for that option", () => {
    const withSic: ComboOffer = {
      ...duo,
      tourOptions: [
        { tourOptionId: 'burj', onwardTransfer: 'SIC', returnTransfer: 'SIC' },
        { tourOptionId: 'aquarium', onwardTransfer: null, returnTransfer: null },
      ],
    };
    const r = priceCombos([line('a', 'burj', 400, 60), line('b', 'aquarium', 300, 90)], [withSic], party);
    // Covered: 400 + 60 and 300; the aquarium's transfer (90) stays on its line.
    expect(r.deals[0]?.replaces).toBe(760);
    expect(r.lines.get('a')!.price + r.lines.get('b')!.price).toBe(600 + 90);
    expect(r.lines.get('b')!.price).toBeGreaterThan(90);
  });

  it('gives a line to one combo only, the one that saves the party most going first', () => {
    const trio: ComboOffer = {
      id: 'c-trio',
      name: 'Trio',
      amountPerPerson: 250,
      tourOptions: [...duo.tourOptions, { tourOptionId: 'safari', onwardTransfer: null, returnTransfer: null }],
    };
    const lines = [line('a', 'burj', 450), line('b', 'aquarium', 300), line('c', 'safari', 250)];
    // Duo saves 150, trio saves 1000 − 750 = 250: the trio wins and the duo finds its lines taken.
    const r = priceCombos(lines, [duo, trio], party);
    expect(r.deals.map((d) => d.comboId)).toEqual(['c-trio']);
    expect([...r.lines.values()].reduce((s, l) => s + l.price, 0)).toBe(750);
  });

  it('prices a combo twice when its options are on the quotation twice', () => {
    const lines = [
      line('a', 'burj', 450),
      line('b', 'aquarium', 300),
      line('c', 'burj', 450),
      line('d', 'aquarium', 300),
    ];
    const r = priceCombos(lines, [duo], party);
    expect(r.deals.map((d) => d.keys)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('keeps every amount to the cent: the shares add up to the combo price exactly', () => {
    const odd: ComboOffer = { ...duo, amountPerPerson: 100.01 };
    const r = priceCombos([line('a', 'burj', 1), line('b', 'aquarium', 2)], [odd], { adults: 1, children: 2 });
    const a = r.lines.get('a')!.price;
    const b = r.lines.get('b')!.price;
    expect(Math.round((a + b) * 100)).toBe(30003);
    for (const v of [a, b]) expect(v * 100).toBeCloseTo(Math.round(v * 100), 9);
  });

  it('spreads equally when the lines were free, and names the combo with its options', () => {
    expect(spread(1001, [0, 0])).toEqual([500, 501]);
    expect(spread(1000, [1, 3])).toEqual([250, 750]);
    expect(comboLabel({ name: 'Dubai Duo' }, ['Burj Khalifa', 'Aquarium'])).toBe(
      'Combo Dubai Duo (Burj Khalifa + Aquarium)',
    );
  });
});
