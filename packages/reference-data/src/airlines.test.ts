import { describe, expect, it } from 'vitest';
import { allAirlines, airlineByCode } from './airlines.ts';

describe('AIRLINES', () => {
  it('marks low-cost carriers', () => {
    for (const code of ['6E', 'SG', 'QP', 'FR', 'U2', 'AK', 'FZ', 'G9'])
      expect(airlineByCode(code)?.isLcc, code).toBe(true);
    for (const code of ['AI', 'EK', 'BA', 'LH', 'SQ', 'QR']) expect(airlineByCode(code)?.isLcc, code).toBe(false);
  });

  it('uses current names for re-issued codes and a logo URL by code', () => {
    expect(airlineByCode('6e')).toMatchObject({
      name: 'IndiGo',
      country: 'India',
      logoUrl: 'https://pics.avs.io/200/80/6E.png',
    });
    expect(airlineByCode('QP')?.name).toBe('Akasa Air');
    expect(airlineByCode('VJ')?.name).toBe('VietJet Air');
  });

  it('has unique two-character codes and no cargo-only carriers', () => {
    expect(allAirlines().length).toBeGreaterThan(500);
    expect(new Set(allAirlines().map((a) => a.code)).size).toBe(allAirlines().length);
    for (const a of allAirlines()) expect(a.code).toMatch(/^[A-Z0-9]{2}$/);
    expect(allAirlines().some((a) => /cargo/i.test(a.name))).toBe(false);
  });
});
