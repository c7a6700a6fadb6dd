/**
 * The users domain's public entry: accounts and customers as other domains may use them, and the legal
 * entity key their transactions name. The record-level part lives in records.ts (the light entry).
 */
export * from './records.ts';
export { createAccount, createHandoffToken } from './accounts/index.ts';
/** @public Staff invites, also for the platform console (a new site's first super admin). */
export { inviteUser, resendInvite, revokeInvite, type StaffInvite, type StaffGroups } from './invites.ts';
