import { describe, expect, it } from 'vitest';
import { CART_STATUSES } from '@tp/domain/activities';
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

  it('leaves out a demo user who is missing', () => {
    expect(demoCarts({ agent: null, retail: null })).toEqual([]);
  });
});
