/**
 * The users domain's public entry: accounts and customers as other domains may use them, and the legal
 * entity key their transactions name. The record-level part lives in records.ts (the light entry).
 */
export * from './records.ts';
export { createAccount, createHandoffToken } from './accounts/index.ts';
/** @public Staff invites, also for the platform console (a new site's first super admin). */
export { inviteUser, resendInvite, revokeInvite, type StaffInvite, type StaffGroups } from './invites.ts';
/** The password rules (argon2id, the hash upgrade), for other accounts that sign in with one: the console's operators. */
export { hashPassword, needsRehash, verifyPassword } from './password.ts';
