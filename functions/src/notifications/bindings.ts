import { checkExistingSubscription, createPushSubscription } from '@tp/contracts/endpoints/notifications';
import { operation, onDemand } from '#lib/http';
import { answered } from './answered.generated.ts';
const notifications = onDemand(() => import('./service.ts'));

export const operations = [
  operation(createPushSubscription, async (input, scope) => {
    await (await notifications()).subscribe(scope.principal, input.subscription, scope.now);
    return { subscribed: true as const };
  }),
  operation(checkExistingSubscription, async (input, scope) => ({
    exists: await (await notifications()).isSubscribed(scope.principal, input.subscriptionEndPoint),
  })),
  ...answered(),
];
