/**
 * Driver access tokens (`dmc/generateDriverAccessToken`, the `/dmc/driver/{driverAccessToken}` page). The token
 * is the random bytes in base64url (no padding), so it carries every bit of them and sits in a path unescaped.
 * Only its SHA-256 is stored: a leaked table or backup opens no driver page. The caller supplies the bytes
 * (`crypto.getRandomValues`, `randomBytes`), which keeps this pure.
 */
import { sha256Hex } from './sha256.ts';

/** 128 bits at least (issue #14); 32 bytes (256 bits, 43 characters) is what the server draws. */
export const MIN_DRIVER_TOKEN_BYTES = 16;
export const DRIVER_TOKEN_BYTES = 32;
/** A link lasts this long unless revoked or replaced; staff generate a new one to extend. */
export const DRIVER_TOKEN_DAYS = 30;
export const MAX_DRIVER_TOKEN_DAYS = 365;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url without padding (RFC 4648 §5). */
export function base64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) out += ALPHABET[(n >>> (18 - 6 * c)) & 63];
  }
  return out;
}

/** The stored form of a presented token: the server looks a token up by this, never by the token. */
export const driverTokenHash = (token: string): string => sha256Hex(new TextEncoder().encode(token));

/** Could be one of ours (url-safe, 22–128 characters): anything else is refused before a lookup. */
export const isDriverTokenShape = (token: unknown): token is string =>
  typeof token === 'string' && /^[A-Za-z0-9_-]{22,128}$/.test(token);

/** A new token from the caller's random bytes (at least 16): the token for the link, and the hash to store. */
export function newDriverToken(randomBytes: Uint8Array): { token: string; hash: string } {
  if (randomBytes.length < MIN_DRIVER_TOKEN_BYTES)
    throw new RangeError(`A driver token needs at least ${MIN_DRIVER_TOKEN_BYTES} random bytes`);
  const token = base64Url(randomBytes);
  return { token, hash: driverTokenHash(token) };
}

/** When a token issued at `now` (ISO instant) stops working: `days` whole days later, 1 to 365. */
export function driverTokenExpiry(now: string, days: number = DRIVER_TOKEN_DAYS): string {
  const at = Date.parse(now);
  if (!Number.isFinite(at)) throw new RangeError(`Not an instant: ${now}`);
  if (!Number.isInteger(days) || days < 1 || days > MAX_DRIVER_TOKEN_DAYS)
    throw new RangeError(`Token lifetime must be 1 to ${MAX_DRIVER_TOKEN_DAYS} whole days`);
  return new Date(at + days * 86_400_000).toISOString();
}

/** What is stored per token (keyed by `hash`). A driver has one live token: issuing a new one revokes the old. */
export interface DriverTokenRecord {
  hash: string;
  driverId: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

/** A token opens the driver page while it is neither revoked nor expired (expiry instant excluded). */
export const driverTokenUsable = (r: Pick<DriverTokenRecord, 'expiresAt' | 'revokedAt'>, now: string): boolean =>
  r.revokedAt === null && Date.parse(now) < Date.parse(r.expiresAt);
