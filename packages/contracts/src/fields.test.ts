import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as z from 'zod';
import { ENDPOINTS } from './routes.ts';
import { routeKey } from './endpoint.ts';
import { MAX_BASE64 } from './media.ts';
import * as MSG from './messages.ts';
import {
  FIELD_LIMITS,
  zAddress,
  zCursor,
  zDomain,
  zEmail,
  zId,
  zName,
  zPnr,
  zRemarks,
  zRichHtml,
  zShortText,
  zToken,
} from './fields.ts';
import { keyOf, shapeOf, type Field } from './schema-walk.ts';

const KB = 1024;
// The primitives are zod/mini schemas: parse them with the functional form (same result as a method).
const ok = (s: z.core.$ZodType, v: unknown) => z.safeParse(s, v).success;
const firstMessage = (s: z.core.$ZodType, v: unknown) => z.safeParse(s, v).error?.issues[0]?.message;

/** Characters no name may carry: NUL, other C0/C1 controls, a lone surrogate, bidi overrides and isolates. */
const HIDDEN = ['\u0000', '\u0007', '\u001b', '\u0085', '\ud800', '\udfff', '\u202e', '\u202a', '\u2066', '\u2069'];

describe('field primitives', () => {
  it('names: real names pass, ≤ 100, no control or hidden characters', () => {
    for (const name of ["O'Brien-Smith", 'José Müller', 'श्रीमती', 'क्‍ष', '王小明', 'Ana María 😀'])
      expect(ok(zName(), name), name).toBe(true);
    expect(ok(zName(), 'x'.repeat(100))).toBe(true);
    expect(firstMessage(zName(), 'x'.repeat(101))).toBe(MSG.tooLong(100));
    expect(firstMessage(zName(), '  ')).toBe(MSG.required);
    expect(ok(zName({ required: false }), '')).toBe(true);
    for (const c of [...HIDDEN, '\n', '\t'])
      expect(firstMessage(zName(), `Ab${c}cd`), JSON.stringify(c)).toBe(MSG.invalidCharacters);
  });

  it('a field may be stricter than its kind, never looser', () => {
    expect(ok(zName({ max: 60 }), 'x'.repeat(61))).toBe(false);
    expect(ok(zName({ max: 500 }), 'x'.repeat(101))).toBe(false);
  });

  it('addresses ≤ 300 and remarks ≤ 2,000 keep line breaks but not controls', () => {
    expect(ok(zAddress(), 'Flat #4\nMG Road')).toBe(true);
    expect(ok(zAddress(), 'x'.repeat(300))).toBe(true);
    expect(ok(zAddress(), 'x'.repeat(301))).toBe(false);
    expect(ok(zRemarks(), 'Line one\r\n\tLine two')).toBe(true);
    expect(ok(zRemarks(), 'x'.repeat(2000))).toBe(true);
    expect(ok(zRemarks(), 'x'.repeat(2001))).toBe(false);
    for (const c of HIDDEN) {
      expect(ok(zAddress(), `a${c}b`), JSON.stringify(c)).toBe(false);
      expect(ok(zRemarks(), `a${c}b`), JSON.stringify(c)).toBe(false);
    }
  });

  it('rich html ≤ 100 KB, any markup, no NUL or broken UTF-16', () => {
    const html = '<div dir="rtl">\u202eשלום</div>\n';
    expect(ok(zRichHtml(), html)).toBe(true);
    expect(ok(zRichHtml(), 'x'.repeat(100 * KB))).toBe(true);
    expect(ok(zRichHtml(), 'x'.repeat(100 * KB + 1))).toBe(false);
    expect(ok(zRichHtml(), '<p>\u0000</p>')).toBe(false);
    expect(ok(zRichHtml(), '<p>\ud800</p>')).toBe(false);
  });

  it('ids have their real shape: no #, spaces or controls, ≤ 64', () => {
    for (const id of [
      '0f3c9a1b2c3d4e5f60718293',
      'site-flightdeals',
      'le_owner',
      'ORD-B00012',
      'site:site-skyway',
      '42',
    ])
      expect(ok(zId(), id), id).toBe(true);
    for (const id of ['#', 'a#b', 'SITE#x', 'a b', '-lead', 'x'.repeat(65), 'x'.repeat(3 * KB), 'a\u0000', 'ü'])
      expect(firstMessage(zId(), id), id).toBe(MSG.invalidReference);
    expect(firstMessage(zId(), '')).toBe(MSG.required);
    expect(firstMessage(zId(), 42)).toBe(MSG.invalidValue);
  });

  it('ids refuse any string with a # or a character outside their alphabet (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (s) => {
        const shapeOk = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/.test(s.trim());
        expect(ok(zId(), s)).toBe(shapeOk);
      }),
      { numRuns: 300 },
    );
  });

  it('tokens, PNRs, cursors, domains and emails have their own shapes and caps', () => {
    expect(ok(zToken(), 'u-1.Zm9vYmFyYmF6_-')).toBe(true);
    expect(ok(zToken(), 'x'.repeat(FIELD_LIMITS.token + 1))).toBe(false);
    expect(ok(zToken(), 'a#b')).toBe(false);
    expect(ok(zPnr(), 'ABC123')).toBe(true);
    expect(ok(zPnr(), 'ABC#12')).toBe(false);
    expect(ok(zCursor(), '')).toBe(true);
    expect(ok(zCursor(), 'eyJwayI6IngifQ')).toBe(true);
    expect(ok(zCursor(), 'eyJ=')).toBe(false);
    expect(zDomain().parse('WWW.SkyWay.localhost:4000')).toBe('www.skyway.localhost:4000');
    expect(ok(zDomain(), 'a#b.example')).toBe(false);
    expect(ok(zEmail(), `${'a'.repeat(250)}@x.io`)).toBe(false);
    expect(ok(zShortText(), 'x'.repeat(101))).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------
// The route table: every request schema follows the rules, whichever way a field was written.

const SECRET =
  /^(password|currentPassword|newPassword|confirmPassword|clientId|clientSecret|userName|callbackUsername|callbackPassword|accessToken|webhookSecret)$/;
const ID_KEY = /^(id|.*Id|.*ID|resultIndex|pnr|cursor|token|supplier|domain|domainName)$/;
/** Google / Facebook ID tokens: JWTs, up to 8 KB. */
const JWT_KEY = /^credential$/;
const NAME_KEY = /^(name|.*Name)$/;
/** Uploaded pictures (media.ts zImageUpload): base64 up to the image limit. */
const IMAGE_KEY = /^dataBase64$/;
const ADDRESS_KEY = /^(address\d|addressLine\d|city|state|country|pincode|gstState)$/;
const REMARK_KEY = /^(remarks?|Remarks|note|subject|termsAndConditions)$/;

interface Probe {
  endpoint: string;
  field: Field;
}
const stringFields: Probe[] = ENDPOINTS.flatMap((e) =>
  shapeOf(e.request)
    .fields.filter((f) => f.kinds.has('string'))
    .map((field) => ({ endpoint: routeKey(e), field })),
);
const where = (p: Probe) => `${p.endpoint} ${p.field.path.join('.')}`;
const refusing = (probes: Probe[], value: string) => probes.filter((p) => ok(p.field.schema, value)).map(where);

describe('every request schema of the route table', () => {
  it('has string fields to check (the walker sees them)', () => {
    expect(stringFields.length).toBeGreaterThan(150);
  });

  it('refuses a 300 KB string in every string field but uploaded image data, which has its own cap and alphabet', () => {
    const images = stringFields.filter((p) => IMAGE_KEY.test(keyOf(p.field.path)));
    expect(
      refusing(
        stringFields.filter((p) => !images.includes(p)),
        'x'.repeat(300 * KB),
      ),
    ).toEqual([]);
    expect(images.length).toBeGreaterThan(0);
    expect(refusing(images, 'x'.repeat(MAX_BASE64 + 4))).toEqual([]);
    for (const bad of ['ab#cd', 'ab cd', 'ab\u0000cd', '<svg/>']) expect(refusing(images, bad), bad).toEqual([]);
  });

  it('refuses NUL in every string field but secrets', () => {
    const probes = stringFields.filter((p) => !SECRET.test(keyOf(p.field.path)));
    expect(refusing(probes, 'ab\u0000cd')).toEqual([]);
  });

  it('refuses a #, a space, a control character and a 3 KB value in every id field', () => {
    const ids = stringFields.filter((p) => ID_KEY.test(keyOf(p.field.path)) && !SECRET.test(keyOf(p.field.path)));
    expect(ids.length).toBeGreaterThan(40);
    for (const bad of ['#', 'ab#cd', 'SITE#site-skyway', 'ab cd', 'ab\u0007cd', 'x'.repeat(3 * KB)])
      expect(refusing(ids, bad), JSON.stringify(bad.slice(0, 20))).toEqual([]);
  });

  it('refuses a #, a space, a control character and more than 8 KB in ID tokens', () => {
    const jwts = stringFields.filter((p) => JWT_KEY.test(keyOf(p.field.path)));
    expect(jwts.length).toBe(2);
    for (const bad of ['ab#cd', 'ab cd', 'ab\u0000cd', 'x'.repeat(8 * KB + 1)])
      expect(refusing(jwts, bad), JSON.stringify(bad.slice(0, 20))).toEqual([]);
  });

  it('refuses control and hidden characters and more than 100 characters in every name field', () => {
    const names = stringFields.filter(
      (p) =>
        NAME_KEY.test(keyOf(p.field.path)) && !ID_KEY.test(keyOf(p.field.path)) && !SECRET.test(keyOf(p.field.path)),
    );
    expect(names.length).toBeGreaterThan(10);
    for (const c of HIDDEN) expect(refusing(names, `Ab${c}cd`), JSON.stringify(c)).toEqual([]);
    expect(refusing(names, 'x'.repeat(101))).toEqual([]);
  });

  it('caps addresses at 300 and remarks at 2,000 characters (or less), without NUL', () => {
    const addresses = stringFields.filter((p) => ADDRESS_KEY.test(keyOf(p.field.path)));
    const remarks = stringFields.filter((p) => REMARK_KEY.test(keyOf(p.field.path)));
    expect(addresses.length).toBeGreaterThan(5);
    expect(refusing(addresses, 'x'.repeat(301))).toEqual([]);
    expect(
      refusing(
        remarks.filter((p) => keyOf(p.field.path) !== 'termsAndConditions'),
        'x'.repeat(2001),
      ),
    ).toEqual([]);
    expect(refusing([...addresses, ...remarks], 'a\u0000b')).toEqual([]);
  });

  it('bounds every array', () => {
    const unbounded = ENDPOINTS.flatMap((e) =>
      shapeOf(e.request)
        .arrays.filter((a) => a.max === undefined)
        .map((a) => `${routeKey(e)} ${a.path.join('.')}`),
    );
    expect(unbounded).toEqual([]);
  });

  it('answers wrong types with plain messages, never zod jargon', () => {
    const jargon = /expected|received|invalid input|too (big|small)|invalid (option|string|email|url)/i;
    const wrong = (f: Field): unknown => (f.kinds.has('string') ? 12345 : f.kinds.has('number') ? 'abc' : 'nope');
    const found: string[] = [];
    for (const e of ENDPOINTS) {
      const { fields } = shapeOf(e.request);
      const input: Record<string, unknown> = {};
      for (const f of fields) if (f.path.length === 1) input[f.path[0] as string] = wrong(f);
      for (const probe of [input, { ...input, extra: { deep: [1, { x: null }] } }]) {
        const r = e.request.safeParse(probe);
        for (const i of r.error?.issues ?? [])
          if (jargon.test(i.message)) found.push(`${routeKey(e)} ${i.path.join('.')}: ${i.message}`);
      }
    }
    expect(found).toEqual([]);
  });
});
