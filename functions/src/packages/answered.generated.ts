// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/packages';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.addPackageImage, () => import('./images.ts'), 'answerAddPackageImage', undefined),
  gathered(c0.orderPackageImages, () => import('./images.ts'), 'answerOrderPackageImages', undefined),
  gathered(c0.deletePackageImage, () => import('./images.ts'), 'answerDeletePackageImage', undefined),
  gathered(c0.listPackages, () => import('./packages.ts'), 'answerListPackages', undefined),
  gathered(c0.getPackage, () => import('./packages.ts'), 'answerGetPackage', undefined),
  gathered(c0.destinations, () => import('./packages.ts'), 'answerDestinations', undefined),
  gathered(c0.staffListPackages, () => import('./packages.ts'), 'answerStaffListPackages', undefined),
  gathered(c0.staffGetPackage, () => import('./packages.ts'), 'answerStaffGetPackage', undefined),
  gathered(c0.savePackage, () => import('./packages.ts'), 'answerSavePackage', undefined),
  gathered(c0.deletePackage, () => import('./packages.ts'), 'answerDeletePackage', undefined),
];
