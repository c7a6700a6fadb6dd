import * as z from 'zod/mini';
import { lazy } from './lazy.ts';

/** Field errors travel as `shortError`: field path → message (spec 000 §7, agent creation). */
export const ZFieldErrors = lazy(() => z.record(z.string(), z.string()));

/** Every failure has this shape; `errorMessage` is what the client toasts (spec 000 §8). */
export const ZErrorEnvelope = lazy(() =>
  z.object({
    success: z.literal(false),
    message: z.string(),
    errorMessage: z.string(),
    code: z.string(),
    shortError: z.optional(ZFieldErrors),
    /**
     * Ours: what a refusal offers the caller to choose from, shaped by the endpoint that refuses (e.g. an activity
     * cart's change of party with its priced effect, `ZPartyChange`). Absent on most errors.
     */
    detail: z.optional(z.record(z.string(), z.unknown())),
  }),
);
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

export interface SuccessEnvelope<T> {
  success: true;
  message?: string;
  result?: T;
  data?: T;
}

/** Error codes and the HTTP status each maps to (one map for the whole platform). */
export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  /** A request body over REQUEST_LIMITS.bodyBytes (platform.ts). */
  TOO_LARGE: 413,
  /** An answer over Lambda's 6 MB response limit to a client that accepts no compression. */
  NOT_ACCEPTABLE: 406,
  TOO_MANY: 429,
  INTERNAL: 500,
  SUPPLIER_TIMEOUT: 502,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
