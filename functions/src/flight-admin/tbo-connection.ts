/**
 * "Test connection" for a TBO-style consolidator: one Authenticate with the given credentials (the
 * adapter's path and status codes), then, with the token, the agency's balance where the API offers it
 * (TBO's GetAgencyBalance; a consolidator or stub without it simply reports none). Credentials and the
 * token are never logged nor returned.
 */
import { TBO_PATHS, TBO_STATUS, type TboSettings } from '../supply/index.ts';
import type { Logger } from '#lib/logger';

export const TBO_AGENCY_BALANCE_PATH = '/SharedServices/SharedData.svc/rest/GetAgencyBalance';
const TIMEOUT_MS = 10_000;

type Json = Record<string, unknown>;

async function post(url: string, body: Json): Promise<{ status: number; json: Json | null }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await res.text();
  try {
    const json: unknown = JSON.parse(text);
    return { status: res.status, json: json && typeof json === 'object' ? (json as Json) : null };
  } catch {
    return { status: res.status, json: null };
  }
}

const statusOf = (body: Json) => {
  const r = (body.Response as Json | undefined) ?? body;
  const error = (r.Error ?? body.Error) as { ErrorMessage?: string } | undefined;
  return { status: Number(r.ResponseStatus ?? body.Status ?? 0), message: error?.ErrorMessage ?? '' };
};

export interface ConnectionResult {
  ok: boolean;
  message: string;
  agencyBalance: { amount: number; currency: string } | null;
}

export async function testTboConnection(
  settings: Pick<TboSettings, 'baseUrl' | 'clientId' | 'userName' | 'password'>,
  endUserIp: string,
  log: Logger,
): Promise<ConnectionResult> {
  const base = settings.baseUrl.replace(/\/$/, '');
  let auth: Awaited<ReturnType<typeof post>>;
  try {
    auth = await post(base + TBO_PATHS.authenticate, {
      ClientId: settings.clientId,
      UserName: settings.userName,
      Password: settings.password,
      EndUserIp: endUserIp,
    });
  } catch (err) {
    const timeout = ['TimeoutError', 'AbortError'].includes((err as Error).name);
    log.warn('tbo connection test failed', { reason: (err as Error).name });
    return {
      ok: false,
      message: timeout ? 'The supplier did not respond in time' : 'The supplier could not be reached at this URL',
      agencyBalance: null,
    };
  }
  if (!auth.json) return { ok: false, message: `The supplier answered with HTTP ${auth.status}`, agencyBalance: null };
  const { status, message } = statusOf(auth.json);
  const token = auth.json.TokenId as string | undefined;
  if (status !== TBO_STATUS.successful || !token) {
    log.warn('tbo connection test refused', { status });
    return {
      ok: false,
      message: `The supplier refused the credentials: ${message || 'invalid credentials'}`,
      agencyBalance: null,
    };
  }
  return {
    ok: true,
    message: 'Connected: the supplier accepted the credentials',
    agencyBalance: await agencyBalance(),
  };

  async function agencyBalance(): Promise<ConnectionResult['agencyBalance']> {
    const member = (auth.json!.Member as Json | undefined) ?? {};
    try {
      const res = await post(base + TBO_AGENCY_BALANCE_PATH, {
        ClientId: settings.clientId,
        TokenAgencyId: member.AgencyId,
        TokenMemberId: member.MemberId,
        EndUserIp: endUserIp,
        TokenId: token,
      });
      if (!res.json || statusOf(res.json).status !== TBO_STATUS.successful) return null;
      const r = res.json;
      const cash = Number(r.CashBalance ?? (r.Response as Json | undefined)?.CashBalance);
      if (!Number.isFinite(cash)) return null;
      return { amount: cash, currency: String(r.Currency ?? 'INR') };
    } catch {
      return null; // the balance is a nicety; the connection itself worked
    }
  }
}
