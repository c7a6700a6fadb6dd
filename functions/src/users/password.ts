import { randomBytes } from 'node:crypto';
import { argon2 } from '#argon2';

/**
 * OWASP's argon2id option of 46 MiB, 1 pass, 1 lane (the same cracking cost as 19 MiB × 2 passes), native
 * (@node-rs/argon2, on libuv's thread pool, so a hash no longer blocks the event loop). Stored as a PHC
 * string, so parameters travel with each hash; hashes made with other parameters (the WASM era's 19 MiB,
 * t = 2) still verify and are replaced on the next sign-in (needsRehash).
 */
export const ARGON2_PARAMS = { memoryCost: 46 * 1024, timeCost: 1, parallelism: 1, outputLen: 32 } as const;

/** The same password typed on different keyboards can differ in Unicode form; hash one form. */
const normalise = (password: string): string => password.normalize('NFKC');

export async function hashPassword(password: string): Promise<string> {
  // argon2id, version 0x13 and a random 16-byte salt are the binding's defaults.
  return (await argon2()).hash(normalise(password), ARGON2_PARAMS);
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
    const ok = await (await argon2()).verify(target, normalise(password));
    return ok && hash !== undefined;
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

const PHC = /^\$(argon2(?:id|i|d))\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$([A-Za-z0-9+/]+)$/;

/** True when a stored hash was made with other parameters than ARGON2_PARAMS (or is no argon2id PHC string). */
export function needsRehash(hash: string): boolean {
  const m = PHC.exec(hash);
  if (!m) return true;
  const [, algorithm, version, memory, passes, lanes, digest] = m;
  return (
    algorithm !== 'argon2id' ||
    version !== '19' ||
    Number(memory) !== ARGON2_PARAMS.memoryCost ||
    Number(passes) !== ARGON2_PARAMS.timeCost ||
    Number(lanes) !== ARGON2_PARAMS.parallelism ||
    Math.floor((digest!.length * 3) / 4) !== ARGON2_PARAMS.outputLen
  );
}
