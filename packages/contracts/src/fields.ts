/**
 * Field primitives: every id and free-text field of a request schema is built from one of these, so each
 * has a length and a character rule (docs/decisions.md "Input rules"). A value that breaks them is a 400
 * naming the field, before it can reach a DynamoDB key, a log line or a mail.
 */
// zod/mini: the functional API (tree-shakable); docs/benchmarks.md "Moving the contracts to zod/mini".
import * as z from 'zod/mini';
import * as MSG from './messages.ts';
// The platform's zod messages (a missing value reads "This is required field.", a wrong type plainly).
import './endpoint.ts';

export const FIELD_LIMITS = {
  /** Ids we issue (24 hex), seeded ids (`site-flightdeals`), booking numbers, `site:<id>` supplier accounts. */
  id: 64,
  /** One-time link tokens and hand-off session ids (base64url, 43 characters today). */
  token: 512,
  /** Google / Facebook ID tokens (JWTs of 1–2 KB). */
  jwt: 8192,
  /** Opaque page cursors (a base64url LastEvaluatedKey). */
  cursor: 2048,
  pnr: 16,
  domain: 253,
  url: 2048,
  email: 254,
  phone: 32,
  name: 100,
  /** Search boxes, filters, codes and other short one-line text. */
  short: 100,
  address: 300,
  remarks: 2000,
  /** Rich html (mail bodies): 100 KB. */
  richHtml: 100 * 1024,
  /** Passwords and supplier credentials: checked by length only, any character is theirs to choose. */
  secret: 1024,
} as const;

// C0 and C1 controls (NUL, tab and newline included), lone surrogates (invalid UTF-16) and the bidi
// embeddings, overrides and isolates of "Trojan Source" (U+202A–U+202E, U+2066–U+2069). Other format
// characters stay allowed: ZWJ / ZWNJ are part of how Indic names are written.
const CONTROL = /\p{Cc}/u;
const HIDDEN = /[\p{Cs}\u202A-\u202E\u2066-\u2069]/u;
const LINE_BREAKS = /[\t\n\r]/g;
type Unsafe = (s: string) => boolean;
const UNSAFE_LINE: Unsafe = (s) => CONTROL.test(s) || HIDDEN.test(s);
/** Multi-line text (addresses, remarks) keeps tab, line feed and carriage return. */
const UNSAFE_MULTILINE: Unsafe = (s) => CONTROL.test(s.replace(LINE_BREAKS, '')) || HIDDEN.test(s);
/** Rich html may carry any formatting character but not NUL or broken UTF-16. */
const UNSAFE_HTML: Unsafe = (s) => s.includes('\0') || /\p{Cs}/u.test(s);

export const hasUnsafeCharacters = (s: string, multiline = false): boolean =>
  (multiline ? UNSAFE_MULTILINE : UNSAFE_LINE)(s);

interface TextOptions {
  /** Below the kind's limit only (a field may be stricter, never looser). */
  max?: number;
  /** `false`: an empty string is accepted (the field is still a string when present). */
  required?: boolean;
  /** Message for a value over `max` (default: "At most N characters"). */
  tooLong?: string;
}

/** A trimmed string with a length cap and a character rule; required fields refuse blank. */
function text(limit: number, unsafe: Unsafe, o: TextOptions = {}) {
  const max = Math.min(o.max ?? limit, limit);
  return z.string().check(
    z.trim(),
    ...(o.required !== false ? [z.minLength(1, MSG.required)] : []),
    z.maxLength(max, o.tooLong ?? MSG.tooLong(max)),
    z.refine((v: string) => !unsafe(v), MSG.invalidCharacters),
  );
}

/**
 * Classic's `z.preprocess(fn, schema)`, which zod/mini does not export: the same pipe at run time (a transform
 * into `schema`: it parses alike, an absent key still reaches `fn`, the JSON Schema is `schema`'s), typed as
 * classic types it (a key is optional in the input type when `schema` is).
 */
export const zPreprocess = <T extends z.core.$ZodType>(fn: (value: unknown) => unknown, schema: T) =>
  z.pipe(z.transform(fn), schema as z.core.$ZodType) as unknown as z.ZodMiniType<
    z.output<T>,
    unknown,
    z.core.$ZodPreprocessInternals<T>
  >;

/** Personal, company and group names: ≤ 100, one line, no control or hidden characters. */
export const zName = (o?: TextOptions) => text(FIELD_LIMITS.name, UNSAFE_LINE, o);
/** Search boxes, list filters, codes and other short text: ≤ 100, one line. */
export const zShortText = (o?: TextOptions) => text(FIELD_LIMITS.short, UNSAFE_LINE, o);
/** Address lines, city, state, pincode: ≤ 300; line breaks allowed. */
export const zAddress = (o?: TextOptions) => text(FIELD_LIMITS.address, UNSAFE_MULTILINE, o);
/** Remarks and notes: ≤ 2,000 (fields may be shorter); line breaks allowed. */
export const zRemarks = (o?: TextOptions) => text(FIELD_LIMITS.remarks, UNSAFE_MULTILINE, o);
/** Long plain text a site publishes (supplier terms): its own cap, line breaks allowed. */
export const zLongText = (max: number, o: Omit<TextOptions, 'max'> = {}) => text(max, UNSAFE_MULTILINE, { ...o, max });
/** Rich html: ≤ 100 KB; not trimmed (html is the author's). */
export const zRichHtml = (max: number = FIELD_LIMITS.richHtml) =>
  z.string({ error: MSG.required }).check(
    z.maxLength(Math.min(max, FIELD_LIMITS.richHtml), MSG.tooLong(Math.min(max, FIELD_LIMITS.richHtml))),
    z.refine((v: string) => !UNSAFE_HTML(v), MSG.invalidCharacters),
  );
