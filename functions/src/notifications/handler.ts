import { checkExistingSubscription, createPushSubscription } from '@tp/contracts/endpoints/notifications';
import { domainHandler, operation } from '#lib/http';
import * as notifications from './service.ts';

export const operations = [
  operation(createPushSubscription, async (input, scope) => {
    await notifications.subscribe(scope.principal, input.subscription, scope.now);
    return { subscribed: true as const };
  }),
  operation(checkExistingSubscription, async (input, scope) => ({
    exists: await notifications.isSubscribed(scope.principal, input.subscriptionEndPoint),
  })),
];

export const handler = domainHandler(operations);
