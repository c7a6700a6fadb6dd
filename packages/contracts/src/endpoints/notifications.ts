import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { zToken, zUrl } from '../fields.ts';
import { lazy } from '../lazy.ts';

/** A browser PushSubscription as the Push API serialises it. */
export const ZPushSubscription = lazy(() =>
  z.object({
    endpoint: zUrl(),
    expirationTime: z.optional(z.nullable(z.number())),
    keys: z.object({ p256dh: zToken(), auth: zToken() }),
  }),
);

export const createPushSubscription = endpoint({
  id: 'notifications.createPushSubscription',
  api: 'site',
  method: 'POST',
  path: 'notification/createPushNotificationSubscription',
  domain: 'notifications',
  auth: 'staff',
  request: lazy(() => z.object({ subscription: ZPushSubscription })),
  response: lazy(() => z.object({ subscribed: z.literal(true) })),
  summary: 'Stores a staff browser push subscription (idempotent per endpoint).',
});

export const checkExistingSubscription = endpoint({
  id: 'notifications.checkExistingSubscription',
  api: 'site',
  method: 'POST',
  path: 'notification/checkExistingSubscription',
  domain: 'notifications',
  auth: 'staff',
  request: lazy(() => z.object({ subscriptionEndPoint: zUrl() })),
  response: lazy(() => z.object({ exists: z.boolean() })),
  summary: 'Whether this browser endpoint is already subscribed for the signed-in staff user.',
});

export const notificationEndpoints = [createPushSubscription, checkExistingSubscription];
