// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/books';
import * as c3 from '@tp/contracts/endpoints/dmc-operations';
import * as c1 from '@tp/contracts/endpoints/dmc-payables';
import * as c2 from '@tp/contracts/endpoints/kart';
import * as c4 from '@tp/contracts/endpoints/kart-paper';
import { gathered, type Operation } from '#lib/http';
import type { KartWiring } from './hooks.ts';

export const answered = (wiring: KartWiring): Operation[] => [
  gathered(c0.getLedgers, () => import('./books.ts'), 'answerGetLedgers', undefined),
  gathered(c0.saveLedgers, () => import('./books.ts'), 'answerSaveLedgers', undefined),
  gathered(c0.exportBooks, () => import('./books.ts'), 'answerExportBooks', undefined),
  gathered(c1.getMonthlyMargins, () => import('./books.ts'), 'answerGetMonthlyMargins', undefined),
  gathered(c1.markKartRefundPaid, () => import('./cancellation.ts'), 'answerMarkKartRefundPaid', undefined),
  gathered(c2.getItinerariesByDate, () => import('./itineraries.ts'), 'answerGetItinerariesByDate', undefined),
  gathered(c2.saveKart, () => import('./karts.ts'), 'answerSaveKart', wiring),
  gathered(c2.removeKartAccomodation, () => import('./karts.ts'), 'answerRemoveKartAccomodation', wiring),
  gathered(c2.removeKartActivity, () => import('./karts.ts'), 'answerRemoveKartActivity', wiring),
  gathered(c2.removeKartMiscellaneous, () => import('./karts.ts'), 'answerRemoveKartMiscellaneous', wiring),
  gathered(c2.getAllKartsForWl, () => import('./karts.ts'), 'answerGetAllKartsForWl', undefined),
  gathered(c2.getKartById, () => import('./karts.ts'), 'answerGetKartById', undefined),
  gathered(c2.voucherKart, () => import('./karts.ts'), 'answerVoucherKart', wiring),
  gathered(c2.cancelKart, () => import('./karts.ts'), 'answerCancelKart', wiring),
  gathered(c3.getDriverTransferJobSheet, () => import('./operations/driver-page.ts'), 'answerGetDriverTransferJobSheet', undefined),
  gathered(c3.updateTransferDoneByDriver, () => import('./operations/driver-page.ts'), 'answerUpdateTransferDoneByDriver', undefined),
  gathered(c3.exportTransferJobSheet, () => import('./operations/export.ts'), 'answerExportTransferJobSheet', undefined),
  gathered(c3.generateDriverAccessToken, () => import('./operations/links.ts'), 'answerGenerateDriverAccessToken', undefined),
  gathered(c3.revokeDriverAccessToken, () => import('./operations/links.ts'), 'answerRevokeDriverAccessToken', undefined),
  gathered(c3.getDriverAccessToken, () => import('./operations/links.ts'), 'answerGetDriverAccessToken', undefined),
  gathered(c3.getTransferJobSheet, () => import('./operations/staff.ts'), 'answerGetTransferJobSheet', undefined),
  gathered(c3.updateTransferDriver, () => import('./operations/staff.ts'), 'answerUpdateTransferDriver', undefined),
  gathered(c3.assignTransfersToDriver, () => import('./operations/staff.ts'), 'answerAssignTransfersToDriver', undefined),
  gathered(c3.checkTransferAssignment, () => import('./operations/staff.ts'), 'answerCheckTransferAssignment', undefined),
  gathered(c3.updateTransferDriverCharges, () => import('./operations/staff.ts'), 'answerUpdateTransferDriverCharges', undefined),
  gathered(c3.updateTransferStatusByStaff, () => import('./operations/staff.ts'), 'answerUpdateTransferStatusByStaff', undefined),
  gathered(c1.exportPayables, () => import('./payables-export.ts'), 'answerExportPayables', undefined),
  gathered(c1.getPayables, () => import('./payables.ts'), 'answerGetPayables', undefined),
  gathered(c1.recordSupplierPayment, () => import('./payables.ts'), 'answerRecordSupplierPayment', undefined),
  gathered(c1.getSupplierProfile, () => import('./payables.ts'), 'answerGetSupplierProfile', undefined),
  gathered(c1.saveSupplierProfile, () => import('./payables.ts'), 'answerSaveSupplierProfile', undefined),
  gathered(c1.getSupplierStatement, () => import('./payables.ts'), 'answerGetSupplierStatement', undefined),
  gathered(c2.recordKartReceipt, () => import('./receipts.ts'), 'answerRecordKartReceipt', undefined),
  gathered(c2.getKartReceipts, () => import('./receipts.ts'), 'answerGetKartReceipts', undefined),
  gathered(c2.getKartReceipt, () => import('./receipts.ts'), 'answerGetKartReceipt', undefined),
  gathered(c2.acceptSharedQuotation, () => import('./share.ts'), 'answerAcceptSharedQuotation', undefined),
  gathered(c2.paySharedQuotation, () => import('./share.ts'), 'answerPaySharedQuotation', undefined),
  gathered(c2.getSharedReceipt, () => import('./share.ts'), 'answerGetSharedReceipt', undefined),
  gathered(c2.shareKart, () => import('./share.ts'), 'answerShareKart', undefined),
  gathered(c2.getSharedQuotation, () => import('./share.ts'), 'answerGetSharedQuotation', undefined),
  gathered(c4.getSupplierRequest, () => import('./supplier-requests.ts'), 'answerGetSupplierRequest', undefined),
  gathered(c4.answerSupplierRequest, () => import('./supplier-requests.ts'), 'answerAnswerSupplierRequest', undefined),
  gathered(c4.getKartSupplierRequests, () => import('./supplier-requests.ts'), 'answerGetKartSupplierRequests', undefined),
  gathered(c4.getKartVouchers, () => import('./vouchers.ts'), 'answerGetKartVouchers', undefined),
  gathered(c4.getSharedVouchers, () => import('./vouchers.ts'), 'answerGetSharedVouchers', undefined),
];
