import { describe, expect, it } from 'vitest';
import * as MSG from '@tp/contracts/messages';
import { refuseCrossSite, requestOrigin } from './origin-guard.ts';
import { AppError } from './errors.ts';
import { asSiteId } from './keys.ts';

const site = async () => ({ siteId: asSiteId('site-a'), allowedOrigins: ['https://book.partner.example'] });
const domains: Record<string, string> = { 'a.example': 'site-a', 'b.example': 'site-b' };
const lookup = async (d: string) => domains[d] ?? null;
const post = { method: 'POST' as const };

async function outcome(headers: Record<string, string>, endpoint: Parameters<typeof refuseCrossSite>[0] = post) {
  try {
    await refuseCrossSite(endpoint, headers, site, lookup);
    return 'allowed';
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(403);
    expect((err as AppError).message).toBe(MSG.crossSiteRefused);
    return 'refused';
  }
}

const json = { 'content-type': 'application/json; charset=utf-8' };

describe('cross-site refusal', () => {
  it('lets the site itself post JSON, from any of its domains, any scheme and port', async () => {
    expect(await outcome({ ...json, origin: 'https://a.example' })).toBe('allowed');
    expect(await outcome({ ...json, origin: 'http://www.a.example:4000' })).toBe('allowed');
  });

  it('refuses other origins, including other sites of the platform', async () => {
    expect(await outcome({ ...json, origin: 'https://evil.example' })).toBe('refused');
    expect(await outcome({ ...json, origin: 'https://b.example' })).toBe('refused');
    expect(await outcome({ ...json, origin: 'null' })).toBe('refused');
  });

  it('refuses bodies a page elsewhere can send without a preflight, even with the right origin', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', ''])
      expect(await outcome({ 'content-type': type, origin: 'https://a.example' })).toBe('refused');
  });

  it('falls back to the Referer, and refuses a request that names no origin at all', async () => {
    expect(await outcome({ ...json, referer: 'https://a.example/app/x?y=1' })).toBe('allowed');
    expect(await outcome({ ...json, referer: 'https://evil.example/a.example' })).toBe('refused');
    expect(await outcome({ ...json, referer: 'not a url' })).toBe('refused');
    expect(await outcome(json)).toBe('refused');
  });

  it("accepts the site's configured partner origins exactly", async () => {
    expect(await outcome({ ...json, origin: 'https://book.partner.example' })).toBe('allowed');
    expect(await outcome({ ...json, origin: 'http://book.partner.example' })).toBe('refused');
  });

  it('leaves GETs, auth-token partner calls and signed server callbacks alone', async () => {
    expect(await outcome({}, { method: 'GET' })).toBe('allowed');
    expect(await outcome({ 'auth-token': 't' })).toBe('allowed');
    expect(await outcome({}, { method: 'POST', serverToServer: true })).toBe('allowed');
  });

  it('reads the origin case-insensitively', () => {
    expect(requestOrigin({ origin: 'HTTPS://A.EXAMPLE' })).toBe('https://a.example');
  });
});
