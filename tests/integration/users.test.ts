/**
 * Sign-up, sign-in and sessions through the local gateway against DynamoDB Local (and the SES emulator
 * for the verification mail).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  changeMyPhoneDetails,
  getUserBySessionId,
  login,
  loginBySessionId,
  logout,
  signup,
  ZUser,
} from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { AUTH } from '@tp/contracts/platform';
import { createSession } from '../../functions/src/lib/sessions.ts';
import { createHandoffToken } from '../../functions/src/users/accounts/index.ts';
import { Client, waitForMail } from '../support/api.ts';
import {
  agentSignup,
  PASSWORD,
  retailSignup,
  signedUpRetail,
  uniqueEmail,
  uniquePhone,
  useStackTable,
} from './users-helpers.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';

const SITE = 'flightdeals.localhost';
const SITE_ID = asSiteId('site-flightdeals');
const client = () => new Client(SITE);

async function loggedIn(
  email: string,
  password = PASSWORD,
): Promise<{ client: Client; user: ReturnType<typeof ZUser.parse> }> {
  const c = client();
  const res = await c.call(login, { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { client: c, user: ZUser.parse(res.body.result) };
}

beforeAll(() => useStackTable());

describe('retail signup', () => {
  it('answers every missing field with the required message', async () => {
    const res = await client().call(signup, { userType: 'retail' });
    expect(res.status).toBe(400);
    for (const field of ['gender', 'firstName', 'lastName', 'phone', 'phoneCode', 'password'])
      expect(res.body.shortError?.[field], field).toBe(MSG.required);
    expect(res.body.shortError?.email).toBe(MSG.required);
  });

  it('rejects an invalid phone number with the spec message on the phone field', async () => {
    const res = await client().call(signup, retailSignup({ phone: '12345' }));
    expect(res.status).toBe(400);
    expect(res.body.shortError?.phone).toBe(MSG.invalidPhone);
    expect(res.body.errorMessage).toBe(MSG.invalidPhone);
  });

  it('rejects a weak password with the password rules message', async () => {
    const res = await client().call(signup, retailSignup({ password: 'short' }));
    expect(res.status).toBe(400);
    expect(res.body.shortError?.password).toBe(MSG.passwordRules);
  });

  it('creates a pending retail account and mails a verification link', async () => {
    const body = retailSignup();
    const res = await client().call(signup, body);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ userId: expect.any(String), email: body.email });
    const mail = await waitForMail(body.email as string, /Verify your email/);
    expect(mail.body.text).toContain('/app/login?verifyEmailToken=');

    const { user } = await loggedIn(body.email as string);
    expect(user).toMatchObject({
      id: res.body.result.userId,
      users_id: res.body.result.userId,
      userType: 'retail',
      status: 'pending',
      isBlocked: false,
      isUserSuperAdmin: false,
      isFlightSearchAllowed: true,
      isFlightHoldAllowed: false,
      phoneNumbers: [{ label: 'Primary', phoneNumber: body.phone, phoneCountryCode: 'in' }],
    });
    expect(user.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(user.legalEntity).toEqual({ id: expect.any(String), name: 'Test Traveller' });
    expect(JSON.stringify(user)).not.toMatch(/argon2|passwordHash/);
  });

  it('answers a sign-up with a registered email as a new one and mails the owner instead', async () => {
    const first = await signedUpRetail(client());
    const fresh = await client().call(signup, retailSignup());
    const res = await client().call(signup, retailSignup({ email: first.email.toUpperCase() }));
    expect(res.status).toBe(fresh.status);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(Object.keys(res.body.result).sort()).toEqual(Object.keys(fresh.body.result).sort());
    expect(res.body).toMatchObject({ success: true, result: { email: first.email } });
    expect(res.body.result.userId).toMatch(/^[0-9a-f]{24}$/);
    expect(res.body.result.userId).not.toBe(first.userId);
    const mail = await waitForMail(first.email, /^Your Flight Deals account$/);
    expect(mail.body.text).toContain('Someone tried to create a Flight Deals account with this email address');
    // Nothing changed for the owner: the first password still signs in, to the first account.
    const owner = await client().call(login, { email: first.email, password: PASSWORD });
    expect(owner.body.result.id).toBe(first.userId);
  });

  it('refuses a second account with the same primary phone, however it is written (409, phone field)', async () => {
    const first = await signedUpRetail(client());
    const res = await client().call(
      signup,
      retailSignup({ phone: `+91 ${first.phone.slice(0, 5)} ${first.phone.slice(5)}` }),
    );
    expect(res.status).toBe(409);
    expect(res.body.shortError).toEqual({ phone: MSG.phoneTaken });
  });

  it('never lets anyone register as staff', async () => {
    const res = await client().call(signup, retailSignup({ userType: 'staff' }));
    expect(res.status).toBe(400);
  });

  it('keeps sites apart: the same email may register on another site', async () => {
    const first = await signedUpRetail(client());
    const res = await new Client('skyway.localhost').call(
      signup,
      retailSignup({ email: first.email, phone: first.phone }),
    );
    expect(res.status).toBe(200);
  });
});

describe('travel-agent signup', () => {
  it('requires the company fields', async () => {
    const res = await client().call(signup, agentSignup({ companyName: '', pincode: undefined, address1: '  ' }));
    expect(res.status).toBe(400);
    expect(res.body.shortError).toMatchObject({
      companyName: MSG.required,
      pincode: MSG.required,
      address1: MSG.required,
    });
  });

  it('validates both phones', async () => {
    const res = await client().call(signup, agentSignup({ secondaryPhone: '000' }));
    expect(res.status).toBe(400);
    expect(res.body.shortError).toEqual({ secondaryPhone: MSG.invalidPhone });
  });

  it('creates an agent with its company, both phones and seat holding allowed', async () => {
    const body = agentSignup();
    const res = await client().call(signup, body);
    expect(res.status).toBe(200);
    const { user } = await loggedIn(body.primaryEmail as string);
    expect(user).toMatchObject({
      userType: 'travelAgent',
      companyName: 'Test Tours',
      company: { companyName: 'Test Tours', address1: '1 Marine Drive', secondaryPhone: body.secondaryPhone },
      isFlightHoldAllowed: true,
      isFlightSearchAllowed: true,
      legalEntity: { name: 'Test Tours' },
    });
    expect(user.phoneNumbers.map((p) => p.label)).toEqual(['Primary', 'Secondary']);
  });

  it('answers a registered primaryEmail as a new sign-up too, and mails its owner', async () => {
    const first = await signedUpRetail(client());
    const res = await client().call(signup, agentSignup({ primaryEmail: first.email }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, result: { email: first.email } });
    await waitForMail(first.email, /^Your Flight Deals account$/);
  });
});

describe('login and sessions', () => {
  it('sets an HttpOnly SameSite=Lax session cookie and answers the user', async () => {
    const { email } = await signedUpRetail(client());
    const c = client();
    const res = await c.call(login, { email: email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    const cookie = res.setCookie.find((s) => s.startsWith(`${AUTH.tokenName}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(ZUser.parse(res.body.result).email).toBe(email);
  });

  it('reads the user back with the cookie, and with the auth-token header instead', async () => {
    const { email } = await signedUpRetail(client());
    const { client: c, user } = await loggedIn(email);
    const byCookie = await c.call(getUserBySessionId, {});
    expect(byCookie.status).toBe(200);
    expect(ZUser.parse(byCookie.body.result)).toEqual(user);

    const headerOnly = client();
    const byHeader = await headerOnly.call(getUserBySessionId, {}, { [AUTH.tokenName]: c.cookie! });
    expect(byHeader.status).toBe(200);
    expect(byHeader.body.result.id).toBe(user.id);
  });

  it('answers 401 with the logged-out message when no session is sent', async () => {
    const res = await client().call(getUserBySessionId, {});
    expect(res.status).toBe(401);
    expect(res.body.errorMessage).toBe(MSG.loggedOut);
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    const { email } = await signedUpRetail(client());
    const wrong = await client().call(login, { email, password: 'Wrong1234' });
    const unknown = await client().call(login, { email: uniqueEmail('nobody'), password: PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.errorMessage).toBe(MSG.invalidCredentials);
    }
  });

  it('logout ends the session and clears the cookie; later calls are 401', async () => {
    const { email } = await signedUpRetail(client());
    const { client: c } = await loggedIn(email);
    const token = c.cookie!;
    const out = await c.call(logout, {});
    expect(out.status).toBe(200);
    expect(out.setCookie.some((s) => s.startsWith(`${AUTH.tokenName}=;`) && /Max-Age=0/.test(s))).toBe(true);
    const after = await client().call(getUserBySessionId, {}, { [AUTH.tokenName]: token });
    expect(after.status).toBe(401);
  });

  it('logout without a session still answers ok', async () => {
    const res = await client().call(logout, {});
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ ok: true });
  });

  it('treats an expired session as signed out', async () => {
    const { email } = await signedUpRetail(client());
    const { user } = await loggedIn(email);
    const eightDaysAgo = new Date(Date.now() - (AUTH.sessionTtlSeconds + 86_400) * 1000);
    const { token } = await createSession({ siteId: SITE_ID, userId: user.id, userType: user.userType }, eightDaysAgo);
    const res = await client().call(getUserBySessionId, {}, { [AUTH.tokenName]: token });
    expect(res.status).toBe(401);
    expect(res.body.errorMessage).toBe(MSG.sessionExpired);
  });

  it('refuses a blocked user with the blocked message', async () => {
    const res = await client().call(login, { email: `blocked@${SITE}`, password: 'Demo@1234' });
    expect(res.status).toBe(401);
    expect(res.body.errorMessage).toBe(MSG.accountBlocked);
  });

  it('rate-limits attempts per email with a 429 after the per-minute budget', async () => {
    const { email } = await signedUpRetail(client());
    // The budget is a fixed per-minute window: start the attempts well inside one, or they could
    // straddle a boundary on a slow machine and legitimately get a fresh budget.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
    const statuses: number[] = [];
    for (let i = 0; i < AUTH.loginAttemptsPerMinute + 1; i++)
      statuses.push((await client().call(login, { email, password: 'Wrong1234' })).status);
    expect(statuses.slice(0, AUTH.loginAttemptsPerMinute).every((s) => s === 401)).toBe(true);
    const last = await client().call(login, { email, password: PASSWORD });
    expect(last.status).toBe(429);
    expect(last.body.errorMessage).toBe(MSG.tooManyLoginAttempts(1));
  }, 90_000);

  it('is useless on another site: a flightdeals session sent to skyway is 401', async () => {
    const { email } = await signedUpRetail(client());
    const { client: c } = await loggedIn(email);
    expect((await c.call(getUserBySessionId, {})).status).toBe(200);
    // As a page on skyway would send it (its own Origin), so the session check is what answers.
    const res = await c.call(
      getUserBySessionId,
      {},
      { 'domain-name': 'skyway.localhost', origin: 'http://skyway.localhost' },
    );
    expect(res.status).toBe(401);
  });

  it('signs the demo users in, staff with the super-admin flag', async () => {
    const { user } = await loggedIn(`admin@${SITE}`, 'Demo@1234');
    expect(user).toMatchObject({ userType: 'staff', isUserSuperAdmin: true, status: 'verified' });
    const { user: nophone } = await loggedIn(`nophone@${SITE}`, 'Demo@1234');
    expect(nophone.phoneNumbers[0]?.phoneCountryCode).toBe('INVALID');
  });
});

describe('loginBySessionId (one-time hand-off)', () => {
  it('exchanges a hand-off token once for a session cookie', async () => {
    const { userId } = await signedUpRetail(client());
    const token = await createHandoffToken(SITE_ID, userId, new Date());
    const c = client();
    const res = await c.call(loginBySessionId, { sessionId: token });
    expect(res.status).toBe(200);
    expect(res.body.result.id).toBe(userId);
    expect((await c.call(getUserBySessionId, {})).status).toBe(200);

    const again = await client().call(loginBySessionId, { sessionId: token });
    expect(again.status).toBe(401);
  });

  it('refuses an expired or foreign hand-off token', async () => {
    const { userId } = await signedUpRetail(client());
    const stale = await createHandoffToken(SITE_ID, userId, new Date(Date.now() - 5 * 60_000));
    expect((await client().call(loginBySessionId, { sessionId: stale })).status).toBe(401);
    const otherSite = await createHandoffToken(SITE_ID, userId, new Date());
    expect((await new Client('skyway.localhost').call(loginBySessionId, { sessionId: otherSite })).status).toBe(401);
  });
});

describe('changeMyPhoneDetails', () => {
  it('replaces the phones and answers the user with the success message', async () => {
    const { email } = await signedUpRetail(client());
    const { client: c } = await loggedIn(email);
    const phone = uniquePhone();
    const res = await c.call(changeMyPhoneDetails, {
      phoneNumbers: [
        { label: 'Primary', phoneNumber: phone, phoneCountryCode: 'IN' },
        { label: 'Emergency', phoneNumber: uniquePhone(), phoneCountryCode: 'in' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.phoneUpdated);
    expect(ZUser.parse(res.body.result).phoneNumbers[0]).toEqual({
      label: 'Primary',
      phoneNumber: phone,
      phoneCountryCode: 'in',
    });
  });

  it('frees the old primary number and refuses one another user holds', async () => {
    const a = await signedUpRetail(client());
    const b = await signedUpRetail(client());
    const { client: c } = await loggedIn(a.email);
    const taken = await c.call(changeMyPhoneDetails, {
      phoneNumbers: [{ label: 'Primary', phoneNumber: b.phone, phoneCountryCode: 'in' }],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.shortError).toEqual({ 'phoneNumbers.0.phoneNumber': MSG.phoneTaken });

    const moved = await c.call(changeMyPhoneDetails, {
      phoneNumbers: [{ label: 'Primary', phoneNumber: uniquePhone(), phoneCountryCode: 'in' }],
    });
    expect(moved.status).toBe(200);
    // a's old number is free again
    expect((await client().call(signup, retailSignup({ phone: a.phone }))).status).toBe(200);
  });

  it('rejects an invalid number with the spec message', async () => {
    const { email } = await signedUpRetail(client());
    const { client: c } = await loggedIn(email);
    const res = await c.call(changeMyPhoneDetails, {
      phoneNumbers: [{ label: 'Primary', phoneNumber: '123', phoneCountryCode: 'in' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.shortError?.['phoneNumbers.0.phoneNumber']).toBe(MSG.invalidPhone);
  });

  it('lets the phone-modal demo user record a valid number', async () => {
    const c = new Client('partner.localhost');
    expect((await c.call(login, { email: 'nophone@partner.localhost', password: 'Demo@1234' })).status).toBe(200);
    const res = await c.call(changeMyPhoneDetails, {
      phoneNumbers: [{ label: 'Primary', phoneNumber: '9810000008', phoneCountryCode: 'in' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.result.phoneNumbers[0]).toEqual({
      label: 'Primary',
      phoneNumber: '9810000008',
      phoneCountryCode: 'in',
    });
  });
});
