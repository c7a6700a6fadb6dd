/**
 * Driver access tokens (`dmc/generateDriverAccessToken`, the `/dmc/driver/{driverAccessToken}` page): the rules a
 * token lives by. The token itself is drawn and hashed on the server with node:crypto (`functions/src/lib/crypto.ts`
 * `newToken`, 256 bits in base64url, and `sha256`); only the hash is stored, so a leaked table or backup opens no
 * driver page.
 */

/** 128 bits at least; the server's `newToken` draws 32 bytes (256 bits, 43 characters). */
export const MIN_DRIVER_TOKEN_BYTES = 16;
/** A link lasts this long unless revoked or replaced; staff generate a new one to extend. */
export const DRIVER_TOKEN_DAYS = 30;
export const MAX_DRIVER_TOKEN_DAYS = 365;

/** Could be one of ours (url-safe, 22–128 characters): anything else is refused before a lookup. */
export const isDriverTokenShape = (token: unknown): token is string =>
  typeof token === 'string' && /^[A-Za-z0-9_-]{22,128}$/.test(token);

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
