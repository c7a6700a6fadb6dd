import {
  addWalletEntry,
  completeSandboxPayment,
  debitWalletEntry,
  getActiveGateway,
  getBankDetails,
  getCustomerWalletEntries,
  getGatewayTransactions,
  getMyPayments,
  getMyWalletEntries,
  getPendingOfflinePayments,
  getSandboxPayment,
  getWalletBalance,
  getWalletBalances,
  phonePeCallback,
  reviewOfflinePayment,
  setCreditLine,
  userPaymentEntry,
  verifyPayment,
} from '@tp/contracts/endpoints/wallet';
import * as MSG from '@tp/contracts/messages';
import { readsOwnRecordsOnly } from '@tp/contracts/account-roles';
import { AGENCY_MSG } from '@tp/contracts/endpoints/agency';
import { accountRoleOf } from '#lib/account-members';
import { fail } from '#lib/errors';
import { operation, reply, onDemand } from '#lib/http';
const sandboxOps = onDemand(() => import('./gateways/sandbox.ts'));
const payments = onDemand(() => import('./payments.ts'));
const repo = onDemand(() => import('./payments-repo.ts'));
const wallet = onDemand(() => import('./service.ts'));

export const operations = [
  operation(getActiveGateway, async (_input, scope) => (await wallet()).activeGateway(scope.site.siteId)),
  operation(verifyPayment, async (input, scope) => {
    const p = scope.principal;
    return (await payments()).verifyPayment(scope.site.siteId, input.orderId, {
      userId: p.userId,
      legalEntityId: p.legalEntityId,
      isStaff: p.userType === 'staff',
    });
  }),
  operation(getBankDetails, async (_input, scope) => (await wallet()).bankDetails(scope.site.siteId)),
  operation(addWalletEntry, async (input, scope) => {
    const out = await (await wallet()).addMoney(scope, scope.principal, input);
    return reply(out, { message: out.duplicate ? 'Money was already added' : 'Money added successfully' });
  }),
  operation(debitWalletEntry, async (input, scope) => {
    const out = await (await wallet()).debitMoney(scope, scope.principal, input);
    return reply(out, { message: out.duplicate ? 'Money was already debited' : 'Money debited successfully' });
  }),
  operation(setCreditLine, async (input, scope) =>
    reply(await (await wallet()).setCreditLine(scope, scope.principal, input), { message: MSG.creditLineSaved }),
  ),
  operation(getCustomerWalletEntries, async (input, scope) => (await wallet()).customerEntries(scope, input)),
  operation(getMyWalletEntries, async (input, scope) => {
    const p = scope.principal;
    // The statement is the account's money: its admin's (and an approver's); a booker spends and sees the balance.
    if (readsOwnRecordsOnly({ accountRole: accountRoleOf(p) })) throw fail.forbidden(AGENCY_MSG.statementAdminsOnly);
    return (await wallet()).entriesOf(p.siteId, p.legalEntityId, input.cursor, input.limit);
  }),
  operation(getWalletBalance, async (input, scope) => (await wallet()).balanceFor(scope, scope.principal, input)),
  operation(userPaymentEntry, async (input, scope) => {
    const out = await (await wallet()).userPaymentEntry(scope, scope.principal, input);
    return input.mode === 'offline'
      ? reply(out, { message: 'Payment recorded; it will be credited once verified' })
      : out;
  }),
  operation(getMyPayments, async (input, scope) => (await wallet()).myPayments(scope, scope.principal, input)),
  operation(getGatewayTransactions, async (input, scope) =>
    (await repo()).paymentsOfSite(scope.site.siteId, input.cursor, input.limit),
  ),
  operation(getPendingOfflinePayments, async (input, scope) =>
    (await repo()).pendingOffline(scope.site.siteId, input.cursor, input.limit),
  ),
  operation(reviewOfflinePayment, async (input, scope) =>
    reply(await (await wallet()).reviewOffline(scope, scope.principal, input), {
      message: input.approve ? MSG.paymentSuccessful : 'Payment rejected',
    }),
  ),
  operation(getWalletBalances, async (input, scope) => (await wallet()).balances(scope, input.cursor, input.limit)),
  operation(getSandboxPayment, async (input, scope) => {
    (await sandboxOps()).assertSandboxRoutesOpen();
    return (await payments()).sandboxPayment(scope.site, input.paymentId);
  }),
  operation(completeSandboxPayment, async (input, scope) => {
    (await sandboxOps()).assertSandboxRoutesOpen();
    return (await payments()).completeSandbox(scope.site, input.paymentId, input.outcome, scope.now);
  }),
  operation(phonePeCallback, async (input, scope) =>
    (await payments()).phonePeCallback(scope.site, scope.headers.authorization, input, scope.now),
  ),
];
