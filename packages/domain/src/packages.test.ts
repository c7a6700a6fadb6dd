import { describe, expect, it } from 'vitest';
import { PACKAGE_MSG, durationLabel, isPermutation, packageErrors, packageSlug } from './packages.ts';

describe('packageSlug', () => {
  it('makes lower-case words joined by dashes, accents and symbols dropped', () => {
    expect(packageSlug('Dubai Delights')).toBe('dubai-delights');
    expect(packageSlug('Thailand Beach Escape: Phuket & Krabi!')).toBe('thailand-beach-escape-phuket-krabi');
    expect(packageSlug('  Café   Crème  ')).toBe('cafe-creme');
  });
  it('never answers an empty name, nor a trailing dash after shortening', () => {
    expect(packageSlug('!!!')).toBe('package');
    const long = packageSlug(`${'a'.repeat(79)} b`);
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith('-')).toBe(false);
  });
});

describe('packageErrors', () => {
  const days = (n: number) => Array.from({ length: n }, () => ({}));
  it('accepts nights of the days or one less, with one itinerary entry a day', () => {
    expect(packageErrors({ days: 5, nights: 4, itinerary: days(5) })).toEqual({});
    expect(packageErrors({ days: 1, nights: 1, itinerary: days(1) })).toEqual({});
    expect(packageErrors({ days: 1, nights: 0, itinerary: days(1) })).toEqual({});
  });
  it('names each broken field with its message', () => {
    expect(packageErrors({ days: 5, nights: 2, itinerary: days(5) })).toEqual({ nights: PACKAGE_MSG.nightsRange });
    expect(packageErrors({ days: 5, nights: 6, itinerary: days(3) })).toEqual({
      nights: PACKAGE_MSG.nightsRange,
      itinerary: PACKAGE_MSG.itineraryDays(5),
    });
  });
});

describe('isPermutation', () => {
  it('wants every key exactly once', () => {
    expect(isPermutation(['b', 'a'], ['a', 'b'])).toBe(true);
    expect(isPermutation([], [])).toBe(true);
    expect(isPermutation(['a'], ['a', 'b'])).toBe(false);
    expect(isPermutation(['a', 'a'], ['a', 'b'])).toBe(false);
    expect(isPermutation(['a', 'c'], ['a', 'b'])).toBe(false);
  });
});

it('labels a duration in days and nights', () => {
  expect(durationLabel(5, 4)).toBe('5 Days / 4 Nights');
  expect(durationLabel(1, 1)).toBe('1 Day / 1 Night');
  expect(durationLabel(2, 1)).toBe('2 Days / 1 Night');
});
