/** Google / Facebook sign-in: a verified token finds or creates the account. */
import * as MSG from '@tp/contracts/messages';
import { fail } from '#lib/errors';
import type { UserRecord } from '../repo.ts';
import { type SocialIdentity, type SocialProvider } from '../social.ts';
import { type Scope, type SignedIn, type UsersDeps, defaultDeps } from './deps.ts';
import { createAccount } from './accounts.ts';
import { startSession } from './sessions.ts';
import { sendWelcomeMail } from './account-mail.ts';
import * as api from '@tp/contracts/endpoints/users';
import { signedIn } from './sessions.ts';
import { answers } from '#lib/answers';

/**
 * Signs in with a provider's ID token: the account mapped to the provider's subject, else the account
 * with the token's (provider-verified) email, linked from now on, else a new retail account.
 */
export async function socialLogin(
  scope: Scope,
  provider: SocialProvider,
  credential: string,
  deps: UsersDeps = defaultDeps,
): Promise<SignedIn> {
  const { site } = scope;
  const audience = provider === 'google' ? site.wlMeta.googleAuthClientId : site.wlMeta.facebookAppId;
  if (!audience) throw fail.validation(MSG.socialLoginDisabled);
  const identity = await deps.verifySocialToken(provider, credential, audience);
  if (!identity) throw fail.unauthenticated(MSG.socialLoginFailed);
  // A concurrent first sign-in can win the race to create the account; the second pass then finds it.
  for (let attempt = 0; attempt < 2; attempt++) {
    const user = await findSocialUser(scope, identity, deps);
    if (user) return startSession(scope, user, deps);
    try {
      const created = await createAccount(
        scope,
        {
          userType: 'retail',
          email: identity.email,
          firstName: identity.firstName,
          lastName: identity.lastName,
          phoneNumbers: [],
          status: 'verified',
        },
        { social: { provider, subject: identity.subject } },
        deps,
      );
      await sendWelcomeMail(scope, created, deps);
      return startSession(scope, created, deps);
    } catch (err) {
      if (attempt > 0 || (err as { status?: number }).status !== 409) throw err;
    }
  }
  throw fail.unauthenticated(MSG.socialLoginFailed);
}

async function findSocialUser(scope: Scope, identity: SocialIdentity, deps: UsersDeps): Promise<UserRecord | null> {
  const { site, now } = scope;
  const linkedId = await deps.repo.userIdBySocial(site.siteId, identity.provider, identity.subject);
  if (linkedId) return deps.repo.getUser(site.siteId, linkedId);
  const byEmail = await deps.repo.userIdByEmail(site.siteId, identity.email);
  const user = byEmail ? await deps.repo.getUser(site.siteId, byEmail) : null;
  if (!user) return null;
  await deps.repo.linkSocial(site.siteId, identity.provider, identity.subject, user.userId);
  if (user.status !== 'verified') {
    await deps.repo.updateUser(site.siteId, user.userId, { status: 'verified' }, now);
    user.status = 'verified';
  }
  return user;
}

// The users Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGoogleLogin = answers(api.googleLogin, async (input, scope) =>
  signedIn(await socialLogin(scope, 'google', input.credential)),
);
export const answerFacebookLogin = answers(api.facebookLogin, async (input, scope) =>
  signedIn(await socialLogin(scope, 'facebook', input.credential)),
);
