// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/site';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.detectSite, () => import('./service.ts'), 'answerDetectSite', undefined),
  gathered(c0.getPolicyPage, () => import('./service.ts'), 'answerGetPolicyPage', undefined),
];
