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
  userPaymentEntry,
  verifyPayment,
} from '@tp/contracts/endpoints/wallet';
import { MSG } from '@tp/contracts/messages';
import { domainHandler, operation, reply, type RequestContext } from '#lib/http';
import { requirePrincipal } from '#lib/require-principal';
import { assertSandboxRoutesOpen } from './gateways/sandbox.ts';
import * as payments from './payments.ts';
import * as repo from './payments-repo.ts';
import * as wallet from './service.ts';

const scope = async (ctx: RequestContext): Promise<wallet.Scope> => ({ site: await ctx.site(), now: ctx.now });

export const operations = [
  operation(getActiveGateway, async (_input, ctx) => wallet.activeGateway((await ctx.site()).siteId)),
  operation(verifyPayment, async (input, ctx) => {
    const p = requirePrincipal(ctx);
    return payments.verifyPayment((await ctx.site()).siteId, input.orderId, {
      userId: p.userId,
      legalEntityId: p.legalEntityId,
      isStaff: p.userType === 'staff',
    });
  }),
  operation(getBankDetails, async (_input, ctx) => wallet.bankDetails((await ctx.site()).siteId)),
  operation(addWalletEntry, async (input, ctx) => {
    const out = await wallet.addMoney(await scope(ctx), requirePrincipal(ctx), input);
    return reply(out, { message: out.duplicate ? 'Money was already added' : 'Money added successfully' });
  }),
  operation(debitWalletEntry, async (input, ctx) => {
    const out = await wallet.debitMoney(await scope(ctx), requirePrincipal(ctx), input);
    return reply(out, { message: out.duplicate ? 'Money was already debited' : 'Money debited successfully' });
  }),
  operation(getCustomerWalletEntries, async (input, ctx) => wallet.customerEntries(await scope(ctx), input)),
  operation(getMyWalletEntries, async (input, ctx) => {
    const p = requirePrincipal(ctx);
    return wallet.entriesOf(p.siteId, p.legalEntityId, input.cursor, input.limit);
  }),
  operation(getWalletBalance, async (input, ctx) => wallet.balanceFor(await scope(ctx), requirePrincipal(ctx), input)),
  operation(userPaymentEntry, async (input, ctx) => {
    const out = await wallet.userPaymentEntry(await scope(ctx), requirePrincipal(ctx), input);
    return input.mode === 'offline'
      ? reply(out, { message: 'Payment recorded; it will be credited once verified' })
      : out;
  }),
  operation(getMyPayments, async (input, ctx) => wallet.myPayments(await scope(ctx), requirePrincipal(ctx), input)),
  operation(getGatewayTransactions, async (input, ctx) =>
    repo.paymentsOfSite((await ctx.site()).siteId, input.cursor, input.limit),
  ),
  operation(getPendingOfflinePayments, async (input, ctx) =>
    repo.pendingOffline((await ctx.site()).siteId, input.cursor, input.limit),
  ),
  operation(reviewOfflinePayment, async (input, ctx) =>
    reply(await wallet.reviewOffline(await scope(ctx), requirePrincipal(ctx), input), {
      message: input.approve ? MSG.paymentSuccessful : 'Payment rejected',
    }),
  ),
  operation(getWalletBalances, async (input, ctx) => wallet.balances(await scope(ctx), input.cursor, input.limit)),
  operation(getSandboxPayment, async (input, ctx) => {
    assertSandboxRoutesOpen();
    return payments.sandboxPayment(await ctx.site(), input.paymentId);
  }),
  operation(completeSandboxPayment, async (input, ctx) => {
    assertSandboxRoutesOpen();
    return payments.completeSandbox(await ctx.site(), input.paymentId, input.outcome, ctx.now);
  }),
  operation(phonePeCallback, async (input, ctx) =>
    payments.phonePeCallback(await ctx.site(), ctx.headers.authorization, input, ctx.now),
  ),
];

export const handler = domainHandler(operations);
