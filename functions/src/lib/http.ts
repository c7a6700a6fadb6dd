import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod/mini';
import { isConsoleRule, routeKey, type Endpoint, type ParsedRequestOf, type ResponseOf } from '@tp/contracts/endpoint';
import { preparePhoneLib } from '@tp/domain/phone';
import * as MSG from '@tp/contracts/messages';
import { AUTH, CONSOLE, REQUEST_LIMITS } from '@tp/contracts/platform';
import type { TErrorEnvelope } from '@tp/contracts/envelope';
import { API_SECURITY_HEADERS } from '@tp/contracts/security-headers';
import {
  Reply,
  type Answer,
  type AuthOf,
  type ConsoleScope,
  type Operation,
  type OperatorPrincipal,
  type PublicScope,
  type ScopeFor,
} from './answers.ts';
import { encodeBody } from './compress.ts';
import { requireConfig, type RequiredConfig } from './config.ts';
import { AppError, fail } from './errors.ts';
import { runWithCorrelation } from './correlation.ts';
import { createLogger } from './logger.ts';
import { parseCookies, clearConsoleSessionCookie, clearSessionCookie } from './cookies.ts';
import { isConsoleDomain, resolveSite, type SiteRecord } from './tenancy.ts';
import { findSession, deleteSession, type SessionRecord } from './sessions.ts';
import { principalFromItem, type Principal } from './principal.ts';
import { permissionsOf } from './permissions.ts';
import { refuseCrossSite, requestOrigin } from './origin-guard.ts';
import { requireCloudFront } from './origin-secret.ts';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

export {
  Reply,
  reply,
  type Answer,
  type Operation,
  type OperatorPrincipal,
  type ScopeFor,
  type SignedInScope,
} from './answers.ts';

/**
 * A module of operations, loaded with the first request that needs it. Handlers bind their operations to
 * `onDemand(() => import(…))` modules, and the bundle is split there (infra/lib/bundling.ts): a cold start
 * parses the preset, the domain's contracts and the SDK clients, not every operation's code (docs/benchmarks.md
 * "Loaded on first use"). `setup` runs once, when the module has loaded.
 */
export function onDemand<M>(load: () => Promise<M>, setup?: (m: M) => void | Promise<void>): () => Promise<M> {
  let loaded: Promise<M> | undefined;
  return () =>
    (loaded ??= load().then(
      async (m) => {
        await setup?.(m);
        return m;
      },
      (err: unknown) => {
        loaded = undefined; // a failed load is tried again by the next request
        throw err;
      },
    ));
}

/** Binds an implementation to its contract; input, scope and answer types flow from the endpoint. */
export function operation<E extends Endpoint>(
  endpoint: E,
  run: (
    input: ParsedRequestOf<E>,
    scope: ScopeFor<AuthOf<E>>,
  ) => Promise<ResponseOf<E> | Reply<ResponseOf<E>>> | ResponseOf<E> | Reply<ResponseOf<E>>,
): Operation {
  const bound: Operation<E> = { endpoint, run: async (input, scope) => run(input, scope) };
  return bound as unknown as Operation;
}

/** A gathered answer as an operation: its module loads with the first request that needs it. */
export function gathered<E extends Endpoint, W, N extends string>(
  endpoint: E,
  // N comes from `name` alone: inferred from the module's keys too, it would mix every answer of the module.
  load: () => Promise<{ [K in NoInfer<N>]: Answer<E, W> }>,
  name: N,
  wiring: W,
): Operation {
  return operation(endpoint, async (input, scope) => (await load())[name].run(input, scope, wiring));
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
    ...(err.detail ? { detail: err.detail } : {}),
  };
  return { statusCode: err.status, headers: JSON_HEADERS, body: JSON.stringify(body) };
}

/** zod issues → the first message for the toast plus one message per field path. */
export function validationError(error: z.core.$ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    fields[path] ??= issue.message;
  }
  const first = error.issues[0]?.message ?? MSG.required;
  return fail.validation(first, fields);
}

/** The body as it came (decoded from base64 when API Gateway encoded it): what a webhook's signature covers. */
const rawBodyOf = (event: HttpEvent): string =>
  event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';

