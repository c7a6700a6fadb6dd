/**
 * The activities Lambda (issue #15 items 1–2): the search for agents and travellers, the activity cart and queue,
 * the activity markup of customer groups. docs/activities.md.
 */
import * as api from '@tp/contracts/endpoints/activities';
import { ACTIVITY_MSG } from '@tp/contracts/endpoints/activities';
import { domainHandler, operation, reply, type Operation } from '#lib/http';
import * as carts from './carts.ts';
import * as markups from './markups.ts';
import { allCities } from '../dmc/index.ts';
import { searchActivities } from './search.ts';

export const operations: Operation[] = [
  operation(api.getActivityCities, (_input, scope) => allCities(scope)),
  operation(api.searchActivitiesByCityId, (input, scope) => searchActivities(scope, input)),
  operation(api.getCartData, (input, scope) => carts.getCart(scope, input.cartId)),
  operation(api.addToCart, async (input, scope) =>
    reply(await carts.addToCart(scope, input), { message: ACTIVITY_MSG.added }),
  ),
  operation(api.deleteCartItem, async (input, scope) =>
    reply(await carts.deleteItem(scope, input), { message: ACTIVITY_MSG.removed }),
  ),
  operation(api.clearAllCart, async (input, scope) =>
    reply(await carts.clearCart(scope, input.cartId), { message: ACTIVITY_MSG.cleared }),
  ),
  operation(api.updateCartData, async (input, scope) =>
    reply(await carts.updateCart(scope, input), { message: ACTIVITY_MSG.updated }),
  ),
  operation(api.updateCartStatus, async (input, scope) =>
    reply(await carts.setStatus(scope, input), { message: ACTIVITY_MSG.statusChanged }),
  ),
  operation(api.updateRemarks, async (input, scope) =>
    reply(await carts.setRemarks(scope, input), { message: ACTIVITY_MSG.remarksSaved }),
  ),
  operation(api.updateUserId, async (input, scope) =>
    reply(await carts.assignUser(scope, input), { message: ACTIVITY_MSG.assigned }),
  ),
  operation(api.createKartFromCart, async (input, scope) =>
    reply(await carts.toKart(scope, input.cartId), { message: ACTIVITY_MSG.kartCreated }),
  ),
  operation(api.getQueue, (input, scope) => carts.queue(scope, input)),
  operation(api.addActivityMarkUp, async (input, scope) =>
    reply(await markups.saveMarkup(scope, input), { message: ACTIVITY_MSG.markupSaved }),
  ),
  operation(api.getActivityMarkUp, (input, scope) => markups.listMarkups(scope, input.cursor)),
  operation(api.deleteActivityMarkup, async (input, scope) =>
    reply(await markups.deleteMarkup(scope, input.id), { message: ACTIVITY_MSG.markupDeleted }),
  ),
];

export const handler = domainHandler(operations);
