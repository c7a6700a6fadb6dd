// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/enquiries';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.submitEnquiry, () => import('./enquiries.ts'), 'answerSubmitEnquiry', undefined),
  gathered(c0.listEnquiries, () => import('./enquiries.ts'), 'answerListEnquiries', undefined),
  gathered(c0.getEnquiry, () => import('./enquiries.ts'), 'answerGetEnquiry', undefined),
  gathered(c0.updateEnquiryStatus, () => import('./enquiries.ts'), 'answerUpdateEnquiryStatus', undefined),
  gathered(c0.myEnquiries, () => import('./enquiries.ts'), 'answerMyEnquiries', undefined),
  gathered(c0.exportEnquiries, () => import('./export.ts'), 'answerExportEnquiries', undefined),
];