function readInput(event: HttpEvent): unknown {
  const params = { ...(event.pathParameters ?? {}) };
  if (event.requestContext.http.method === 'GET') return { ...(event.queryStringParameters ?? {}), ...params };
  let body: unknown = {};
  if (event.body) {
    const raw = rawBodyOf(event);
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

interface Caller {
  principal: Principal | undefined;
  session: SessionRecord | undefined;
}

/** The caller as the endpoint's auth rule allows it, or the refusal (401/403). */
async function authorise(endpoint: Endpoint, site: SiteRecord, token: string | undefined, now: Date): Promise<Caller> {
  const rule = endpoint.auth;
  const caller: Caller = { principal: undefined, session: undefined };
  if (rule === 'token') return caller;
  if (token) {
    const found = await findSession(site.siteId, token, now);
    if (found) {
      const principal = principalFromItem(site.siteId, found.user);
      if (principal.isBlocked) {
        await deleteSession(site.siteId, token);
        if (rule !== 'public') throw new AppError('UNAUTHENTICATED', MSG.accountBlocked);
      } else {
        caller.session = found.session;
        caller.principal = principal;
      }
    }
  }
  if (rule === 'public') return caller;
  const p = caller.principal;
  if (!p) throw fail.unauthenticated(token ? MSG.sessionExpired : MSG.loggedOut);
  if ((rule === 'staff' || rule === 'superAdmin') && p.userType !== 'staff') throw fail.forbidden();
  if (rule === 'superAdmin' && !p.isSuperAdmin) throw fail.forbidden();
  // Permissions are enforced here for every endpoint that names one, not only hidden in menus.
  // On 'user' endpoints (flights) the permission binds staff only: customers are governed by their own
  // switches (flight search / hold allowed), not by RBAC groups.
  const needed = endpoint.permission;
  if (needed && p.userType === 'staff' && !(await permissionsOf(p)).has(needed)) throw fail.forbidden();
  return caller;
}

/**
 * A reseller the platform operator suspended answers only its detection (the SPA shows the notice) and sign-out:
 * nobody signs in, nothing is booked or charged. Gateway callbacks still land, and the workers (payment
 * verification, refunds, mails) do not pass here, so work under way completes; nothing is deleted.
 */
function refuseIfSuspended(endpoint: Endpoint, site: SiteRecord): void {
  if (site.status !== 'suspended' || endpoint.openWhenSuspended || endpoint.serverToServer) return;
  throw fail.forbidden(MSG.siteSuspended);
}

/**
 * The visitor's address. Behind CloudFront, API Gateway's `sourceIp` is the edge's address (many
 * visitors share it), so the per-address limits read `CloudFront-Viewer-Address` ("ip:port", forwarded
 * by the API behaviours' AllViewerExceptHostHeader policy) — but only when the origin secret was verified
 * on this request (`viaCloudFront`): anyone else can write that header. Otherwise, on
 * the local stack or a stage without the secret, the connection's address counts.
 */
export function clientAddress(event: HttpEvent, viaCloudFront: boolean): string {
  const viewer = viaCloudFront ? event.headers?.['cloudfront-viewer-address'] : undefined;
  const ip = viewer ? viewer.slice(0, viewer.lastIndexOf(':')) : '';
  return ip || event.requestContext.http.sourceIp;
}

/**
 * One Lambda per domain: routes by the API Gateway route key to the operation, then
 * authorise → parse (zod) → run → success envelope. Errors become the error envelope. The configuration
 * the Lambda needs (its table, the queues it sends to) is checked when the module loads.
 */
export interface PresetOptions {
  /** Queues the Lambda sends to: their URLs are required at cold start. */
  sends?: readonly RequiredConfig[];
  /** How the calling site is found (tests of the preset itself pass a fixed one). */
  resolveSite?: (headers: Record<string, string | undefined>) => Promise<SiteRecord>;
  /**
   * The operator of a console session token, or null (the console Lambda's own sessions). Only the console's
   * Lambda passes it: any other Lambda refuses 'console' and 'operator' endpoints.
   */
  findOperator?: (token: string, now: Date) => Promise<OperatorPrincipal | null>;
}

/**
 * The console's calls answer only on the console's host (CONSOLE_DOMAIN), where no site lives; the host is read
 * the way a site's is (the SPA's `domain-name` header, then the forwarded host, then Host).
 */
export function isConsoleHost(headers: Record<string, string | undefined>): boolean {
  const host = headers['domain-name'] ?? headers['x-forwarded-host'] ?? headers['host'] ?? '';
  return isConsoleDomain(host) && !headers['site-id'];
}

/**
 * A console call's own cross-site refusal: like a site's (lib/origin-guard.ts), a write must be JSON from a page
 * on the console's own host.
 */
function refuseCrossConsole(endpoint: Endpoint, headers: Record<string, string | undefined>): void {
  if (endpoint.method === 'GET') return;
  const contentType = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const origin = requestOrigin(headers);
  if (contentType !== 'application/json' || !origin) throw fail.forbidden(MSG.crossSiteRefused);
  if (!isConsoleDomain(origin)) throw fail.forbidden(MSG.crossSiteRefused);
}

/** The operator of a console call, or the refusal; never a site session (operators are not site users). */
async function authoriseOperator(
  endpoint: Endpoint,
  headers: Record<string, string | undefined>,
  token: string | undefined,
  now: Date,
  findOperator: PresetOptions['findOperator'],
): Promise<OperatorPrincipal | undefined> {
  // Another host (a reseller's site): the console is not there, whoever asks; a Lambda without the console's
  // sessions (any other) never serves a console call.
  if (!findOperator || !isConsoleHost(headers)) throw fail.forbidden(MSG.notConsoleHost);
  refuseCrossConsole(endpoint, headers);
  const operator = token ? await findOperator(token, now) : null;
  if (endpoint.auth === 'operator' && !operator) throw fail.unauthenticated(token ? MSG.sessionExpired : MSG.loggedOut);
  return operator ?? undefined;
}

export function domainHandler(operations: Operation[], config: PresetOptions = {}) {
  requireConfig(['TABLE_NAME', ...(config.sends ?? [])]);
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
    const token = headers[AUTH.tokenName] || cookies[AUTH.tokenName] || undefined;
    const now = new Date();
    const findSite = config.resolveSite ?? resolveSite;
    const site = () => (sitePromise ??= findSite(headers).then((s) => ((siteId = s.siteId), s)));
    let userId: string | undefined;
    const answer = (out: unknown): HttpResult => {
      const r = out instanceof Reply ? out : new Reply(out);
      status = r.options.status ?? 200;
      const key = op?.endpoint.envelope ?? 'result';
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
    };
    try {
      // Deployed stages answer only what came through CloudFront; nothing else is read before this.
      const viaCloudFront = await requireCloudFront(headers);
      if (!op) throw fail.notFound();
      if (isConsoleRule(op.endpoint.auth)) {
        const consoleToken = cookies[CONSOLE.tokenName] || undefined;
        const operator = await authoriseOperator(op.endpoint, headers, consoleToken, now, config.findOperator);
        userId = operator?.operatorId;
        await preparePhoneLib();
        const parsedConsole = op.endpoint.request.safeParse(readInput(event));
        if (!parsedConsole.success) throw validationError(parsedConsole.error);
        const consoleScope: ConsoleScope = {
          now,
          log,
          ip: clientAddress(event, viaCloudFront),
          requestId,
          headers,
          cookies,
          token: consoleToken,
          operator,
        };
        return answer(await op.run(parsedConsole.data as never, consoleScope as never));
      }
      // A site's calls never take the console's cookie, and a site rule never passes an operator (not a site user).
      // A page on another origin must not be able to act with the visitor's cookie (CSRF).
      await refuseCrossSite(op.endpoint, headers, site);
      refuseIfSuspended(op.endpoint, await site());
      // Who may call comes first: a caller without access learns nothing about the input a call expects.
      const caller = await authorise(op.endpoint, await site(), token, now);
      userId = caller.principal?.userId;
      // Phone rules run inside the (synchronous) schemas; in a Lambda the library loads on first use.
      await preparePhoneLib();
      const parsed = op.endpoint.request.safeParse(readInput(event));
      if (!parsed.success) throw validationError(parsed.error);
      const scope: PublicScope = {
        site: await site(),
        now,
        log,
        ip: clientAddress(event, viaCloudFront),
        requestId,
        headers,
        cookies,
        token,
        ...(op.endpoint.rawBody ? { rawBody: rawBodyOf(event) } : {}),
        ...caller,
      };
      return answer(await op.run(parsed.data as never, scope as never));
    } catch (err) {
      const appErr =
        err instanceof AppError
          ? err
          : new AppError('INTERNAL', MSG.somethingWentWrong, undefined, String((err as Error)?.stack ?? err));
      status = appErr.status;
      if (status >= 500) log.error('request failed', { code: appErr.code, detail: appErr.internal ?? appErr.message });
      const res = envelopeError(appErr);
      // A 401 also clears a stale cookie so the browser stops sending it.
      if (status === 401 && op && isConsoleRule(op.endpoint.auth)) {
        if (cookies[CONSOLE.tokenName]) res.cookies = [clearConsoleSessionCookie()];
      } else if (status === 401 && token && cookies[AUTH.tokenName]) res.cookies = [clearSessionCookie()];
      return res;
    } finally {
      log.info('request', {
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        siteId,
        userId,
      });
    }
  };

  // The request id follows every message this request sends (lib/correlation.ts).
  const correlated = (event: HttpEvent, lambdaCtx: { awsRequestId?: string }) =>
    runWithCorrelation(event.requestContext.requestId ?? lambdaCtx.awsRequestId ?? '', () => route(event, lambdaCtx));
  return middy<HttpEvent, HttpResult>().use(httpHeaderNormalizer()).handler(correlated);
}
