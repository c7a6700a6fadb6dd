import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing (argon2id)', () => {
  it('stores a PHC string with the OWASP parameters and a fresh salt each time', async () => {
    const a = await hashPassword('Secret123');
    const b = await hashPassword('Secret123');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Secret123');
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Secret123');
    expect(await verifyPassword('Secret123', hash)).toBe(true);
    expect(await verifyPassword('secret123', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('treats Unicode forms of the same password alike', async () => {
    const composed = 'Caf\u00e9Pass1';
    const decomposed = 'Cafe\u0301Pass1';
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it('answers false, after a real verification, when there is no hash or a broken one', async () => {
    expect(await verifyPassword('Secret123', undefined)).toBe(false);
    expect(await verifyPassword('Secret123', 'not-a-phc-string')).toBe(false);
  });
});
