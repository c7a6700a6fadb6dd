import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';

/** Made by the previous implementation (hash-wasm, 19 MiB, t = 2) for 'Legacy-Pass-2024'. */
const WASM_ERA_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$MDEyMzQ1Njc4OWFiY2RlZg$2Xv9GzcryO7ofOQ4Y0ukcjeh0Rlk1vRqacQYmULFQTg';

describe('password hashing (argon2id)', () => {
  it('stores a PHC string with 46 MiB, one pass, one lane and a fresh salt each time', async () => {
    const a = await hashPassword('Secret123');
    const b = await hashPassword('Secret123');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=47104,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
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

  it('still verifies hashes of the WASM era', async () => {
    expect(await verifyPassword('Legacy-Pass-2024', WASM_ERA_HASH)).toBe(true);
    expect(await verifyPassword('Legacy-Pass-2025', WASM_ERA_HASH)).toBe(false);
  });
});

describe('needsRehash', () => {
  it('is false for a hash made with the current parameters', async () => {
    expect(needsRehash(await hashPassword('Secret123'))).toBe(false);
  });

  it('is true for other parameters, other argon2 variants and anything that is not a PHC string', () => {
    expect(needsRehash(WASM_ERA_HASH)).toBe(true);
    const current = '$argon2id$v=19$m=47104,t=1,p=1$MDEyMzQ1Njc4OWFiY2RlZg$2Xv9GzcryO7ofOQ4Y0ukcjeh0Rlk1vRqacQYmULFQTg';
    expect(needsRehash(current)).toBe(false);
    expect(needsRehash(current.replace('m=47104', 'm=65536'))).toBe(true);
    expect(needsRehash(current.replace('t=1', 't=3'))).toBe(true);
    expect(needsRehash(current.replace('argon2id', 'argon2i'))).toBe(true);
    expect(needsRehash(current.replace('v=19', 'v=16'))).toBe(true);
    expect(needsRehash(current.slice(0, -10))).toBe(true); // shorter digest
    expect(needsRehash('bcrypt$2b$10$abc')).toBe(true);
  });
});
