/** Sign-in and sessions: password login with attempt limits, logout, the current user, hand-off tokens. */
import * as MSG from '@tp/contracts/messages';
import { AUTH } from '@tp/contracts/platform';
import { AGENCY_MSG } from '@tp/contracts/endpoints/agency';
import { type TUser } from '@tp/contracts/endpoints/users';
import { fail } from '#lib/errors';
import type { Principal } from '#lib/principal';
import { type Claim } from '#lib/rate-limit';
import type { UserRecord } from '../repo.ts';
import { HANDOFF_TTL_SECONDS, type Scope, type SignedIn, type UsersDeps, defaultDeps } from './deps.ts';
import { toUser } from './accounts.ts';
import type { SiteId } from '#lib/keys';
import * as api from '@tp/contracts/endpoints/users';
import { ok } from './deps.ts';
import { clearSessionCookie, deviceCookie, sessionCookie } from '#lib/cookies';
import { answers, reply } from '#lib/answers';

export async function startSession(scope: Scope, user: UserRecord, deps: UsersDeps): Promise<SignedIn> {
  if (user.isBlocked) throw fail.unauthenticated(MSG.accountBlocked);
  if (user.deactivatedAt) throw fail.unauthenticated(AGENCY_MSG.memberDeactivated);
  const { token } = await deps.createSession(
    { siteId: user.siteId, userId: user.userId, userType: user.userType },
    scope.now,
  );
  // The staff list's last sign-in. Best effort: a missed note never refuses a sign-in.
  await deps.repo
    .recordSignIn(user.siteId, user.userId, scope.now)
    .catch((err: unknown) =>
      deps.log.warn('sign-in not recorded', { siteId: user.siteId, userId: user.userId, error: String(err) }),
    );
  return { user: toUser(user), token };
}

/**
 * Claims one attempt from each budget that holds this client BEFORE the password is checked, so parallel
 * guesses past a budget are refused unevaluated (throttling rather than lock-out):
 * - the account from this client address (10 a minute): a failing client is slowed, nobody else;
 * - this client address across accounts (30 in 15 minutes): credential stuffing;
 * - the account across addresses (50 in 15 minutes), only for clients that are not `trusted` (no device cookie
 *   of this account, no session): guessing spread over many addresses stays bounded, while a device the
 *   owner signed in from before is not held by it.
 * A client that has not been failing spends nothing, so a guesser elsewhere never refuses its right password.
 * Returns the release for a correct password: only failures use the budgets.
 */
export async function claimPasswordAttempt(
  scope: Scope,
  email: string,
  trusted: boolean,
  deps: UsersDeps,
): Promise<() => Promise<void>> {
  const { site, now, ip } = scope;
  const account = email.toLowerCase();
  const { perAccountAddress, perAddress, perAccount } = deps.passwordAttempts;
  const claims: Claim[] = await Promise.all([
    perAccountAddress.claim(site.siteId, `${account} ${ip ?? ''}`, now),
    ...(ip ? [perAddress.claim(site.siteId, ip, now)] : []),
    ...(trusted ? [] : [perAccount.claim(site.siteId, account, now)]),
  ]);
  const release = async () => {
    await Promise.all(claims.map((c) => (c.ok ? c.release() : undefined)));
  };
  const refused = claims.flatMap((c) => (c.ok ? [] : [c.retryAfterSeconds]));
  if (refused.length === 0) return release;
  await release(); // the budgets that did admit this attempt are not charged for it
  throw fail.tooMany(MSG.tooManyLoginAttempts(Math.max(1, Math.ceil(Math.max(...refused) / 60))));
}

/**
 * Replaces a hash made with older parameters by one with the current ones, while the password is at
 * hand. Best effort: the sign-in goes on if it fails, and a password changed meanwhile is never undone.
 */
async function upgradeHash(scope: Scope, user: UserRecord, password: string, deps: UsersDeps): Promise<void> {
  if (!user.passwordHash || !deps.needsRehash(user.passwordHash)) return;
  try {
    const next = await deps.hashPassword(password);
    await deps.repo.replacePasswordHash(user.siteId, user.userId, user.passwordHash, next, scope.now);
  } catch (err) {
    deps.log.warn('password rehash failed', { siteId: user.siteId, userId: user.userId, error: String(err) });
  }
}

