// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c1 from '@tp/contracts/endpoints/dmc-operations';
import * as c0 from '@tp/contracts/endpoints/kart';
import * as c2 from '@tp/contracts/endpoints/kart-paper';
import { gathered, type Operation } from '#lib/http';
import type { KartWiring } from './hooks.ts';

export const answered = (wiring: KartWiring): Operation[] => [
  gathered(c0.getItinerariesByDate, () => import('./itineraries.ts'), 'answerGetItinerariesByDate', undefined),
  gathered(c0.saveKart, () => import('./karts.ts'), 'answerSaveKart', wiring),
  gathered(c0.removeKartAccomodation, () => import('./karts.ts'), 'answerRemoveKartAccomodation', wiring),
  gathered(c0.removeKartActivity, () => import('./karts.ts'), 'answerRemoveKartActivity', wiring),
  gathered(c0.removeKartMiscellaneous, () => import('./karts.ts'), 'answerRemoveKartMiscellaneous', wiring),
  gathered(c0.getAllKartsForWl, () => import('./karts.ts'), 'answerGetAllKartsForWl', undefined),
  gathered(c0.getKartById, () => import('./karts.ts'), 'answerGetKartById', undefined),
  gathered(c0.voucherKart, () => import('./karts.ts'), 'answerVoucherKart', wiring),
  gathered(c0.cancelKart, () => import('./karts.ts'), 'answerCancelKart', wiring),
  gathered(c1.getDriverTransferJobSheet, () => import('./operations/driver-page.ts'), 'answerGetDriverTransferJobSheet', undefined),
  gathered(c1.updateTransferDoneByDriver, () => import('./operations/driver-page.ts'), 'answerUpdateTransferDoneByDriver', undefined),
  gathered(c1.exportTransferJobSheet, () => import('./operations/export.ts'), 'answerExportTransferJobSheet', undefined),
  gathered(c1.generateDriverAccessToken, () => import('./operations/links.ts'), 'answerGenerateDriverAccessToken', undefined),
  gathered(c1.revokeDriverAccessToken, () => import('./operations/links.ts'), 'answerRevokeDriverAccessToken', undefined),
  gathered(c1.getDriverAccessToken, () => import('./operations/links.ts'), 'answerGetDriverAccessToken', undefined),
  gathered(c1.getTransferJobSheet, () => import('./operations/staff.ts'), 'answerGetTransferJobSheet', undefined),
  gathered(c1.updateTransferDriver, () => import('./operations/staff.ts'), 'answerUpdateTransferDriver', undefined),
  gathered(c1.assignTransfersToDriver, () => import('./operations/staff.ts'), 'answerAssignTransfersToDriver', undefined),
  gathered(c1.checkTransferAssignment, () => import('./operations/staff.ts'), 'answerCheckTransferAssignment', undefined),
  gathered(c1.updateTransferDriverCharges, () => import('./operations/staff.ts'), 'answerUpdateTransferDriverCharges', undefined),
  gathered(c1.updateTransferStatusByStaff, () => import('./operations/staff.ts'), 'answerUpdateTransferStatusByStaff', undefined),
  gathered(c0.recordKartReceipt, () => import('./receipts.ts'), 'answerRecordKartReceipt', undefined),
  gathered(c0.getKartReceipts, () => import('./receipts.ts'), 'answerGetKartReceipts', undefined),
  gathered(c0.getKartReceipt, () => import('./receipts.ts'), 'answerGetKartReceipt', undefined),
  gathered(c0.acceptSharedQuotation, () => import('./share.ts'), 'answerAcceptSharedQuotation', undefined),
  gathered(c0.paySharedQuotation, () => import('./share.ts'), 'answerPaySharedQuotation', undefined),
  gathered(c0.getSharedReceipt, () => import('./share.ts'), 'answerGetSharedReceipt', undefined),
  gathered(c0.shareKart, () => import('./share.ts'), 'answerShareKart', undefined),
  gathered(c0.getSharedQuotation, () => import('./share.ts'), 'answerGetSharedQuotation', undefined),
  gathered(c2.getSupplierRequest, () => import('./supplier-requests.ts'), 'answerGetSupplierRequest', undefined),
  gathered(c2.answerSupplierRequest, () => import('./supplier-requests.ts'), 'answerAnswerSupplierRequest', undefined),
  gathered(c2.getKartSupplierRequests, () => import('./supplier-requests.ts'), 'answerGetKartSupplierRequests', undefined),
  gathered(c2.getKartVouchers, () => import('./vouchers.ts'), 'answerGetKartVouchers', undefined),
  gathered(c2.getSharedVouchers, () => import('./vouchers.ts'), 'answerGetSharedVouchers', undefined),
];
