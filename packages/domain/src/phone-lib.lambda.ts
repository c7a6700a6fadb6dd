/**
 * `#phone-lib` in Lambda bundles (condition tp-lambda): libphonenumber is loaded on first use, as its own chunk,
 * not with the cold start. Phone checks run inside zod refinements, which are synchronous, so the library must be
 * in memory before a request is parsed: the handler preset awaits preparePhoneLib() first (functions/src/lib/http.ts).
 * A check that runs before it fails loudly rather than answering "invalid".
 */
import type { PhoneLib } from './phone-lib.ts';

let lib: PhoneLib | undefined;
let loading: Promise<void> | undefined;

export function preparePhoneLib(): Promise<void> {
  loading ??= import('./phone-lib.ts').then(
    (m) => {
      lib = m.phoneLib();
    },
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

export function phoneLib(): PhoneLib {
  if (!lib) throw new Error('libphonenumber is not loaded yet: await preparePhoneLib() before a phone check');
  return lib;
}
