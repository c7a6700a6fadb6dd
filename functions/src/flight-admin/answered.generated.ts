// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/flight-admin';
import { gathered, type Operation } from '#lib/http';
import type { FlightAdminWiring } from './refunds.ts';

export const answered = (wiring: FlightAdminWiring): Operation[] => [
  gathered(c0.getSupplierAccounts, () => import('./accounts.ts'), 'answerGetSupplierAccounts', undefined),
  gathered(c0.getSupplierStatement, () => import('./accounts.ts'), 'answerGetSupplierStatement', undefined),
  gathered(c0.addSupplierDeposit, () => import('./accounts.ts'), 'answerAddSupplierDeposit', undefined),
  gathered(c0.previewTboRefunds, () => import('./refunds.ts'), 'answerPreviewTboRefunds', undefined),
  gathered(c0.applyTboRefunds, () => import('./refunds.ts'), 'answerApplyTboRefunds', wiring),
  gathered(c0.getSupplierProfitLoss, () => import('./reports.ts'), 'answerGetSupplierProfitLoss', undefined),
  gathered(c0.getInfozealVouchers, () => import('./reports.ts'), 'answerGetInfozealVouchers', undefined),
  gathered(c0.getFlightSettings, () => import('./settings.ts'), 'answerGetFlightSettings', undefined),
  gathered(c0.saveFlightSettings, () => import('./settings.ts'), 'answerSaveFlightSettings', undefined),
  gathered(c0.testFlightSupply, () => import('./settings.ts'), 'answerTestFlightSupply', undefined),
];
