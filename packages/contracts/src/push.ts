import * as z from 'zod/mini';
import { zToken, zUrl } from './fields.ts';
import { lazy } from './lazy.ts';

/** A browser PushSubscription as the Push API serialises it. */
export const ZPushSubscription = lazy(() =>
  z.object({
    endpoint: zUrl(),
    expirationTime: z.optional(z.nullable(z.number())),
    keys: z.object({ p256dh: zToken(), auth: zToken() }),
  }),
);
