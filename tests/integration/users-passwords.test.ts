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
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/src/lib/db.ts';
import { keys } from '../../functions/src/lib/keys.ts';
import { getUser, setPassword } from '../../functions/src/users/repo.ts';
import { Client, mailbox, waitForMail } from '../support/api.ts';
import { linkToken, PASSWORD, retailSignup, signedUpRetail, uniqueEmail, useStackTable } from './users-helpers.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';

const SITE = 'flightdeals.localhost';
const client = () => new Client(SITE);

async function loginStatus(email: string, password: string): Promise<number> {
  return (await client().call(login, { email, password })).status;
}

beforeAll(() => useStackTable());

/** Asks for a password link and returns the token of the mail (a newer mail than `after`'s, when given). */
async function mailedLink(email: string, after?: string): Promise<string> {
  await client().call(forgetPassword, { email });
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const mails = (await mailbox()).filter((m) => m.destination.to.includes(email) && /Reset your/.test(m.subject));
    const token = mails.length ? linkToken(mails.at(-1)!.body.text, 'token') : undefined;
    if (token && token !== after) return token;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no new password link for ${email}`);
}
const setWith = (token: string, password: string) =>
  client().call(generatePassword, { token, password, confirmPassword: password });

describe('forgetPassword → generatePassword', () => {
  it('answers an unknown address the same, and mails it that there is no account (no link)', async () => {
    const email = uniqueEmail('ghost');
    const known = await signedUpRetail(client());
    const res = await client().call(forgetPassword, { email });
    const same = await client().call(forgetPassword, { email: known.email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(same.body);
    expect(res.body).toMatchObject({ success: true, message: MSG.resetMailSent, result: { ok: true } });
    const mail = await waitForMail(email, /^Your Flight Deals password request$/);
    expect(mail.body.text).toContain('there is no active account with it');
    expect(mail.body.text).not.toContain('generate_password');
    expect((await mailbox()).filter((m) => m.destination.to.includes(email))).toHaveLength(1);
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

  it('kills a link when a newer one is issued, and says so plainly', async () => {
    const { email } = await signedUpRetail(client());
    const older = await mailedLink(email);
    const newer = await mailedLink(email, older);
    const stale = await setWith(older, 'NewPass123');
    expect(stale.status).toBe(400);
    expect(stale.body.shortError).toEqual({ token: MSG.resetLinkInvalid });
    expect(await loginStatus(email, 'NewPass123')).toBe(401);
    expect((await setWith(newer, 'NewPass123')).status).toBe(200);
    expect(await loginStatus(email, 'NewPass123')).toBe(200);
    // Used once: neither works now.
    for (const token of [newer, older]) expect((await setWith(token, 'Again-Pass-4')).status).toBe(400);
    expect(await loginStatus(email, 'NewPass123')).toBe(200);
  });

  it('kills a link issued before a password change', async () => {
    const { email } = await signedUpRetail(client());
    const token = await mailedLink(email);
    const c = client();
    await c.call(login, { email, password: PASSWORD });
    const changed = await c.call(changePassword, {
      currentPassword: PASSWORD,
      newPassword: 'Changed-Pass-5',
      confirmPassword: 'Changed-Pass-5',
    });
    expect(changed.status).toBe(200);
    const res = await setWith(token, 'Hijack-Pass-6');
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe(MSG.resetLinkInvalid);
    expect(await loginStatus(email, 'Changed-Pass-5')).toBe(200);
    expect(await loginStatus(email, 'Hijack-Pass-6')).toBe(401);
  });

  it('kills a link past its expiry', async () => {
    const { email, userId } = await signedUpRetail(client());
    const token = await mailedLink(email);
    // An hour on: the stored expiry moved into the past, as time would.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(asSiteId('site-flightdeals'), userId),
        UpdateExpression: 'SET resetLink.expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const res = await setWith(token, 'Late-Pass-77');
    expect(res.status).toBe(400);
    expect(res.body.shortError).toEqual({ token: MSG.resetLinkInvalid });
    expect(await loginStatus(email, PASSWORD)).toBe(200);
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
    await setPassword(asSiteId('site-flightdeals'), userId, OLD_HASH, new Date());
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
