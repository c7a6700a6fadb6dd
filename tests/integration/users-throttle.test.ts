/**
 * Login throttling through the local gateway against DynamoDB Local: the attempt is claimed before the
 * password is checked, so parallel guesses cannot overrun the budget; a per-client-address budget caps
 * guessing across emails. Each test calls from a loopback address of its own (the gateway reports the
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

beforeAll(() => useStackTable());

describe('login throttling', () => {
  it('evaluates at most the per-email budget of 30 parallel wrong passwords; then even the right one gets 429', async () => {
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

    const right = await callFrom(from, SITE, login, { email, password: PASSWORD });
    expect(right.status).toBe(429);
    expect(right.body.errorMessage).toBe(MSG.tooManyLoginAttempts(1));
    // The lock is the email's: another account signs in from the same address.
    const other = await signedUpRetail(new Client(SITE));
    expect((await callFrom(from, SITE, login, { email: other.email, password: PASSWORD })).status).toBe(200);
  }, 90_000);

  it('caps wrong passwords from one client address across emails, and only on that site', async () => {
    const { email } = await signedUpRetail(new Client(SITE));
    const from = uniqueLoopback();
    await startOfWindow(AUTH.loginAddressWindowSeconds, 30);
    // Every guess at a different (unknown) email: no per-email budget is near its end.
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

  it('gives a correct password its attempt back: signing in often never locks anyone out', async () => {
    const { email } = await signedUpRetail(new Client(SITE));
    const from = uniqueLoopback();
    for (let i = 0; i < AUTH.loginAttemptsPerMinute + 2; i++)
      expect((await callFrom(from, SITE, login, { email, password: PASSWORD })).status).toBe(200);
    expect((await callFrom(from, SITE, login, { email, password: 'Wrong-guess-1' })).status).toBe(401);
  }, 90_000);
});
