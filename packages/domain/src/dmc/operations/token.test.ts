import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { driverTokenExpiry, driverTokenUsable, isDriverTokenShape, MIN_DRIVER_TOKEN_BYTES } from './token.ts';

describe('token shape', () => {
  it('takes a base64url token of 128 bits or more, as the server draws them', () => {
    for (const n of [MIN_DRIVER_TOKEN_BYTES, 32, 96])
      expect(isDriverTokenShape(randomBytes(n).toString('base64url'))).toBe(true);
  });

  it('refuses token shapes we never issue before any lookup', () => {
    for (const bad of [
      '',
      'short',
      'a'.repeat(21),
      'a'.repeat(129),
      `${'a'.repeat(30)}/`,
      `${'a'.repeat(30)}=`,
      null,
      42,
    ])
      expect(isDriverTokenShape(bad)).toBe(false);
  });
});

describe('expiry and revocation', () => {
  const NOW = '2026-12-01T08:00:00.000Z';

  it('expires whole days after issue, 30 by default', () => {
    expect(driverTokenExpiry(NOW, 7)).toBe('2026-12-08T08:00:00.000Z');
    expect(driverTokenExpiry(NOW)).toBe('2026-12-31T08:00:00.000Z');
    for (const days of [0, -1, 1.5, 366]) expect(() => driverTokenExpiry(NOW, days)).toThrow(RangeError);
    expect(() => driverTokenExpiry('yesterday', 7)).toThrow(RangeError);
  });

  it('opens the page until revoked or expired', () => {
    const record = { expiresAt: driverTokenExpiry(NOW, 7), revokedAt: null };
    expect(driverTokenUsable(record, NOW)).toBe(true);
    expect(driverTokenUsable(record, '2026-12-08T07:59:59.999Z')).toBe(true);
    expect(driverTokenUsable(record, '2026-12-08T08:00:00.000Z')).toBe(false);
    expect(driverTokenUsable({ ...record, revokedAt: NOW }, NOW)).toBe(false);
  });
});
