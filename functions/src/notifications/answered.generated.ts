// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import { getNotificationPreferences, getPushKey, saveNotificationPreferences } from '@tp/contracts/endpoints/notifications';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(getNotificationPreferences, () => import('./preferences.ts'), 'answerGetNotificationPreferences', undefined),
  gathered(saveNotificationPreferences, () => import('./preferences.ts'), 'answerSaveNotificationPreferences', undefined),
  gathered(getPushKey, () => import('./service.ts'), 'answerGetPushKey', undefined),
];
