/**
 * `#common-passwords` under Node (tests, scripts, the local stack): the list straight from the installed
 * `@zxcvbn-ts/language-common` (a devDependency), built on the first check. Lambda bundles read the same
 * list from the sidecar file (common-passwords.lambda.ts); the browser has none (common-passwords.browser.ts).
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH, passwordKey } from './common-passwords.ts';

/** Entries a new password could be, normalised like the check, sorted and unique (data/common-passwords.br). */
export function commonPasswordList(): string[] {
  const words = dictionary['passwords-common'].map(passwordKey).filter((w) => w.length >= PASSWORD_MIN_LENGTH);
  return [...new Set(words)].sort();
}

let list: Set<string> | undefined;

export const isCommonPassword = (password: string): boolean =>
  (list ??= new Set(commonPasswordList())).has(passwordKey(password));
