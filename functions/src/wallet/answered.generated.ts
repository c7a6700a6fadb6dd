// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/wallet';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.exportWalletBalances, () => import('./balances-export.ts'), 'answerExportWalletBalances', undefined),
  gathered(c0.verifyPayment, () => import('./payments.ts'), 'answerVerifyPayment', undefined),
  gathered(c0.getGatewayTransactions, () => import('./payments.ts'), 'answerGetGatewayTransactions', undefined),
  gathered(c0.getPendingOfflinePayments, () => import('./payments.ts'), 'answerGetPendingOfflinePayments', undefined),
  gathered(c0.getSandboxPayment, () => import('./payments.ts'), 'answerGetSandboxPayment', undefined),
  gathered(c0.completeSandboxPayment, () => import('./payments.ts'), 'answerCompleteSandboxPayment', undefined),
  gathered(c0.phonePeCallback, () => import('./payments.ts'), 'answerPhonePeCallback', undefined),
  gathered(c0.getActiveGateway, () => import('./service.ts'), 'answerGetActiveGateway', undefined),
  gathered(c0.getBankDetails, () => import('./service.ts'), 'answerGetBankDetails', undefined),
  gathered(c0.addWalletEntry, () => import('./service.ts'), 'answerAddWalletEntry', undefined),
  gathered(c0.debitWalletEntry, () => import('./service.ts'), 'answerDebitWalletEntry', undefined),
  gathered(c0.setCreditLine, () => import('./service.ts'), 'answerSetCreditLine', undefined),
  gathered(c0.getCustomerWalletEntries, () => import('./service.ts'), 'answerGetCustomerWalletEntries', undefined),
  gathered(c0.getMyWalletEntries, () => import('./service.ts'), 'answerGetMyWalletEntries', undefined),
  gathered(c0.getWalletBalance, () => import('./service.ts'), 'answerGetWalletBalance', undefined),
  gathered(c0.userPaymentEntry, () => import('./service.ts'), 'answerUserPaymentEntry', undefined),
  gathered(c0.getMyPayments, () => import('./service.ts'), 'answerGetMyPayments', undefined),
  gathered(c0.reviewOfflinePayment, () => import('./service.ts'), 'answerReviewOfflinePayment', undefined),
  gathered(c0.getWalletBalances, () => import('./service.ts'), 'answerGetWalletBalances', undefined),
];
