import { checkExistingSubscription, createPushSubscription } from '@tp/contracts/endpoints/notifications';
import { domainHandler, operation } from '#lib/http';
import { requirePrincipal } from '#lib/require-principal';
import * as notifications from './service.ts';

export const operations = [
  operation(createPushSubscription, async (input, ctx) => {
    await notifications.subscribe(requirePrincipal(ctx), input.subscription, ctx.now);
    return { subscribed: true as const };
  }),
  operation(checkExistingSubscription, async (input, ctx) => ({
    exists: await notifications.isSubscribed(requirePrincipal(ctx), input.subscriptionEndPoint),
  })),
];

export const handler = domainHandler(operations);
