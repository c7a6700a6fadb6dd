/**
 * PhonePe Standard Checkout (PG v2) over its documented REST API: the same endpoints, bodies and
 * headers the official pg-sdk-node uses (/v1/oauth/token, /checkout/v2/pay,
 * /checkout/v2/order/{id}/status, /payments/v2/refund, /payments/v2/refund/{id}/status).
 *
 * Why not the SDK itself: its StandardCheckoutClient allows one merchant per process (getInstance
 * throws for a second set of credentials) and caches the OAuth token in a static field shared by all
 * clients, so two sites with their own PhonePe accounts in one Lambda would pay with each other's
 * token; and its hosts are fixed constants, so it cannot be pointed at a test stub. Here every site
 * has its own token cache, and PHONEPE_BASE_URL (tests only) replaces both hosts.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { PhonePeCredentials } from './settings.ts';
import type { GatewayRefundState, GatewayState, GatewayStatus, PaymentGateway } from './types.ts';
import { type SiteId } from '#lib/keys';

const HOSTS = {
  PRODUCTION: { pg: 'https://api.phonepe.com/apis/pg', oauth: 'https://api.phonepe.com/apis/identity-manager' },
  SANDBOX: {
    pg: 'https://api-preprod.phonepe.com/apis/pg-sandbox',
    oauth: 'https://api-preprod.phonepe.com/apis/pg-sandbox',
  },
} as const;
const TIMEOUT_MS = 15_000;

export class PhonePeError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

interface Token {
  value: string;
  /** Refresh at half-life, like the SDK. */
  refreshAt: number;
}

const hosts = (env: PhonePeCredentials['env']) => {
  const override = process.env.PHONEPE_BASE_URL;
  return override ? { pg: override, oauth: override } : HOSTS[env];
};

/** PhonePe works in paise. */
const toPaise = (rupees: number) => Math.round(rupees * 100);
const toRupees = (paise: unknown) => (typeof paise === 'number' ? paise / 100 : null);

function refundState(state: unknown): GatewayRefundState {
  if (state === 'COMPLETED') return 'COMPLETED';
  if (state === 'FAILED') return 'FAILED';
  return 'PENDING';
}

function normaliseState(state: unknown): GatewayState {
  if (state === 'COMPLETED') return 'COMPLETED';
  if (state === 'FAILED') return 'FAILED';
  return 'PENDING';
}

export function createPhonePeGateway(
  credentialsOf: (siteId: SiteId) => Promise<PhonePeCredentials>,
  fetchFn: typeof fetch = fetch,
): PaymentGateway {
  const tokens = new Map<string, Token>();

  async function request(siteId: SiteId, method: 'GET' | 'POST', path: string, body?: unknown, retried = false) {
    const creds = await credentialsOf(siteId);
    const token = await tokenFor(siteId, creds);
    const res = await fetchFn(`${hosts(creds.env).pg}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: token,
        source: 'API',
        'source-platform': 'BACKEND_NODE_SDK',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (res.status === 401 && !retried) {
      tokens.delete(tokenKey(siteId, creds));
      return request(siteId, method, path, body, true);
    }
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok)
      throw new PhonePeError(String(json.message ?? `PhonePe HTTP ${res.status}`), res.status, json.code as string);
    return json;
  }

  const tokenKey = (siteId: SiteId, c: PhonePeCredentials) => `${siteId}|${c.clientId}|${c.clientVersion}|${c.env}`;

  async function tokenFor(siteId: SiteId, creds: PhonePeCredentials): Promise<string> {
    const key = tokenKey(siteId, creds);
    const nowS = Math.floor(Date.now() / 1000);
    const hit = tokens.get(key);
    if (hit && nowS < hit.refreshAt) return hit.value;
    const res = await fetchFn(`${hosts(creds.env).oauth}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: creds.clientId,
        client_secret: creds.clientSecret,
        client_version: String(creds.clientVersion),
        grant_type: 'client_credentials',
      }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok || typeof json.access_token !== 'string')
      throw new PhonePeError(`PhonePe token refused (HTTP ${res.status})`, res.status, json.code as string);
    const issuedAt = Number(json.issued_at ?? nowS);
    const expiresAt = Number(json.expires_at ?? nowS + 600);
    const value = `${String(json.token_type ?? 'O-Bearer')} ${json.access_token}`;
    tokens.set(key, { value, refreshAt: Math.floor(issuedAt + (expiresAt - issuedAt) / 2) });
    return value;
  }

  return {
    name: 'phonepe',
    async create({ siteId, paymentId, amount, returnUrl, expireAfter, message }) {
      const out = await request(siteId, 'POST', '/checkout/v2/pay', {
        merchantOrderId: paymentId,
        amount: toPaise(amount),
        expireAfter,
        paymentFlow: { type: 'PG_CHECKOUT', message, merchantUrls: { redirectUrl: returnUrl } },
      });
      if (typeof out.redirectUrl !== 'string' || !out.redirectUrl)
        throw new PhonePeError('PhonePe returned no redirect URL', 502);
      return { redirectTo: out.redirectUrl };
    },
    async status(siteId, paymentId): Promise<GatewayStatus> {
      const out = await request(
        siteId,
        'GET',
        `/checkout/v2/order/${encodeURIComponent(paymentId)}/status?details=false`,
      );
      const state = normaliseState(out.state);
      const details = Array.isArray(out.paymentDetails) ? (out.paymentDetails as Record<string, unknown>[]) : [];
      const attempt = details.find((d) => d.state === 'COMPLETED') ?? details[0];
      return {
        state,
        transactionId: typeof attempt?.transactionId === 'string' ? attempt.transactionId : null,
        amount: state === 'COMPLETED' ? toRupees(out.amount) : null,
      };
    },
    async refund(siteId, paymentId, refundId, amount) {
      const out = await request(siteId, 'POST', '/payments/v2/refund', {
        merchantRefundId: refundId,
        originalMerchantOrderId: paymentId,
        amount: toPaise(amount),
      });
      return { state: refundState(out.state) };
    },
    async refundStatus(siteId, refundId) {
      try {
        const out = await request(siteId, 'GET', `/payments/v2/refund/${encodeURIComponent(refundId)}/status`);
        return { state: refundState(out.state) };
      } catch (err) {
        // Never received: the caller may send it (PhonePe answers an unknown merchant refund id with 404).
        if (err instanceof PhonePeError && err.httpStatus === 404) return null;
        throw err;
      }
    },
  };
}

/**
 * PhonePe's S2S callback proves itself with `Authorization: SHA256(username:password)` (hex), the pair set
 * for the callback URL on PhonePe's dashboard (what pg-sdk-node's validateCallback checks). False when the
 * site has no pair configured, so a site that never set one accepts no callback at all.
 */
export function isGenuinePhonePeCallback(
  creds: Pick<PhonePeCredentials, 'callbackUsername' | 'callbackPassword'> | undefined,
  authorization: string | undefined,
): boolean {
  if (!creds?.callbackUsername || !creds.callbackPassword || !authorization) return false;
  const expected = createHash('sha256').update(`${creds.callbackUsername}:${creds.callbackPassword}`).digest();
  const given = Buffer.from(authorization.trim().toLowerCase(), 'utf8');
  const want = Buffer.from(expected.toString('hex'), 'utf8');
  return given.length === want.length && timingSafeEqual(given, want);
}
