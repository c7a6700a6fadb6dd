/**
 * Duffel through its official client (`@duffel/api`): one client per access token, pointed at the
 * settings' base URL (Duffel's own, or the local server in tests and `npm run up`), a timeout on every
 * call, and Duffel's errors turned into SupplyError. The access token is never logged.
 */
import { Duffel, DuffelError } from '@duffel/api';
import { SupplyError, type SupplyContext } from '../types.ts';

export interface DuffelSettings {
  kind: 'duffel';
  /** Duffel's API (https://api.duffel.com) or a server speaking its wire format. */
  baseUrl: string;
  /** A Duffel access token (`duffel_test_…` or `duffel_live_…`). */
  accessToken: string;
  /** Per-call timeouts, ms (searches, and every other call). */
  searchTimeoutMs?: number;
  bookingTimeoutMs?: number;
}

export const DUFFEL_API_VERSION = 'v2';

/** Duffel error codes that mean the offer or seats are gone, not that the request was wrong. */
const SOLD_OUT_CODES = new Set(['offer_no_longer_available', 'offer_sold_out', 'no_seats_available']);
const EXPIRED_CODES = new Set(['offer_expired', 'order_change_offer_expired', 'order_cancellation_expired']);

type DuffelFailure = InstanceType<typeof DuffelError>;

/** The supplier error kind of a Duffel error (errors[0].type / code, else the HTTP status). */
export function supplyErrorOf(err: DuffelFailure): SupplyError {
  const first = err.errors?.[0];
  const message = first?.message || first?.title || `Duffel answered with HTTP ${err.status ?? 'error'}`;
  const code = first?.code ?? '';
  if (SOLD_OUT_CODES.has(code)) return new SupplyError('soldOut', message);
  if (EXPIRED_CODES.has(code)) return new SupplyError('expired', message);
  switch (first?.type) {
    case 'authentication_error':
      return new SupplyError('invalidSession', `The supplier refused the flight supply credentials: ${message}`);
    case 'validation_error':
    case 'invalid_request_error':
      return new SupplyError('invalidRequest', message);
    case 'invalid_state_error':
      return new SupplyError('notAllowed', message);
    case 'rate_limit_error':
      return new SupplyError('failed', `The supplier is busy, try again shortly: ${message}`);
    default:
      if (err.status === 401 || err.status === 403)
        return new SupplyError('invalidSession', `The supplier refused the flight supply credentials: ${message}`);
      if (err.status === 504) return new SupplyError('timeout', 'The supplier did not respond in time');
      return new SupplyError('failed', message);
  }
}

export class DuffelCalls {
  readonly api: Duffel;

  constructor(private readonly settings: DuffelSettings) {
    this.api = new Duffel({
      token: settings.accessToken,
      basePath: settings.baseUrl.replace(/\/$/, ''),
      apiVersion: DUFFEL_API_VERSION,
    });
  }

  /** Search calls wait less than booking calls (Duffel's own supplier timeout is sent with a search). */
  timeout(kind: 'search' | 'booking'): number {
    return kind === 'search' ? (this.settings.searchTimeoutMs ?? 25_000) : (this.settings.bookingTimeoutMs ?? 120_000);
  }

  /**
   * One client call under a timeout. The client cannot abort a request, so a late answer is dropped: a
   * booking call that timed out is found again by its reference (`findBooking`) before it is retried.
   */
  async run<T>(
    op: string,
    kind: 'search' | 'booking',
    work: (api: Duffel) => Promise<T>,
    ctx: SupplyContext,
  ): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new SupplyError('timeout', 'The supplier did not respond in time')),
        this.timeout(kind),
      );
    });
    try {
      return await Promise.race([work(this.api), timedOut]);
    } catch (err) {
      if (err instanceof SupplyError) {
        ctx.log.warn('duffel call failed', { op, kind: err.kind });
        throw err;
      }
      if (err instanceof DuffelError) {
        const mapped = supplyErrorOf(err);
        ctx.log.warn('duffel call refused', {
          op,
          status: err.status,
          code: err.errors?.[0]?.code,
          requestId: err.meta?.request_id,
        });
        throw mapped;
      }
      ctx.log.warn('duffel call failed', { op, reason: (err as Error).name });
      throw new SupplyError('failed', 'The supplier could not be reached');
    } finally {
      clearTimeout(timer);
    }
  }
}
