// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/activities';
import { gathered, type Operation } from '#lib/http';
import type { ActivitiesWiring } from './hooks.ts';

export const answered = (wiring: ActivitiesWiring): Operation[] => [
  gathered(c0.getCartData, () => import('./carts.ts'), 'answerGetCartData', undefined),
  gathered(c0.addToCart, () => import('./carts.ts'), 'answerAddToCart', undefined),
  gathered(c0.deleteCartItem, () => import('./carts.ts'), 'answerDeleteCartItem', undefined),
  gathered(c0.clearAllCart, () => import('./carts.ts'), 'answerClearAllCart', undefined),
  gathered(c0.updateCartData, () => import('./carts.ts'), 'answerUpdateCartData', undefined),
  gathered(c0.updateCartStatus, () => import('./carts.ts'), 'answerUpdateCartStatus', wiring),
  gathered(c0.payCart, () => import('./carts.ts'), 'answerPayCart', undefined),
  gathered(c0.updateRemarks, () => import('./carts.ts'), 'answerUpdateRemarks', undefined),
  gathered(c0.updateUserId, () => import('./carts.ts'), 'answerUpdateUserId', undefined),
  gathered(c0.createKartFromCart, () => import('./carts.ts'), 'answerCreateKartFromCart', wiring),
  gathered(c0.getQueue, () => import('./carts.ts'), 'answerGetQueue', undefined),
  gathered(c0.addActivityMarkUp, () => import('./markups.ts'), 'answerAddActivityMarkUp', undefined),
  gathered(c0.getActivityMarkUp, () => import('./markups.ts'), 'answerGetActivityMarkUp', undefined),
  gathered(c0.deleteActivityMarkup, () => import('./markups.ts'), 'answerDeleteActivityMarkup', undefined),
  gathered(c0.getActivityCities, () => import('./search.ts'), 'answerGetActivityCities', undefined),
  gathered(c0.searchActivitiesByCityId, () => import('./search.ts'), 'answerSearchActivitiesByCityId', undefined),
];
