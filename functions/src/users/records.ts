/**
 * The users domain's light public entry: users and customers as records (read, and the user update other
 * domains fold into their own writes), without the account operations. rbac and markup import this one,
 * so their bundles do not carry what sign-up and sign-in need (argon2, the password list, JWT
 * verification); index.ts re-exports all of it.
 */
export { getUser, userIdByEmail, type UserRecord } from './repo.ts';
export { legalEntityKey } from './keys.ts';
export {
  addFlightActivity,
  /** @public Called through the `customers` deps of markup and rbac (a namespace handed over whole). */
  applyUserUpdate,
  flightActivity,
  getLegalEntity,
  getUsers,
  legalEntityNames,
  legalEntityUserIds,
  partnerAccountUserId,
  /** @public Called through the `customers` deps of markup and rbac (a namespace handed over whole). */
  userFieldsOp,
} from './customers-repo.ts';
export { monthKey } from './flight-activity.ts';
/** The site's staff, a page of user ids at a time (the notifications worker tells staff about what they act on). */
export { staffIdsPage } from './invites-repo.ts';
