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

/**
 * The kinds of event a user is told about, each with who it is for and what the user gets until they choose
 * (staff have the site's inbox mail for enquiries, so their default is push only). A new kind is one entry here
 * and one `notify` call where the event happens (docs/notifications.md).
 */
export const NOTIFICATION_KINDS = {
  newEnquiry: { audience: 'staff', label: 'A new enquiry', defaults: { mail: false, push: true } },
  changeRequest: {
    audience: 'staff',
    label: 'A change request on a booking',
    defaults: { mail: false, push: true },
  },
  disruption: {
    audience: 'staff',
    label: "An airline's schedule change on a ticket",
    defaults: { mail: false, push: true },
  },
  visaDocumentUploaded: {
    audience: 'staff',
    label: 'A visa document uploaded',
    defaults: { mail: false, push: true },
  },
  cartConfirmed: { audience: 'customer', label: 'My activity cart confirmed', defaults: { mail: true, push: true } },
  quotationConfirmed: {
    audience: 'customer',
    label: 'My quotation confirmed',
    defaults: { mail: true, push: true },
  },
  refundCredited: { audience: 'customer', label: 'A refund credited', defaults: { mail: true, push: true } },
  holdLapsing: {
    audience: 'customer',
    label: 'A held booking about to lapse',
    defaults: { mail: true, push: true },
  },
  // A supplier declined a service of a vouchered quotation (docs/dmc.md "Paper"): staff book it elsewhere.
  bookingRequestDeclined: {
    audience: 'staff',
    label: 'A booking request declined by a supplier',
    defaults: { mail: false, push: true },
  },
  // What else happens to a customer's activity cart or quotation (docs/notifications.md "In-app news").
  cartStatusChanged: {
    audience: 'customer',
    label: 'My activity cart rejected, vouchered or cancelled',
    defaults: { mail: true, push: false },
  },
  quotationStatusChanged: {
    audience: 'customer',
    label: 'My quotation cancelled or refunded',
    defaults: { mail: true, push: false },
  },
} as const satisfies Record<
  string,
  { audience: 'staff' | 'customer'; label: string; defaults: { mail: boolean; push: boolean } }
>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_IDS = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

/** The kinds a user of this type chooses for: staff the staff kinds, everyone else the customer kinds. */
export const notificationKindsFor = (userType: string): NotificationKind[] =>
  NOTIFICATION_KIND_IDS.filter((k) => NOTIFICATION_KINDS[k].audience === (userType === 'staff' ? 'staff' : 'customer'));

export const ZNotificationPreference = lazy(() =>
  z.object({
    kind: z.enum(NOTIFICATION_KIND_IDS as [NotificationKind, ...NotificationKind[]]),
    mail: z.boolean(),
    push: z.boolean(),
  }),
);
export type TNotificationPreference = z.output<typeof ZNotificationPreference>;

export const NOTIFICATION_MSG = {
  preferencesSaved: 'Notification preferences saved',
  notYourKind: 'Choose only the notifications offered to you',
} as const;

export const createPushSubscription = endpoint({
  id: 'notifications.createPushSubscription',
  api: 'site',
  method: 'POST',
  path: 'notification/createPushNotificationSubscription',
  domain: 'notifications',
  // Staff get the prompt; any signed-in user may turn push on from their notification preferences.
  auth: 'user',
  request: lazy(() => z.object({ subscription: ZPushSubscription })),
  response: lazy(() => z.object({ subscribed: z.literal(true) })),
  summary: 'Stores a browser push subscription of the signed-in user (idempotent per endpoint).',
});

export const checkExistingSubscription = endpoint({
  id: 'notifications.checkExistingSubscription',
  api: 'site',
  method: 'POST',
  path: 'notification/checkExistingSubscription',
  domain: 'notifications',
  auth: 'user',
  request: lazy(() => z.object({ subscriptionEndPoint: zUrl() })),
  response: lazy(() => z.object({ exists: z.boolean() })),
  summary: 'Whether this browser endpoint is already subscribed for the signed-in user.',
});

export const getPushKey = endpoint({
  id: 'notifications.getPushKey',
  api: 'site',
  method: 'GET',
  path: 'notification/pushKey',
  domain: 'notifications',
  auth: 'user',
  request: lazy(() => z.object({})),
  // Null where the stage has no keys: the SPA then offers no push.
  response: lazy(() => z.object({ publicKey: z.nullable(z.string()) })),
  summary: "The stage's VAPID public key a browser subscribes with (read at run time, never built in).",
});

export const getNotificationPreferences = endpoint({
  id: 'notifications.getPreferences',
  api: 'site',
  method: 'GET',
  path: 'notification/preferences',
  domain: 'notifications',
  auth: 'user',
  request: lazy(() => z.object({})),
  response: lazy(() => z.object({ preferences: z.array(ZNotificationPreference) })),
  summary: 'How the signed-in user is told about each kind of event offered to them: mail, push, both or neither.',
});

export const saveNotificationPreferences = endpoint({
  id: 'notifications.savePreferences',
  api: 'site',
  method: 'POST',
  path: 'notification/savePreferences',
  domain: 'notifications',
  auth: 'user',
  request: lazy(() =>
    z.object({ preferences: z.array(ZNotificationPreference).check(z.minLength(1), z.maxLength(20)) }),
  ),
  response: lazy(() => z.object({ preferences: z.array(ZNotificationPreference) })),
  summary: "Saves the signed-in user's choices per kind of event (kinds not sent keep their choice).",
});

/**
 * What a customer was told lately (their cart or quotation confirmed, rejected, vouchered, cancelled, refunded),
 * shown as the app's banner until dismissed (ours; docs/notifications.md "In-app news").
 */
export const ZNews = lazy(() =>
  z.object({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KIND_IDS as [NotificationKind, ...NotificationKind[]]),
    title: z.string(),
    body: z.string(),
    path: z.string(),
    at: z.string(),
  }),
);
export type TNews = z.infer<typeof ZNews>;

export const getMyNews = endpoint({
  id: 'notifications.getMyNews',
  api: 'site',
  method: 'GET',
  path: 'notification/news',
  domain: 'notifications',
  auth: 'user',
  request: lazy(() => z.object({})),
  response: lazy(() => z.object({ news: z.array(ZNews) })),
  summary: "Ours: the signed-in customer's latest news not dismissed (at most 5, newest first).",
});

export const dismissNews = endpoint({
  id: 'notifications.dismissNews',
  api: 'site',
  method: 'POST',
  path: 'notification/dismissNews',
  domain: 'notifications',
  auth: 'user',
  request: lazy(() => z.object({ id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)) })),
  response: lazy(() => z.object({ dismissed: z.boolean() })),
  summary: 'Ours: hides one piece of news of the signed-in user (an unknown id dismisses nothing).',
});

export const notificationEndpoints = [
  createPushSubscription,
  checkExistingSubscription,
  getPushKey,
  getNotificationPreferences,
  saveNotificationPreferences,
  getMyNews,
  dismissNews,
];
