// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c1 from '@tp/contracts/endpoints/groups';
import * as c0 from '@tp/contracts/endpoints/markup';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.getDefaultMarkups, () => import('./rules.ts'), 'answerGetDefaultMarkups', undefined),
  gathered(c0.saveDefaultMarkup, () => import('./rules.ts'), 'answerSaveDefaultMarkup', undefined),
  gathered(c0.deleteDefaultMarkup, () => import('./rules.ts'), 'answerDeleteDefaultMarkup', undefined),
  gathered(c0.getAirlineMarkups, () => import('./rules.ts'), 'answerGetAirlineMarkups', undefined),
  gathered(c0.saveAirlineMarkup, () => import('./rules.ts'), 'answerSaveAirlineMarkup', undefined),
  gathered(c0.deleteAirlineMarkup, () => import('./rules.ts'), 'answerDeleteAirlineMarkup', undefined),
  gathered(c0.getFixedDepartureMarkups, () => import('./rules.ts'), 'answerGetFixedDepartureMarkups', undefined),
  gathered(c0.saveFixedDepartureMarkup, () => import('./rules.ts'), 'answerSaveFixedDepartureMarkup', undefined),
  gathered(c0.deleteFixedDepartureMarkup, () => import('./rules.ts'), 'answerDeleteFixedDepartureMarkup', undefined),
  gathered(c1.getLeGroups, () => import('./service.ts'), 'answerGetLeGroups', undefined),
  gathered(c1.saveLeGroup, () => import('./service.ts'), 'answerSaveLeGroup', undefined),
  gathered(c1.setDefaultLeGroup, () => import('./service.ts'), 'answerSetDefaultLeGroup', undefined),
  gathered(c1.mapLegalEntityToGroup, () => import('./service.ts'), 'answerMapLegalEntityToGroup', undefined),
  gathered(c1.getConsumerGroupMapping, () => import('./service.ts'), 'answerGetConsumerGroupMapping', undefined),
];
