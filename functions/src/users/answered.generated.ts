// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c1 from '@tp/contracts/endpoints/agency';
import * as c2 from '@tp/contracts/endpoints/customers';
import * as c3 from '@tp/contracts/endpoints/kyc';
import * as c4 from '@tp/contracts/endpoints/staff';
import * as c0 from '@tp/contracts/endpoints/users';
import { gathered, type Operation } from '#lib/http';
import type { CustomersWiring } from './customers.ts';
import type { StaffWiring } from './staff.ts';

export const answered = (wiring: CustomersWiring & StaffWiring): Operation[] => [
  gathered(c0.signup, () => import('./accounts/accounts.ts'), 'answerSignup', undefined),
  gathered(c0.verifyEmail, () => import('./accounts/accounts.ts'), 'answerVerifyEmail', undefined),
  gathered(c1.getMembers, () => import('./accounts/members.ts'), 'answerGetMembers', undefined),
  gathered(c1.inviteMember, () => import('./accounts/members.ts'), 'answerInviteMember', undefined),
  gathered(c1.resendInvite, () => import('./accounts/members.ts'), 'answerResendInvite', undefined),
  gathered(c1.deactivateMember, () => import('./accounts/members.ts'), 'answerDeactivateMember', undefined),
  gathered(c1.reactivateMember, () => import('./accounts/members.ts'), 'answerReactivateMember', undefined),
  gathered(c0.forgetPassword, () => import('./accounts/passwords.ts'), 'answerForgetPassword', undefined),
  gathered(c0.generatePassword, () => import('./accounts/passwords.ts'), 'answerGeneratePassword', undefined),
  gathered(c0.changePassword, () => import('./accounts/passwords.ts'), 'answerChangePassword', undefined),
  gathered(c0.changeMyPhoneDetails, () => import('./accounts/phones.ts'), 'answerChangeMyPhoneDetails', undefined),
  gathered(c0.login, () => import('./accounts/sessions.ts'), 'answerLogin', undefined),
  gathered(c0.logout, () => import('./accounts/sessions.ts'), 'answerLogout', undefined),
  gathered(c0.getUserBySessionId, () => import('./accounts/sessions.ts'), 'answerGetUserBySessionId', undefined),
  gathered(c0.loginBySessionId, () => import('./accounts/sessions.ts'), 'answerLoginBySessionId', undefined),
  gathered(c0.googleLogin, () => import('./accounts/social-login.ts'), 'answerGoogleLogin', undefined),
  gathered(c0.facebookLogin, () => import('./accounts/social-login.ts'), 'answerFacebookLogin', undefined),
  gathered(c2.getCustomers, () => import('./customers.ts'), 'answerGetCustomers', undefined),
  gathered(c2.searchWlUser, () => import('./customers.ts'), 'answerSearchWlUser', undefined),
  gathered(c2.getUserById, () => import('./customers.ts'), 'answerGetUserById', undefined),
  gathered(c2.toggleBlock, () => import('./customers.ts'), 'answerToggleBlock', undefined),
  gathered(c2.updateDetails, () => import('./customers.ts'), 'answerUpdateDetails', undefined),
  gathered(c2.toggleFlightSearchExemption, () => import('./customers.ts'), 'answerToggleFlightSearchExemption', undefined),
  gathered(c2.setFlightHoldSettingForUser, () => import('./customers.ts'), 'answerSetFlightHoldSettingForUser', undefined),
  gathered(c2.setFlightSearchSettingForUser, () => import('./customers.ts'), 'answerSetFlightSearchSettingForUser', undefined),
  gathered(c2.getCustomerMonthlyFlightDetails, () => import('./customers.ts'), 'answerGetCustomerMonthlyFlightDetails', undefined),
  gathered(c2.createAgent, () => import('./customers.ts'), 'answerCreateAgent', undefined),
  gathered(c2.getEmailSubscribers, () => import('./customers.ts'), 'answerGetEmailSubscribers', undefined),
  gathered(c2.getMyLegalEntity, () => import('./customers.ts'), 'answerGetMyLegalEntity', wiring),
  gathered(c2.createDetailPendingCustomerForDmc, () => import('./customers.ts'), 'answerCreateDetailPendingCustomerForDmc', undefined),
  gathered(c2.updateBillingDetails, () => import('./customers.ts'), 'answerUpdateBillingDetails', undefined),
  gathered(c3.getTaxIdReviews, () => import('./kyc.ts'), 'answerGetTaxIdReviews', undefined),
  gathered(c3.verifyTaxId, () => import('./kyc.ts'), 'answerVerifyTaxId', undefined),
  gathered(c3.getMyTaxIdStatus, () => import('./kyc.ts'), 'answerGetMyTaxIdStatus', undefined),
  gathered(c4.listStaff, () => import('./staff.ts'), 'answerListStaff', undefined),
  gathered(c4.inviteStaff, () => import('./staff.ts'), 'answerInviteStaff', wiring),
  gathered(c4.resendStaffInvite, () => import('./staff.ts'), 'answerResendStaffInvite', wiring),
  gathered(c4.revokeStaffInvite, () => import('./staff.ts'), 'answerRevokeStaffInvite', wiring),
  gathered(c4.setStaffActive, () => import('./staff.ts'), 'answerSetStaffActive', undefined),
  gathered(c4.changeStaffGroup, () => import('./staff.ts'), 'answerChangeStaffGroup', wiring),
];
