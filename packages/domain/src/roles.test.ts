import { describe, expect, it } from 'vitest';
import { isTradeUser, mayAdjustTicketPrices, maySelectSources } from './roles.ts';

describe('roles', () => {
  it('lets travel agents and staff choose sources and adjust e-ticket prices, not travellers', () => {
    for (const rule of [isTradeUser, maySelectSources, mayAdjustTicketPrices]) {
      expect(rule('travelAgent')).toBe(true);
      expect(rule('staff')).toBe(true);
      expect(rule('retail')).toBe(false);
      expect(rule('corporate')).toBe(false);
      expect(rule(null)).toBe(false);
      expect(rule(undefined)).toBe(false);
    }
  });
});
