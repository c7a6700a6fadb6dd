/**
 * Only CloudFront reaches the API. CloudFront adds ORIGIN_HEADER with a secret from Secrets
 * Manager to every API request; the preset refuses any request without the right value with a 403 before it
 * reads anything else. The values are read once per cold start (AWSCURRENT and, during a rotation, AWSPENDING,
 * so both the old and the new header pass while the distributions update) and read again at most once a
 * minute when an unknown value arrives (a rotation finished since the cold start). Without ORIGIN_SECRET_ARN
 * (the local stack) nothing is checked; ORIGIN_SECRET is the same check with a plain value, for tests.
 */
import { timingSafeEqual } from 'node:crypto';
import { ORIGIN_HEADER } from '@tp/contracts/platform';
import { env } from './config.ts';
import { fail } from './errors.ts';

const REFRESH_MS = 60_000;
let cached: { at: number; values: string[] } | undefined;

async function readSecretValues(arn: string): Promise<string[]> {
  const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const client = new SecretsManagerClient({});
  const stage = (VersionStage: string) =>
    client
      .send(new GetSecretValueCommand({ SecretId: arn, VersionStage }))
      .then((r) => r.SecretString ?? '')
      // No AWSPENDING outside a rotation.
      .catch((err: { name?: string }) =>
        VersionStage !== 'AWSCURRENT' && err.name === 'ResourceNotFoundException' ? '' : Promise.reject(err),
      );
  return (await Promise.all([stage('AWSCURRENT'), stage('AWSPENDING')])).filter(Boolean);
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Throws a 403 unless the request came through CloudFront (a no-op where the stage does not require it).
 * Answers whether the origin secret was verified on THIS request: only then do the headers CloudFront adds
 * (`CloudFront-Viewer-Address`) come from CloudFront and not from whoever sent the request.
 */
export async function requireCloudFront(
  headers: Record<string, string | undefined>,
  now = Date.now(),
): Promise<boolean> {
  const { ORIGIN_SECRET_ARN, ORIGIN_SECRET } = env();
  if (!ORIGIN_SECRET_ARN && !ORIGIN_SECRET) return false;
  const given = headers[ORIGIN_HEADER];
  if (!given) throw fail.forbidden();
  if (!ORIGIN_SECRET_ARN) {
    if (!same(given, ORIGIN_SECRET)) throw fail.forbidden();
    return true;
  }
  if (!cached) cached = { at: now, values: await readSecretValues(ORIGIN_SECRET_ARN) };
  if (cached.values.some((v) => same(given, v))) return true;
  if (now - cached.at >= REFRESH_MS) {
    cached = { at: now, values: await readSecretValues(ORIGIN_SECRET_ARN) };
    if (cached.values.some((v) => same(given, v))) return true;
  }
  throw fail.forbidden();
}
