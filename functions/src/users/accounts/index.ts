/** Account operations, one file per concern; this index is what the users Lambda and its tests bind. */
export * from './deps.ts';
export * from './accounts.ts';
export * from './sessions.ts';
export * from './passwords.ts';
export * from './social-login.ts';
export * from './phones.ts';
export * from './account-mail.ts';
