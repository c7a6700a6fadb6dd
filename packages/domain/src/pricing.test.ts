import { describe, expect, it } from 'vitest';
import {
  GST_ON_MARKUP_RATE,
  NO_MARKUP,
  priceFare,
  round2,
  ruleFor,
  TDS_ON_COMMISSION_RATE,
  withExtras,
  type MarkupRule,
  type PricingContext,
  type SupplierFare,
  type SupplierPaxFare,
} from './pricing.ts';

const fare = (over: Partial<SupplierFare> = {}): SupplierFare => ({
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
  ...over,
});
const ADULT = (count: number, baseFare = 3000, tax = 600): SupplierPaxFare => ({
  passengerType: 1,
  count,
  baseFare,
  tax,
});
const CHILD = (count: number, baseFare = 2000, tax = 300): SupplierPaxFare => ({
  passengerType: 2,
  count,
  baseFare,
  tax,
});
const INFANT = (count: number, baseFare = 1000, tax = 0): SupplierPaxFare => ({
  passengerType: 3,
  count,
  baseFare,
  tax,
});
const rule = (over: Partial<MarkupRule> = {}): MarkupRule => ({
  markupType: 'fixed',
  markupValue: 150,
  discountType: 'fixed',
  discountValue: 0,
  applyPer: 'passenger',
  ...over,
});
const ctx = (over: Partial<PricingContext> = {}): PricingContext => ({ ...NO_MARKUP, ...over });

/** 2 adults, 1 child, 1 infant whose per-type fares add up to the fare's base + tax (8000 + 1500). */
const FAMILY = [ADULT(2, 2500, 500), CHILD(1, 2000, 400), INFANT(1, 1000, 100)];

