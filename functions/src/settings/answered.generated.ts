// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/settings';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.getSiteSettings, () => import('./settings.ts'), 'answerGetSiteSettings', undefined),
  gathered(c0.getSeoSettings, () => import('./settings.ts'), 'answerGetSeoSettings', undefined),
  gathered(c0.saveSeoSettings, () => import('./settings.ts'), 'answerSaveSeoSettings', undefined),
  gathered(c0.saveOtherSettings, () => import('./settings.ts'), 'answerSaveOtherSettings', undefined),
  gathered(c0.savePolicyPage, () => import('./settings.ts'), 'answerSavePolicyPage', undefined),
  gathered(c0.uploadSiteImage, () => import('./settings.ts'), 'answerUploadSiteImage', undefined),
  gathered(c0.setPermissionMenu, () => import('./settings.ts'), 'answerSetPermissionMenu', undefined),
];
