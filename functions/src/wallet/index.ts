/** The wallet domain's public entry: the ledger, payments and the reconciler's outbox, for other domains and workers. */
export { balanceOf, creditItems, entriesOfBooking, type WalletMovement } from './ledger-repo.ts';
export { move } from './ledger.ts';
export { remindCreditDue } from './credit-reminders.ts';
export { walletBalancesExport } from './balances-export.ts';
export { dueItems, leaseDue, orderDueItem, removeDue, sendMessage, type DueRecord } from './outbox.ts';
export {
  StillPending,
  gatewayVerifyDeps,
  kartPaymentState,
  startGatewayPayment,
  verifyAndApply,
  type GatewayReceiver,
  type KartPayments,
  type VerifyDeps,
  type VerifyOutcome,
} from './payments.ts';
export { markFulfilled } from './payments-repo.ts';
export { advanceGatewayRefund, gatewayRefundId, gatewayRefundItems, sendGatewayRefundNow } from './refunds.ts';
export {
  clearGatewaySettingsCache,
  isSandboxGateway,
  usableOnThisStage,
  ZGatewaySettings,
  type GatewaySettings,
} from './gateways/index.ts';