describe('priceFare: worked examples', () => {
  it('without a rule adds nothing: price = published = base + tax + charges + fees', () => {
    const { fare: f } = priceFare(fare(), FAMILY, 'AI', NO_MARKUP);
    expect(f.publishedFare).toBe(8000 + 1500 + 100 + 50 + 20);
    expect(f).toMatchObject({ markup: 0, gstOnMarkup: 0, discount: 0, publishedPrice: 9670, totalFare: 9670 });
    expect(f.offeredFare).toBe(9670 - 350);
    // Retail (the NO_MARKUP default) is not passed the commission.
    expect(f).toMatchObject({ commissionEarned: 0, tds: 0, totalPayable: 9670, totalPayableAmt: 9670 });
  });

  it('fixed per passenger counts adults and children, not infants', () => {
    const { fare: f } = priceFare(fare(), FAMILY, 'AI', ctx({ defaultRule: rule({ markupValue: 150 }) }));
    expect(f.markup).toBe(450);
    expect(f.gstOnMarkup).toBe(81);
    expect(f.publishedPrice).toBe(9670 + 450 + 81);
  });

  it('fixed per booking applies once', () => {
    const { fare: f } = priceFare(
      fare(),
      FAMILY,
      'AI',
      ctx({ defaultRule: rule({ markupValue: 200, applyPer: 'booking', discountValue: 50 }) }),
    );
    expect(f).toMatchObject({ markup: 200, gstOnMarkup: 36, discount: 50, publishedPrice: 9906, totalFare: 9856 });
  });

  it('percent is of the published fare, whatever applyPer says', () => {
    for (const applyPer of ['passenger', 'booking'] as const) {
      const { fare: f } = priceFare(
        fare(),
        FAMILY,
        'AI',
        ctx({ defaultRule: rule({ markupType: 'percent', markupValue: 2, applyPer }) }),
      );
      expect(f.markup).toBe(193.4);
      expect(f.gstOnMarkup).toBe(34.81);
    }
  });

  it('percent discount is of the published fare too', () => {
    const { fare: f } = priceFare(
      fare(),
      FAMILY,
      'AI',
      ctx({ defaultRule: rule({ markupValue: 0, discountType: 'percent', discountValue: 10 }) }),
    );
    expect(f.discount).toBe(967);
    expect(f.totalFare).toBe(8703);
  });

  it('the airline rule beats the default; other airlines use the default', () => {
    const c = ctx({ defaultRule: rule({ markupValue: 100 }), airlineRules: { AI: rule({ markupValue: 10 }) } });
    expect(priceFare(fare(), [ADULT(1)], 'AI', c).fare.markup).toBe(10);
    expect(priceFare(fare(), [ADULT(1)], '6E', c).fare.markup).toBe(100);
    // Codes are matched upper case, and only the context's own keys count.
    expect(priceFare(fare(), [ADULT(1)], 'ai', c).fare.markup).toBe(10);
    expect(ruleFor(c, 'constructor')).toBe(c.defaultRule);
    expect(ruleFor(ctx({ airlineRules: {} }), 'toString')).toBeNull();
  });

  it('an airline rule applies even without a default rule', () => {
    const c = ctx({ airlineRules: { AI: rule({ markupValue: 10 }) } });
    expect(priceFare(fare(), [ADULT(2)], 'AI', c).fare.markup).toBe(20);
    expect(priceFare(fare(), [ADULT(2)], 'UK', c).fare.markup).toBe(0);
  });

  it('agents are passed commission + incentive + PLB, with TDS withheld when the relation says so', () => {
    const agent = ctx({ earnsCommission: true, tdsRate: TDS_ON_COMMISSION_RATE });
    const { fare: f } = priceFare(fare(), FAMILY, 'AI', agent);
    expect(f.commissionEarned).toBe(350);
    expect(f.tds).toBe(7);
    expect(f.totalPayable).toBe(9670 - 350 + 7);
    const noTds = priceFare(fare(), FAMILY, 'AI', ctx({ earnsCommission: true })).fare;
    expect(noTds).toMatchObject({ tds: 0, totalPayable: 9320 });
  });

  it('a discount larger than the price is capped at the price', () => {
    const { fare: f } = priceFare(
      fare(),
      [ADULT(1)],
      'AI',
      ctx({ defaultRule: rule({ markupValue: 0, discountValue: 1_000_000 }) }),
    );
    expect(f.discount).toBe(f.publishedPrice);
    expect(f.totalFare).toBe(0);
  });

  it('rounds to 2 decimals once (1.005 → 1.01, no float dust)', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(0.1 + 0.2)).toBe(0.3);
    const { fare: f } = priceFare(
      fare({ baseFare: 1000.333, tax: 0.111, otherCharges: 0, serviceFee: 0, txnFee: 0 }),
      [ADULT(1, 1000.333, 0.111)],
      'AI',
      ctx({ defaultRule: rule({ markupType: 'percent', markupValue: 3.33 }) }),
    );
    expect(f.publishedFare).toBe(1000.44);
    expect(f.markup).toBe(33.31);
    expect(f.gstOnMarkup).toBe(6);
  });

  it('the breakdown gives an infant its own fare and share of charges, but no markup', () => {
    const plain = priceFare(fare(), FAMILY, 'AI', NO_MARKUP).fareBreakdown;
    const marked = priceFare(fare(), FAMILY, 'AI', ctx({ defaultRule: rule({ markupValue: 500 }) })).fareBreakdown;
    expect(marked[2]!.totalFare).toBe(plain[2]!.totalFare);
    expect(marked[0]!.totalFare).toBeGreaterThan(plain[0]!.totalFare);
    expect(marked.map((p) => [p.passengerType, p.count])).toEqual([
      [1, 2],
      [2, 1],
      [3, 1],
    ]);
  });

  it('extras (baggage, meal, seat) pass through at cost into totalPayableAmt only', () => {
    const { fare: f } = priceFare(fare(), FAMILY, 'AI', ctx({ defaultRule: rule() }));
    const x = withExtras(f, { baggagePrice: 1200.005, mealPrice: 350, seatPrice: 0.1 + 0.2 });
    expect(x).toMatchObject({ baggagePrice: 1200.01, mealPrice: 350, seatPrice: 0.3 });
    expect(x.totalPayable).toBe(f.totalPayable);
    expect(x.totalPayableAmt).toBe(round2(f.totalPayable + 1200.01 + 350 + 0.3));
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties over random fares, passengers and rules (a seeded generator: failures reproduce).

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generator(seed: number) {
  const rnd = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const money = (hi: number) => round2(rnd() * hi);
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  const amount = (type: 'fixed' | 'percent') => (type === 'percent' ? round2(rnd() * 100) : money(2000));
  const aRule = (): MarkupRule => {
    const markupType = pick(['fixed', 'percent'] as const);
    const discountType = pick(['fixed', 'percent'] as const);
    return {
      markupType,
      markupValue: amount(markupType),
      discountType,
      discountValue: rnd() < 0.3 ? 0 : amount(discountType),
      applyPer: pick(['passenger', 'booking'] as const),
    };
  };
  return {
    int,
    case() {
      const adults = int(1, 9);
      const pax: SupplierPaxFare[] = [ADULT(adults, money(20000), money(5000))];
      if (rnd() < 0.5) pax.push(CHILD(int(1, 4), money(15000), money(4000)));
      if (rnd() < 0.4) pax.push(INFANT(int(1, adults), money(3000), money(500)));
      const baseFare = round2(pax.reduce((n, p) => n + p.baseFare * p.count, 0));
      const tax = round2(pax.reduce((n, p) => n + p.tax * p.count, 0));
      const f = fare({
        baseFare,
        tax,
        yq: money(tax),
        otherCharges: money(500),
        serviceFee: money(200),
        txnFee: money(100),
        commission: money(1000),
        incentive: money(100),
        plb: money(100),
      });
      const airline = pick(['AI', '6E', 'UK', 'SG']);
      const c: PricingContext = {
        defaultRule: rnd() < 0.8 ? aRule() : null,
        airlineRules: rnd() < 0.5 ? { [pick(['AI', '6E'])]: aRule() } : {},
        gstRate: GST_ON_MARKUP_RATE,
        earnsCommission: rnd() < 0.5,
        tdsRate: rnd() < 0.5 ? TDS_ON_COMMISSION_RATE : 0,
      };
      return { f, pax, airline, c };
    },
  };
}

const RUNS = 500;
const cents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
const seated = (pax: readonly SupplierPaxFare[]) =>
  pax.filter((p) => p.passengerType !== 3).reduce((n, p) => n + p.count, 0);

describe('priceFare: properties', () => {
  for (const seed of [1, 42, 20261122]) {
    it(`hold for ${RUNS} random cases (seed ${seed})`, () => {
      const gen = generator(seed);
      for (let i = 0; i < RUNS; i++) {
        const { f, pax, airline, c } = gen.case();
        const { fare: p, fareBreakdown } = priceFare(f, pax, airline, c);
        const at = `seed ${seed} case ${i}`;

        // Totals are consistent with their parts.
        expect(p.publishedFare, at).toBe(round2(f.baseFare + f.tax + f.otherCharges + f.serviceFee + f.txnFee));
        expect(p.publishedPrice, at).toBe(round2(p.publishedFare + p.markup + p.gstOnMarkup));
        expect(p.totalFare, at).toBe(round2(p.publishedPrice - p.discount));
        expect(p.totalPayable, at).toBe(round2(p.totalFare - p.commissionEarned + p.tds));
        expect(p.offeredFare, at).toBe(round2(p.publishedFare - (f.commission + f.incentive + f.plb)));

        // GST is 18 % of the markup (to the cent).
        expect(Math.abs(p.gstOnMarkup - p.markup * GST_ON_MARKUP_RATE), at).toBeLessThanOrEqual(0.005 + 1e-9);

        // A discount never makes the price negative; nothing is negative.
        expect(p.discount, at).toBeLessThanOrEqual(p.publishedPrice);
        expect(p.totalFare, at).toBeGreaterThanOrEqual(0);
        for (const k of ['markup', 'gstOnMarkup', 'discount', 'commissionEarned', 'tds'] as const)
          expect(p[k], `${at} ${k}`).toBeGreaterThanOrEqual(0);

        // The rule used: the airline's own, else the default.
        const used = c.airlineRules[airline] ?? c.defaultRule;
        expect(ruleFor(c, airline), at).toBe(used);
        if (!used) expect(p.markup + p.discount, at).toBe(0);
        if (used?.markupType === 'fixed') {
          // Fixed per passenger: adults and children only, infants excluded.
          const units = used.applyPer === 'booking' ? 1 : seated(pax);
          expect(p.markup, at).toBe(round2(used.markupValue * units));
        }
        if (used?.markupType === 'percent')
          expect(p.markup, at).toBe(round2((p.publishedFare * used.markupValue) / 100));

        // Commission only for those who earn it; TDS only on commission.
        if (!c.earnsCommission) expect(p.commissionEarned + p.tds, at).toBe(0);
        expect(p.tds, at).toBe(round2(p.commissionEarned * c.tdsRate));

        // Every amount is rounded to 2 decimals.
        for (const [k, v] of Object.entries(p))
          if (typeof v === 'number') expect(cents(v), `${at} ${k}=${v}`).toBe(true);
        for (const b of fareBreakdown) expect(cents(b.totalFare), at).toBe(true);

        // The per-passenger totals add up to the total fare (within a cent per passenger of rounding).
        const sum = fareBreakdown.reduce((n, b) => n + b.totalFare * b.count, 0);
        const travellers = pax.reduce((n, b) => n + b.count, 0);
        expect(Math.abs(sum - p.totalFare), at).toBeLessThanOrEqual(0.005 * travellers + 1e-6);
      }
    });
  }

  it('markup grows with the rule and never with a smaller value (monotone)', () => {
    const gen = generator(7);
    for (let i = 0; i < 200; i++) {
      const { f, pax } = gen.case();
      const v = gen.int(0, 500);
      const lo = priceFare(f, pax, 'AI', ctx({ defaultRule: rule({ markupValue: v }) })).fare;
      const hi = priceFare(f, pax, 'AI', ctx({ defaultRule: rule({ markupValue: v + 1 }) })).fare;
      expect(hi.publishedPrice).toBeGreaterThan(lo.publishedPrice);
    }
  });
});
