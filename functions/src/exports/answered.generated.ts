// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/exports';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.getExport, () => import('./jobs.ts'), 'answerGetExport', undefined),
  gathered(c0.listExports, () => import('./jobs.ts'), 'answerListExports', undefined),
];
