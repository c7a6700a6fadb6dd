import { z } from 'zod';
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
export const zEmail = () => z.email({ error: 'Please enter a valid email' }).trim().toLowerCase();
export const zEmpty = z.object({}).loose();
export const ZOk = z.object({ ok: z.literal(true) });
