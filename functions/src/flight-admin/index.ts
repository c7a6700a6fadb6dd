/**
 * The staff flight back office (docs/flight-backoffice.md): settings, supplier wallets, profit and loss,
 * and on test hosts the accounting export and the TBO refund import. Its own Lambda, so the
 * booking path stays lean.
 */
import * as api from '@tp/contracts/endpoints/flight-admin';
import { domainHandler, operation, reply, type Operation, type RequestContext } from '#lib/http';
import { requirePrincipal } from '#lib/require-principal';
import * as accounts from './accounts.ts';
import * as refunds from './refunds.ts';
import * as reports from './reports.ts';
import { requireTestHost, type AdminScope } from './scope.ts';
import * as settings from './settings.ts';

const scope = async (ctx: RequestContext): Promise<AdminScope> => ({
  site: await ctx.site(),
  principal: requirePrincipal(ctx),
  now: ctx.now,
  ip: ctx.ip,
  log: ctx.log,
});
const testHostScope = async (ctx: RequestContext): Promise<AdminScope> => {
  const s = await scope(ctx);
  requireTestHost(s);
  return s;
};

export const operations: Operation[] = [
  operation(api.getFlightSettings, async (_input, ctx) => settings.getSettings(await scope(ctx))),
  operation(api.saveFlightSettings, async (input, ctx) =>
    reply(await settings.saveSettings(await scope(ctx), input), { message: 'Flight settings saved' }),
  ),
  operation(api.testFlightSupply, async (input, ctx) => settings.testSupply(await scope(ctx), input)),
  operation(api.getSupplierAccounts, async (_input, ctx) => accounts.accounts(await scope(ctx))),
  operation(api.getSupplierStatement, async (input, ctx) => accounts.statement(await scope(ctx), input)),
  operation(api.addSupplierDeposit, async (input, ctx) => {
    const out = await accounts.addDeposit(await scope(ctx), input);
    return reply(out, { message: out.duplicate ? 'This deposit was already recorded' : 'Deposit recorded' });
  }),
  operation(api.getSupplierProfitLoss, async (input, ctx) => reports.profitLoss(await scope(ctx), input)),
  operation(api.getInfozealVouchers, async (input, ctx) => reports.vouchers(await testHostScope(ctx), input)),
  operation(api.previewTboRefunds, async (input, ctx) => refunds.preview(await testHostScope(ctx), input.rows)),
  operation(api.applyTboRefunds, async (input, ctx) => refunds.apply(await testHostScope(ctx), input.rows)),
];

export const handler = domainHandler(operations);
