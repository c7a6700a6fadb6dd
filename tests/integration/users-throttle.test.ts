/**
 * Login throttling through the local gateway against DynamoDB Local: the attempt is claimed before the
 * password is checked, so parallel guesses cannot overrun a budget; a failing client is slowed, a client that
 * has not been failing is not (OWASP ASVS 2.2: throttling, not lock-out); a per-client-address
 * budget caps guessing across emails, and the client address is the connection's unless CloudFront vouched for
 * its header. Each test calls from loopback addresses of its own (the gateway reports the
 * socket's address as the client's), so the budgets it spends touch nothing else in the run.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { login } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { AUTH } from '@tp/contracts/platform';
import { Client } from '../support/api.ts';
import { callFrom, PASSWORD, signedUpRetail, uniqueEmail, uniqueLoopback, useStackTable } from './users-helpers.ts';

const SITE = 'flightdeals.localhost';

/** Fixed windows: start well inside one, so a slow machine cannot straddle a boundary and get a fresh budget. */
async function startOfWindow(windowSeconds: number, needSeconds: number): Promise<void> {
  const into = Date.now() % (windowSeconds * 1000);
  if (into > (windowSeconds - needSeconds) * 1000)
    await new Promise((r) => setTimeout(r, windowSeconds * 1000 - into + 500));
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
/** `name=value` of a Set-Cookie answer, to send back as a browser would. */
const cookieOf = (setCookie: string[], name: string) => setCookie.find((c) => c.startsWith(`${name}=`))?.split(';')[0];

beforeAll(() => useStackTable());

describe('login throttling', () => {
  it('evaluates at most the budget of 30 parallel wrong passwords from one client; the right password from another address still signs in', async () => {
    const { email } = await signedUpRetail(new Client(SITE));
    const from = uniqueLoopback();
    await startOfWindow(60, 25);
    const statuses = await Promise.all(
      Array.from(
        { length: 30 },
        async () => (await callFrom(from, SITE, login, { email, password: 'Wrong-guess-1' })).status,
      ),
    );
    expect(count(statuses, 401)).toBe(AUTH.loginAttemptsPerMinute);
    expect(count(statuses, 429)).toBe(30 - AUTH.loginAttemptsPerMinute);

    // The failing client is slowed: even the right password waits for its window.
    const right = await callFrom(from, SITE, login, { email, password: PASSWORD });
    expect(right.status).toBe(429);
    expect(right.body.errorMessage).toBe(MSG.tooManyLoginAttempts(1));
    // A client that has not been failing is not: the owner signs in from another address, without any cookie.
    expect((await callFrom(uniqueLoopback(), SITE, login, { email, password: PASSWORD })).status).toBe(200);
    // Another account signs in from the guesser's address.
    const other = await signedUpRetail(new Client(SITE));
    expect((await callFrom(from, SITE, login, { email: other.email, password: PASSWORD })).status).toBe(200);
  }, 90_000);

  it('bounds guessing spread over many addresses for clients the account does not know; its own device signs in', async () => {
    const { email } = await signedUpRetail(new Client(SITE));
    const owner = await callFrom(uniqueLoopback(), SITE, login, { email, password: PASSWORD });
    expect(owner.status).toBe(200);
    const device = cookieOf(owner.setCookie, AUTH.deviceCookieName);
    expect(owner.setCookie.find((c) => c.startsWith(`${AUTH.deviceCookieName}=`))).toMatch(/HttpOnly/);
    await startOfWindow(AUTH.loginAccountWindowSeconds, 60);
    // One wrong password from each of many addresses: no address budget is near its end.
    const statuses: number[] = [];
    for (let batch = 0; batch < AUTH.loginAttemptsPerAccount / 10; batch++)
      statuses.push(
        ...(await Promise.all(
          Array.from(
            { length: 10 },
            async () => (await callFrom(uniqueLoopback(), SITE, login, { email, password: 'Wrong-guess-1' })).status,
          ),
        )),
      );
    expect(count(statuses, 401)).toBe(AUTH.loginAttemptsPerAccount);
    // The account's budget for unknown clients is spent: a guess from yet another address is refused unevaluated.
    const more = await callFrom(uniqueLoopback(), SITE, login, { email, password: 'Wrong-guess-1' });
    expect(more.status).toBe(429);
    expect(more.body.errorMessage).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // The owner's device (its cookie from the earlier sign-in) is not held by it, from a new address too.
    const back = await callFrom(uniqueLoopback(), SITE, login, { email, password: PASSWORD }, { cookie: device! });
    expect(back.status).toBe(200);
  }, 180_000);

  it('caps wrong passwords from one client address across emails, and only on that site', async () => {
    const { email } = await signedUpRetail(new Client(SITE));
    const from = uniqueLoopback();
    await startOfWindow(AUTH.loginAddressWindowSeconds, 30);
    // Every guess at a different (unknown) email: no account budget is near its end.
    const statuses = await Promise.all(
      Array.from(
        { length: AUTH.loginAttemptsPerAddress + 10 },
        async () =>
          (await callFrom(from, SITE, login, { email: uniqueEmail('guess'), password: 'Wrong-guess-1' })).status,
      ),
    );
    expect(count(statuses, 401)).toBe(AUTH.loginAttemptsPerAddress);
    expect(count(statuses, 429)).toBe(10);

    const right = await callFrom(from, SITE, login, { email, password: PASSWORD });
    expect(right.status).toBe(429);
    const minutes = Number(/try again in (\d+) minutes?\./.exec(right.body.errorMessage ?? '')?.[1]);
    expect(right.body.errorMessage).toBe(MSG.tooManyLoginAttempts(minutes));
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(AUTH.loginAddressWindowSeconds / 60);
    // The refused attempt charged nothing to the account: it signs in at once from elsewhere.
    expect((await new Client(SITE).call(login, { email, password: PASSWORD })).status).toBe(200);
    // Budgets are per site: the same address is not limited on another site.
    const elsewhere = await callFrom(from, 'skyway.localhost', login, { email, password: PASSWORD });
    expect(elsewhere.status).toBe(401);
  }, 120_000);

  it('does not take the client address from a CloudFront-Viewer-Address that CloudFront did not vouch for', async () => {
    const from = uniqueLoopback();
    await startOfWindow(AUTH.loginAddressWindowSeconds, 30);
    // Each guess claims to come from another viewer; no origin secret was verified, so the socket's address counts.
    let n = 0;
    const spoofed = () => ({ 'cloudfront-viewer-address': `198.51.100.${++n % 250}:${1000 + n}` });
    const statuses = await Promise.all(
      Array.from(
        { length: AUTH.loginAttemptsPerAddress + 5 },
        async () =>
          (await callFrom(from, SITE, login, { email: uniqueEmail('guess'), password: 'Wrong-guess-1' }, spoofed()))
            .status,
      ),
    );
    expect(count(statuses, 401)).toBe(AUTH.loginAttemptsPerAddress);
    expect(count(statuses, 429)).toBe(5);
  }, 120_000);

  it('gives a correct password its attempt back: signing in often never locks anyone out', async () => {
    const { email } = await signedUpRetail(new Client(SITE));
    const from = uniqueLoopback();
    for (let i = 0; i < AUTH.loginAttemptsPerMinute + 2; i++)
      expect((await callFrom(from, SITE, login, { email, password: PASSWORD })).status).toBe(200);
    expect((await callFrom(from, SITE, login, { email, password: 'Wrong-guess-1' })).status).toBe(401);
  }, 90_000);
});
