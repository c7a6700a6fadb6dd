import * as z from 'zod';
import { MSG } from './messages.ts';
import { FIELD_LIMITS } from './fields.ts';
import { lazy } from './lazy.ts';

export { INVALID_EMAIL, zEmail } from './fields.ts';

/**
 * A required trimmed string with the spec's generic required message. Request fields use the typed
 * primitives of fields.ts; the cap here only bounds what is left (e.g. a password being checked).
 */
export const zRequired = (message: string = MSG.required) =>
  z.string({ error: message }).trim().min(1, message).max(FIELD_LIMITS.remarks, MSG.tooLong(FIELD_LIMITS.remarks));
/** Number-type text inputs convert to integer (spec 000 §5). */
export const zIntFromText = (message: string = MSG.required) =>
  z.union([z.number(), z.string().trim().min(1, message).max(32, message)]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return Math.trunc(n);
  });
export const zEmpty = lazy(() => z.object({}).loose());
export const ZOk = lazy(() => z.object({ ok: z.literal(true) }));
