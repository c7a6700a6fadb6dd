// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/disruptions';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.getDisruptions, () => import('./disruptions.ts'), 'answerGetDisruptions', undefined),
  gathered(c0.getBookingDisruptions, () => import('./disruptions.ts'), 'answerGetBookingDisruptions', undefined),
  gathered(c0.actOnDisruption, () => import('./disruptions.ts'), 'answerActOnDisruption', undefined),
];
