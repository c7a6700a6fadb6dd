/**
 * Password links, email verification and password change, end to end: the mail goes through the email
 * queue and worker into the SES emulator, and the test follows the link it contains.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  changePassword,
  forgetPassword,
  generatePassword,
  getUserBySessionId,
  login,
  signup,
  verifyEmail,
} from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { needsRehash } from '../../functions/src/users/password.ts';
import { getUser, updateUser } from '../../functions/src/users/repo.ts';
import { Client, mailbox, waitForMail } from '../support/api.ts';
import { linkToken, PASSWORD, retailSignup, signedUpRetail, uniqueEmail, useStackTable } from './users-helpers.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';

const SITE = 'flightdeals.localhost';
const client = () => new Client(SITE);

async function loginStatus(email: string, password: string): Promise<number> {
  return (await client().call(login, { email, password })).status;
}

beforeAll(() => useStackTable());

describe('forgetPassword → generatePassword', () => {
  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await client().call(forgetPassword, { email });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: MSG.resetMailSent, result: { ok: true } });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await mailbox()).some((m) => m.destination.to.includes(email))).toBe(false);
  });

  it('mails a branded link whose token sets a new password once; the old password stops working', async () => {
    const { email } = await signedUpRetail(client());
    const res = await client().call(forgetPassword, { email });
    expect(res.body.message).toBe(MSG.resetMailSent);

    const mail = await waitForMail(email, /Reset your Flight Deals password/);
    expect(mail.from).toContain('Flight Deals');
    expect(mail.body.html).toContain('#1c64f2');
    expect(mail.body.text).toMatch(/http:\/\/flightdeals\.localhost:\d+\/app\/generate_password\?token=/);
    const token = linkToken(mail.body.text, 'token');

    const mismatch = await client().call(generatePassword, {
      token,
      password: 'NewPass123',
      confirmPassword: 'Other123',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.shortError?.confirmPassword).toBe(MSG.passwordsDiffer);

    const set = await client().call(generatePassword, { token, password: 'NewPass123', confirmPassword: 'NewPass123' });
    expect(set.status).toBe(200);
    expect(await loginStatus(email, PASSWORD)).toBe(401);
    expect(await loginStatus(email, 'NewPass123')).toBe(200);

    const reuse = await client().call(generatePassword, { token, password: 'Again1234', confirmPassword: 'Again1234' });
    expect(reuse.status).toBe(400);
    expect(reuse.body.errorMessage).toBe(MSG.resetLinkInvalid);
  });

  it('ends every session of the user and marks the email verified', async () => {
    const { email } = await signedUpRetail(client());
    const signedIn = client();
    await signedIn.call(login, { email, password: PASSWORD });
    await client().call(forgetPassword, { email });
    const token = linkToken((await waitForMail(email, /Reset your/)).body.text, 'token');
    await client().call(generatePassword, { token, password: 'NewPass123', confirmPassword: 'NewPass123' });

    expect((await signedIn.call(getUserBySessionId, {})).status).toBe(401);
    const fresh = client();
    const res = await fresh.call(login, { email, password: 'NewPass123' });
    expect(res.body.result.status).toBe('verified');
  });

  it('refuses a made-up token', async () => {
    const res = await client().call(generatePassword, {
      token: 'not-a-real-token',
      password: 'NewPass123',
      confirmPassword: 'NewPass123',
    });
    expect(res.status).toBe(400);
    expect(res.body.shortError).toEqual({ token: MSG.resetLinkInvalid });
  });
});

describe('verifyEmail', () => {
  it('verifies the address from the signup mail, then sends the welcome mail', async () => {
    const { email } = await signedUpRetail(client());
    const token = linkToken((await waitForMail(email, /Verify your email/)).body.text, 'verifyEmailToken');
    const res = await client().call(verifyEmail, { token });
    expect(res.status).toBe(200);
    await waitForMail(email, /Welcome to Flight Deals/);

    const me = await client().call(login, { email, password: PASSWORD });
    expect(me.body.result.status).toBe('verified');
    expect((await client().call(verifyEmail, { token })).status).toBe(400);
  });
});

describe('changePassword', () => {
  it('requires the current password', async () => {
    const { email } = await signedUpRetail(client());
    const c = client();
    await c.call(login, { email, password: PASSWORD });
    const res = await c.call(changePassword, {
      currentPassword: 'Wrong1234',
      newPassword: 'NewPass123',
      confirmPassword: 'NewPass123',
    });
    expect(res.status).toBe(400);
    expect(res.body.shortError).toEqual({ currentPassword: MSG.wrongCurrentPassword });
  });

  it('keeps this session, ends the others, and the new password works', async () => {
    const { email } = await signedUpRetail(client());
    const here = client();
    const elsewhere = client();
    await here.call(login, { email, password: PASSWORD });
    await elsewhere.call(login, { email, password: PASSWORD });

    const res = await here.call(changePassword, {
      currentPassword: PASSWORD,
      newPassword: 'NewPass123',
      confirmPassword: 'NewPass123',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.passwordChanged);
    expect((await here.call(getUserBySessionId, {})).status).toBe(200);
    expect((await elsewhere.call(getUserBySessionId, {})).status).toBe(401);
    expect(await loginStatus(email, PASSWORD)).toBe(401);
    expect(await loginStatus(email, 'NewPass123')).toBe(200);
  });

  it('needs a session', async () => {
    const res = await client().call(changePassword, {
      currentPassword: PASSWORD,
      newPassword: 'NewPass123',
      confirmPassword: 'NewPass123',
    });
    expect(res.status).toBe(401);
  });
});

describe('password rules', () => {
  it('refuses common and breached passwords at signup with a clear message on the field', async () => {
    for (const password of ['password1', 'aaaaaaa1', 'Password1']) {
      const res = await client().call(signup, retailSignup({ password }));
      expect(res.status, password).toBe(400);
      expect(res.body.shortError?.password, password).toBe(MSG.commonPassword);
    }
  });

  it('refuses them as a new password too (change and set)', async () => {
    const { email } = await signedUpRetail(client());
    const c = client();
    await c.call(login, { email, password: PASSWORD });
    const change = await c.call(changePassword, {
      currentPassword: PASSWORD,
      newPassword: 'aaaaaaa1',
      confirmPassword: 'aaaaaaa1',
    });
    expect(change.status).toBe(400);
    expect(change.body.shortError?.newPassword).toBe(MSG.commonPassword);
    const set = await client().call(generatePassword, {
      token: 'any-token',
      password: 'password1',
      confirmPassword: 'password1',
    });
    expect(set.status).toBe(400);
    expect(set.body.shortError?.password).toBe(MSG.commonPassword);
  });
});

describe('hashes of the WASM era (hash-wasm, 19 MiB, t = 2)', () => {
  const OLD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$MDEyMzQ1Njc4OWFiY2RlZg$2Xv9GzcryO7ofOQ4Y0ukcjeh0Rlk1vRqacQYmULFQTg';

  it('still sign in, and are replaced by a hash with the current parameters on that sign-in', async () => {
    const { email, userId } = await signedUpRetail(client());
    await updateUser(asSiteId('site-flightdeals'), userId, { passwordHash: OLD_HASH }, new Date());
    expect(await loginStatus(email, 'Wrong-guess-1')).toBe(401);
    expect((await getUser(asSiteId('site-flightdeals'), userId))?.passwordHash).toBe(OLD_HASH);

    expect(await loginStatus(email, 'Legacy-Pass-2024')).toBe(200);
    const rehashed = (await getUser(asSiteId('site-flightdeals'), userId))!.passwordHash!;
    expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=47104,t=1,p=1\$/);
    expect(needsRehash(rehashed)).toBe(false);
    expect(await loginStatus(email, 'Legacy-Pass-2024')).toBe(200);
    expect(await loginStatus(email, 'Legacy-Pass-2025')).toBe(401);
  });
});
