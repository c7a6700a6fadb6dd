// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/visa';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.getVisaCountries, () => import('./visas.ts'), 'answerGetVisaCountries', undefined),
  gathered(c0.getVisaCategory, () => import('./visas.ts'), 'answerGetVisaCategory', undefined),
  gathered(c0.getVisaChecklist, () => import('./visas.ts'), 'answerGetVisaChecklist', undefined),
  gathered(c0.saveVisaCountry, () => import('./visas.ts'), 'answerSaveVisaCountry', undefined),
  gathered(c0.deleteVisaCountry, () => import('./visas.ts'), 'answerDeleteVisaCountry', undefined),
  gathered(c0.saveVisaCategory, () => import('./visas.ts'), 'answerSaveVisaCategory', undefined),
  gathered(c0.deleteVisaCategory, () => import('./visas.ts'), 'answerDeleteVisaCategory', undefined),
  gathered(c0.saveVisaChecklist, () => import('./visas.ts'), 'answerSaveVisaChecklist', undefined),
  gathered(c0.deleteVisaChecklist, () => import('./visas.ts'), 'answerDeleteVisaChecklist', undefined),
];
