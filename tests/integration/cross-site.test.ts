/**
 * Cross-site requests: a state-changing call needs a JSON body and an Origin (or
 * Referer) of the site itself or of a configured partner origin; anything else is a 403 that changes
 * nothing. Calls authenticated by the `auth-token` header (partner sites) and GETs are unaffected.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { changeMyPhoneDetails, getUserBySessionId, login } from '@tp/contracts/endpoints/users';
import { getCountryList } from '@tp/contracts/endpoints/master';
import { createNewMarket, searchMarket } from '@tp/contracts/endpoints/dmc';
import { urlPath } from '@tp/contracts/endpoint';
import * as MSG from '@tp/contracts/messages';
import { AUTH } from '@tp/contracts/platform';
import { DEMO_SITES } from '../../scripts/seed/sites.ts';
import { Client } from '../support/api.ts';
import { PASSWORD, signedUpRetail, uniquePhone, useStackTable } from './users-helpers.ts';

const DOMAIN = 'flightdeals.localhost';
const PARTNER_ORIGIN = DEMO_SITES.find((s) => s.domain === DOMAIN)!.allowedOrigins![0]!;

beforeAll(() => useStackTable());

/** A signed-in traveller and a way to read their phones back. */
async function traveller(): Promise<{ client: Client; primary: () => Promise<string> }> {
  const c = new Client(DOMAIN);
  const { email } = await signedUpRetail(c);
  expect((await c.call(login, { email, password: PASSWORD })).status).toBe(200);
  return {
    client: c,
    primary: async () => (await c.call(getUserBySessionId, {})).body.result.phoneNumbers[0]?.phoneNumber,
  };
}

const newPhones = () =>
  JSON.stringify({ phoneNumbers: [{ label: 'Primary', phoneNumber: uniquePhone(), phoneCountryCode: 'in' }] });
const path = urlPath(changeMyPhoneDetails);

describe('state-changing calls from elsewhere', () => {
  it.each([
    ['a text/plain post from the site itself', { 'content-type': 'text/plain', origin: `http://${DOMAIN}` }],
    ['a form post', { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example' }],
    ['JSON from another origin', { origin: 'http://evil.example' }],
    ['JSON from another reseller of the platform', { origin: 'http://skyway.localhost' }],
    ['JSON with neither Origin nor Referer', { origin: '' }],
    ['JSON with a Referer on another origin', { origin: '', referer: 'http://evil.example/page' }],
  ])('%s is refused with 403 and changes nothing', async (_label, headers) => {
    const { client: c, primary } = await traveller();
    const before = await primary();
    const res = await c.raw('POST', path, newPhones(), headers as Record<string, string>);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, errorMessage: MSG.crossSiteRefused });
    expect(await primary()).toBe(before);
  });
});

describe('state-changing calls that belong', () => {
  it('JSON from the site itself goes through', async () => {
    const { client: c, primary } = await traveller();
    const res = await c.raw('POST', path, newPhones());
    expect(res.status).toBe(200);
    expect(await primary()).toBe(res.body.result.phoneNumbers[0].phoneNumber);
  });

  it('a Referer on the site stands in for a missing Origin', async () => {
    const { client: c } = await traveller();
    const res = await c.raw('POST', path, newPhones(), {
      origin: '',
      referer: `http://${DOMAIN}:4000/app/user/dashboard`,
    });
    expect(res.status).toBe(200);
  });

  it('a configured partner origin of the site goes through, and only on that site', async () => {
    const { client: c } = await traveller();
    expect((await c.raw('POST', path, newPhones(), { origin: PARTNER_ORIGIN })).status).toBe(200);
    const other = new Client('skyway.localhost');
    const res = await other.raw(
      'POST',
      urlPath(login),
      { email: 'nobody@example.com', password: 'x' },
      { origin: PARTNER_ORIGIN },
    );
    expect(res.status).toBe(403);
  });

  it('a partner site calling with the auth-token header needs no Origin', async () => {
    const { client: c, primary } = await traveller();
    const token = c.cookie!;
    const partner = new Client(DOMAIN);
    const res = await partner.raw('POST', path, newPhones(), { origin: '', [AUTH.tokenName]: token });
    expect(res.status).toBe(200);
    expect(await primary()).toBe(res.body.result.phoneNumbers[0].phoneNumber);
  });

  it('GET calls are not affected', async () => {
    const anon = new Client(DOMAIN);
    const res = await anon.raw('GET', urlPath(getCountryList), undefined, { origin: 'http://evil.example' });
    expect(res.status).toBe(200);
  });
});

describe('DMC back office writes', () => {
  it('a staff save from another origin is refused and writes nothing; from the site it goes through', async () => {
    const admin = new Client(DOMAIN);
    expect((await admin.call(login, { email: `admin@${DOMAIN}`, password: 'Demo@1234' })).status).toBe(200);
    const name = `Cross-site market ${Math.random().toString(36).slice(2, 8)}`;
    const path = urlPath(createNewMarket);
    const evil = await admin.raw('POST', path, { name }, { origin: 'http://evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.body).toMatchObject({ success: false, errorMessage: MSG.crossSiteRefused });
    const found = await admin.call(searchMarket, { search: name });
    expect(found.body.result.records).toEqual([]);
    expect((await admin.raw('POST', path, { name })).status).toBe(200);
  });
});
