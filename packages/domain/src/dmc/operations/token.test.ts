import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sha256Hex } from './sha256.ts';
import {
  DRIVER_TOKEN_BYTES,
  base64Url,
  driverTokenExpiry,
  driverTokenHash,
  driverTokenUsable,
  isDriverTokenShape,
  newDriverToken,
} from './token.ts';

const nodeSha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('sha256Hex', () => {
  it('matches the FIPS 180-4 examples', () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    expect(sha256Hex(enc(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex(enc('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex(enc('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('matches node:crypto on every length across block boundaries, and on random input', () => {
    for (let n = 0; n <= 130; n++) {
      const b = Uint8Array.from({ length: n }, (_, i) => (i * 31 + n) & 255);
      expect(sha256Hex(b)).toBe(nodeSha(b));
    }
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (b) => sha256Hex(b) === nodeSha(b)));
  });
});

describe('newDriverToken', () => {
  it('is url-safe, 43 characters for 32 bytes, and its hash is the SHA-256 of the token', () => {
    const bytes = new Uint8Array(randomBytes(DRIVER_TOKEN_BYTES));
    const { token, hash } = newDriverToken(bytes);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(encodeURIComponent(token)).toBe(token);
    expect(hash).toBe(createHash('sha256').update(token, 'utf8').digest('hex'));
    expect(hash).toBe(driverTokenHash(token));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(isDriverTokenShape(token)).toBe(true);
  });

  it('carries every random bit: the token decodes back to exactly the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 64 }), (b) => {
        const { token } = newDriverToken(b);
        expect(token).toBe(Buffer.from(b).toString('base64url'));
        expect(new Uint8Array(Buffer.from(token, 'base64url'))).toEqual(b);
      }),
    );
    // Bytes that differ in one bit give different tokens and hashes.
    const a = new Uint8Array(16);
    const b = Uint8Array.from(a, (v, i) => (i === 15 ? 1 : v));
    expect(newDriverToken(a).token).not.toBe(newDriverToken(b).token);
    expect(newDriverToken(a).hash).not.toBe(newDriverToken(b).hash);
  });

  it('needs at least 128 bits', () => {
    expect(() => newDriverToken(new Uint8Array(15))).toThrow(RangeError);
    expect(newDriverToken(new Uint8Array(16)).token).toHaveLength(22);
  });

  it('encodes base64url without padding', () => {
    expect(base64Url(new Uint8Array([]))).toBe('');
    expect(base64Url(Uint8Array.from([0xfb, 0xff]))).toBe('-_8');
    expect(base64Url(new TextEncoder().encode('foobar'))).toBe('Zm9vYmFy');
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