/** Passwords and credentials: any character, only a length cap (a hash or a supplier reads them). */
export const zSecret = (o: { max?: number; required?: boolean } = {}) => {
  const max = Math.min(o.max ?? FIELD_LIMITS.secret, FIELD_LIMITS.secret);
  return z
    .string()
    .check(...(o.required === false ? [] : [z.minLength(1, MSG.required)]), z.maxLength(max, MSG.tooLong(max)));
};

/** A string that must match `shape` (ids, tokens, codes): trimmed, capped, blank reads as required. */
function shaped(max: number, shape: RegExp, message: string) {
  return z.string().check(z.trim(), z.minLength(1, MSG.required), z.maxLength(max, message), z.regex(shape, message));
}

// Ids end up inside DynamoDB keys: no '#' (a key separator), no spaces or controls, a real length.
const ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;
/** Ids we issue or seed: letters, digits, `_ . : -`, starting with a letter or digit, ≤ 64. */
export const zId = (message: string = MSG.invalidReference) => shaped(FIELD_LIMITS.id, ID, message);
/** A supplier's own reference kept as is (a fare's result index): printable ASCII but `#`, ≤ 512. */
export const zSupplierRef = (message: string = MSG.invalidReference) =>
  shaped(FIELD_LIMITS.token, /^[\x21\x22\x24-\x7E]+$/, message);
/** One-time link tokens and hand-off session ids (base64url and dots). */
export const zToken = (message: string = MSG.invalidReference) =>
  shaped(FIELD_LIMITS.token, /^[A-Za-z0-9_.~-]+$/, message);
/** A JWT (three base64url segments); its signature is checked by the service. */
export const zJwt = (message: string = MSG.invalidReference) => shaped(FIELD_LIMITS.jwt, /^[A-Za-z0-9_.-]+$/, message);
/** PNRs (airline and supplier booking references). */
export const zPnr = (message: string = MSG.invalidReference) => shaped(FIELD_LIMITS.pnr, /^[A-Za-z0-9]+$/, message);
/** Opaque page cursors (base64url); empty means the first page. */
export const zCursor = () =>
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(FIELD_LIMITS.cursor, MSG.invalidCursor),
      z.regex(/^[A-Za-z0-9_-]*$/, MSG.invalidCursor),
    );
/** A host name as a browser sends it (`flightdeals.localhost`, optionally with a port), lower case. */
export const zDomain = (message: string = MSG.invalidReference) =>
  z
    .string({ error: MSG.required })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, MSG.required),
      z.maxLength(FIELD_LIMITS.domain, message),
      z.regex(/^[a-z0-9.-]+(:\d{1,5})?$/, message),
    );
/** An absolute http(s) URL (push endpoints), ≤ 2 KB. */
export const zUrl = (message: string = MSG.invalidValue) =>
  z.pipe(
    z.string({ error: MSG.required }).check(z.trim(), z.maxLength(FIELD_LIMITS.url, message)),
    z.url({ protocol: /^https?$/, error: message }),
  );
/** A phone number as typed (digits, spaces, `+ ( ) -`); its validity for the country is checked apart. */
export const zPhoneText = (o: { required?: boolean; message?: string } = {}) => {
  const message = o.message ?? MSG.invalidPhone;
  return z
    .string()
    .check(
      z.trim(),
      ...(o.required === false ? [] : [z.minLength(1, MSG.required)]),
      z.maxLength(FIELD_LIMITS.phone, message),
      z.regex(/^[0-9 +().-]*$/, message),
    );
};
/** ISO country code of a phone (`in`), or `INVALID` (spec 000 §3). */
export const zPhoneCountry = (o: { required?: boolean } = {}) => {
  return z
    .string()
    .check(
      z.trim(),
      ...(o.required === false ? [] : [z.minLength(1, MSG.required)]),
      z.maxLength(8, MSG.invalidPhone),
      z.regex(/^[A-Za-z]*$/, MSG.invalidPhone),
    );
};

export const INVALID_EMAIL = 'Please enter a valid email';
/** Required email: a missing or blank value reads as the required message, a malformed one as invalid. */
export const zEmail = () =>
  z.pipe(
    z
      .string({ error: MSG.required })
      .check(z.trim(), z.toLowerCase(), z.minLength(1, MSG.required), z.maxLength(FIELD_LIMITS.email, INVALID_EMAIL)),
    z.email({ error: INVALID_EMAIL }),
  );
/** Email text a service checks itself (forms that report their own email message): capped, one line. */
export const zEmailText = () => text(FIELD_LIMITS.email, UNSAFE_LINE, { required: false }).check(z.toLowerCase());
/** An optional email: absent or blank reads as empty, anything else must be an address. */
export const zOptionalEmail = () =>
  z.pipe(
    z._default(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(FIELD_LIMITS.email, INVALID_EMAIL)), ''),
    z.union([z.literal(''), z.email({ error: INVALID_EMAIL })]),
  );
