// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/notifications';
import { getNotificationPreferences, saveNotificationPreferences } from '@tp/contracts/endpoints/notifications';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.getMyNews, () => import('./news.ts'), 'answerGetMyNews', undefined),
  gathered(c0.dismissNews, () => import('./news.ts'), 'answerDismissNews', undefined),
  gathered(getNotificationPreferences, () => import('./preferences.ts'), 'answerGetNotificationPreferences', undefined),
  gathered(saveNotificationPreferences, () => import('./preferences.ts'), 'answerSaveNotificationPreferences', undefined),
  gathered(c0.createPushSubscription, () => import('./service.ts'), 'answerCreatePushSubscription', undefined),
  gathered(c0.checkExistingSubscription, () => import('./service.ts'), 'answerCheckExistingSubscription', undefined),
  gathered(c0.getPushKey, () => import('./service.ts'), 'answerGetPushKey', undefined),
];
