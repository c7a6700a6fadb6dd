import * as kycApi from '@tp/contracts/endpoints/kyc';
import { KYC_MSG } from '@tp/contracts/endpoints/kyc';
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
import { domainHandler, operation, reply } from '#lib/http';
import * as users from './accounts/index.ts';
import * as customers from './customers.ts';
import * as kyc from './kyc.ts';
import { legalEntityGroup } from '../markup/index.ts';
import { isTdsDeductable } from '../suppliers/index.ts';

const signedIn = ({ user, token }: users.SignedIn) => reply(user, { cookies: [sessionCookie(token)] });
const ok = { ok: true } as const;

// The customer views show each legal entity's group and TDS setting (owned by markup and suppliers).
customers.customerPorts.plug({ legalEntityGroup, isTdsDeductable });

export const operations = [
  operation(signup, async (input, scope) => users.signup(scope, input)),
  // The client address feeds the per-address budget (wrong passwords across emails).
  operation(login, async (input, scope) => signedIn(await users.login(scope, input))),
  operation(logout, async (_input, scope) => {
    if (scope.token) await users.logout(scope.site.siteId, scope.token);
    return reply(ok, { cookies: [clearSessionCookie()] });
  }),
  operation(getUserBySessionId, (_input, scope) => users.currentUser(scope.principal)),
  operation(loginBySessionId, async (input, scope) => signedIn(await users.loginByHandoff(scope, input.sessionId))),
  operation(forgetPassword, async (input, scope) => {
    await users.forgetPassword(scope, input.email);
    return reply(ok, { message: MSG.resetMailSent });
  }),
  operation(generatePassword, async (input, scope) => {
    await users.generatePassword(scope, input);
    return ok;
  }),
  operation(changePassword, async (input, scope) => {
    await users.changePassword(scope, scope.principal, scope.token ?? '', input);
    return reply(ok, { message: MSG.passwordChanged });
  }),
  operation(verifyEmail, async (input, scope) => {
    await users.verifyEmail(scope, input.token);
    return ok;
  }),
  operation(googleLogin, async (input, scope) => signedIn(await users.socialLogin(scope, 'google', input.credential))),
  operation(facebookLogin, async (input, scope) =>
    signedIn(await users.socialLogin(scope, 'facebook', input.credential)),
  ),
  operation(changeMyPhoneDetails, async (input, scope) =>
    reply(await users.changeMyPhones(scope, scope.principal, input.phoneNumbers), {
      message: MSG.phoneUpdated,
    }),
  ),
  // Staff customer screens and the user's own data.
  operation(getCustomers, async (input, scope) => customers.listCustomers(scope, input)),
  operation(searchWlUser, async (input, scope) => customers.searchCustomers(scope, input.searchQuery)),
  operation(getUserById, async (input, scope) => customers.getCustomer(scope, input.userId)),
  operation(toggleBlock, async (input, scope) =>
    reply(await customers.setBlocked(scope, scope.principal, input), {
      message: input.isBlocked ? MSG.customerBlocked : MSG.customerUnblocked,
    }),
  ),
  operation(updateDetails, async (input, scope) =>
    reply(await customers.changeDetails(scope, scope.principal, input), { message: MSG.settingSaved }),
  ),
  operation(toggleFlightSearchExemption, async (input, scope) =>
    reply(await customers.setSearchExemption(scope, input), {
      message: input.exempt ? MSG.customerExempted : MSG.customerExemptionRemoved,
    }),
  ),
  operation(setFlightHoldSettingForUser, async (input, scope) =>
    reply(await customers.setFlightHold(scope, input.userId, input.isFlightHold), {
      message: MSG.settingSaved,
    }),
  ),
  operation(setFlightSearchSettingForUser, async (input, scope) =>
    reply(await customers.setFlightSearch(scope, input.userId, input.isFlightSearchAllowed), {
      message: MSG.settingSaved,
    }),
  ),
  operation(getCustomerMonthlyFlightDetails, async (input, scope) =>
    customers.monthlyFlightActivity(scope, input.userId),
  ),
  operation(createAgent, async (input, scope) =>
    reply(await customers.createAgent(scope, input.userData), { message: MSG.agentCreated }),
  ),
  operation(getEmailSubscribers, async (input, scope) => customers.emailSubscribers(scope, input.page)),
  operation(getMyLegalEntity, async (_input, scope) => customers.myLegalEntity(scope, scope.principal)),
  operation(createDetailPendingCustomerForDmc, async (input, scope) =>
    customers.createPendingDmcCustomer(scope, input),
  ),
  operation(updateBillingDetails, async (input, scope) =>
    reply(await customers.updateBilling(scope, scope.principal, input), { message: MSG.settingSaved }),
  ),
  operation(kycApi.getTaxIdReviews, (input, scope) => kyc.reviews(scope, input)),
  operation(kycApi.verifyTaxId, async (input, scope) => {
    const decided = await kyc.decide(scope, input);
    const message = input.decision === 'verified' ? KYC_MSG.verified(input.document) : KYC_MSG.rejected(input.document);
    return reply(decided, { message });
  }),
  operation(kycApi.getMyTaxIdStatus, (_input, scope) => kyc.myStatus(scope)),
];

export const handler = domainHandler(operations, { sends: ['EMAIL_QUEUE_URL'] });
