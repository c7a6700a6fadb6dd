import type * as z from 'zod/mini';
import * as api from '@tp/contracts/endpoints/notifications';
import type { ZPushSubscription } from '@tp/contracts/endpoints/notifications';
import { sha256 } from '#lib/crypto';
import { answers } from '#lib/answers';
import type { Principal } from '#lib/principal';
import * as repo from './repo.ts';
import { vapidKeys } from './vapid.ts';

/** Browser push subscriptions (staff get the push prompt, spec 000 §4; anyone may subscribe from their preferences). */
export interface NotificationsDeps {
  repo: typeof repo;
}
const defaults: NotificationsDeps = { repo };

type PushSubscription = z.output<typeof ZPushSubscription>;

/** Endpoints are long URLs; their hash is the key, so the same browser always maps to the same item. */
export const endpointHash = (endpoint: string): string => sha256(endpoint);

export async function subscribe(
  principal: Principal,
  subscription: PushSubscription,
  now: Date,
  deps: NotificationsDeps = defaults,
): Promise<void> {
  await deps.repo.saveSubscription(
    {
      siteId: principal.siteId,
      userId: principal.userId,
      endpoint: subscription.endpoint,
      keys: subscription.keys,
      expirationTime: subscription.expirationTime ?? null,
    },
    endpointHash(subscription.endpoint),
    now,
  );
}

export async function isSubscribed(
  principal: Principal,
  endpoint: string,
  deps: NotificationsDeps = defaults,
): Promise<boolean> {
  return (await deps.repo.getSubscription(principal.siteId, principal.userId, endpointHash(endpoint))) !== null;
}

// The notifications Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerCreatePushSubscription = answers(api.createPushSubscription, async (input, scope) => {
  await subscribe(scope.principal, input.subscription, scope.now);
  return { subscribed: true as const };
});
export const answerCheckExistingSubscription = answers(api.checkExistingSubscription, async (input, scope) => ({
  exists: await isSubscribed(scope.principal, input.subscriptionEndPoint),
}));
/** The public half of the stage's VAPID pair, read at run time so a build never carries it. */
export const answerGetPushKey = answers(api.getPushKey, async () => ({
  publicKey: (await vapidKeys())?.publicKey ?? null,
}));