export async function login(
  scope: Scope,
  input: { email: string; password: string },
  deps: UsersDeps = defaultDeps,
): Promise<SignedIn> {
  const { site, now, device } = scope;
  const [userId, deviceOf] = await Promise.all([
    deps.repo.userIdByEmail(site.siteId, input.email),
    device ? deps.repo.deviceUserId(site.siteId, device, now) : null,
  ]);
  const trusted = userId !== null && deviceOf === userId;
  const release = await claimPasswordAttempt(scope, input.email, trusted, deps);
  const user = userId ? await deps.repo.getUser(site.siteId, userId) : null;
  // Always one argon2 verification (against a dummy hash when there is no user), so timing does not reveal accounts.
  const matches = await deps.verifyPassword(input.password, user?.passwordHash);
  // A wrong password keeps its claims: that is the failure counted.
  if (!user || !matches) throw fail.unauthenticated(MSG.invalidCredentials);
  await Promise.all([release(), upgradeHash(scope, user, input.password, deps)]);
  const signedIn = await startSession(scope, user, deps);
  // This device is now known to the account: the account-wide budget for unknown clients no longer holds it.
  if (trusted) return signedIn;
  const fresh = await newDevice(scope, user.userId, deps);
  return fresh ? { ...signedIn, device: fresh } : signedIn;
}

/**
 * A device cookie's token for `userId` (AUTH.deviceTtlSeconds), for a client that proved it holds the account.
 * Best effort: without one the client is simply treated as unknown next time.
 */
export async function newDevice(
  scope: Scope,
  userId: string,
  deps: UsersDeps = defaultDeps,
): Promise<string | undefined> {
  try {
    return await deps.repo.createToken(scope.site.siteId, 'device', userId, AUTH.deviceTtlSeconds, scope.now);
  } catch (err) {
    deps.log.warn('device cookie not stored', { siteId: scope.site.siteId, userId, error: String(err) });
    return undefined;
  }
}

export async function logout(siteId: SiteId, token: string | undefined, deps: UsersDeps = defaultDeps): Promise<void> {
  if (token) await deps.deleteSession(siteId, token);
}

export async function requireUser(siteId: SiteId, userId: string, deps: UsersDeps): Promise<UserRecord> {
  const user = await deps.repo.getUser(siteId, userId);
  if (!user) throw fail.unauthenticated();
  return user;
}

/** The caller's own record was read with the session (one round trip); no second read here. */
export async function currentUser(principal: Principal): Promise<TUser> {
  return toUser(principal.record as unknown as UserRecord);
}

/** A one-time token another flow (jump login, the core site) hands to the browser for loginBySessionId. */
export function createHandoffToken(
  siteId: SiteId,
  userId: string,
  now: Date,
  deps: UsersDeps = defaultDeps,
): Promise<string> {
  return deps.repo.createToken(siteId, 'handoff', userId, HANDOFF_TTL_SECONDS, now);
}

export async function loginByHandoff(
  scope: Scope,
  handoffToken: string,
  deps: UsersDeps = defaultDeps,
): Promise<SignedIn> {
  const userId = await deps.repo.consumeToken(scope.site.siteId, 'handoff', handoffToken, scope.now);
  if (!userId) throw fail.unauthenticated(MSG.sessionExpired);
  return startSession(scope, await requireUser(scope.site.siteId, userId, deps), deps);
}

// The users Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
/** A signed-in user's answer: the session cookie, and the device cookie when this client earned one. */
export const signedIn = ({ user, token, device }: SignedIn) =>
  reply(user, { cookies: [sessionCookie(token), ...(device ? [deviceCookie(device)] : [])] });
// The client address and device cookie pick the wrong-password budgets that hold this client.
export const answerLogin = answers(api.login, async (input, scope) =>
  signedIn(await login({ ...scope, device: scope.cookies?.[AUTH.deviceCookieName] }, input)),
);
export const answerLogout = answers(api.logout, async (_input, scope) => {
  if (scope.token) await logout(scope.site.siteId, scope.token);
  return reply(ok, { cookies: [clearSessionCookie()] });
});
export const answerGetUserBySessionId = answers(api.getUserBySessionId, (_input, scope) =>
  currentUser(scope.principal),
);
export const answerLoginBySessionId = answers(api.loginBySessionId, async (input, scope) =>
  signedIn(await loginByHandoff(scope, input.sessionId)),
);
