/**
 * Every quotation the rules accept: its total is the sum of its lines (each at its override's price when it has
 * one) and its charges, and a line costs no more than it sells unless it is overridden. Written from the formulas
 * in docs/dmc.md "Cost, sell and margin" against a BigInt reference, not from margins.ts.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { M } from '../test-fixtures.ts';
import { activityLine, hotelLine, kart as sampleKart, miscLine } from './fixtures.ts';
import { kartMargins } from './margins.ts';
import { kartErrors } from './rules.ts';
import { KART_SECTIONS, kartTotals } from './totals.ts';
import type { Kart, PriceOverride } from './types.ts';

const amount = fc.integer({ min: 0, max: 5_000_000 }).map((c) => c / 100);
const arbCosting = fc.record({
  cost: fc.option(amount, { nil: undefined }),
  override: fc.option(fc.record({ price: amount, reason: fc.constantFrom('Repeat guest', 'Promo') }), {
    nil: undefined,
  }),
});
const n = (max: number) => fc.integer({ min: 0, max });
const lines = <T>(make: (id: string, costing: { cost?: number; override?: PriceOverride }) => T, min = 0) =>
  fc.array(arbCosting, { minLength: min, maxLength: 4 }).map((cs) => cs.map((c, i) => make(`l${i}`, c)));

const arbKart: fc.Arbitrary<Kart> = fc
  .record({
    accomodations: lines((id, c) => ({
      ...hotelLine({ id, ...c }),
      rooms: { double: { price: 400, count: 1 } },
    })),
    activities: fc
      .array(fc.tuple(arbCosting, amount), { maxLength: 4 })
      .map((xs) => xs.map(([c, price], i) => activityLine({ id: `a${i}`, price, ...c }))),
    miscellaneous: fc
      .array(fc.tuple(arbCosting, amount), { minLength: 1, maxLength: 4 })
      .map((xs) => xs.map(([c, price], i) => miscLine({ id: `m${i}`, price, ...c }))),
    serviceCharge: fc.option(amount, { nil: null }),
    remittanceCharge: fc.option(amount, { nil: null }),
    discount: fc.option(n(1000), { nil: null }),
  })
  .map((parts) => sampleKart({ ...parts, flightDetails: [], collectedPayment: null }));

const c = (v: number | null | undefined): bigint => BigInt(Math.round((v ?? 0) * 100));

describe('quotation totals, cost and sell (property)', () => {
  it('total = Σ lines (override or computed) + charges; cost ≤ sell on every line not overridden', () => {
    let accepted = 0;
    fc.assert(
      fc.property(arbKart, (k) => {
        if (Object.keys(kartErrors(k, M)).length) return;
        accepted += 1;
        const totals = kartTotals(k);
        const margins = kartMargins(k, totals);
        let lineSum = 0n;
        for (const h of k.accomodations) {
          const computed = c(h.rooms.double!.price) * BigInt(h.noOfNights) + c(h.transferPrice);
          lineSum += h.override ? c(h.override.price) : h.bookedByCustomer ? c(h.transferPrice) : computed;
        }
        for (const l of [...k.activities, ...k.miscellaneous]) lineSum += l.override ? c(l.override.price) : c(l.price);
        const total = lineSum + c(k.serviceCharge) + c(k.remittanceCharge) - c(k.discount);
        expect(c(totals.grandTotal)).toBe(total);
        expect(c(k.totalPrice ?? totals.grandTotal)).toBe(total);
        for (const section of KART_SECTIONS)
          for (const m of margins.lines[section]) {
            if (!m.override) expect(m.cost).toBeLessThanOrEqual(m.sell);
            expect(c(m.margin)).toBe(c(m.sell) - c(m.cost));
          }
        expect(c(margins.sell)).toBe(total - c(k.remittanceCharge));
      }),
      { numRuns: 400 },
    );
    // The generator must reach accepted quotations often enough to mean something.
    expect(accepted).toBeGreaterThan(100);
  });

  it('a cost above the sell is refused unless the line is overridden with a reason', () => {
    const k = sampleKart({ miscellaneous: [miscLine({ price: 10, cost: 12 })] });
    expect(kartErrors(k, M)['miscellaneous.0.cost']).toBeTruthy();
    const overridden = sampleKart({
      miscellaneous: [miscLine({ price: 10, cost: 12, override: { price: 9, reason: 'Goodwill' } })],
    });
    expect(kartErrors(overridden, M)['miscellaneous.0.cost']).toBeUndefined();
    const noReason = sampleKart({ miscellaneous: [miscLine({ price: 10, override: { price: 9, reason: ' ' } })] });
    expect(kartErrors(noReason, M)['miscellaneous.0.override.reason']).toBeTruthy();
  });
});
