/** Sign-in and sessions: password login with attempt limits, logout, the current user, hand-off tokens. */
import * as MSG from '@tp/contracts/messages';
import { type TUser } from '@tp/contracts/users';
import { fail } from '#lib/errors';
import type { Principal } from '#lib/principal';
import { type Claim } from '#lib/rate-limit';
import type { UserRecord } from '../repo.ts';
import { HANDOFF_TTL_SECONDS, type Scope, type SignedIn, type UsersDeps, defaultDeps } from './deps.ts';
import { toUser } from './accounts.ts';
import type { SiteId } from '#lib/keys';

export async function startSession(scope: Scope, user: UserRecord, deps: UsersDeps): Promise<SignedIn> {
  if (user.isBlocked) throw fail.unauthenticated(MSG.accountBlocked);
  const { token } = await deps.createSession(
    { siteId: user.siteId, userId: user.userId, userType: user.userType },
    scope.now,
  );
  return { user: toUser(user), token };
}

/**
 * Claims one attempt from the email's budget (and the client address's, when given) BEFORE the password
 * is checked, so parallel guesses past the budget are refused unevaluated; during a lockout a correct
 * password gets the same 429. Returns the release for a correct password: only failures use the budget.
 */
export async function claimPasswordAttempt(scope: Scope, email: string, deps: UsersDeps): Promise<() => Promise<void>> {
  const { site, now, ip } = scope;
  const { perEmail, perAddress } = deps.passwordAttempts;
  const claims: Claim[] = await Promise.all([
    perEmail.claim(site.siteId, email.toLowerCase(), now),
    ...(ip ? [perAddress.claim(site.siteId, ip, now)] : []),
  ]);
  const release = async () => {
    await Promise.all(claims.map((c) => (c.ok ? c.release() : undefined)));
  };
  const refused = claims.flatMap((c) => (c.ok ? [] : [c.retryAfterSeconds]));
  if (refused.length === 0) return release;
  await release(); // the budget that did admit this attempt is not charged for it
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
  const release = await claimPasswordAttempt(scope, input.email, deps);
  const userId = await deps.repo.userIdByEmail(scope.site.siteId, input.email);
  const user = userId ? await deps.repo.getUser(scope.site.siteId, userId) : null;
  // Always one argon2 verification (against a dummy hash when there is no user), so timing does not reveal accounts.
  const matches = await deps.verifyPassword(input.password, user?.passwordHash);
  // A wrong password keeps its claim: that is the failure counted.
  if (!user || !matches) throw fail.unauthenticated(MSG.invalidCredentials);
  await Promise.all([release(), upgradeHash(scope, user, input.password, deps)]);
  return startSession(scope, user, deps);
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
