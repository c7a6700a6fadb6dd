// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/dmc';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.getHotelContract, () => import('./hotel-contracts.ts'), 'answerGetHotelContract', undefined),
  gathered(c0.saveHotelContract, () => import('./hotel-contracts.ts'), 'answerSaveHotelContract', undefined),
  gathered(c0.priceHotelStay, () => import('./hotel-contracts.ts'), 'answerPriceHotelStay', undefined),
  gathered(c0.exportHotelContract, () => import('./hotel-contracts.ts'), 'answerExportHotelContract', undefined),
  gathered(c0.importHotelContract, () => import('./hotel-contracts.ts'), 'answerImportHotelContract', undefined),
];
