import * as z from 'zod';
import { zToken, zUrl } from './fields.ts';
import { lazy } from './lazy.ts';

/** A browser PushSubscription as the Push API serialises it. */
export const ZPushSubscription = lazy(() =>
  z.object({
    endpoint: zUrl(),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: zToken(), auth: zToken() }),
  }),
);
