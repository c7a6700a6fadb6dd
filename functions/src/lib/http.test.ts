import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { endpoint, routeKey } from '@tp/contracts/endpoint';
import * as MSG from '@tp/contracts/messages';
import { REQUEST_LIMITS } from '@tp/contracts/platform';
import { clientAddress, domainHandler, operation, reply, validationError, type HttpEvent } from './http.ts';
import { fail } from './errors.ts';
import type { SiteRecord } from './tenancy.ts';

const echo = endpoint({
  id: 'test.echo',
  api: 'site',
  method: 'POST',
  path: 'test/echo',
  domain: 'site',
  auth: 'token',
  // The preset's parse / envelope path with a fixed site: the cross-site refusal has its own tests
  // (origin-guard.test.ts, tests/integration/cross-site.test.ts).
  serverToServer: true,
  request: z.object({ name: z.string().min(1, MSG.required), count: z.number().optional() }),
  response: z.object({ hello: z.string() }),
  summary: 'echo',
});
const boom = endpoint({ ...echo, id: 'test.boom', path: 'test/boom', request: z.object({}) });
const conflict = endpoint({ ...echo, id: 'test.conflict', path: 'test/conflict', request: z.object({}) });
/** An operation that echoes the raw body it was handed (a webhook checks its signature over those bytes). */
const signed = endpoint({
  ...echo,
  id: 'test.signed',
  path: 'test/signed',
  rawBody: true,
  request: z.object({}).loose(),
  response: z.object({ raw: z.string().nullable() }),
});
const unsigned = endpoint({ ...signed, id: 'test.unsigned', path: 'test/unsigned', rawBody: undefined });

const site = { siteId: 'site-1', domain: 'example.test' } as unknown as SiteRecord;
const handler = domainHandler(
  [
    operation(echo, async (input) => reply({ hello: input.name }, { message: 'Hi', cookies: ['a=b'] })),
    operation(boom, async () => {
      throw new Error('database password is hunter2');
    }),
    operation(conflict, async () => {
      throw fail.conflict('Taken', { email: 'Taken' });
    }),
    operation(signed, async (_input, scope) => ({ raw: scope.rawBody ?? null })),
    operation(unsigned, async (_input, scope) => ({ raw: scope.rawBody ?? null })),
  ],
  { resolveSite: async () => site },
);

function event(path: string, body?: unknown): HttpEvent {
  return {
    version: '2.0',
    routeKey: routeKey({ method: 'POST', api: 'site', path }),
    rawPath: `/api/${path}`,
    rawQueryString: '',
    headers: { 'Content-Type': 'application/json' },
    requestContext: {
      http: { method: 'POST', path: `/api/${path}`, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: 'r1',
    } as HttpEvent['requestContext'],
    isBase64Encoded: false,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  };
}

const call = async (path: string, body?: unknown) => {
  process.env.LOG_LEVEL = 'silent';
  const res = (await handler(event(path, body), {} as never)) as {
    statusCode: number;
    body: string;
    cookies?: string[];
  };
  return { ...res, json: JSON.parse(res.body) };
};

describe('domain handler preset', () => {
  it('hands the body exactly as it came only to an endpoint that declares rawBody', async () => {
    const raw = '{ "b":1,  "a": "x" }';
    expect((await call('test/signed', raw)).json.result).toEqual({ raw });
    expect((await call('test/unsigned', raw)).json.result).toEqual({ raw: null });
  });

  it('wraps a result in the success envelope with message and cookies', async () => {
    const res = await call('test/echo', { name: 'Asha' });
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ success: true, message: 'Hi', result: { hello: 'Asha' } });
    expect(res.cookies).toEqual(['a=b']);
  });

  it('answers invalid input with 400, the schema message and per-field errors', async () => {
    const res = await call('test/echo', { name: '', count: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json.success).toBe(false);
    expect(res.json.errorMessage).toBe(MSG.required);
    expect(res.json.shortError.name).toBe(MSG.required);
    expect(res.json.shortError.count).toBeTruthy();
  });

  it('refuses a body that is not a JSON object', async () => {
    const notJson = await call('test/echo', 'not json');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json).toMatchObject({ errorMessage: MSG.bodyNotJson, shortError: { _: MSG.bodyNotJson } });
    const array = await call('test/echo', '[1,2]');
    expect(array.statusCode).toBe(400);
    expect(array.json.shortError).toEqual({ _: MSG.bodyNotObject });
  });

  it('refuses a body over the request limit before parsing it', async () => {
    const res = await call('test/echo', { name: 'x'.repeat(REQUEST_LIMITS.bodyBytes) });
    expect(res.statusCode).toBe(413);
    expect(res.json).toMatchObject({ success: false, code: 'TOO_LARGE', errorMessage: MSG.requestTooLarge });
  });

  it('never leaks an internal error to the client', async () => {
    const res = await call('test/boom', {});
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json.errorMessage).toBe(MSG.somethingWentWrong);
  });

  it('maps a domain conflict to 409 with field errors', async () => {
    const res = await call('test/conflict', {});
    expect(res.statusCode).toBe(409);
    expect(res.json).toMatchObject({ code: 'CONFLICT', errorMessage: 'Taken', shortError: { email: 'Taken' } });
  });

  it('answers an unknown route with 404', async () => {
    expect((await call('test/nothing', {})).statusCode).toBe(404);
  });

  it('builds field paths for nested issues', () => {
    const err = validationError(z.object({ a: z.object({ b: z.string() }) }).safeParse({ a: { b: 1 } }).error!);
    expect(Object.keys(err.fields ?? {})).toEqual(['a.b']);
  });
});

