/** Forgotten, generated and changed passwords. */
import * as MSG from '@tp/contracts/messages';
import { sha256 } from '#lib/crypto';
import { fail } from '#lib/errors';
import type { Principal } from '#lib/principal';
import { PASSWORD_MAILS_PER_HOUR, type Scope, type UsersDeps, defaultDeps } from './deps.ts';
import { claimPasswordAttempt, requireUser } from './sessions.ts';
import { sendPasswordMail } from './account-mail.ts';

/** Mails a password link when the address belongs to an active account; the caller answers the same either way. */
export async function forgetPassword(scope: Scope, email: string, deps: UsersDeps = defaultDeps): Promise<void> {
  const { site, now } = scope;
  const address = email.toLowerCase();
  if (!(await deps.withinRateLimit(site.siteId, 'password-mail', address, PASSWORD_MAILS_PER_HOUR, 3600, now))) return;
  const userId = await deps.repo.userIdByEmail(site.siteId, address);
  const user = userId ? await deps.repo.getUser(site.siteId, userId) : null;
  if (user && !user.isBlocked) await sendPasswordMail(scope, user, deps);
}

/** Sets a password from a mailed link. The link proves the address, and every existing session ends. */
export async function generatePassword(
  scope: Scope,
  input: { token: string; password: string },
  deps: UsersDeps = defaultDeps,
): Promise<void> {
  const { site, now } = scope;
  const userId = await deps.repo.consumeToken(site.siteId, 'reset', input.token, now);
  if (!userId) throw fail.validation(MSG.resetLinkInvalid, { token: MSG.resetLinkInvalid });
  const passwordHash = await deps.hashPassword(input.password);
  await deps.repo.updateUser(site.siteId, userId, { passwordHash, status: 'verified' }, now);
  await deps.repo.endSessions(site.siteId, userId);
}

/** Changes the password of the signed-in user and ends their other sessions (this browser stays signed in). */
export async function changePassword(
  scope: Scope,
  principal: Principal,
  currentToken: string,
  input: { currentPassword: string; newPassword: string },
  deps: UsersDeps = defaultDeps,
): Promise<void> {
  const user = await requireUser(principal.siteId, principal.userId, deps);
  // The caller is signed in: the email's budget alone (shared with sign-in) caps guessing here.
  const release = await claimPasswordAttempt({ site: scope.site, now: scope.now }, user.email, deps);
  if (!(await deps.verifyPassword(input.currentPassword, user.passwordHash)))
    throw fail.validation(MSG.wrongCurrentPassword, { currentPassword: MSG.wrongCurrentPassword });
  await release();
  const passwordHash = await deps.hashPassword(input.newPassword);
  await deps.repo.updateUser(user.siteId, user.userId, { passwordHash }, scope.now);
  await deps.repo.endSessions(user.siteId, user.userId, sha256(currentToken));
}
