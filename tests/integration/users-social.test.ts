/**
 * Google and Facebook sign-in against locally generated keys: global setup serves the public key as the
 * providers' JWKS, tests sign ID tokens with the private key (tests/support/social-keys.ts).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { facebookLogin, getUserBySessionId, googleLogin, ZUser } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { DEMO_SITES } from '../../scripts/seed/sites.ts';
import { Client } from '../support/api.ts';
import { foreignJwk, signIdToken, SOCIAL_ISSUERS } from '../support/social-keys.ts';
import { signedUpRetail, uniqueEmail } from './users-helpers.ts';

const flightdeals = DEMO_SITES.find((s) => s.siteId === 'site-flightdeals')!;
const GOOGLE_CLIENT_ID = flightdeals.wlMeta.googleAuthClientId!;
const FACEBOOK_APP_ID = flightdeals.wlMeta.facebookAppId!;
const client = () => new Client(flightdeals.domain);

const googleToken = (claims: Record<string, unknown>, opts: Partial<Parameters<typeof signIdToken>[1]> = {}) =>
  signIdToken(
    { sub: randomUUID(), email_verified: true, ...claims },
    { issuer: SOCIAL_ISSUERS.google, audience: GOOGLE_CLIENT_ID, ...opts },
  );

describe('googleLogin', () => {
  it('creates a verified retail user on first sign-in and finds the same user next time', async () => {
    const email = uniqueEmail('google');
    const sub = randomUUID();
    const credential = await googleToken({ sub, email, given_name: 'Gita', family_name: 'Google' });
    const c = client();
    const first = await c.call(googleLogin, { credential });
    expect(first.status).toBe(200);
    const user = ZUser.parse(first.body.result);
    expect(user).toMatchObject({
      email,
      firstName: 'Gita',
      lastName: 'Google',
      userType: 'retail',
      status: 'verified',
      phoneNumbers: [],
    });
    expect((await c.call(getUserBySessionId, {})).body.result.id).toBe(user.id);

    const again = await client().call(googleLogin, {
      credential: await googleToken({ sub, email: uniqueEmail('changed') }),
    });
    expect(again.body.result.id).toBe(user.id);
  });

  it('links to an existing account with the same email and verifies it', async () => {
    const { email, userId } = await signedUpRetail(client());
    const res = await client().call(googleLogin, { credential: await googleToken({ email }) });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ id: userId, status: 'verified' });
  });

  it('refuses a token without a verified email', async () => {
    const res = await client().call(googleLogin, {
      credential: await googleToken({ email: uniqueEmail('g'), email_verified: false }),
    });
    expect(res.status).toBe(401);
    expect(res.body.errorMessage).toBe(MSG.socialLoginFailed);
  });

  it('refuses tokens signed by a foreign key, for another audience, from another issuer, or expired', async () => {
    const email = uniqueEmail('forged');
    const bad = [
      await googleToken({ email }, { key: await foreignJwk() }),
      await googleToken({ email }, { audience: 'someone-else.apps.googleusercontent.com' }),
      await googleToken({ email }, { issuer: 'https://evil.example' }),
      await googleToken({ email }, { expiresIn: '-10m' }),
      'not.a.jwt',
    ];
    for (const credential of bad) {
      const res = await client().call(googleLogin, { credential });
      expect(res.status).toBe(401);
      expect(res.body.errorMessage).toBe(MSG.socialLoginFailed);
    }
  });

  it('is refused on a site without a Google client id', async () => {
    const res = await new Client('skyway.localhost').call(googleLogin, {
      credential: await googleToken({ email: uniqueEmail('g') }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe(MSG.socialLoginDisabled);
  });

  it('refuses a blocked account', async () => {
    const res = await client().call(googleLogin, {
      credential: await googleToken({ email: `blocked@${flightdeals.domain}` }),
    });
    expect(res.status).toBe(401);
    expect(res.body.errorMessage).toBe(MSG.accountBlocked);
  });
});

describe('facebookLogin', () => {
  it('signs in with a Limited Login token for the site app id', async () => {
    const email = uniqueEmail('facebook');
    const credential = await signIdToken(
      { sub: randomUUID(), email, name: 'Farah Book Khan' },
      { issuer: SOCIAL_ISSUERS.facebook, audience: FACEBOOK_APP_ID },
    );
    const res = await client().call(facebookLogin, { credential });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ email, firstName: 'Farah', lastName: 'Book Khan', userType: 'retail' });
  });

  it('refuses a Google-audience token and a token without an email', async () => {
    const wrongAudience = await signIdToken(
      { sub: randomUUID(), email: uniqueEmail('f') },
      { issuer: SOCIAL_ISSUERS.facebook, audience: GOOGLE_CLIENT_ID },
    );
    const noEmail = await signIdToken(
      { sub: randomUUID() },
      { issuer: SOCIAL_ISSUERS.facebook, audience: FACEBOOK_APP_ID },
    );
    for (const credential of [wrongAudience, noEmail]) {
      const res = await client().call(facebookLogin, { credential });
      expect(res.status).toBe(401);
      expect(res.body.errorMessage).toBe(MSG.socialLoginFailed);
    }
  });
});