describe('client address', () => {
  const withHeaders = (headers: Record<string, string>) =>
    ({ headers, requestContext: { http: { sourceIp: '130.176.1.1' } } }) as unknown as HttpEvent;

  it("is CloudFront's viewer address without its port, IPv4 or IPv6, when the origin secret was verified", () => {
    expect(clientAddress(withHeaders({ 'cloudfront-viewer-address': '198.51.100.10:46532' }), true)).toBe(
      '198.51.100.10',
    );
    expect(clientAddress(withHeaders({ 'cloudfront-viewer-address': '2001:db8::8a2e:370:7334:443' }), true)).toBe(
      '2001:db8::8a2e:370:7334',
    );
  });

  it('falls back to the connection address when CloudFront did not say', () => {
    expect(clientAddress(withHeaders({}), true)).toBe('130.176.1.1');
  });

  it('ignores a viewer address on a request that did not prove it came through CloudFront', () => {
    expect(clientAddress(withHeaders({ 'cloudfront-viewer-address': '198.51.100.10:46532' }), false)).toBe(
      '130.176.1.1',
    );
  });
});

describe('console rules and suspended sites in the preset', () => {
  const who = endpoint({
    id: 'test.who',
    api: 'site',
    method: 'GET',
    path: 'test/who',
    domain: 'console',
    auth: 'operator',
    request: z.object({}),
    response: z.object({ operatorId: z.string() }),
    summary: 'who',
  });
  const siteCall = endpoint({
    id: 'test.site',
    api: 'site',
    method: 'GET',
    path: 'test/site',
    domain: 'site',
    auth: 'public',
    request: z.object({}),
    response: z.object({ hello: z.string() }),
    summary: 'a site call',
  });
  const detect = endpoint({ ...siteCall, id: 'test.detect', path: 'test/detect', openWhenSuspended: true });
  const operator = { operatorId: 'op1', email: 'ops@example.com', name: 'Ops', mfa: 'off' as const };
  const ops = [
    operation(who, async (_input, scope) => ({ operatorId: scope.operator.operatorId })),
    operation(siteCall, async () => ({ hello: 'site' })),
    operation(detect, async () => ({ hello: 'detected' })),
  ];
  const suspended = { ...site, status: 'suspended' } as SiteRecord;
  const withOperator = domainHandler(ops, {
    resolveSite: async () => suspended,
    findOperator: async (token) => (token === 'op1.good' ? operator : null),
  });
  const withoutOperator = domainHandler(ops, { resolveSite: async () => site });

  const get = async (h: typeof handler, path: string, headers: Record<string, string>) => {
    process.env.LOG_LEVEL = 'silent';
    const e = event(path);
    const res = (await h(
      {
        ...e,
        routeKey: routeKey({ method: 'GET', api: 'site', path }),
        headers,
        requestContext: { ...e.requestContext, http: { ...e.requestContext.http, method: 'GET' } },
      },
      {} as never,
    )) as { statusCode: number; body: string };
    return { status: res.statusCode, json: JSON.parse(res.body) };
  };
  const onConsole = { host: 'console.localhost', cookie: 'console-token=op1.good' };

  it("serves an operator on the console's host, with no site resolved", async () => {
    const res = await get(withOperator, 'test/who', onConsole);
    expect(res).toMatchObject({ status: 200, json: { result: { operatorId: 'op1' } } });
  });

  it("refuses a console call elsewhere, without the console's session, or in another Lambda", async () => {
    expect((await get(withOperator, 'test/who', { ...onConsole, host: 'flightdeals.localhost' })).status).toBe(403);
    expect((await get(withOperator, 'test/who', { host: 'console.localhost' })).status).toBe(401);
    // A site's session cookie is no operator's.
    expect(
      (await get(withOperator, 'test/who', { host: 'console.localhost', cookie: 'auth-token=op1.good' })).status,
    ).toBe(401);
    expect((await get(withoutOperator, 'test/who', onConsole)).status).toBe(403);
  });

  it('answers only detection (and server callbacks) of a suspended site', async () => {
    const refused = await get(withOperator, 'test/site', { host: 'example.test' });
    expect(refused).toMatchObject({ status: 403, json: { message: MSG.siteSuspended } });
    expect((await get(withOperator, 'test/detect', { host: 'example.test' })).status).toBe(200);
    expect((await get(withoutOperator, 'test/site', { host: 'example.test' })).status).toBe(200);
  });
});
