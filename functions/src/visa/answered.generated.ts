// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c1 from '@tp/contracts/endpoints/visa';
import * as c0 from '@tp/contracts/endpoints/visa-applications';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.startVisaApplication, () => import('./applications.ts'), 'answerStartVisaApplication', undefined),
  gathered(c0.getVisaApplication, () => import('./applications.ts'), 'answerGetVisaApplication', undefined),
  gathered(c0.myVisaApplications, () => import('./applications.ts'), 'answerMyVisaApplications', undefined),
  gathered(c0.uploadVisaDocument, () => import('./applications.ts'), 'answerUploadVisaDocument', undefined),
  gathered(c0.payVisaApplication, () => import('./applications.ts'), 'answerPayVisaApplication', undefined),
  gathered(c0.cancelVisaApplication, () => import('./applications.ts'), 'answerCancelVisaApplication', undefined),
  gathered(c0.visaDocumentLink, () => import('./applications.ts'), 'answerVisaDocumentLink', undefined),
  gathered(c0.visaDocument, () => import('./applications.ts'), 'answerVisaDocument', undefined),
  gathered(c0.visaQueue, () => import('./applications.ts'), 'answerVisaQueue', undefined),
  gathered(c0.attachVisa, () => import('./applications.ts'), 'answerAttachVisa', undefined),
  gathered(c0.setVisaStatus, () => import('./applications.ts'), 'answerSetVisaStatus', undefined),
  gathered(c0.saveVisaTerms, () => import('./applications.ts'), 'answerSaveVisaTerms', undefined),
  gathered(c1.getVisaCountries, () => import('./visas.ts'), 'answerGetVisaCountries', undefined),
  gathered(c1.getVisaCategory, () => import('./visas.ts'), 'answerGetVisaCategory', undefined),
  gathered(c1.getVisaChecklist, () => import('./visas.ts'), 'answerGetVisaChecklist', undefined),
  gathered(c1.saveVisaCountry, () => import('./visas.ts'), 'answerSaveVisaCountry', undefined),
  gathered(c1.deleteVisaCountry, () => import('./visas.ts'), 'answerDeleteVisaCountry', undefined),
  gathered(c1.saveVisaCategory, () => import('./visas.ts'), 'answerSaveVisaCategory', undefined),
  gathered(c1.deleteVisaCategory, () => import('./visas.ts'), 'answerDeleteVisaCategory', undefined),
  gathered(c1.saveVisaChecklist, () => import('./visas.ts'), 'answerSaveVisaChecklist', undefined),
  gathered(c1.deleteVisaChecklist, () => import('./visas.ts'), 'answerDeleteVisaChecklist', undefined),
];
