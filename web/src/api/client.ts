import type { RequestOf, ResponseOf } from '@tp/contracts/endpoint';
import type { SuccessEnvelope, TErrorEnvelope } from '@tp/contracts/envelope';
import { clearUserData } from '#lib/storage.ts';
import { siteStore } from '#lib/state.ts';
import { toastError } from '#lib/notify.ts';
import { urlPath, type CallTarget, type EndpointOf } from './boot.ts';
import { bootAnswer, takeBootRead } from './boot-reads.ts';
import { decideFailure, type Failure } from './catalogue.ts';
import { currentLocation, navigateTo } from './navigation.ts';

export type Envelope<T> = SuccessEnvelope<T> | TErrorEnvelope;

/** Input and payload of a call target: a contract endpoint or its schema-free copy (boot.ts). */
export type RequestIn<E> = RequestOf<EndpointOf<E>>;
export type ResponseIn<E> = ResponseOf<EndpointOf<E>>;

/**
 * How much of the error catalogue a call wants:
 * - 'all' (default): toasts, logout on 401, booking review on 402;
 * - 'navigation': everything but toasts (the caller shows its own message);
 * - 'none': nothing at all (the caller decides, e.g. the session check sends to /logout).
 */
export type Handling = 'all' | 'navigation' | 'none';

export interface CallOptions {
  handling?: Handling;
  signal?: AbortSignal;
  /** Reads the response body as JSON (default `res.json()`); the flight search parses its large answer in a worker. */
  parse?: (res: Response) => Promise<unknown>;
  /** Send the stored site's id (default). The branding call itself does not: it is how the id is found. */
  siteId?: boolean;
}

/** A failed call. `envelope` is the server's error envelope when there was one (field errors in `shortError`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly envelope: TErrorEnvelope | null,
  ) {
    super(envelope?.errorMessage || envelope?.message || (status ? `HTTP ${status}` : 'No response'));
    this.name = 'ApiError';
  }
  /** Field → message, for form.setFieldError. */
  get fieldErrors(): Record<string, string> {
    return this.envelope?.shortError ?? {};
  }
  /** What the refusal offers to choose from (the endpoint's shape; parse it with its schema). */
  get detail(): Record<string, unknown> | undefined {
    return this.envelope?.detail;
  }
}

/** Optional API origin for builds served apart from the API (default: same origin). */
const API_ORIGIN = import.meta.env.VITE_API_ORIGIN ?? '';

function encodeQueryValue(v: unknown): string {
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * URL and fetch options for an endpoint: `{name}` path parameters are filled from the input, GET
 * sends the rest as a query string, POST and DELETE as a JSON body.
 */
export function buildRequest(
  endpoint: Pick<CallTarget, 'api' | 'path' | 'method'>,
  input: unknown,
  { siteId: withSiteId = true }: Pick<CallOptions, 'siteId'> = {},
): { url: string; init: RequestInit } {
  const rest: Record<string, unknown> = { ...((input ?? {}) as Record<string, unknown>) };
  const path = urlPath(endpoint).replace(/\{(\w+)\??\}/g, (_m, name: string) => {
    const value = rest[name];
    delete rest[name];
    return value === undefined || value === null ? '' : encodeURIComponent(String(value));
  });
  const headers: Record<string, string> = { accept: 'application/json', 'domain-name': window.location.hostname };
  const siteId = withSiteId ? siteStore.get()?._id : undefined;
  if (siteId) headers['site-id'] = siteId;
  let url = `${API_ORIGIN}${path.replace(/\/+$/, '') || '/'}`;
  let body: string | undefined;
  if (endpoint.method === 'GET') {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(rest)) {
      if (v === undefined || v === null) continue;
      if (Array.isArray(v)) v.forEach((item) => query.append(k, encodeQueryValue(item)));
      else query.set(k, encodeQueryValue(v));
    }
    const qs = query.toString();
    if (qs) url += `?${qs}`;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(rest);
  }
  return { url, init: { method: endpoint.method, headers, body, credentials: 'include' } };
}

