import * as z from 'zod/mini';
import * as MSG from './messages.ts';
import { FIELD_LIMITS } from './fields.ts';
import { lazy } from './lazy.ts';

export { INVALID_EMAIL, zEmail } from './fields.ts';

/**
 * A required trimmed string with the spec's generic required message. Request fields use the typed
 * primitives of fields.ts; the cap here only bounds what is left (e.g. a password being checked).
 */
export const zRequired = (message: string = MSG.required) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(FIELD_LIMITS.remarks, MSG.tooLong(FIELD_LIMITS.remarks)));
/** Number-type text inputs convert to integer (spec 000 §5). */
export const zIntFromText = (message: string = MSG.required) =>
  z.pipe(
    z.union([z.number(), z.string().check(z.trim(), z.minLength(1, message), z.maxLength(32, message))]),
    z.transform((v: number | string, ctx) => {
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isFinite(n)) {
        // zod/mini's transform has no addIssue helper: the same custom issue, pushed directly.
        ctx.issues.push({ code: 'custom', message, input: v });
        return z.NEVER;
      }
      return Math.trunc(n);
    }),
  );
export const zEmpty = lazy(() => z.looseObject({}));
export const ZOk = lazy(() => z.object({ ok: z.literal(true) }));
