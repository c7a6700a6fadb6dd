/**
 * HTTP to a TBO-style consolidator: JSON POSTs with the day's token and the end user's IP, a timeout
 * on every call, and the supplier's status codes turned into SupplyError. Credentials and tokens
 * are never logged.
 */
import { SupplyError, type SupplyContext } from '../types.ts';
import { localTime } from '../simulator/time.ts';
import { dynamoTokenCache, type TokenCache } from './token-repo.ts';
import type { SiteId } from '#lib/keys';

export { dynamoTokenCache, type TokenCache };

export interface TboSettings {
  kind: 'tbo';
  baseUrl: string;
  clientId: string;
  userName: string;
  password: string;
  /** Per-call timeouts, ms (search and booking calls). */
  searchTimeoutMs?: number;
  bookingTimeoutMs?: number;
}

export const TBO_PATHS = {
  authenticate: '/SharedServices/SharedData.svc/rest/Authenticate',
  search: '/BookingEngineService_Air/AirService.svc/rest/Search',
  calendarFare: '/BookingEngineService_Air/AirService.svc/rest/GetCalendarFare',
  fareRule: '/BookingEngineService_Air/AirService.svc/rest/FareRule',
  fareQuote: '/BookingEngineService_Air/AirService.svc/rest/FareQuote',
  ssr: '/BookingEngineService_Air/AirService.svc/rest/SSR',
  book: '/BookingEngineService_Air/AirService.svc/rest/Book',
  ticket: '/BookingEngineService_Air/AirService.svc/rest/Ticket',
  bookingDetails: '/BookingEngineService_Air/AirService.svc/rest/GetBookingDetails',
  release: '/BookingEngineService_Air/AirService.svc/rest/ReleasePNRRequest',
  changeRequest: '/BookingEngineService_Air/AirService.svc/rest/SendChangeRequest',
  changeRequestStatus: '/BookingEngineService_Air/AirService.svc/rest/GetChangeRequestStatus',
  cancellationCharges: '/BookingEngineService_Air/AirService.svc/rest/GetCancellationCharges',
} as const;
export type TboCall = keyof typeof TBO_PATHS;

/** TBO ResponseStatus values. */
export const TBO_STATUS = {
  successful: 1,
  failed: 2,
  invalidRequest: 3,
  invalidSession: 4,
  invalidCredentials: 5,
} as const;

/** TBO's calendar day is India's. */
export const tokenDay = (now: Date): string => localTime(now.getTime(), 'Asia/Kolkata').slice(0, 10);

type Json = Record<string, unknown>;
interface TboError {
  ErrorCode?: number;
  ErrorMessage?: string;
}

/** The status block of a TBO answer, wherever the call nests it. */
function statusOf(body: Json): { status: number; error: TboError } {
  const r = (body.Response as Json | undefined) ?? body;
  return {
    status: Number(r.ResponseStatus ?? body.Status ?? 0),
    error: ((r.Error ?? body.Error) as TboError | undefined) ?? {},
  };
}

export class TboClient {
  /** Token memo for this warm process, by day. */
  private token: { day: string; value: string } | null = null;

  constructor(
    private readonly ownerSiteId: SiteId,
    private readonly settings: TboSettings,
    private readonly cache: TokenCache = dynamoTokenCache,
  ) {}

  private async post(path: string, body: Json, timeoutMs: number, ctx: SupplyContext, op: string): Promise<Json> {
    const url = this.settings.baseUrl.replace(/\/$/, '') + path;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const name = (err as Error).name;
      ctx.log.warn('tbo call failed', { op, reason: name });
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new SupplyError('timeout', 'The supplier did not respond in time');
      throw new SupplyError('failed', 'The supplier could not be reached');
    }
    const text = await res.text();
    let json: Json;
    try {
      json = JSON.parse(text) as Json;
    } catch {
      ctx.log.warn('tbo answer not json', { op, status: res.status });
      throw new SupplyError('failed', `The supplier answered with HTTP ${res.status}`);
    }
    return json;
  }

  private timeout(op: TboCall): number {
    return op === 'search' || op === 'calendarFare'
      ? (this.settings.searchTimeoutMs ?? 25_000)
      : (this.settings.bookingTimeoutMs ?? 120_000);
  }

  private async authenticate(ctx: SupplyContext, day: string): Promise<string> {
    const body = await this.post(
      TBO_PATHS.authenticate,
      {
        ClientId: this.settings.clientId,
        UserName: this.settings.userName,
        Password: this.settings.password,
        EndUserIp: ctx.endUserIp,
      },
      this.timeout('authenticate'),
      ctx,
      'authenticate',
    );
    const { status, error } = statusOf(body);
    const tokenId = body.TokenId as string | undefined;
    if (status !== TBO_STATUS.successful || !tokenId) {
      ctx.log.warn('tbo authentication refused', { status, errorCode: error.ErrorCode });
      throw new SupplyError(
        'invalidSession',
        `The supplier refused the flight supply credentials: ${error.ErrorMessage || 'invalid credentials'}`,
      );
    }
    await this.cache.put(this.ownerSiteId, day, tokenId);
    return tokenId;
  }

  /** The day's token: this process's memo, then the shared cache, then a new Authenticate. */
  private async tokenFor(ctx: SupplyContext, fresh: boolean): Promise<string> {
    const day = tokenDay(ctx.now);
    if (!fresh) {
      if (this.token?.day === day) return this.token.value;
      const cached = await this.cache.get(this.ownerSiteId, day);
      if (cached) {
        this.token = { day, value: cached };
        return cached;
      }
    }
    const value = await this.authenticate(ctx, day);
    this.token = { day, value };
    return value;
  }

  /** One call with token and EndUserIp; an expired session is renewed once. Returns the inner `Response`. */
  async call(op: Exclude<TboCall, 'authenticate'>, body: Json, ctx: SupplyContext): Promise<Json> {
    for (let attempt = 0; ; attempt++) {
      const TokenId = await this.tokenFor(ctx, attempt > 0);
      const json = await this.post(
        TBO_PATHS[op],
        { ...body, EndUserIp: ctx.endUserIp, TokenId },
        this.timeout(op),
        ctx,
        op,
      );
      const { status, error } = statusOf(json);
      if (status === TBO_STATUS.successful) return (json.Response as Json | undefined) ?? json;
      if (status === TBO_STATUS.invalidSession && attempt === 0) continue;
      ctx.log.warn('tbo call refused', { op, status, errorCode: error.ErrorCode });
      const message = error.ErrorMessage || 'The supplier could not complete the request';
      if (status === TBO_STATUS.invalidRequest) throw new SupplyError('invalidRequest', message);
      if (status === TBO_STATUS.invalidSession || status === TBO_STATUS.invalidCredentials)
        throw new SupplyError('invalidSession', message);
      if (/sold out|no seats?|seats? (are |is )?(not|no longer) available/i.test(message))
        throw new SupplyError('soldOut', message);
      throw new SupplyError('failed', message);
    }
  }
}
