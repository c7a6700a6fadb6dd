// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/areas';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.mapAreaActivity, () => import('./areas.ts'), 'answerMapAreaActivity', undefined),
  gathered(c0.searchAreas, () => import('./areas.ts'), 'answerSearchAreas', undefined),
  gathered(c0.addArea, () => import('./areas.ts'), 'answerAddArea', undefined),
  gathered(c0.deleteArea, () => import('./areas.ts'), 'answerDeleteArea', undefined),
  gathered(c0.getTransfers, () => import('./areas.ts'), 'answerGetTransfers', undefined),
  gathered(c0.createTransfers, () => import('./areas.ts'), 'answerCreateTransfers', undefined),
  gathered(c0.deleteTransfers, () => import('./areas.ts'), 'answerDeleteTransfers', undefined),
  gathered(c0.getFilteredAreas, () => import('./areas.ts'), 'answerGetFilteredAreas', undefined),
  gathered(c0.getFilteredAreasTransfers, () => import('./areas.ts'), 'answerGetFilteredAreasTransfers', undefined),
  gathered(c0.getFilteredAreasTransfersType, () => import('./areas.ts'), 'answerGetFilteredAreasTransfersType', undefined),
  gathered(c0.getAreasAuditTrail, () => import('./areas.ts'), 'answerGetAreasAuditTrail', undefined),
];