function fail(failure: Failure, handling: Handling): void {
  if (handling === 'none') return;
  const outcome = decideFailure(failure, currentLocation());
  switch (outcome.kind) {
    case 'log':
      console.error(`[api] ${failure.endpoint.method} request got no response`, failure.error);
      break;
    case 'logout':
      clearUserData();
      navigateTo(outcome.to, { replace: true });
      break;
    case 'navigate':
      navigateTo(outcome.to);
      break;
    case 'toast':
      if (handling === 'all') toastError(outcome.message);
      break;
    case 'silent':
      break;
  }
}

/** The answer the boot loader already has for this read (boot-reads.ts `bootAnswer`), if any. */
export function earlyAnswer<E extends CallTarget>(endpoint: E, input: RequestIn<E>): ResponseIn<E> | undefined {
  const { url, init } = buildRequest(endpoint, input);
  return init.method === 'GET' ? (bootAnswer(url) as ResponseIn<E> | undefined) : undefined;
}

async function exchange<E extends CallTarget>(
  endpoint: E,
  input: RequestIn<E>,
  options: CallOptions,
): Promise<{ status: number; envelope: Envelope<ResponseIn<E>> }> {
  const handling = options.handling ?? 'all';
  const { url, init } = buildRequest(endpoint, input, options);
  let res: Response;
  try {
    const early = init.method === 'GET' ? takeBootRead(url) : undefined;
    res = (early && (await early)) || (await fetch(url, { ...init, signal: options.signal }));
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    fail({ endpoint, status: 0, error }, handling);
    throw new ApiError(0, null);
  }
  const body: unknown = await (options.parse ?? ((r: Response) => r.json()))(res).catch(() => undefined);
  const isEnvelope =
    body !== null && typeof body === 'object' && typeof (body as { success?: unknown }).success === 'boolean';
  if (res.ok && isEnvelope && (body as { success: boolean }).success) {
    return { status: res.status, envelope: body as SuccessEnvelope<ResponseIn<E>> };
  }
  fail({ endpoint, status: res.status, body }, handling);
  // "success false with errorMessage: … response returned" (spec 000 §8).
  if (isEnvelope) return { status: res.status, envelope: body as TErrorEnvelope };
  throw new ApiError(res.status, null);
}

/**
 * Calls an endpoint and returns its envelope: success, or the server's error envelope after the
 * error catalogue has run. Throws ApiError only when no envelope came back.
 */
export async function send<E extends CallTarget>(
  endpoint: E,
  input: RequestIn<E>,
  options: CallOptions = {},
): Promise<Envelope<ResponseIn<E>>> {
  return (await exchange(endpoint, input, options)).envelope;
}

/** Calls an endpoint and returns its payload (`result`, or `data` for the calls that use it); failures throw ApiError. */
export async function call<E extends CallTarget>(
  endpoint: E,
  input: RequestIn<E>,
  options: CallOptions = {},
): Promise<ResponseIn<E>> {
  return (await callWithMessage(endpoint, input, options)).result;
}

/** Like `call`, with the success envelope's `message` too: what the server says it did (for the success toast). */
export async function callWithMessage<E extends CallTarget>(
  endpoint: E,
  input: RequestIn<E>,
  options: CallOptions = {},
): Promise<{ result: ResponseIn<E>; message: string | undefined }> {
  const { status, envelope } = await exchange(endpoint, input, options);
  if (!envelope.success) throw new ApiError(status, envelope);
  // A `result` of null is an answer ("none yet"), not a missing one: `??` would turn it into undefined, which SWR
  // reads as still loading (a site without invoice settings never saw their form).
  const result = (
    endpoint.envelope === 'data' || !('result' in envelope) ? envelope.data : envelope.result
  ) as ResponseIn<E>;
  return { result, message: envelope.message || undefined };
}
