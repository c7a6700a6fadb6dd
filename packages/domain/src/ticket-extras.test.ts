import { describe, expect, it } from 'vitest';
import { GST_ON_MARKUP_RATE, type MarkupRule } from './pricing.ts';
import { priceExtras } from './ticket-extras.ts';

const rule = (over: Partial<MarkupRule>): MarkupRule => ({
  markupType: 'percent',
  markupValue: 10,
  discountType: 'fixed',
  discountValue: 0,
  applyPer: 'passenger',
  ...over,
});
const ctx = (defaultRule: MarkupRule | null, airlineRules: Record<string, MarkupRule> = {}) => ({
  defaultRule,
  airlineRules,
  gstRate: GST_ON_MARKUP_RATE,
});
const bag = (supplierPrice: number) => ({ supplierPrice, currency: 'INR' });

describe('priceExtras', () => {
  it('adds a percentage markup and 18 % GST on it to each extra', () => {
    const p = priceExtras([bag(4500), bag(150)], '6E', ctx(rule({ markupValue: 10 })));
    expect(p.lines).toEqual([
      { supplierPrice: 4500, markup: 450, gstOnMarkup: 81, price: 5031 },
      { supplierPrice: 150, markup: 15, gstOnMarkup: 2.7, price: 167.7 },
    ]);
    expect(p).toMatchObject({ supplierTotal: 4650, markup: 465, gstOnMarkup: 83.7, total: 5198.7, currency: 'INR' });
  });

  it("adds a fixed rule's amount once per extra, whatever it applies per on a fare", () => {
    const p = priceExtras(
      [bag(900), bag(900)],
      'SG',
      ctx(rule({ markupType: 'fixed', markupValue: 100, applyPer: 'booking' })),
    );
    expect(p.lines.map((l) => l.price)).toEqual([1018, 1018]);
    expect(p.total).toBe(2036);
  });

  it("takes the airline's own rule before the default one, and no markup without a rule", () => {
    const airline = ctx(rule({ markupValue: 10 }), { SG: rule({ markupValue: 0 }) });
    expect(priceExtras([bag(1000)], 'SG', airline).total).toBe(1000);
    expect(priceExtras([bag(1000)], '6E', airline).total).toBe(1118);
    expect(priceExtras([bag(1000)], '6E', ctx(null)).total).toBe(1000);
  });

  it('never gives a discount on an extra: a negative markup counts as none', () => {
    const p = priceExtras([bag(500)], '6E', ctx(rule({ markupType: 'fixed', markupValue: -50, discountValue: 100 })));
    expect(p.lines[0]).toEqual({ supplierPrice: 500, markup: 0, gstOnMarkup: 0, price: 500 });
  });

  it('adds its lines up to the paisa', () => {
    const p = priceExtras([bag(333.33), bag(333.33), bag(333.34)], '6E', ctx(rule({ markupValue: 7.5 })));
    expect(p.total).toBe(Math.round(p.lines.reduce((n, l) => n + l.price * 100, 0)) / 100);
  });

  it('refuses extras in more than one currency', () => {
    expect(() => priceExtras([bag(1), { supplierPrice: 1, currency: 'USD' }], '6E', ctx(null))).toThrow(/one currency/);
  });
});
