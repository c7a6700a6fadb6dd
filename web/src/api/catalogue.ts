import type { Endpoint } from '@tp/contracts/endpoint';
import type { TErrorEnvelope } from '@tp/contracts/envelope';
import * as MSG from '@tp/contracts/messages';
import { CONSOLE_LOGIN_PATH } from '@tp/contracts/spa-routes';
import { FLIGHT_HOME_PATH, loginPath } from '#lib/redirects.ts';

/**
 * The error catalogue of spec 000 §8, in one place. `decideFailure` is pure (what should happen);
 * the client applies the outcome (toast, navigation, logout).
 */

/**
 * Where a 402 from a flight call sends the user. The spec says "goes to booking review" without a
 * path; the review screen lives under the flight area at this path.
 */
export const BOOKING_REVIEW_PATH = '/flight/review';

/** The spec's "No SSR details" supplier answer is expected on many fares and must not alarm anyone. */
const SILENT_TEXT = 'No SSR details';

export interface Failure {
  endpoint: Pick<Endpoint, 'api' | 'method' | 'auth'>;
  /** HTTP status; 0 when no response arrived at all. */
  status: number;
  body?: unknown;
  error?: unknown;
}

export type Outcome =
  | { kind: 'log' }
  | { kind: 'silent' }
  | { kind: 'logout'; to: string }
  | { kind: 'navigate'; to: string }
  | { kind: 'toast'; message: string };

export function asErrorEnvelope(body: unknown): Partial<TErrorEnvelope> | null {
  return body !== null && typeof body === 'object' && (body as { success?: unknown }).success === false
    ? (body as Partial<TErrorEnvelope>)
    : null;
}

export function decideFailure(f: Failure, here: { pathname: string; search: string }): Outcome {
  if (f.status === 0) return { kind: 'log' };
  const envelope = asErrorEnvelope(f.body);
  const text = envelope?.errorMessage || envelope?.message || '';
  // A 401 from a public call (wrong password, bad link) is an answer, not a lost session.
  const sessionCall = f.endpoint.auth !== 'public' && f.endpoint.auth !== 'token' && f.endpoint.auth !== 'console';
  // The console's own sign-in, never a site's.
  if (f.status === 401 && f.endpoint.auth === 'operator')
    return { kind: 'logout', to: loginPath(here, CONSOLE_LOGIN_PATH) };
  if (f.status === 401 && sessionCall) {
    return { kind: 'logout', to: f.endpoint.api === 'flight' ? FLIGHT_HOME_PATH : loginPath(here) };
  }
  if (f.status === 402 && f.endpoint.api === 'flight') return { kind: 'navigate', to: BOOKING_REVIEW_PATH };
  if (text.includes(SILENT_TEXT)) return { kind: 'silent' };
  if (f.status === 502) return { kind: 'toast', message: MSG.requestTimeout };
  // 400 and every other failure envelope: the server's errorMessage is the toast.
  if (text) return { kind: 'toast', message: text };
  if (envelope && f.status >= 200 && f.status < 300) return { kind: 'toast', message: MSG.someError };
  return { kind: 'toast', message: MSG.httpFailed(f.endpoint.method) };
}
