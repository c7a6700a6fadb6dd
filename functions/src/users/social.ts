import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as z from 'zod/mini';
import { lazy } from '@tp/contracts/lazy';
import { env } from '#lib/config';
import { log } from '#lib/logger';

export type SocialProvider = 'google' | 'facebook';

/** What a verified Google / Facebook ID token tells us about the person. */
export interface SocialIdentity {
  provider: SocialProvider;
  subject: string;
  /** Verified by the provider: Google says so explicitly (email_verified); Facebook only releases confirmed addresses. */
  email: string;
  firstName: string;
  lastName: string;
}

/** Key sets are cached per URL for the life of the Lambda (jose refetches on an unknown key id). */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(url: string): ReturnType<typeof createRemoteJWKSet> {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 });
    keySets.set(url, set);
  }
  return set;
}

function providerConfig(provider: SocialProvider): { jwksUrl: string; issuers: string[] } {
  const e = env();
  return provider === 'google'
    ? {
        jwksUrl: e.GOOGLE_JWKS_URL,
        issuers: e.GOOGLE_ISSUERS.split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      }
    : { jwksUrl: e.FACEBOOK_JWKS_URL, issuers: [e.FACEBOOK_ISSUER] };
}

// Built on first use: only a Google / Facebook sign-in reads it, and every users Lambda loads this module.
const ZClaims = lazy(() =>
  z.object({
    sub: z.string().check(z.minLength(1), z.maxLength(255)),
    email: z.email(),
    // Google sends a boolean; some older tokens carry the string form.
    email_verified: z.optional(
      z.union([
        z.boolean(),
        z.pipe(
          z.enum(['true', 'false']),
          z.transform((v) => v === 'true'),
        ),
      ]),
    ),
    given_name: z.optional(z.string()),
    family_name: z.optional(z.string()),
    name: z.optional(z.string()),
  }),
);

/**
 * Verifies an ID token's signature against the provider's published keys, its issuer, its audience
 * (the site's own client / app id) and its expiry. Returns null for any token we must not trust,
 * including one without an email (or, for Google, without a verified email).
 */
export async function verifySocialToken(
  provider: SocialProvider,
  credential: string,
  audience: string,
): Promise<SocialIdentity | null> {
  const { jwksUrl, issuers } = providerConfig(provider);
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(credential, keySet(jwksUrl), {
      issuer: issuers,
      audience,
      algorithms: ['RS256'],
      clockTolerance: 30,
    }));
  } catch (err) {
    log.info('social token rejected', { provider, reason: (err as { code?: string }).code ?? (err as Error).name });
    return null;
  }
  const claims = ZClaims.safeParse(payload);
  if (!claims.success) return null;
  const c = claims.data;
  if (provider === 'google' && c.email_verified !== true) return null;
  const [first = '', ...rest] = (c.name ?? '').trim().split(/\s+/);
  return {
    provider,
    subject: c.sub,
    email: c.email.toLowerCase(),
    firstName: c.given_name?.trim() || first,
    lastName: c.family_name?.trim() || rest.join(' '),
  };
}
