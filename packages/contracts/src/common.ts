import * as z from 'zod';
import { MSG } from './messages.ts';

/** A required trimmed string with the spec's generic required message. */
export const zRequired = (message: string = MSG.required) => z.string({ error: message }).trim().min(1, message);
export const zOptionalText = () => z.string().trim().optional();
/** Number-type text inputs convert to integer (spec 000 §5). */
export const zIntFromText = (message: string = MSG.required) =>
  z.union([z.number(), z.string().trim().min(1, message)]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return Math.trunc(n);
  });
export const INVALID_EMAIL = 'Please enter a valid email';
/** Required email: a missing or blank value reads as the required message, a malformed one as invalid. */
export const zEmail = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .toLowerCase()
    .min(1, MSG.required)
    .pipe(z.email({ error: INVALID_EMAIL }));
export const zEmpty = z.object({}).loose();
export const ZOk = z.object({ ok: z.literal(true) });
