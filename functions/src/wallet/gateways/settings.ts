/**
 * A site's gateway settings, kept in the server-only site secrets item (lib/tenancy.ts siteSecret, field
 * `paymentGateway`). Credentials never leave this module: the browser only learns the gateway's name.
 */
import * as z from 'zod/mini';
import { GATEWAYS } from '@tp/contracts/endpoints/wallet';
import { sandboxPaymentsAllowed } from '#lib/config';
import type { SiteId } from '#lib/keys';
import { siteSecret } from '#lib/tenancy';

export const ZPhonePeCredentials = z.object({
  clientId: z.string().check(z.minLength(1)),
  clientSecret: z.string().check(z.minLength(1)),
  clientVersion: z.coerce.number().check(z.int(), z.positive()),
  env: z.enum(['SANDBOX', 'PRODUCTION']),
  /**
   * The username and password set for the S2S callback URL on PhonePe's dashboard: PhonePe sends
   * SHA256(username:password) as the callback's Authorization header. Without them every callback is refused.
   */
  callbackUsername: z.optional(z.string().check(z.minLength(1))),
  callbackPassword: z.optional(z.string().check(z.minLength(1))),
});
export type PhonePeCredentials = z.infer<typeof ZPhonePeCredentials>;

export const ZGatewaySettings = z.object({
  active: z.nullable(z.enum(GATEWAYS)),
  phonepe: z.optional(ZPhonePeCredentials),
});
export type GatewaySettings = z.infer<typeof ZGatewaySettings>;

const NONE: GatewaySettings = { active: null };

/** Play money: the embedded sandbox gateway, or PhonePe pointed at its SANDBOX environment. */
export const isSandboxGateway = (s: GatewaySettings): boolean =>
  s.active === 'sandbox' || (s.active === 'phonepe' && s.phonepe?.env === 'SANDBOX');

/**
 * The setting as this stage may use it: on a stage that forbids sandbox payments a sandbox setting
 * (left over from a copied site, or seeded) reads as no gateway instead of taking play money.
 */
export function usableOnThisStage(s: GatewaySettings): GatewaySettings {
  return isSandboxGateway(s) && !sandboxPaymentsAllowed() ? NONE : s;
}

/** Settings change rarely; a short cache keeps the pay and verify paths at one read or none. */
const CACHE_MS = 30_000;
const cache = new Map<SiteId, { at: number; value: GatewaySettings }>();

export function clearGatewaySettingsCache(): void {
  cache.clear();
}

export async function gatewaySettings(siteId: SiteId, now = Date.now()): Promise<GatewaySettings> {
  const hit = cache.get(siteId);
  if (hit && now - hit.at < CACHE_MS) return hit.value;
  const parsed = ZGatewaySettings.safeParse(await siteSecret(siteId, 'paymentGateway'));
  // A broken setting disables the gateway instead of failing every page that asks for it.
  const value = parsed.success ? usableOnThisStage(parsed.data) : NONE;
  cache.set(siteId, { at: now, value });
  return value;
}
