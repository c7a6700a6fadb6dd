import { describe, expect, it } from 'vitest';
import { zCityId } from './dmc-common.ts';

describe('zCityId', () => {
  it('takes a whole number, or text holding one', () => {
    expect(zCityId().parse(42)).toBe(42);
    expect(zCityId().parse('130443')).toBe(130443);
  });

  it('refuses blank text rather than reading it as city 0, and anything not a whole number', () => {
    for (const bad of ['', '  ', 'dubai', 1.5, -1, '1e9'])
      expect(zCityId().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
