import { describe, expect, it } from 'vitest';
import { RECONCILE, retryDelayMs } from './outbox.ts';
import { isGenuinePhonePeCallback } from './gateways/phonepe.ts';
import { createHash } from 'node:crypto';

describe('reconciler back-off', () => {
  it('doubles from one minute and stops at ten', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelayMs)).toEqual([1, 2, 4, 8, 10, 10, 10].map((m) => m * 60_000));
  });

  it('checks a paid order only after the fulfilment claim (90 s) has lapsed', () => {
    expect(RECONCILE.orderGraceMs).toBeGreaterThan(90_000);
  });
});

describe('PhonePe S2S callback authorization', () => {
  const creds = { callbackUsername: 'merchant-user', callbackPassword: 'merchant-pass' };
  const genuine = createHash('sha256').update('merchant-user:merchant-pass').digest('hex');

  it('accepts SHA256(username:password), in either case', () => {
    expect(isGenuinePhonePeCallback(creds, genuine)).toBe(true);
    expect(isGenuinePhonePeCallback(creds, genuine.toUpperCase())).toBe(true);
  });

  it('refuses anything else, and every callback when no pair is configured', () => {
    expect(isGenuinePhonePeCallback(creds, createHash('sha256').update('merchant-user:guess').digest('hex'))).toBe(
      false,
    );
    expect(isGenuinePhonePeCallback(creds, 'merchant-user:merchant-pass')).toBe(false);
    expect(isGenuinePhonePeCallback(creds, undefined)).toBe(false);
    expect(isGenuinePhonePeCallback({}, genuine)).toBe(false);
    expect(isGenuinePhonePeCallback(undefined, genuine)).toBe(false);
  });
});
