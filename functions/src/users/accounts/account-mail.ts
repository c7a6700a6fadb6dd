/** Account mails (verification, welcome, password links), queued for the email worker. */
import { AUTH } from '@tp/contracts/platform';
import {
  accountExistsMail,
  noAccountMail,
  passwordLinkMail,
  verifyEmailMail,
  welcomeMail,
  type RenderedMail,
} from '@tp/mail';
import { newId } from '#lib/crypto';
import { appLink, mailBrand } from '#lib/mail';
import type { UserRecord } from '../repo.ts';
import { NO_USER } from '../reset-link.ts';
import { type Scope, type UsersDeps, VERIFY_TTL_SECONDS, defaultDeps } from './deps.ts';

/**
 * Queues an account mail. Best effort: the change it reports is already committed, so a queue outage is
 * logged for operators rather than failing the request (a lost link can be asked for again). Each mail
 * gets its own idempotency key, so an SQS redelivery never sends it twice.
 */
async function queueAccountMail(
  scope: Scope,
  to: Pick<UserRecord, 'siteId' | 'email' | 'userId'>,
  purpose: 'verify' | 'welcome' | 'password' | 'account-exists',
  render: () => RenderedMail | Promise<RenderedMail>,
  deps: UsersDeps,
): Promise<void> {
  try {
    const mail = await render();
    await deps.enqueueEmail({ siteId: to.siteId, to: to.email, ...mail, idempotencyKey: `${purpose}-${newId()}` });
  } catch (err) {
    deps.log.error('account mail not queued', {
      purpose,
      siteId: to.siteId,
      ...(to.userId !== NO_USER ? { userId: to.userId } : {}),
      error: String(err),
    });
  }
}

export const sendVerificationMail = (scope: Scope, user: UserRecord, deps: UsersDeps = defaultDeps) =>
  queueAccountMail(
    scope,
    user,
    'verify',
    async () => {
      const token = await deps.repo.createToken(user.siteId, 'verify', user.userId, VERIFY_TTL_SECONDS, scope.now);
      return verifyEmailMail(mailBrand(scope.site), {
        firstName: user.firstName,
        // The SPA has no screen of its own for this: the login page reads the token and calls verifyEmail.
        link: appLink(scope.site, '/login', { verifyEmailToken: token }),
        validForSeconds: VERIFY_TTL_SECONDS,
      });
    },
    deps,
  );

export const sendWelcomeMail = (scope: Scope, user: UserRecord, deps: UsersDeps) =>
  queueAccountMail(
    scope,
    user,
    'welcome',
    () => welcomeMail(mailBrand(scope.site), { firstName: user.firstName, loginLink: appLink(scope.site, '/login') }),
    deps,
  );

/**
 * Answers a password-link request for `email` (`userId` from its uniqueness guard, NO_USER when there is none)
 * with one mail either way, after the same single conditional write: an active account gets
 * a one-hour link ("reset" when it has a password, "set" when it has none yet) that replaces any earlier one;
 * an address without an active account is told there is none.
 */
export const sendPasswordRequestMail = (scope: Scope, email: string, userId: string, deps: UsersDeps = defaultDeps) =>
  queueAccountMail(
    scope,
    { siteId: scope.site.siteId, email, userId },
    'password',
    async () => {
      const link = await deps.repo.issueResetLink(scope.site.siteId, userId, AUTH.resetTtlSeconds, scope.now, email);
      if (!link) return noAccountMail(mailBrand(scope.site), { signupLink: appLink(scope.site, '/signup') });
      return passwordLinkMail(mailBrand(scope.site), {
        firstName: link.user.firstName,
        link: appLink(scope.site, '/generate_password', { token: link.token }),
        validForSeconds: AUTH.resetTtlSeconds,
        kind: link.user.passwordHash ? 'reset' : 'generate',
      });
    },
    deps,
  );

/** Mails an account's owner its password link (agent quick create: "set your password"). */
export const sendPasswordMail = (scope: Scope, user: UserRecord, deps: UsersDeps = defaultDeps) =>
  sendPasswordRequestMail(scope, user.email, user.userId, deps);

/** Tells the owner of an address that someone tried to sign up with it (the sign-up page said nothing). */
export const sendAccountExistsMail = (scope: Scope, owner: UserRecord, deps: UsersDeps = defaultDeps) =>
  queueAccountMail(
    scope,
    owner,
    'account-exists',
    () =>
      accountExistsMail(mailBrand(scope.site), {
        firstName: owner.firstName,
        loginLink: appLink(scope.site, '/login'),
      }),
    deps,
  );
