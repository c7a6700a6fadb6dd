// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c2 from '@tp/contracts/endpoints/dmc-operations';
import * as c0 from '@tp/contracts/endpoints/dmc-payables';
import * as c1 from '@tp/contracts/endpoints/kart';
import * as c3 from '@tp/contracts/endpoints/kart-paper';
import { gathered, type Operation } from '#lib/http';
import type { KartWiring } from './hooks.ts';

export const answered = (wiring: KartWiring): Operation[] => [
  gathered(c0.markKartRefundPaid, () => import('./cancellation.ts'), 'answerMarkKartRefundPaid', undefined),
  gathered(c1.getItinerariesByDate, () => import('./itineraries.ts'), 'answerGetItinerariesByDate', undefined),
  gathered(c1.saveKart, () => import('./karts.ts'), 'answerSaveKart', wiring),
  gathered(c1.removeKartAccomodation, () => import('./karts.ts'), 'answerRemoveKartAccomodation', wiring),
  gathered(c1.removeKartActivity, () => import('./karts.ts'), 'answerRemoveKartActivity', wiring),
  gathered(c1.removeKartMiscellaneous, () => import('./karts.ts'), 'answerRemoveKartMiscellaneous', wiring),
  gathered(c1.getAllKartsForWl, () => import('./karts.ts'), 'answerGetAllKartsForWl', undefined),
  gathered(c1.getKartById, () => import('./karts.ts'), 'answerGetKartById', undefined),
  gathered(c1.voucherKart, () => import('./karts.ts'), 'answerVoucherKart', wiring),
  gathered(c1.cancelKart, () => import('./karts.ts'), 'answerCancelKart', wiring),
  gathered(c2.getDriverTransferJobSheet, () => import('./operations/driver-page.ts'), 'answerGetDriverTransferJobSheet', undefined),
  gathered(c2.updateTransferDoneByDriver, () => import('./operations/driver-page.ts'), 'answerUpdateTransferDoneByDriver', undefined),
  gathered(c2.exportTransferJobSheet, () => import('./operations/export.ts'), 'answerExportTransferJobSheet', undefined),
  gathered(c2.generateDriverAccessToken, () => import('./operations/links.ts'), 'answerGenerateDriverAccessToken', undefined),
  gathered(c2.revokeDriverAccessToken, () => import('./operations/links.ts'), 'answerRevokeDriverAccessToken', undefined),
  gathered(c2.getDriverAccessToken, () => import('./operations/links.ts'), 'answerGetDriverAccessToken', undefined),
  gathered(c2.getTransferJobSheet, () => import('./operations/staff.ts'), 'answerGetTransferJobSheet', undefined),
  gathered(c2.updateTransferDriver, () => import('./operations/staff.ts'), 'answerUpdateTransferDriver', undefined),
  gathered(c2.assignTransfersToDriver, () => import('./operations/staff.ts'), 'answerAssignTransfersToDriver', undefined),
  gathered(c2.checkTransferAssignment, () => import('./operations/staff.ts'), 'answerCheckTransferAssignment', undefined),
  gathered(c2.updateTransferDriverCharges, () => import('./operations/staff.ts'), 'answerUpdateTransferDriverCharges', undefined),
  gathered(c2.updateTransferStatusByStaff, () => import('./operations/staff.ts'), 'answerUpdateTransferStatusByStaff', undefined),
  gathered(c0.exportPayables, () => import('./payables-export.ts'), 'answerExportPayables', undefined),
  gathered(c0.getPayables, () => import('./payables.ts'), 'answerGetPayables', undefined),
  gathered(c0.recordSupplierPayment, () => import('./payables.ts'), 'answerRecordSupplierPayment', undefined),
  gathered(c0.getSupplierProfile, () => import('./payables.ts'), 'answerGetSupplierProfile', undefined),
  gathered(c0.saveSupplierProfile, () => import('./payables.ts'), 'answerSaveSupplierProfile', undefined),
  gathered(c0.getSupplierStatement, () => import('./payables.ts'), 'answerGetSupplierStatement', undefined),
  gathered(c1.recordKartReceipt, () => import('./receipts.ts'), 'answerRecordKartReceipt', undefined),
  gathered(c1.getKartReceipts, () => import('./receipts.ts'), 'answerGetKartReceipts', undefined),
  gathered(c1.getKartReceipt, () => import('./receipts.ts'), 'answerGetKartReceipt', undefined),
  gathered(c1.acceptSharedQuotation, () => import('./share.ts'), 'answerAcceptSharedQuotation', undefined),
  gathered(c1.paySharedQuotation, () => import('./share.ts'), 'answerPaySharedQuotation', undefined),
  gathered(c1.getSharedReceipt, () => import('./share.ts'), 'answerGetSharedReceipt', undefined),
  gathered(c1.shareKart, () => import('./share.ts'), 'answerShareKart', undefined),
  gathered(c1.getSharedQuotation, () => import('./share.ts'), 'answerGetSharedQuotation', undefined),
  gathered(c3.getSupplierRequest, () => import('./supplier-requests.ts'), 'answerGetSupplierRequest', undefined),
  gathered(c3.answerSupplierRequest, () => import('./supplier-requests.ts'), 'answerAnswerSupplierRequest', undefined),
  gathered(c3.getKartSupplierRequests, () => import('./supplier-requests.ts'), 'answerGetKartSupplierRequests', undefined),
  gathered(c3.getKartVouchers, () => import('./vouchers.ts'), 'answerGetKartVouchers', undefined),
  gathered(c3.getSharedVouchers, () => import('./vouchers.ts'), 'answerGetSharedVouchers', undefined),
];
