/**
 * The Lambda bundles themselves, not their sources: everything else here runs the entries through the local
 * gateway, while AWS runs what infra/lib/bundling.ts writes (the cold path in one chunk that every
 * lazily loaded operation imports back, the operations in chunks loaded on first use). Each bundle answers
 * a request that loads an operation's chunk, against the same local stack, exactly as the sources answer it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey, urlPath, type Endpoint } from '@tp/contracts/endpoint';
import { detectSite } from '@tp/contracts/endpoints/site';
import { getSharedQuotation } from '@tp/contracts/endpoints/kart';
import { bundleFunction, domainEntries } from '../../infra/lib/bundling.ts';
import { Client } from '../support/api.ts';

type Answer = { statusCode?: number; body?: string };
type Handler = (event: unknown, context: unknown) => Promise<Answer>;

const DOMAIN = 'flightdeals.localhost';
const handlers = new Map<string, Handler>();

beforeAll(async () => {
  // Under the file's own TMPDIR (tests/support/temp-dir.ts), which is removed after it.
  const outDir = mkdtempSync(join(tmpdir(), 'tp-bundled-'));
  for (const name of ['site', 'kart']) {
    const dir = join(outDir, name);
    await bundleFunction(domainEntries().find((d) => d.name === name)!.entry, dir);
    const mod = (await import(pathToFileURL(join(dir, 'index.mjs')).href)) as { handler: Handler };
    handlers.set(name, mod.handler);
  }
}, 120_000);

/** The API Gateway event the local gateway would build for this call (scripts/local/gateway.ts). */
function eventOf(e: Endpoint, input: Record<string, string>): unknown {
  const get = e.method === 'GET';
  const query = new URLSearchParams(input).toString();
  return {
    version: '2.0',
    routeKey: routeKey(e),
    rawPath: urlPath(e),
    rawQueryString: get ? query : '',
    ...(get ? { queryStringParameters: input } : {}),
    headers: {
      'domain-name': DOMAIN,
      ...(get ? {} : { 'content-type': 'application/json', origin: `http://${DOMAIN}` }),
    },
    requestContext: {
      http: { method: e.method, path: urlPath(e), sourceIp: '127.0.0.1', userAgent: 'bundles.test' },
      requestId: 'bundles-test',
    },
    ...(get ? {} : { body: JSON.stringify(input) }),
    isBase64Encoded: false,
  };
}

async function bundled(name: string, e: Endpoint, input: Record<string, string>) {
  const out = await handlers.get(name)!(eventOf(e, input), { awsRequestId: 'bundles-test' });
  return { status: out.statusCode, body: JSON.parse(out.body ?? 'null') as unknown };
}

describe('the bundles AWS runs', () => {
  it('site: whitelabel/detetct answers the branding the sources answer', async () => {
    const input = { domain: DOMAIN };
    const [fromBundle, fromSources] = await Promise.all([
      bundled('site', detectSite, input),
      new Client(DOMAIN).call(detectSite, input),
    ]);
    expect(fromBundle.status).toBe(200);
    expect(fromBundle).toEqual({ status: fromSources.status, body: fromSources.body });
  });

  it('kart: an operation loaded on first use answers as the sources do (an unknown link is a 404)', async () => {
    const input = { slug: 'no-such-shared-quotation-link' };
    const [fromBundle, fromSources] = await Promise.all([
      bundled('kart', getSharedQuotation, input),
      new Client(DOMAIN).call(getSharedQuotation, input),
    ]);
    expect(fromBundle.status).toBe(404);
    expect(fromBundle).toEqual({ status: fromSources.status, body: fromSources.body });
  });
});
