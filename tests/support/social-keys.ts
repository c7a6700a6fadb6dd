/**
 * Stand-in for Google's and Facebook's published signing keys: an RS256 key pair made per test run and
 * a tiny JWKS server on 127.0.0.1. Global setup points GOOGLE_JWKS_URL / FACEBOOK_JWKS_URL at it before
 * the stack starts (the handlers run in that process) and provides the private key to test workers,
 * which sign ID tokens with `signIdToken`.
 */
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { inject } from 'vitest';

export const SOCIAL_ISSUERS = { google: 'https://accounts.google.com', facebook: 'https://www.facebook.com' } as const;
export const SOCIAL_KEY_ID = 'test-social-key';

export interface SocialKeys {
  jwksUrl: string;
  privateJwk: JWK;
  stop(): Promise<void>;
}

export async function startSocialKeys(port: number): Promise<SocialKeys> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: SOCIAL_KEY_ID, alg: 'RS256', use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid: SOCIAL_KEY_ID, alg: 'RS256' };
  const body = JSON.stringify({ keys: [publicJwk] });
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    jwksUrl: `http://127.0.0.1:${port}/jwks`,
    privateJwk,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Env the handlers read (functions/src/lib/config.ts) to trust the local keys. */
export const socialEnv = (jwksUrl: string): Record<string, string> => ({
  GOOGLE_JWKS_URL: jwksUrl,
  GOOGLE_ISSUERS: SOCIAL_ISSUERS.google,
  FACEBOOK_JWKS_URL: jwksUrl,
  FACEBOOK_ISSUER: SOCIAL_ISSUERS.facebook,
});

/**
 * An ID token as the provider would issue it. `key` defaults to the run's trusted key; pass another
 * JWK to forge one the server must refuse.
 */
export async function signIdToken(
  claims: JWTPayload & {
    email?: string;
    email_verified?: boolean;
    given_name?: string;
    family_name?: string;
    name?: string;
  },
  opts: { issuer: string; audience: string; key?: JWK; expiresIn?: string },
): Promise<string> {
  const jwk = opts.key ?? inject('socialPrivateJwk');
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid ?? SOCIAL_KEY_ID })
    .setIssuer(opts.issuer)
    .setAudience(opts.audience)
    .setIssuedAt()
    .setExpirationTime(opts.expiresIn ?? '10m')
    .sign(key);
}

/** A key pair nobody trusts, with the same key id as the trusted one. */
export async function foreignJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: SOCIAL_KEY_ID, alg: 'RS256' };
}

declare module 'vitest' {
  export interface ProvidedContext {
    socialPrivateJwk: JWK;
  }
}
