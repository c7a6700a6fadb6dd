// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/notifications';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.createPushSubscription, () => import('./service.ts'), 'answerCreatePushSubscription', undefined),
  gathered(c0.checkExistingSubscription, () => import('./service.ts'), 'answerCheckExistingSubscription', undefined),
];
