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
import {
  createAgent,
  createDetailPendingCustomerForDmc,
  getCustomerMonthlyFlightDetails,
  getCustomers,
  getEmailSubscribers,
  getMyLegalEntity,
  getUserById,
  searchWlUser,
  setFlightHoldSettingForUser,
  setFlightSearchSettingForUser,
  toggleBlock,
  toggleFlightSearchExemption,
  updateBillingDetails,
  updateDetails,
} from '@tp/contracts/endpoints/customers';
import { MSG } from '@tp/contracts/messages';
import { clearSessionCookie, sessionCookie } from '#lib/cookies';
import { domainHandler, operation, reply, type RequestContext } from '#lib/http';
import { requirePrincipal } from '#lib/require-principal';
import * as users from './service.ts';
import * as customers from './customers.ts';

const scope = async (ctx: RequestContext): Promise<users.Scope> => ({ site: await ctx.site(), now: ctx.now });
const signedIn = ({ user, token }: users.SignedIn) => reply(user, { cookies: [sessionCookie(token)] });
const ok = { ok: true } as const;

export const operations = [
  operation(signup, async (input, ctx) => users.signup(await scope(ctx), input)),
  // The client address feeds the per-address budget (wrong passwords across emails).
  operation(login, async (input, ctx) => signedIn(await users.login({ ...(await scope(ctx)), ip: ctx.ip }, input))),
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
  // Staff customer screens and the user's own data.
  operation(getCustomers, async (input, ctx) => customers.listCustomers(await scope(ctx), input)),
  operation(searchWlUser, async (input, ctx) => customers.searchCustomers(await scope(ctx), input.searchQuery)),
  operation(getUserById, async (input, ctx) => customers.getCustomer(await scope(ctx), input.userId)),
  operation(toggleBlock, async (input, ctx) =>
    reply(await customers.setBlocked(await scope(ctx), requirePrincipal(ctx), input), {
      message: input.isBlocked ? MSG.customerBlocked : MSG.customerUnblocked,
    }),
  ),
  operation(updateDetails, async (input, ctx) =>
    reply(await customers.changeDetails(await scope(ctx), requirePrincipal(ctx), input), { message: MSG.settingSaved }),
  ),
  operation(toggleFlightSearchExemption, async (input, ctx) =>
    reply(await customers.setSearchExemption(await scope(ctx), input), {
      message: input.exempt ? MSG.customerExempted : MSG.customerExemptionRemoved,
    }),
  ),
  operation(setFlightHoldSettingForUser, async (input, ctx) =>
    reply(await customers.setFlightHold(await scope(ctx), input.userId, input.isFlightHold), {
      message: MSG.settingSaved,
    }),
  ),
  operation(setFlightSearchSettingForUser, async (input, ctx) =>
    reply(await customers.setFlightSearch(await scope(ctx), input.userId, input.isFlightSearchAllowed), {
      message: MSG.settingSaved,
    }),
  ),
  operation(getCustomerMonthlyFlightDetails, async (input, ctx) =>
    customers.monthlyFlightActivity(await scope(ctx), input.userId),
  ),
  operation(createAgent, async (input, ctx) =>
    reply(await customers.createAgent(await scope(ctx), input.userData), { message: MSG.agentCreated }),
  ),
  operation(getEmailSubscribers, async (input, ctx) => customers.emailSubscribers(await scope(ctx), input.page)),
  operation(getMyLegalEntity, async (_input, ctx) => customers.myLegalEntity(await scope(ctx), requirePrincipal(ctx))),
  operation(createDetailPendingCustomerForDmc, async (input, ctx) =>
    customers.createPendingDmcCustomer(await scope(ctx), input),
  ),
  operation(updateBillingDetails, async (input, ctx) =>
    reply(await customers.updateBilling(await scope(ctx), requirePrincipal(ctx), input), { message: MSG.settingSaved }),
  ),
];

export const handler = domainHandler(operations);
