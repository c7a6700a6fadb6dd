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
import * as MSG from '@tp/contracts/messages';
import * as staffApi from '@tp/contracts/endpoints/staff';
import { STAFF_MSG } from '@tp/contracts/endpoints/staff';
import { AUTH } from '@tp/contracts/platform';
import { clearSessionCookie, deviceCookie, sessionCookie } from '#lib/cookies';
import { operation, reply, onDemand } from '#lib/http';
import type { SignedIn } from './accounts/index.ts';
import type { CustomersWiring } from './customers.ts';
import type { StaffWiring } from './staff.ts';
const users = onDemand(() => import('./accounts/index.ts'));
const customers = onDemand(() => import('./customers.ts'));
const kyc = onDemand(() => import('./kyc.ts'));
const staff = onDemand(() => import('./staff.ts'));

const signedIn = ({ user, token, device }: SignedIn) =>
  reply(user, { cookies: [sessionCookie(token), ...(device ? [deviceCookie(device)] : [])] });
const ok = { ok: true } as const;

/**
 * What the users Lambda needs from the entry: the customer views' answers of markup and suppliers; rbac's
 * permission groups for the staff screen.
 */
export type UsersWiring = CustomersWiring & StaffWiring;

export const operations = (wiring: UsersWiring) => [
  operation(signup, async (input, scope) => (await users()).signup(scope, input)),
  // The client address and device cookie pick the wrong-password budgets that hold this client.
  operation(login, async (input, scope) =>
    signedIn(await (await users()).login({ ...scope, device: scope.cookies?.[AUTH.deviceCookieName] }, input)),
  ),
  operation(logout, async (_input, scope) => {
    if (scope.token) await (await users()).logout(scope.site.siteId, scope.token);
    return reply(ok, { cookies: [clearSessionCookie()] });
  }),
  operation(getUserBySessionId, async (_input, scope) => (await users()).currentUser(scope.principal)),
  operation(loginBySessionId, async (input, scope) =>
    signedIn(await (await users()).loginByHandoff(scope, input.sessionId)),
  ),
  operation(forgetPassword, async (input, scope) => {
    await (await users()).forgetPassword(scope, input.email);
    return reply(ok, { message: MSG.resetMailSent });
  }),
  operation(generatePassword, async (input, scope) => {
    const m = await users();
    // The mailed link proved the address: this device is the owner's from now on (the account-wide budget for
    // unknown clients does not hold it).
    const { userId } = await m.generatePassword(scope, input);
    const device = await m.newDevice(scope, userId);
    return reply(ok, device ? { cookies: [deviceCookie(device)] } : {});
  }),
  operation(changePassword, async (input, scope) => {
    await (await users()).changePassword(scope, scope.principal, scope.token ?? '', input);
    return reply(ok, { message: MSG.passwordChanged });
  }),
  operation(verifyEmail, async (input, scope) => {
    await (await users()).verifyEmail(scope, input.token);
    return ok;
  }),
  operation(googleLogin, async (input, scope) =>
    signedIn(await (await users()).socialLogin(scope, 'google', input.credential)),
  ),
  operation(facebookLogin, async (input, scope) =>
    signedIn(await (await users()).socialLogin(scope, 'facebook', input.credential)),
  ),
  operation(changeMyPhoneDetails, async (input, scope) =>
    reply(await (await users()).changeMyPhones(scope, scope.principal, input.phoneNumbers), {
      message: MSG.phoneUpdated,
    }),
  ),
  // Staff customer screens and the user's own data.
  operation(getCustomers, async (input, scope) => (await customers()).listCustomers(scope, input)),
  operation(searchWlUser, async (input, scope) => (await customers()).searchCustomers(scope, input.searchQuery)),
  operation(getUserById, async (input, scope) => (await customers()).getCustomer(scope, input.userId)),
  operation(toggleBlock, async (input, scope) =>
    reply(await (await customers()).setBlocked(scope, scope.principal, input), {
      message: input.isBlocked ? MSG.customerBlocked : MSG.customerUnblocked,
    }),
  ),
  operation(updateDetails, async (input, scope) =>
    reply(await (await customers()).changeDetails(scope, scope.principal, input), { message: MSG.settingSaved }),
  ),
  operation(toggleFlightSearchExemption, async (input, scope) =>
    reply(await (await customers()).setSearchExemption(scope, scope.principal, input), {
      message: input.exempt ? MSG.customerExempted : MSG.customerExemptionRemoved,
    }),
  ),
  operation(setFlightHoldSettingForUser, async (input, scope) =>
    reply(await (await customers()).setFlightHold(scope, scope.principal, input.userId, input.isFlightHold), {
      message: MSG.settingSaved,
    }),
  ),
  operation(setFlightSearchSettingForUser, async (input, scope) =>
    reply(
      await (await customers()).setFlightSearch(scope, scope.principal, input.userId, input.isFlightSearchAllowed),
      {
        message: MSG.settingSaved,
      },
    ),
  ),
  operation(getCustomerMonthlyFlightDetails, async (input, scope) =>
    (await customers()).monthlyFlightActivity(scope, input.userId),
  ),
  operation(createAgent, async (input, scope) =>
    reply(await (await customers()).createAgent(scope, input.userData), { message: MSG.agentCreated }),
  ),
  operation(getEmailSubscribers, async (input, scope) => (await customers()).emailSubscribers(scope, input.page)),
  operation(getMyLegalEntity, async (_input, scope) =>
    (await customers()).myLegalEntity(scope, scope.principal, wiring),
  ),
  operation(createDetailPendingCustomerForDmc, async (input, scope) =>
    (await customers()).createPendingDmcCustomer(scope, input),
  ),
  operation(updateBillingDetails, async (input, scope) =>
    reply(await (await customers()).updateBilling(scope, scope.principal, input), { message: MSG.settingSaved }),
  ),
  operation(kycApi.getTaxIdReviews, async (input, scope) => (await kyc()).reviews(scope, input)),
  operation(kycApi.verifyTaxId, async (input, scope) => {
    const decided = await (await kyc()).decide(scope, input);
    const message = input.decision === 'verified' ? KYC_MSG.verified(input.document) : KYC_MSG.rejected(input.document);
    return reply(decided, { message });
  }),
  operation(kycApi.getMyTaxIdStatus, async (_input, scope) => (await kyc()).myStatus(scope)),
  // A reseller's own team (endpoints/staff.ts).
  operation(staffApi.listStaff, async (input, scope) => (await staff()).listStaff(scope, input)),
  operation(staffApi.inviteStaff, async (input, scope) =>
    reply(await (await staff()).inviteStaff(scope, input, wiring), { message: STAFF_MSG.invited }),
  ),
  operation(staffApi.resendStaffInvite, async (input, scope) =>
    reply(await (await staff()).resendStaffInvite(scope, input.userId, wiring), { message: STAFF_MSG.inviteResent }),
  ),
  operation(staffApi.revokeStaffInvite, async (input, scope) =>
    reply(await (await staff()).revokeStaffInvite(scope, input.userId, wiring), { message: STAFF_MSG.inviteRevoked }),
  ),
  operation(staffApi.setStaffActive, async (input, scope) =>
    reply(await (await staff()).setStaffActive(scope, input), {
      message: input.active ? STAFF_MSG.reactivated : STAFF_MSG.deactivated,
    }),
  ),
  operation(staffApi.changeStaffGroup, async (input, scope) =>
    reply(await (await staff()).changeStaffGroup(scope, input, wiring), { message: MSG.groupChanged }),
  ),
];
