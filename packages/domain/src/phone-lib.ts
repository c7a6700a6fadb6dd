/**
 * The parts of libphonenumber's core the phone rules use, loaded with this module (browser, Node, tests).
 * `#phone-lib` in Lambda bundles is phone-lib.lambda.ts, which loads this module on first use instead: the
 * library is ~40 KB of every cold start of a Lambda whose contracts check phones (docs/benchmarks.md).
 */
import {
  getCountries,
  getCountryCallingCode,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/core';

const lib = { getCountries, getCountryCallingCode, isValidPhoneNumber, parsePhoneNumberFromString };
export type PhoneLib = typeof lib;

export const phoneLib = (): PhoneLib => lib;

/** Nothing to wait for here; the Lambda variant loads the library. */
export const preparePhoneLib = (): Promise<void> => Promise.resolve();
