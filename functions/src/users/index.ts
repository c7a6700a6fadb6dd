import {
  changeMyPhoneDetails,
  changePassword,
  facebookLogin,
  forgetPassword,
  generatePassword,
  getUserBySessionId,
  googleLogin,
  login,
  loginBySessionId,
  logout,
  signup,
  verifyEmail,
} from '@tp/contracts/endpoints/users';
import { MSG } from '@tp/contracts/messages';
import { clearSessionCookie, sessionCookie } from '#lib/cookies';
import { domainHandler, operation, reply, type RequestContext } from '#lib/http';
import { requirePrincipal } from '#lib/require-principal';
import * as users from './service.ts';

const scope = async (ctx: RequestContext): Promise<users.Scope> => ({ site: await ctx.site(), now: ctx.now });
const signedIn = ({ user, token }: users.SignedIn) => reply(user, { cookies: [sessionCookie(token)] });
const ok = { ok: true } as const;

export const operations = [
  operation(signup, async (input, ctx) => users.signup(await scope(ctx), input)),
  operation(login, async (input, ctx) => signedIn(await users.login(await scope(ctx), input))),
  operation(logout, async (_input, ctx) => {
    if (ctx.token) await users.logout((await ctx.site()).siteId, ctx.token);
    return reply(ok, { cookies: [clearSessionCookie()] });
  }),
  operation(getUserBySessionId, (_input, ctx) => users.currentUser(requirePrincipal(ctx))),
  operation(loginBySessionId, async (input, ctx) =>
    signedIn(await users.loginByHandoff(await scope(ctx), input.sessionId)),
  ),
  operation(forgetPassword, async (input, ctx) => {
    await users.forgetPassword(await scope(ctx), input.email);
    return reply(ok, { message: MSG.resetMailSent });
  }),
  operation(generatePassword, async (input, ctx) => {
    await users.generatePassword(await scope(ctx), input);
    return ok;
  }),
  operation(changePassword, async (input, ctx) => {
    await users.changePassword(await scope(ctx), requirePrincipal(ctx), ctx.token ?? '', input);
    return reply(ok, { message: MSG.passwordChanged });
  }),
  operation(verifyEmail, async (input, ctx) => {
    await users.verifyEmail(await scope(ctx), input.token);
    return ok;
  }),
  operation(googleLogin, async (input, ctx) =>
    signedIn(await users.socialLogin(await scope(ctx), 'google', input.credential)),
  ),
  operation(facebookLogin, async (input, ctx) =>
    signedIn(await users.socialLogin(await scope(ctx), 'facebook', input.credential)),
  ),
  operation(changeMyPhoneDetails, async (input, ctx) =>
    reply(await users.changeMyPhones(await scope(ctx), requirePrincipal(ctx), input.phoneNumbers), {
      message: MSG.phoneUpdated,
    }),
  ),
];

export const handler = domainHandler(operations);
