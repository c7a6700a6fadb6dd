import { randomBytes } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';

/** OWASP's argon2id baseline: 19 MiB memory, 2 passes, 1 lane. Stored as a PHC string, so parameters travel with each hash. */
export const ARGON2_PARAMS = { memorySize: 19 * 1024, iterations: 2, parallelism: 1, hashLength: 32 } as const;

/** The same password typed on different keyboards can differ in Unicode form; hash one form. */
const normalise = (password: string): string => password.normalize('NFKC');

export async function hashPassword(password: string): Promise<string> {
  return argon2id({ password: normalise(password), salt: randomBytes(16), ...ARGON2_PARAMS, outputType: 'encoded' });
}

let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches `hash`. Without a hash (unknown email, or an account with no password
 * yet) it still runs one verification against a dummy hash and answers false, so response time does
 * not tell whether an account exists.
 */
export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  const target = hash ?? (await (dummyHash ??= hashPassword(randomBytes(16).toString('hex'))));
  try {
    const ok = await argon2Verify({ password: normalise(password), hash: target });
    return ok && hash !== undefined;
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}
