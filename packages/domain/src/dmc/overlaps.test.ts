import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  areaTransferOverlaps,
  ticketRateOverlaps,
  ticketRatePairs,
  transferRateOverlaps,
  transferRatePairs,
} from './overlaps.ts';
import { GCC, ticketRate, transferRate } from './test-fixtures.ts';
import type { AreaTransfer } from './types.ts';

describe('rate overlaps', () => {
  const season = ticketRate({ id: 'season' });

  it('flag rates of the same market whose validity and band overlap, naming them', () => {
    const promo = ticketRate({ id: 'promo', validFromDate: '2027-06-01', validTillDate: '2027-08-31' });
    expect(ticketRateOverlaps(promo, [season])).toEqual(['season']);
    expect(ticketRatePairs([season, promo])).toEqual([['season', 'promo']]);
  });

  it('ignore other markets, other tour options, disjoint dates, disjoint bands and the rate itself', () => {
    const existing = [
      season,
      ticketRate({ id: 'gcc', marketId: GCC.marketId }),
      ticketRate({ id: 'other-option', tourOptionId: 'to-2' }),
      ticketRate({ id: 'next-season', validFromDate: '2027-10-01', validTillDate: '2028-09-30' }),
    ];
    expect(ticketRateOverlaps({ ...season }, existing)).toEqual([]);
    const sedan = ticketRate({ id: 'sedan', isPerPax: false, minPax: 1, maxPax: 3 });
    const van = ticketRate({ id: 'van', isPerPax: false, minPax: 4, maxPax: 7 });
    expect(ticketRatePairs([sedan, van])).toEqual([]);
    // A new rate without an id yet is compared with all saved rates.
    const { id: _id, priority: _p, ...draft } = ticketRate({ minPax: 3, maxPax: 5 });
    expect(ticketRateOverlaps(draft, [sedan, van])).toEqual(['sedan', 'van']);
  });

  it('compare transfer rates only within one direction and basis', () => {
    const sic = transferRate({ id: 'sic' });
    const pvt = transferRate({ id: 'pvt', sharingBasis: 'PVT', isPerPax: false, minPax: 1, maxPax: 3 });
    const pickup = transferRate({ id: 'pickup', transferType: 'Pickup' });
    expect(transferRatePairs([sic, pvt, pickup])).toEqual([]);
    expect(transferRateOverlaps({ ...sic, id: 'sic-2', amount: 35 }, [sic, pvt, pickup])).toEqual(['sic']);
  });

  it('compare area transfers only on the same route', () => {
    const ride: AreaTransfer = {
      id: 'a',
      from: 'area-dxb',
      to: 'area-deira',
      marketId: 'mkt-india',
      description: '',
      transferType: 'Pickup',
      sharingBasis: 'sharing',
      amount: 13.61,
      isStandAlone: true,
      isPerPax: true,
      minPax: null,
      maxPax: null,
      validFromDate: '2026-10-01',
      validTillDate: '2027-09-30',
    };
    expect(areaTransferOverlaps({ ...ride, id: 'b' }, [ride])).toEqual(['a']);
    expect(areaTransferOverlaps({ ...ride, id: 'b', to: 'area-marina' }, [ride])).toEqual([]);
  });

  it('agree with a day-by-day, pax-by-pax comparison (property)', () => {
    const day = fc.integer({ min: 1, max: 20 }).map((d) => `2027-01-${String(d).padStart(2, '0')}`);
    const bound = fc.option(fc.integer({ min: 1, max: 8 }), { nil: null });
    const arb = fc.record({ a: day, b: day, min: bound, max: bound }).map(({ a, b, min, max }) =>
      ticketRate({
        validFromDate: a < b ? a : b,
        validTillDate: a < b ? b : a,
        minPax: min !== null && max !== null ? Math.min(min, max) : min,
        maxPax: min !== null && max !== null ? Math.max(min, max) : max,
      }),
    );
    fc.assert(
      fc.property(arb, arb, (x, y) => {
        const days = (r: typeof x) =>
          Array.from({ length: 20 }, (_, i) => `2027-01-${String(i + 1).padStart(2, '0')}`).filter(
            (d) => r.validFromDate <= d && d <= r.validTillDate,
          );
        const paxes = (r: typeof x) =>
          Array.from({ length: 12 }, (_, i) => i + 1).filter(
            (n) => n >= (r.minPax ?? 1) && n <= (r.maxPax ?? Number.MAX_SAFE_INTEGER),
          );
        const share = (p: unknown[], q: unknown[]) => p.some((v) => q.includes(v));
        const expected = share(days(x), days(y)) && share(paxes(x), paxes(y));
        expect(
          ticketRatePairs([
            { ...x, id: 'x' },
            { ...y, id: 'y' },
          ]).length === 1,
        ).toBe(expected);
      }),
    );
  });
});
