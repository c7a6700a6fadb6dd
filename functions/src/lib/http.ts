import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { z } from 'zod';
import { routeKey, type Endpoint, type ParsedRequestOf, type ResponseOf } from '@tp/contracts/endpoint';
import { MSG } from '@tp/contracts/messages';
import { AUTH, REQUEST_LIMITS } from '@tp/contracts/platform';
import type { TErrorEnvelope } from '@tp/contracts/envelope';
import { API_SECURITY_HEADERS } from '@tp/contracts/security-headers';
import { encodeBody } from './compress.ts';
import { AppError, fail } from './errors.ts';
import { createLogger, type Logger } from './logger.ts';
import { parseCookies, clearSessionCookie } from './cookies.ts';
import { resolveSite, type SiteRecord } from './tenancy.ts';
import { findSession, deleteSession, type SessionRecord } from './sessions.ts';
import { principalFromItem, type Principal } from './principal.ts';
import { permissionsOf } from './permissions.ts';
import { refuseCrossSite } from './origin-guard.ts';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

/** What an operation gets besides its parsed input. */
export interface RequestContext {
  requestId: string;
  headers: Record<string, string | undefined>;
  cookies: Record<string, string>;
  ip: string;
  now: Date;
  log: Logger;
  /** The calling site (resolved once per request, on first use). */
  site(): Promise<SiteRecord>;
  /** The session token the request carried, if any (for logout). */
  token: string | undefined;
  /** Set for 'user' / 'staff' / 'superAdmin' endpoints; optional for 'public'. */
  principal: Principal | undefined;
  session: SessionRecord | undefined;
}

/** Set cookies or a message alongside the payload. */
export class Reply<T> {
  constructor(
    readonly payload: T,
    readonly options: { message?: string; cookies?: string[]; status?: number } = {},
  ) {}
}
export const reply = <T>(payload: T, options: Reply<T>['options'] = {}): Reply<T> => new Reply(payload, options);

export interface Operation<E extends Endpoint = Endpoint> {
  endpoint: E;
  run(input: ParsedRequestOf<E>, ctx: RequestContext): Promise<ResponseOf<E> | Reply<ResponseOf<E>>>;
}

/** Binds an implementation to its contract; types flow from the endpoint's schemas. */
export function operation<E extends Endpoint>(endpoint: E, run: Operation<E>['run']): Operation {
  return { endpoint, run } as unknown as Operation;
}

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  // CSP, HSTS, nosniff, no framing (@tp/contracts/security-headers), also when the API is called directly.
  ...API_SECURITY_HEADERS,
};

function envelopeError(err: AppError): HttpResult {
  const body: TErrorEnvelope = {
    success: false,
    message: err.message,
    errorMessage: err.message,
    code: err.code,
    ...(err.fields ? { shortError: err.fields } : {}),
  };
  return { statusCode: err.status, headers: JSON_HEADERS, body: JSON.stringify(body) };
}

/** zod issues → the first message for the toast plus one message per field path. */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    fields[path] ??= issue.message;
  }
  const first = error.issues[0]?.message ?? MSG.required;
  return fail.validation(first, fields);
}

