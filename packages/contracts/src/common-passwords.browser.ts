/**
 * `#common-passwords` in the browser: the list (65 KB gzipped) is not shipped to the SPA. The form checks
 * the length; the server refuses a listed password with MSG.commonPassword on the field, which the
 * forms show like any server field error.
 */
export const isCommonPassword = (_password: string): boolean => false;
