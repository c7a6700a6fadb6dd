/** Forgotten, generated and changed passwords. */
import * as MSG from '@tp/contracts/messages';
import { sha256 } from '#lib/crypto';
import { fail } from '#lib/errors';
import type { Principal } from '#lib/principal';
import { NO_USER, readResetToken, resetLinkLive } from '../reset-link.ts';
import { PASSWORD_MAILS_PER_HOUR, type Scope, type UsersDeps, defaultDeps, ok } from './deps.ts';
import { claimPasswordAttempt, requireUser } from './sessions.ts';
import { sendPasswordRequestMail } from './account-mail.ts';
import * as api from '@tp/contracts/endpoints/users';
import { deviceCookie } from '#lib/cookies';
import { newDevice } from './sessions.ts';
import { answers, reply } from '#lib/answers';

/**
 * Answers every address alike, in the same time: the same reads, the same conditional write
 * and one queued mail — a password link for an active account, "there is no account" otherwise.
 */
export async function forgetPassword(scope: Scope, email: string, deps: UsersDeps = defaultDeps): Promise<void> {
  const { site, now } = scope;
  const address = email.toLowerCase();
  if (!(await deps.withinRateLimit(site.siteId, 'password-mail', address, PASSWORD_MAILS_PER_HOUR, 3600, now))) return;
  const userId = (await deps.repo.userIdByEmail(site.siteId, address)) ?? NO_USER;
  await sendPasswordRequestMail(scope, address, userId, deps);
}

const deadLink = () => fail.validation(MSG.resetLinkInvalid, { token: MSG.resetLinkInvalid });

/**
 * Sets a password from a mailed link. The link proves the address, and every existing session ends. A link works
 * once, only while it is the newest one, before the password changes by any other path, and within its hour; a
 * dead link is refused with one plain message before any work.
 */
export async function generatePassword(
  scope: Scope,
  input: { token: string; password: string },
  deps: UsersDeps = defaultDeps,
): Promise<{ userId: string }> {
  const { site, now } = scope;
  const link = readResetToken(input.token);
  const user = link ? await deps.repo.getUser(site.siteId, link.userId) : null;
  if (!link || !user || !resetLinkLive(user, link.secretHash, now)) throw deadLink();
  const passwordHash = await deps.hashPassword(input.password);
  // The check above is for a plain answer before hashing; this conditional write is the one that counts.
  if (
    !(await deps.repo.setPassword(site.siteId, user.userId, passwordHash, now, {
      link: link.secretHash,
      verified: true,
    }))
  )
    throw deadLink();
  await deps.repo.endSessions(site.siteId, user.userId);
  return { userId: user.userId };
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
  // The caller is signed in (a session is a stronger proof than a device cookie): the account's budget from this
  // client address, shared with sign-in, and the address's own cap the guessing here.
  const release = await claimPasswordAttempt(scope, user.email, true, deps);
  if (!(await deps.verifyPassword(input.currentPassword, user.passwordHash)))
    throw fail.validation(MSG.wrongCurrentPassword, { currentPassword: MSG.wrongCurrentPassword });
  await release();
  const passwordHash = await deps.hashPassword(input.newPassword);
  await deps.repo.setPassword(user.siteId, user.userId, passwordHash, scope.now);
  await deps.repo.endSessions(user.siteId, user.userId, sha256(currentToken));
}

// The users Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerForgetPassword = answers(api.forgetPassword, async (input, scope) => {
  await forgetPassword(scope, input.email);
  return reply(ok, { message: MSG.resetMailSent });
});
export const answerGeneratePassword = answers(api.generatePassword, async (input, scope) => {
  // The mailed link proved the address: this device is the owner's from now on (the account-wide budget for
  // unknown clients does not hold it).
  const { userId } = await generatePassword(scope, input);
  const device = await newDevice(scope, userId);
  return reply(ok, device ? { cookies: [deviceCookie(device)] } : {});
});
export const answerChangePassword = answers(api.changePassword, async (input, scope) => {
  await changePassword(scope, scope.principal, scope.token ?? '', input);
  return reply(ok, { message: MSG.passwordChanged });
});
