import { describe, expect, it } from 'vitest';
import { base32Bytes, totpAt, verifyTotp } from './totp.ts';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII "12345678901234567890" (base32 below); codes are the last 6 digits.
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238)', () => {
  it('reads a base32 secret and refuses what is not one', () => {
    expect(base32Bytes(SECRET)?.toString('ascii')).toBe('12345678901234567890');
    expect(base32Bytes('not base32!')).toBeNull();
    expect(base32Bytes('')).toBeNull();
  });

  it("gives the RFC's test vectors", () => {
    const key = base32Bytes(SECRET)!;
    expect(totpAt(key, Math.floor(59 / 30))).toBe('287082');
    expect(totpAt(key, Math.floor(1111111109 / 30))).toBe('081804');
    expect(totpAt(key, Math.floor(1234567890 / 30))).toBe('005924');
    expect(totpAt(key, Math.floor(20000000000 / 30))).toBe('353130');
  });

  it('accepts the current step and one either side, nothing further', () => {
    const at = new Date(1111111109 * 1000);
    expect(verifyTotp(SECRET, '081804', at)).toBe(true);
    expect(verifyTotp(SECRET, '081804', new Date(at.getTime() + 30_000))).toBe(true);
    expect(verifyTotp(SECRET, '081804', new Date(at.getTime() + 90_000))).toBe(false);
    expect(verifyTotp(SECRET, '000000', at)).toBe(false);
    expect(verifyTotp(SECRET, '12345', at)).toBe(false);
    expect(verifyTotp('!!', '081804', at)).toBe(false);
  });
});
