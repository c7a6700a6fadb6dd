/**
 * Time-based one-time codes (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits), the second factor an operator's
 * sign-in asks for when the account's `mfa` is 'totp'. Pure: the secret and the time come in.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const STEP_SECONDS = 30;

/** The bytes of a base32 secret (RFC 4648, padding and spaces ignored); null when it is not base32. */
export function base32Bytes(secret: string): Buffer | null {
  const clean = secret.replace(/[\s=]/g, '').toUpperCase();
  if (!clean || /[^A-Z2-7]/.test(clean)) return null;
  let bits = '';
  for (const c of clean) bits += BASE32.indexOf(c).toString(2).padStart(5, '0');
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
}

/** The code of one time step (RFC 4226's dynamic truncation). */
export function totpAt(key: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/** True when `code` is the code of the current step or the one either side of it (clock drift). */
export function verifyTotp(secret: string, code: string, now: Date): boolean {
  const key = base32Bytes(secret);
  if (!key || !/^\d{6}$/.test(code)) return false;
  const step = Math.floor(now.getTime() / 1000 / STEP_SECONDS);
  return [step - 1, step, step + 1].some((s) => timingSafeEqual(Buffer.from(totpAt(key, s)), Buffer.from(code)));
}
