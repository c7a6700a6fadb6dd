/**
 * The activities Lambda's operations (functions/src/entries/activities.ts): the search for agents and travellers,
 * the activity cart and queue, the activity markup of customer groups. docs/activities.md.
 */
import * as api from '@tp/contracts/endpoints/activities';
import { ACTIVITY_MSG } from '@tp/contracts/endpoints/activities';
import { operation, reply, type Operation, onDemand } from '#lib/http';
import type { ActivitiesWiring } from './hooks.ts';
const carts = onDemand(() => import('./carts.ts'));
const markups = onDemand(() => import('./markups.ts'));
const dmcOps = onDemand(() => import('../dmc/index.ts'));
const searchOps = onDemand(() => import('./search.ts'));

export const operations = (wiring: ActivitiesWiring): Operation[] => [
  operation(api.getActivityCities, async (_input, scope) => (await dmcOps()).allCities(scope)),
  operation(api.searchActivitiesByCityId, async (input, scope) => (await searchOps()).searchActivities(scope, input)),
  operation(api.getCartData, async (input, scope) => (await carts()).getCart(scope, input.cartId)),
  operation(api.addToCart, async (input, scope) =>
    reply(await (await carts()).addToCart(scope, input), { message: ACTIVITY_MSG.added }),
  ),
  operation(api.deleteCartItem, async (input, scope) =>
    reply(await (await carts()).deleteItem(scope, input), { message: ACTIVITY_MSG.removed }),
  ),
  operation(api.clearAllCart, async (input, scope) =>
    reply(await (await carts()).clearCart(scope, input.cartId), { message: ACTIVITY_MSG.cleared }),
  ),
  operation(api.updateCartData, async (input, scope) =>
    reply(await (await carts()).updateCart(scope, input), { message: ACTIVITY_MSG.updated }),
  ),
  operation(api.updateCartStatus, async (input, scope) =>
    reply(await (await carts()).setStatus(scope, input, wiring), { message: ACTIVITY_MSG.statusChanged }),
  ),
  operation(api.updateRemarks, async (input, scope) =>
    reply(await (await carts()).setRemarks(scope, input), { message: ACTIVITY_MSG.remarksSaved }),
  ),
  operation(api.updateUserId, async (input, scope) =>
    reply(await (await carts()).assignUser(scope, input), { message: ACTIVITY_MSG.assigned }),
  ),
  operation(api.createKartFromCart, async (input, scope) =>
    reply(await (await carts()).toKart(scope, input.cartId, wiring), { message: ACTIVITY_MSG.kartCreated }),
  ),
  operation(api.getQueue, async (input, scope) => (await carts()).queue(scope, input)),
  operation(api.addActivityMarkUp, async (input, scope) =>
    reply(await (await markups()).saveMarkup(scope, input), { message: ACTIVITY_MSG.markupSaved }),
  ),
  operation(api.getActivityMarkUp, async (input, scope) => (await markups()).listMarkups(scope, input.cursor)),
  operation(api.deleteActivityMarkup, async (input, scope) =>
    reply(await (await markups()).deleteMarkup(scope, input.id), { message: ACTIVITY_MSG.markupDeleted }),
  ),
];
