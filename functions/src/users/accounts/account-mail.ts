/** Account mails (verification, welcome, password links), queued for the email worker. */
import { AUTH } from '@tp/contracts/platform';
import { passwordLinkMail, verifyEmailMail, welcomeMail, type RenderedMail } from '@tp/mail';
import { newId } from '#lib/crypto';
import { appLink, mailBrand } from '#lib/mail';
import type { UserRecord } from '../repo.ts';
import { type Scope, type UsersDeps, VERIFY_TTL_SECONDS, defaultDeps } from './deps.ts';

/**
 * Queues an account mail. Best effort: the change it reports is already committed, so a queue outage is
 * logged for operators rather than failing the request (a lost link can be asked for again). Each mail
 * gets its own idempotency key, so an SQS redelivery never sends it twice.
 */
async function queueAccountMail(
  scope: Scope,
  user: UserRecord,
  purpose: 'verify' | 'welcome' | 'password',
  render: () => RenderedMail | Promise<RenderedMail>,
  deps: UsersDeps,
): Promise<void> {
  try {
    const mail = await render();
    await deps.enqueueEmail({ siteId: user.siteId, to: user.email, ...mail, idempotencyKey: `${purpose}-${newId()}` });
  } catch (err) {
    deps.log.error('account mail not queued', {
      purpose,
      siteId: user.siteId,
      userId: user.userId,
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

/** Mails a one-hour password link: "reset" when the user has a password, "set" when the account has none yet. */
export const sendPasswordMail = (scope: Scope, user: UserRecord, deps: UsersDeps = defaultDeps) =>
  queueAccountMail(
    scope,
    user,
    'password',
    async () => {
      const token = await deps.repo.createToken(user.siteId, 'reset', user.userId, AUTH.resetTtlSeconds, scope.now);
      return passwordLinkMail(mailBrand(scope.site), {
        firstName: user.firstName,
        link: appLink(scope.site, '/generate_password', { token }),
        validForSeconds: AUTH.resetTtlSeconds,
        kind: user.passwordHash ? 'reset' : 'generate',
      });
    },
    deps,
  );
