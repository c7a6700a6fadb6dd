/** The users domain's public entry: accounts and customers as other domains may use them, and the legal entity key their transactions name. */
export { getUser, userIdByEmail, type UserRecord } from './repo.ts';
export { legalEntityKey } from './keys.ts';
export {
  addFlightActivity,
  applyUserUpdate,
  flightActivity,
  getLegalEntity,
  getUsers,
  legalEntityNames,
  legalEntityUserIds,
  partnerAccountUserId,
  userFieldsOp,
} from './customers-repo.ts';
export { monthKey } from './flight-activity.ts';
export { createAccount, createHandoffToken } from './accounts/index.ts';
export { customerPorts } from './customers.ts';
