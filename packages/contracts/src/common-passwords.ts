/**
 * The common / breached password list (zxcvbn-ts's `passwords-common`, ranked from real leaks) as the
 * password rules use it: the entries a new password could be (≥ 8 characters), lower case. Where it comes
 * from depends on where the check runs (package.json "imports" `#common-passwords`): Lambda reads the
 * sidecar data/common-passwords.br (51 KB), Node the installed package, the browser has none (65 KB
 * gzipped is not worth it on the signup screen; the server's refusal names the field).
 */

/** Shortest password the rules accept (and so the shortest list entry worth keeping). */
export const PASSWORD_MIN_LENGTH = 8;
/** A hash of a longer input buys nothing and costs argon2 time. */
export const PASSWORD_MAX_LENGTH = 128;

/** The list is lower case: `Password1` is as guessable as `password1`. */
export const passwordKey = (password: string): string => password.normalize('NFKC').toLowerCase();
