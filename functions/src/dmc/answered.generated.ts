// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/dmc';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.getQuotationSettings, () => import('./exchange-rates.ts'), 'answerGetQuotationSettings', undefined),
  gathered(c0.saveQuotationSettings, () => import('./exchange-rates.ts'), 'answerSaveQuotationSettings', undefined),
];
