/**
 * Duffel's webhook signature (docs/flights.md "Disruptions" → "Duffel's webhook"): `X-Duffel-Signature:
 * t=<timestamp>,v1=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`, the secret being the one Duffel showed
 * when the webhook was created (kept sealed with the site's Duffel settings). Checked over the body exactly as it
 * came: a body parsed and serialised again need not have the same bytes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE = /^t=([^,]+),v1=([0-9a-f]+)$/i;

const hmac = (secret: string, timestamp: string, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

/** The header value Duffel sends for this body (the local Duffel server signs with it). */
export const duffelSignature = (secret: string, rawBody: string, timestamp: string): string =>
  `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;

/** Whether the header is Duffel's signature of this raw body with this secret (constant-time compare). */
export function isDuffelSigned(rawBody: string, header: string | undefined, secret: string): boolean {
  const m = SIGNATURE.exec((header ?? '').trim());
  if (!m || !secret) return false;
  const expected = Buffer.from(hmac(secret, m[1]!, rawBody), 'hex');
  const given = Buffer.from(m[2]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