function readInput(event: HttpEvent): unknown {
  const params = { ...(event.pathParameters ?? {}) };
  if (event.requestContext.http.method === 'GET') return { ...(event.queryStringParameters ?? {}), ...params };
  let body: unknown = {};
  if (event.body) {
    const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    // No call takes more than a few KB (rich html ≤ 100 KB): refuse before parsing, not after.
    if (Buffer.byteLength(raw) > REQUEST_LIMITS.bodyBytes)
      throw new AppError('TOO_LARGE', MSG.requestTooLarge, { _: MSG.requestTooLarge });
    try {
      body = JSON.parse(raw);
    } catch {
      throw fail.validation(MSG.bodyNotJson, { _: MSG.bodyNotJson });
    }
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw fail.validation(MSG.bodyNotObject, { _: MSG.bodyNotObject });
  return { ...(event.queryStringParameters ?? {}), ...(body as object), ...params };
}

async function authorise(op: Operation, ctx: RequestContext): Promise<void> {
  const rule = op.endpoint.auth;
  if (rule === 'token') return;
  if (ctx.token) {
    const site = await ctx.site();
    const found = await findSession(site.siteId, ctx.token, ctx.now);
    if (found) {
      const { session } = found;
      const principal = principalFromItem(site.siteId, found.user);
      if (principal.isBlocked) {
        await deleteSession(site.siteId, ctx.token);
        if (rule !== 'public') throw new AppError('UNAUTHENTICATED', MSG.accountBlocked);
      } else {
        ctx.session = session;
        ctx.principal = principal;
      }
    }
  }
  if (rule === 'public') return;
  const p = ctx.principal;
  if (!p) throw fail.unauthenticated(ctx.token ? MSG.sessionExpired : MSG.loggedOut);
  if ((rule === 'staff' || rule === 'superAdmin') && p.userType !== 'staff') throw fail.forbidden();
  if (rule === 'superAdmin' && !p.isSuperAdmin) throw fail.forbidden();
  // Permissions are enforced here for every endpoint that names one, not only hidden in menus.
  // On 'user' endpoints (flights) the permission binds staff only: customers are governed by their own
  // switches (flight search / hold allowed), not by RBAC groups.
  const needed = op.endpoint.permission;
  if (needed && p.userType === 'staff' && !(await permissionsOf(p)).has(needed)) throw fail.forbidden();
}

/**
 * The visitor's address. Behind CloudFront, API Gateway's `sourceIp` is the edge's address (many
 * visitors share it), so the per-address login limit reads `CloudFront-Viewer-Address` ("ip:port",
 * forwarded by the API behaviours' AllViewerExceptHostHeader policy) when present. Until the origin
 * guard of issue #17 lands, a caller reaching API Gateway directly could set that header itself; the
 * per-email limit still binds such a caller.
 */
export function clientAddress(event: HttpEvent): string {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  const ip = viewer ? viewer.slice(0, viewer.lastIndexOf(':')) : '';
  return ip || event.requestContext.http.sourceIp;
}

/**
 * One Lambda per domain: routes by the API Gateway route key to the operation, then
 * authorise → parse (zod) → run → success envelope. Errors become the error envelope.
 */
export function domainHandler(operations: Operation[]) {
  const byKey = new Map(operations.map((op) => [routeKey(op.endpoint), op]));

  const route = async (event: HttpEvent, lambdaCtx: { awsRequestId?: string }): Promise<HttpResult> => {
    const started = performance.now();
    const requestId = event.requestContext.requestId ?? lambdaCtx.awsRequestId ?? '';
    const headers = event.headers ?? {};
    const log = createLogger({ requestId, route: event.routeKey });
    const op = byKey.get(event.routeKey);
    let status = 500;
    let siteId: string | undefined;
    let sitePromise: Promise<SiteRecord> | undefined;
    const cookies = parseCookies(event.cookies, headers['cookie']);
    const ctx: RequestContext = {
      requestId,
      headers,
      cookies,
      ip: clientAddress(event),
      now: new Date(),
      log,
      site: () => (sitePromise ??= resolveSite(headers).then((s) => ((siteId = s.siteId), s))),
      token: headers[AUTH.tokenName] || cookies[AUTH.tokenName] || undefined,
      principal: undefined,
      session: undefined,
    };
    try {
      if (!op) throw fail.notFound();
      // A page on another origin must not be able to act with the visitor's cookie (CSRF).
      await refuseCrossSite(op.endpoint, headers, ctx.site);
      // Who may call comes first: a caller without access learns nothing about the input a call expects.
      await authorise(op, ctx);
      const parsed = op.endpoint.request.safeParse(readInput(event));
      if (!parsed.success) throw validationError(parsed.error);
      const out = await op.run(parsed.data as never, ctx);
      const r = out instanceof Reply ? out : new Reply(out);
      status = r.options.status ?? 200;
      const key = op.endpoint.envelope ?? 'result';
      const encoded = encodeBody(
        JSON.stringify({
          success: true,
          ...(r.options.message ? { message: r.options.message } : {}),
          [key]: r.payload,
        }),
        headers['accept-encoding'],
      );
      return {
        statusCode: status,
        headers: { ...JSON_HEADERS, ...encoded.headers },
        ...(r.options.cookies ? { cookies: r.options.cookies } : {}),
        body: encoded.body,
        ...(encoded.isBase64Encoded ? { isBase64Encoded: true } : {}),
      };
    } catch (err) {
      const appErr =
        err instanceof AppError
          ? err
          : new AppError('INTERNAL', MSG.somethingWentWrong, undefined, String((err as Error)?.stack ?? err));
      status = appErr.status;
      if (status >= 500) log.error('request failed', { code: appErr.code, detail: appErr.internal ?? appErr.message });
      const res = envelopeError(appErr);
      // A 401 also clears a stale cookie so the browser stops sending it.
      if (status === 401 && ctx.token && cookies[AUTH.tokenName]) res.cookies = [clearSessionCookie()];
      return res;
    } finally {
      log.info('request', {
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        siteId,
        userId: ctx.principal?.userId,
      });
    }
  };

  return middy<HttpEvent, HttpResult>().use(httpHeaderNormalizer()).handler(route);
}
