import { describe, expect, it } from 'vitest';
import { normaliseDomain } from './tenancy.ts';

describe('normaliseDomain', () => {
  it.each([
    ['flightdeals.localhost:4000', 'flightdeals.localhost'],
    ['WWW.SkyWay.com', 'skyway.com'],
    ['https://partner.example.in/app/login', 'partner.example.in'],
    ['  agency.in  ', 'agency.in'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseDomain(input)).toBe(expected);
  });

  it('rejects values that are not host names', () => {
    expect(normaliseDomain('evil.com"; drop')).toBe('');
    expect(normaliseDomain('')).toBe('');
  });
});
