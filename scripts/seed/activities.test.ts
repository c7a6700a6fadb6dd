import { describe, expect, it } from 'vitest';
import { CART_STATUSES, MAX_CART_DAYS, activitySearchDefaults } from '@tp/domain/activities';
import { demoCarts } from './activities.ts';

describe('demo activity carts', () => {
  const carts = demoCarts({
    agent: { userId: 'u-agent', name: 'Arjun Mehta' },
    retail: { userId: 'u-retail', name: 'R' },
  });

  it('cover several statuses, each line priced by the rate engine inside the cart dates', () => {
    expect(new Set(carts.map((c) => c.status)).size).toBeGreaterThanOrEqual(4);
    for (const c of carts) {
      expect(CART_STATUSES).toContain(c.status);
      for (const l of c.items) {
        expect(l.price).toBeGreaterThan(0);
        expect(l.date >= c.startDate && l.date <= c.endDate).toBe(true);
      }
    }
  });

  it("carry B2B Gold's 10 % on the agent's carts only", () => {
    for (const c of carts)
      for (const l of c.items)
        expect(l.markup).toBeCloseTo(c.userId === 'u-agent' ? Math.round(l.net * 10) / 100 : 0, 2);
  });

  it('dates the draft from the seed day, so a search from that day widens it within the cart limit', () => {
    // The draft is the cart the demo agent adds to (tests/e2e/activities.test.ts): fixed dates would outgrow
    // the 60-day limit once today's search window drifts far enough from them.
    for (const today of ['2026-11-28', '2027-03-01']) {
      const draft = demoCarts({ agent: { userId: 'u-agent', name: 'A' }, retail: null }, today).find(
        (c) => c.status === 'draft',
      )!;
      const search = activitySearchDefaults(today);
      expect(draft.startDate > today).toBe(true);
      const span = (Date.parse(draft.endDate) - Date.parse(search.startDate)) / 86_400_000;
      expect(span).toBeLessThanOrEqual(MAX_CART_DAYS);
      expect(draft.items[0]!.date >= draft.startDate && draft.items[0]!.date <= draft.endDate).toBe(true);
    }
  });

  it('leaves out a demo user who is missing', () => {
    expect(demoCarts({ agent: null, retail: null })).toEqual([]);
  });
});
