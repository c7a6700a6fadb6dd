import * as z from 'zod';

/** A browser PushSubscription as the Push API serialises it. */
export const ZPushSubscription = z.object({
  endpoint: z.url(),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
});
