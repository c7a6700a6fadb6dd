import { AUTH, CONSOLE } from '@tp/contracts/platform';
import { env } from './config.ts';

export function parseCookies(list: string[] | undefined, header?: string): Record<string, string> {
  const out: Record<string, string> = {};
  const parts = [...(list ?? []), ...(header ? header.split(';') : [])];
  for (const part of parts) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    const name = part.slice(0, i).trim();
    const value = part.slice(i + 1).trim();
    if (!(name in out)) out[name] = decodeURIComponent(value);
  }
  return out;
}

const base = () => `Path=/; HttpOnly; SameSite=Lax${env().COOKIE_SECURE === 'true' ? '; Secure' : ''}`;

export const sessionCookie = (token: string, maxAgeSeconds: number = AUTH.sessionTtlSeconds): string =>
  `${AUTH.tokenName}=${encodeURIComponent(token)}; Max-Age=${maxAgeSeconds}; ${base()}`;

export const clearSessionCookie = (): string => `${AUTH.tokenName}=; Max-Age=0; ${base()}`;

/** The device cookie of a successful sign-in: outlives sessions and logouts. */
export const deviceCookie = (token: string): string =>
  `${AUTH.deviceCookieName}=${encodeURIComponent(token)}; Max-Age=${AUTH.deviceTtlSeconds}; ${base()}`;

/**
 * The operator's session cookie on the console host: host-only (no Domain), so no reseller site ever receives
 * it, and Strict: the console is never entered from another site's link with its session.
 */
const consoleBase = () => `Path=/; HttpOnly; SameSite=Strict${env().COOKIE_SECURE === 'true' ? '; Secure' : ''}`;
export const consoleSessionCookie = (token: string): string =>
  `${CONSOLE.tokenName}=${encodeURIComponent(token)}; Max-Age=${CONSOLE.sessionTtlSeconds}; ${consoleBase()}`;
export const clearConsoleSessionCookie = (): string => `${CONSOLE.tokenName}=; Max-Age=0; ${consoleBase()}`;
